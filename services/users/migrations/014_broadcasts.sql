-- Broadcasts: an admin's e-mail to an audience (docs/decisions.md "Broadcasts and unsubscribe").
-- A member's choice: broadcasts stop once she unsubscribes (transactional mail still goes).
ALTER TABLE users ADD COLUMN broadcasts_unsubscribed_at TIMESTAMPTZ;

CREATE TABLE broadcasts (
  id UUID PRIMARY KEY,
  subject TEXT NOT NULL,
  body TEXT NOT NULL,
  audience JSONB NOT NULL,
  state TEXT NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'sending', 'done', 'failed')),
  total INTEGER NOT NULL,
  created_by INTEGER,
  created_by_name TEXT,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  finished_at TIMESTAMPTZ
);
CREATE INDEX broadcasts_newest ON broadcasts (created_at DESC, id DESC);

-- One row per recipient, written when the broadcast is queued: the worker mails the rows without sent_at and
-- stamps them, so a worker killed mid-send resumes where it stopped and nobody gets the same broadcast twice.
-- outcome: 'sent', or 'skipped' (deleted or unsubscribed meanwhile).
CREATE TABLE broadcast_recipients (
  broadcast_id UUID NOT NULL REFERENCES broadcasts (id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL,
  sent_at TIMESTAMPTZ,
  outcome TEXT CHECK (outcome IN ('sent', 'skipped')),
  PRIMARY KEY (broadcast_id, user_id)
);
CREATE INDEX broadcast_recipients_pending ON broadcast_recipients (broadcast_id, user_id) WHERE sent_at IS NULL;
