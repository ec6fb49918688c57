-- Invitations and sign-in status. invited_at: the last invitation e-mail asked for (users.user-invited);
-- last_sign_in_at: the last sign-in auth told us about (auth.signed-in). Neither is part of the access profile:
-- changing them bumps no version and publishes no users.user-changed.
ALTER TABLE users ADD COLUMN invited_at timestamptz;
ALTER TABLE users ADD COLUMN last_sign_in_at timestamptz;

-- One row per invitation e-mail asked for: the per-person limit counts them (INVITATIONS_PER_PERSON_PER_DAY).
CREATE TABLE user_invitations (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  actor_id bigint,
  sent_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX user_invitations_by_user ON user_invitations (user_id, sent_at);
