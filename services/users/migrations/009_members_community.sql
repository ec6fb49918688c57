-- The community profile. A short plain-text bio the member writes on /profile, whether her
-- completed courses show on it, and whether she is listed in the community at all (leaving the list also hides the
-- profile page from others). Everyone stays listed, with an empty bio and courses hidden, until she chooses.
ALTER TABLE users ADD COLUMN IF NOT EXISTS bio text NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN IF NOT EXISTS show_courses boolean NOT NULL DEFAULT false;
ALTER TABLE users ADD COLUMN IF NOT EXISTS community_listed boolean NOT NULL DEFAULT true;
-- The community list: listed basic and premium members, those who share a location first, newest first.
CREATE INDEX IF NOT EXISTS users_community_order ON users (
  role, ((city IS NULL OR city = '') AND (state IS NULL OR state = '')), created_at DESC, id DESC
) WHERE community_listed;
