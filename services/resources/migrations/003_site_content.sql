-- Site content set by admins: every video of the product and the links outside it, as one document.
-- One row only (id is always true); the JSON's shape is contracts/site-content.ts siteContentSchema, checked on write
-- and again on read.
CREATE TABLE site_content (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  content jsonb NOT NULL,
  updated_by integer,
  updated_at timestamptz NOT NULL DEFAULT now()
);
