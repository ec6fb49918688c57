-- A second factor (TOTP, RFC 6238) with single-use recovery codes. docs/decisions.md "A second factor
-- for staff".
-- The secret is encrypted (AES-256-GCM under TOTP_ENCRYPTION_KEY, never the session secret). A row without
-- confirmed_at is an enrolment begun and not yet confirmed by a first code; beginning again replaces it.
-- last_used_step: the newest 30 s time step a code was accepted for; a code works once (step > last_used_step).
CREATE TABLE second_factors (
  user_id bigint PRIMARY KEY,
  secret_ciphertext text NOT NULL,
  confirmed_at timestamptz,
  last_used_step bigint,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);

-- Ten per confirmed enrolment (regenerating replaces them); only the sha256 of each is stored.
CREATE TABLE recovery_codes (
  user_id bigint NOT NULL REFERENCES second_factors (user_id) ON DELETE CASCADE,
  code_hash text NOT NULL CHECK (code_hash ~ '^[0-9a-f]{64}$'),
  used_at timestamptz,
  PRIMARY KEY (user_id, code_hash)
);

-- How each session's sign-in was proven; sign-in-as and role changes need more than the password alone.
ALTER TABLE sessions ADD COLUMN authentication text NOT NULL DEFAULT 'password'
  CHECK (authentication IN ('password', 'password+totp', 'password+recovery-code'));
