-- Sessions end when idle (last_seen_at + SESSION_IDLE_DAYS) as well as at expires_at. The gateway moves
-- last_seen_at forward through auth at most every few minutes, not on every request.
ALTER TABLE sessions ADD COLUMN last_seen_at timestamptz;
UPDATE sessions SET last_seen_at = created_at;
ALTER TABLE sessions ALTER COLUMN last_seen_at SET NOT NULL;
ALTER TABLE sessions ALTER COLUMN last_seen_at SET DEFAULT now();

-- auth's copy of each person (users owns them), kept from users.user-changed / users.user-deleted so that
-- GET /api/auth/me and sign-in answer without calling users. `person` is the contracts' User (JSON);
-- `version` is users' version of the person (0: fetched from users directly, any event overrides it).
CREATE TABLE people (
  user_id bigint PRIMARY KEY,
  person jsonb NOT NULL,
  version integer NOT NULL,
  updated_at timestamptz NOT NULL
);
