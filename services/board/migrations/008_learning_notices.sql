-- Learning notices (courses.learning-notice): a module that opened on its schedule, a reply or an @mention in a
-- lesson discussion. They have no card: card_id and board_owner_id become optional, the notice keeps its own title
-- (the module's or lesson's, at the time) and the path it leads to. A notice's key is unique per person, so a
-- redelivered event stores nothing twice.
ALTER TABLE notifications ALTER COLUMN card_id DROP NOT NULL;
ALTER TABLE notifications ALTER COLUMN board_owner_id DROP NOT NULL;
-- A module that opens on its schedule has no one who caused it.
ALTER TABLE notifications ALTER COLUMN actor_id DROP NOT NULL;
ALTER TABLE notifications ADD COLUMN subject text;
ALTER TABLE notifications ADD COLUMN link text;
ALTER TABLE notifications ADD COLUMN notice_key text;
CREATE UNIQUE INDEX notifications_notice_key ON notifications (user_id, notice_key) WHERE notice_key IS NOT NULL;
ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check
  CHECK (kind IN ('mention', 'reply', 'review', 'due-soon', 'overdue', 'reviewed', 'module-opened', 'lesson-reply',
    'lesson-mention'));
-- A notice without a card names what it is about and where it leads.
ALTER TABLE notifications ADD CONSTRAINT notifications_card_or_link
  CHECK (card_id IS NOT NULL OR (subject IS NOT NULL AND link IS NOT NULL));

-- E-mails about learning (a module opened, discussion replies and mentions), on unless turned off.
ALTER TABLE notification_settings ADD COLUMN email_lessons boolean NOT NULL DEFAULT true;
