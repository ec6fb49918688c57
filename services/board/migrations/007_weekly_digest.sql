-- The weekly digest (docs/decisions.md "Weekly digest").
--
-- One e-mail a week per person, on by default; turned off on /profile (emailDigest).
ALTER TABLE notification_settings ADD COLUMN email_digest boolean NOT NULL DEFAULT true;

-- One row per person and week: the key is inserted if absent in the transaction that reads the digest and queues its
-- e-mail, so two replicas sweeping at once mail it once. week_start is the Monday of that week in the person's zone
-- (the day the digest is due). An empty digest is recorded too: the week is done either way.
CREATE TABLE weekly_digests (
  user_id integer NOT NULL,
  week_start date NOT NULL,
  sent_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, week_start)
);
