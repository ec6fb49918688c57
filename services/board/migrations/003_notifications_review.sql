-- The coaches' review queue and notifications.
--
-- cards.list_entered_at: when the card entered the list it is on (set on create, and by card/move when the list
-- changes; a reorder within the list keeps it). Cards that existed before take their last update as the best
-- guess. The review queue reads a FOR REVIEW list's cards oldest waiting first.
ALTER TABLE cards ADD COLUMN list_entered_at timestamptz;
UPDATE cards SET list_entered_at = updated_at WHERE list_entered_at IS NULL;
ALTER TABLE cards ALTER COLUMN list_entered_at SET DEFAULT now();
ALTER TABLE cards ALTER COLUMN list_entered_at SET NOT NULL;
CREATE INDEX cards_list_entered ON cards (list_id, list_entered_at, id);
-- The FOR REVIEW list of each board (fixed lists exist once per board).
CREATE INDEX board_lists_for_review ON board_lists (board_id) WHERE fixed AND name = 'FOR REVIEW';

-- Notifications (decisions.md, "Notifications live in the board service"): one row per person told. The card goes,
-- its notifications go. actor_name is the name at the time (the board's copy of people may lose the person).
CREATE TABLE notifications (
  id serial PRIMARY KEY,
  user_id integer NOT NULL,
  kind text NOT NULL CHECK (kind IN ('mention', 'reply', 'review')),
  card_id integer NOT NULL REFERENCES cards (id) ON DELETE CASCADE,
  board_owner_id integer NOT NULL,
  actor_id integer NOT NULL,
  actor_name text NOT NULL,
  text text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  read_at timestamptz
);
CREATE INDEX notifications_user ON notifications (user_id, created_at DESC, id DESC);
CREATE INDEX notifications_unread ON notifications (user_id) WHERE read_at IS NULL;
CREATE INDEX notifications_card ON notifications (card_id);

-- Per-person notification settings; no row means the defaults (mention e-mails on).
CREATE TABLE notification_settings (
  user_id integer PRIMARY KEY,
  email_mentions boolean NOT NULL DEFAULT true,
  updated_at timestamptz NOT NULL DEFAULT now()
);
