-- Performance: the users table's counts (totalCount, premiumCount, basicCount) over a filter of
-- 100,000 people cost a count over every match on each page. The service keeps them a few seconds per filter
-- (store/users.ts searchUsers) and drops them as soon as people or their tags change: every statement that writes
-- users or user_tags (the services' own writes, the worker's imports, cascades, direct SQL) advances this sequence,
-- and a cached count is used only while the sequence still stands where it stood when the count was taken.
-- A sequence, not a counter row: writers never wait for one another on it.
CREATE SEQUENCE IF NOT EXISTS users_list_generation;
SELECT nextval('users_list_generation');

CREATE OR REPLACE FUNCTION users_list_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval('users_list_generation');
  RETURN NULL;
END;
$$;

CREATE TRIGGER users_list_changed AFTER INSERT OR UPDATE OR DELETE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION users_list_changed();
CREATE TRIGGER users_list_truncated AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION users_list_changed();
CREATE TRIGGER user_tags_list_changed AFTER INSERT OR UPDATE OR DELETE ON user_tags
  FOR EACH STATEMENT EXECUTE FUNCTION users_list_changed();
CREATE TRIGGER user_tags_list_truncated AFTER TRUNCATE ON user_tags
  FOR EACH STATEMENT EXECUTE FUNCTION users_list_changed();
