-- Transactional outbox: an event is written in the same transaction as the change it announces;
-- the relay appends it to the bus and stamps published_at.
CREATE TABLE IF NOT EXISTS outbox (
  seq bigserial PRIMARY KEY,
  id uuid NOT NULL UNIQUE,
  type text NOT NULL,
  occurred_at timestamptz NOT NULL DEFAULT now(),
  data jsonb NOT NULL,
  published_at timestamptz
);
CREATE INDEX IF NOT EXISTS outbox_unpublished ON outbox (seq) WHERE published_at IS NULL;

-- Idempotent consumers: an event id is recorded in the transaction that applies it.
CREATE TABLE IF NOT EXISTS processed_events (
  consumer text NOT NULL,
  event_id uuid NOT NULL,
  processed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (consumer, event_id)
);
