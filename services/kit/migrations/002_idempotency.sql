-- Idempotent creates (kit idempotency.ts): a create sent with an Idempotency-Key records the key in the same
-- transaction as the record it creates, then its answer; a retry with the same key and actor gets that answer.
-- Kept for a day, then purged by every service's background purge.
CREATE TABLE IF NOT EXISTS idempotency_keys (
  actor_id bigint NOT NULL,
  key text NOT NULL,
  route text NOT NULL,
  fingerprint text NOT NULL,
  status integer,
  body jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL DEFAULT now() + interval '1 day',
  PRIMARY KEY (actor_id, key)
);
CREATE INDEX IF NOT EXISTS idempotency_keys_expiry ON idempotency_keys (expires_at);
