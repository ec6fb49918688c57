-- Stripe webhook events already applied: an event id is recorded in the transaction of its work, so a duplicate
-- (Stripe retries for days) is skipped. Rows older than 30 days are pruned (Stripe stops retrying after 3).
CREATE TABLE stripe_events (
  id text PRIMARY KEY,
  type text NOT NULL,
  processed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX stripe_events_processed_at ON stripe_events (processed_at);

-- Which person a Stripe customer belongs to (from users.user-changed), and the subscription status last published
-- for it (the sync job reports what changed).
CREATE TABLE customers (
  customer_id text PRIMARY KEY,
  user_id integer,
  subscription_id text,
  status text,
  status_known boolean NOT NULL DEFAULT false,
  -- When the status was last published (the sync job leaves a customer alone that a webhook reconciled meanwhile).
  status_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX customers_user ON customers (user_id);

-- One-time purchases of resources, one per payment intent. A person owns a resource once a purchase succeeded.
CREATE TABLE purchases (
  payment_intent_id text PRIMARY KEY,
  user_id integer NOT NULL,
  resource_id integer NOT NULL,
  resource_title text NOT NULL,
  amount_cents integer NOT NULL,
  currency text NOT NULL,
  status text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz
);
CREATE UNIQUE INDEX purchases_one_success ON purchases (user_id, resource_id) WHERE status = 'succeeded';
