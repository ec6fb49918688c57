-- The reporting store of /api/analytics/overview (docs/decisions.md "Analytics from events"), kept by the
-- users-analytics consumer from the events the services publish; never read by another route.

-- Additive figures per UTC hour (new members, churned, failed payments, completions, board moves; MRR as its
-- changes, metric 'mrr:<currency>'). An hour is the finest cut any whole-hour zone needs, DST included.
CREATE TABLE analytics_hourly (
  metric text NOT NULL,
  hour timestamptz NOT NULL,
  value bigint NOT NULL,
  PRIMARY KEY (metric, hour)
);

-- Each person counted once as new, at her account's creation (events and the backfill both insert here first).
CREATE TABLE analytics_members (
  user_id integer PRIMARY KEY,
  created_at timestamptz NOT NULL
);

-- The last known subscription of each Stripe customer: what it adds to MRR, and whether it was running (churn).
CREATE TABLE analytics_subscriptions (
  customer_id text PRIMARY KEY,
  user_id integer,
  status text,
  monthly_cents bigint NOT NULL DEFAULT 0,
  currency text NOT NULL DEFAULT '',
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Who was active in which UTC day ('d'), ISO week ('w', its Monday) or month ('m', its first day): a person is
-- counted once per period however much she does; the counts beside them are what the route reads.
CREATE TABLE analytics_active_facts (
  grain char(1) NOT NULL,
  period date NOT NULL,
  user_id integer NOT NULL,
  PRIMARY KEY (grain, period, user_id)
);
CREATE TABLE analytics_active (
  grain char(1) NOT NULL,
  period date NOT NULL,
  value integer NOT NULL,
  PRIMARY KEY (grain, period)
);

-- One-time steps already done (the backfill from the users table).
CREATE TABLE analytics_markers (
  name text PRIMARY KEY,
  done_at timestamptz NOT NULL DEFAULT now()
);
