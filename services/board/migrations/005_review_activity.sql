-- Reviews and card history (decisions.md, "Reviews and card history").
--
-- cards.reviewed_at / reviewed_by: the coach's (or admin's) review of the card while it waits in FOR REVIEW. A card
-- with a review has left the review queue; moving it into FOR REVIEW again clears both (commands/board.ts), so it
-- waits again. reviewed_by is a user id (users owns people; the name comes from the board's copy).
ALTER TABLE cards ADD COLUMN reviewed_at timestamptz;
ALTER TABLE cards ADD COLUMN reviewed_by integer;
ALTER TABLE cards ADD CONSTRAINT cards_review_whole CHECK ((reviewed_at IS NULL) = (reviewed_by IS NULL));
-- The review queue reads only cards not reviewed yet, oldest waiting first: this partial index serves it (and
-- stays small, reviewed cards leave it).
CREATE INDEX cards_awaiting_review ON cards (list_id, list_entered_at, id) WHERE reviewed_at IS NULL;

-- A card's history: one row per change, written in the transaction of the change. actor_name is the name at the
-- time (the board's copy of people may lose the person). The card goes, its history goes.
CREATE TABLE card_activity (
  id bigserial PRIMARY KEY,
  card_id integer NOT NULL REFERENCES cards (id) ON DELETE CASCADE,
  type text NOT NULL CHECK (type IN ('created', 'moved', 'renamed', 'due.set', 'due.changed', 'due.cleared',
                                     'reviewed', 'comment.added', 'checklist.item-done', 'attachment.added')),
  actor_id integer NOT NULL,
  actor_name text NOT NULL,
  details jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX card_activity_card ON card_activity (card_id, created_at DESC, id DESC);
-- A deleted person's rows go with her (store/account.ts deleteTracesOf).
CREATE INDEX card_activity_actor ON card_activity (actor_id);

-- The owner is told when her card is reviewed ('reviewed'), in the bell and by e-mail unless she turns it off. The
-- kinds of 004 (due dates) stay allowed.
ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check
  CHECK (kind IN ('mention', 'reply', 'review', 'due-soon', 'overdue', 'reviewed'));
ALTER TABLE notification_settings ADD COLUMN email_reviews boolean NOT NULL DEFAULT true;
