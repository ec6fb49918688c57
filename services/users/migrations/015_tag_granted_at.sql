-- When a person gained each of her tags: a course module can open a number of days after the tag that opens the
-- course was granted (docs/decisions.md "Drip"). Tags held before this migration take the account's creation as
-- their date (the best guess; the day they were granted was not kept). Re-granting a held tag keeps its date
-- (the inserts are ON CONFLICT DO NOTHING); removing and granting again starts it anew.
ALTER TABLE user_tags ADD COLUMN granted_at timestamptz;
UPDATE user_tags SET granted_at = u.created_at FROM users u WHERE u.id = user_tags.user_id AND user_tags.granted_at IS NULL;
ALTER TABLE user_tags ALTER COLUMN granted_at SET DEFAULT now();
ALTER TABLE user_tags ALTER COLUMN granted_at SET NOT NULL;
