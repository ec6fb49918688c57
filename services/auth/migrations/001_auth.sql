-- Sign-in credentials. users owns the person; auth keeps the email it signs in with (kept in step by
-- users.user-changed) and the argon2id hash. A null hash: the account has no password yet (reset sets one).
-- A null email: another account now holds this address and this row waits for its own user-changed event.
CREATE TABLE credentials (
  user_id bigint PRIMARY KEY,
  email text UNIQUE CHECK (email = lower(email)),
  password_hash text,
  -- users' account version last applied from an event; older events are ignored
  version integer NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Sessions behind the rm_session cookie; mirrored in Redis (session:{id}) while live.
CREATE TABLE sessions (
  id text PRIMARY KEY,
  user_id bigint NOT NULL,
  acting_role text CHECK (acting_role IN ('admin', 'coach', 'premium', 'course only', 'basic')),
  impersonator_id bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX sessions_live_by_user ON sessions (user_id) WHERE revoked_at IS NULL;
CREATE INDEX sessions_by_expiry ON sessions (expires_at);

-- One-time password-reset links. Only the sha256 of the e-mailed token is stored.
CREATE TABLE password_resets (
  token_hash text PRIMARY KEY CHECK (token_hash ~ '^[0-9a-f]{64}$'),
  user_id bigint NOT NULL REFERENCES credentials (user_id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX password_resets_open_by_user ON password_resets (user_id) WHERE used_at IS NULL;
CREATE INDEX password_resets_by_expiry ON password_resets (expires_at);
