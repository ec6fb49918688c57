-- The resource marketplace: resources, their categories and required tags, purchases, and dashboard banners.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE resource_categories (
  id serial PRIMARY KEY,
  name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX resource_categories_name ON resource_categories (lower(name));

CREATE TABLE resources (
  id serial PRIMARY KEY,
  title text NOT NULL,
  description text NOT NULL,
  cover_photo_url text,
  type text NOT NULL CHECK (type IN ('Link', 'Article', 'Video', 'Course')),
  visibility text NOT NULL DEFAULT 'Free'
    CHECK (visibility IN ('Free', 'For Sale', 'For Sale Premium', 'Included with Premium')),
  -- Markdown body of an Article (sanitised when shown, as lessons are).
  content text,
  url text,
  purchase_url text,
  -- Dollars with two decimals; null when sold only through purchase_url (or not sold).
  price numeric(10, 2) CHECK (price IS NULL OR price >= 0),
  published_at timestamptz,
  hidden boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX resources_created ON resources (created_at DESC, id DESC);
CREATE INDEX resources_title_trgm ON resources USING gin (title gin_trgm_ops);
CREATE INDEX resources_description_trgm ON resources USING gin (description gin_trgm_ops);

CREATE TABLE resource_category_links (
  resource_id integer NOT NULL REFERENCES resources (id) ON DELETE CASCADE,
  category_id integer NOT NULL REFERENCES resource_categories (id) ON DELETE CASCADE,
  PRIMARY KEY (resource_id, category_id)
);
CREATE INDEX resource_category_links_category ON resource_category_links (category_id, resource_id);

-- Required tags: holding any of them opens a For Sale resource. Tags live in the users service; the name is a
-- snapshot taken when the resource is saved (renamed by users.tag-renamed).
CREATE TABLE resource_tags (
  resource_id integer NOT NULL REFERENCES resources (id) ON DELETE CASCADE,
  tag_id integer NOT NULL,
  tag_name text NOT NULL,
  PRIMARY KEY (resource_id, tag_id)
);
CREATE INDEX resource_tags_tag ON resource_tags (tag_id);

-- One row per Stripe payment intent (billing.purchase-completed). No foreign key to resources: a purchase is a
-- payment record and outlives the resource; the title is a snapshot.
CREATE TABLE resource_purchases (
  payment_intent_id text PRIMARY KEY,
  user_id integer NOT NULL,
  resource_id integer NOT NULL,
  resource_title text NOT NULL,
  amount_cents integer NOT NULL CHECK (amount_cents >= 0),
  currency text NOT NULL,
  purchased_at timestamptz NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX resource_purchases_user ON resource_purchases (user_id, resource_id);
CREATE INDEX resource_purchases_resource ON resource_purchases (resource_id);

-- One banner per membership level.
CREATE TABLE dashboard_banners (
  id serial PRIMARY KEY,
  type text NOT NULL UNIQUE CHECK (type IN ('basic', 'premium', 'course only')),
  title text NOT NULL,
  content text NOT NULL,
  video_url text,
  button_text text NOT NULL,
  button_url text NOT NULL,
  -- Premium banners only (dollars, two decimals).
  average_shipping_rate numeric(10, 2) CHECK (average_shipping_rate IS NULL OR type = 'premium'),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
