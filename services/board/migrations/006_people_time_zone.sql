-- The person's IANA time zone, copied from users.user-changed like her name and e-mail: the due-date reminder
-- e-mail states the due time in it (decisions.md, "Each person's time zone"). Null until she has one: UTC, named.
ALTER TABLE people ADD COLUMN IF NOT EXISTS time_zone text;
