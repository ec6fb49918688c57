-- Invitation links reuse the password-reset machinery (docs/decisions.md): the same table, token format,
-- sha256 storage and single-use transaction, told apart by `kind`. An invitation lasts INVITATION_TTL_HOURS (7 days);
-- a resend retires the person's older open invitation links; using any link of an account retires all of them.
ALTER TABLE password_resets ADD COLUMN kind text NOT NULL DEFAULT 'reset' CHECK (kind IN ('reset', 'invitation'));
