-- People, the tag catalogue, who holds which tag, and a read model of purchased resources.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE users (
  id serial PRIMARY KEY,
  full_name text NOT NULL,
  email text NOT NULL,
  role text NOT NULL DEFAULT 'basic'
    CHECK (role IN ('admin', 'coach', 'premium', 'course only', 'basic')),
  photo_url text,
  city text,
  state text,
  country text,
  phone_number text,
  stripe_status text,
  stripe_customer_id text,
  always_grant_access boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  -- Bumped on every change; events carry it so caches never replace a newer profile with an older one.
  version integer NOT NULL DEFAULT 1,
  CONSTRAINT users_email UNIQUE (email)
);

-- Newest first, ties by id: the order of every user list.
CREATE INDEX users_created_at_id ON users (created_at DESC, id DESC);
CREATE INDEX users_role ON users (role);
CREATE INDEX users_stripe_status ON users (stripe_status) WHERE stripe_status IS NOT NULL;
-- Substring search (ILIKE '%term%') over name, e-mail, city and state is served by trigram indexes.
-- fastupdate = off: new entries go straight into the index instead of a pending list that every search
-- must scan until the next vacuum (with a long pending list the planner falls back to a sequential scan).
-- People are written rarely and searched often, so the slower insert is the right trade.
CREATE INDEX users_full_name_trgm ON users USING gin (full_name gin_trgm_ops) WITH (fastupdate = off);
CREATE INDEX users_email_trgm ON users USING gin (email gin_trgm_ops) WITH (fastupdate = off);
CREATE INDEX users_city_trgm ON users USING gin (city gin_trgm_ops) WITH (fastupdate = off);
CREATE INDEX users_state_trgm ON users USING gin (state gin_trgm_ops) WITH (fastupdate = off);

CREATE TABLE tags (
  id serial PRIMARY KEY,
  name text NOT NULL
);
-- Tag names are unique whatever their case.
CREATE UNIQUE INDEX tags_name_lower ON tags (lower(name));
CREATE INDEX tags_name_trgm ON tags USING gin (name gin_trgm_ops) WITH (fastupdate = off);

CREATE TABLE user_tags (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  tag_id integer NOT NULL REFERENCES tags (id) ON DELETE CASCADE,
  PRIMARY KEY (user_id, tag_id)
);
CREATE INDEX user_tags_tag ON user_tags (tag_id);

-- Read model of the resources a person bought (filled from billing/resources events).
CREATE TABLE user_resources (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  resource_id integer NOT NULL,
  title text NOT NULL,
  PRIMARY KEY (user_id, resource_id)
);
