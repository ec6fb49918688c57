-- A sign-up link (?signuptags=) attaches only the tags an admin marked as sign-up tags. Every existing tag
-- starts as not allowed: an admin opts each one in on the tag management screen.
ALTER TABLE tags ADD COLUMN signup_allowed boolean NOT NULL DEFAULT false;
