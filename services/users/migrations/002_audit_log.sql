-- Who did what to people and tags, and when: written by the command that makes the change, in its transaction.
-- Append-only: no call of the API changes or removes an entry, and the database refuses it too.
CREATE TABLE audit_log (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  -- The admin (or coach) who acted; the admin behind a sign-in-as, when there was one.
  actor_id integer,
  impersonator_id integer,
  -- user.create, user.update, user.delete, user.role-change, user.add-tags, user.bulk-update, user.import,
  -- tag.create, tag.rename, tag.delete
  action text NOT NULL,
  -- The person changed (no foreign key: the history of a deleted person stays), or the tag.
  user_id integer,
  tag_id integer,
  before jsonb,
  after jsonb
);
CREATE INDEX audit_log_user ON audit_log (user_id, id DESC) WHERE user_id IS NOT NULL;

CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only';
END;
$$;
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
