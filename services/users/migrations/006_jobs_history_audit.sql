-- The job history, and an audit log that reads on its own.
--
-- jobs: every import, bulk update and Stripe sync, written when it starts and when it finishes (the BullMQ job in
-- Redis is only the queue: this is what the Jobs tab shows after a restart or with Redis emptied). Its files in
-- storage (error report, list of people) are named by the row and deleted with it after 30 days (expires_at).
CREATE TABLE jobs (
  -- The run id (a UUID) of an import or bulk update; 'stripe-sync:<BullMQ id>' for a sync run by billing.
  id text PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('import', 'bulk-update', 'stripe-sync')),
  -- The BullMQ job id, for the live status routes (GET /api/user/import/{jobId}).
  queue_job_id text,
  actor_id integer,
  -- The actor's name when the job started (kept when the person is renamed or deleted).
  actor_name text,
  file_name text,
  state text NOT NULL CHECK (state IN ('running', 'completed', 'failed')),
  counts jsonb NOT NULL DEFAULT '{}'::jsonb,
  failed_reason text,
  -- Storage keys of the job's files (null: none).
  error_file_key text,
  people_file_key text,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  expires_at timestamptz NOT NULL DEFAULT now() + interval '30 days'
);
CREATE INDEX jobs_created ON jobs (created_at DESC, id);
CREATE INDEX jobs_expires ON jobs (expires_at);

-- The audit log keeps the names of the actor and of the subject as they were when the entry was written, and says
-- what kind of thing the subject is (a person, a tag, a job, or another service's course, resource, banner, ...).
ALTER TABLE audit_log
  ADD COLUMN actor_name text,
  ADD COLUMN subject_type text,
  ADD COLUMN subject_id text,
  ADD COLUMN subject_name text,
  -- The service that made the change (users, courses, resources, board, auth).
  ADD COLUMN service text NOT NULL DEFAULT 'users';

-- Entries written before this migration: the names as they are now (the best there is), once. The append-only
-- trigger is lifted for this one statement only.
ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only;
UPDATE audit_log a SET
  actor_name = (SELECT u.full_name FROM users u WHERE u.id = a.actor_id),
  subject_type = CASE WHEN a.user_id IS NOT NULL THEN 'user' WHEN a.tag_id IS NOT NULL THEN 'tag' END,
  subject_id = COALESCE(a.user_id::text, a.tag_id::text),
  subject_name = COALESCE(
    (SELECT u.full_name FROM users u WHERE u.id = a.user_id),
    a.after->>'fullName', a.before->>'fullName',
    (SELECT t.name FROM tags t WHERE t.id = a.tag_id),
    a.after->>'name', a.before->>'name'
  );
ALTER TABLE audit_log ENABLE TRIGGER audit_log_append_only;

CREATE INDEX audit_log_actor ON audit_log (actor_id, id DESC);
CREATE INDEX audit_log_action ON audit_log (action, id DESC);
CREATE INDEX audit_log_subject ON audit_log (subject_type, subject_id, id DESC);
CREATE INDEX audit_log_at ON audit_log (at);
