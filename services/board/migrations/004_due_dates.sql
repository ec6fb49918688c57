-- Due dates and reminders (docs/decisions.md "Due dates and reminders").
--
-- cards.due_at: an instant (the picker's local date-time, sent as ISO 8601 with its offset); null: no due date.
ALTER TABLE cards ADD COLUMN due_at timestamptz;
-- The reminder sweep reads cards due before now + 24 h, oldest first, in bounded batches.
CREATE INDEX cards_due_at ON cards (due_at, id) WHERE due_at IS NOT NULL;

-- One row per reminder sent: the key (card, due date, kind) is inserted if absent in the transaction that stores the
-- notification, so two worker replicas sweeping at once send it once, and a new due date (another key) re-arms both.
CREATE TABLE card_reminders (
  card_id integer NOT NULL REFERENCES cards (id) ON DELETE CASCADE,
  due_at timestamptz NOT NULL,
  kind text NOT NULL CHECK (kind IN ('due-soon', 'overdue')),
  sent_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (card_id, due_at, kind)
);

ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check
  CHECK (kind IN ('mention', 'reply', 'review', 'due-soon', 'overdue'));

-- Due-date reminder e-mails, on unless the person turns them off (the bell is told either way).
ALTER TABLE notification_settings ADD COLUMN email_due_dates boolean NOT NULL DEFAULT true;
