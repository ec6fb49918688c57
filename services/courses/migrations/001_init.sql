-- Courses, their modules and lessons, the tags that gate them, and who completed which lesson.
-- Positions: new items get 0, a reorder renumbers from 1; every read sorts by (position, id).
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE courses (
  id serial PRIMARY KEY,
  title text NOT NULL,
  description text,
  status text NOT NULL DEFAULT 'DRAFT' CHECK (status IN ('DRAFT', 'PUBLISHED')),
  slug text NOT NULL,
  cover_photo_url text,
  visible_to_basic boolean NOT NULL DEFAULT true,
  visible_to_premium boolean NOT NULL DEFAULT true,
  position integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT courses_slug UNIQUE (slug)
);
CREATE INDEX courses_position_id ON courses (position, id);
-- Substring search (ILIKE '%term%') is served by trigram indexes.
CREATE INDEX courses_title_trgm ON courses USING gin (title gin_trgm_ops);

-- Required tags. Tags live in the users service; the name is a snapshot taken when the course is saved.
CREATE TABLE course_tags (
  course_id integer NOT NULL REFERENCES courses (id) ON DELETE CASCADE,
  tag_id integer NOT NULL,
  tag_name text NOT NULL,
  PRIMARY KEY (course_id, tag_id)
);
CREATE INDEX course_tags_tag ON course_tags (tag_id);

-- A module without a course is "free": only admins see it, until a course takes it in.
CREATE TABLE modules (
  id serial PRIMARY KEY,
  course_id integer REFERENCES courses (id) ON DELETE SET NULL,
  title text NOT NULL,
  position integer NOT NULL DEFAULT 0,
  visible_to_basic boolean NOT NULL DEFAULT true,
  visible_to_premium boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX modules_course_position ON modules (course_id, position, id);
CREATE INDEX modules_title_trgm ON modules USING gin (title gin_trgm_ops);

CREATE TABLE module_tags (
  module_id integer NOT NULL REFERENCES modules (id) ON DELETE CASCADE,
  tag_id integer NOT NULL,
  tag_name text NOT NULL,
  PRIMARY KEY (module_id, tag_id)
);
CREATE INDEX module_tags_tag ON module_tags (tag_id);

CREATE TABLE lessons (
  id serial PRIMARY KEY,
  module_id integer NOT NULL REFERENCES modules (id) ON DELETE CASCADE,
  title text NOT NULL,
  content text NOT NULL DEFAULT '',
  position integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  -- Full-text search over title (weight A) and markdown content (weight B), kept by PostgreSQL itself.
  search tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', content), 'B')
  ) STORED
) WITH (toast_tuple_target = 128);
CREATE INDEX lessons_module_position ON lessons (module_id, position, id);
CREATE INDEX lessons_title_trgm ON lessons USING gin (title gin_trgm_ops);
CREATE INDEX lessons_search ON lessons USING gin (search);

CREATE TABLE lesson_tags (
  lesson_id integer NOT NULL REFERENCES lessons (id) ON DELETE CASCADE,
  tag_id integer NOT NULL,
  tag_name text NOT NULL,
  PRIMARY KEY (lesson_id, tag_id)
);
CREATE INDEX lesson_tags_tag ON lesson_tags (tag_id);

-- user_id is a person of the users service (no foreign key across services; users.user-deleted cleans up).
CREATE TABLE lesson_completions (
  user_id integer NOT NULL,
  lesson_id integer NOT NULL REFERENCES lessons (id) ON DELETE CASCADE,
  completed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, lesson_id)
);
CREATE INDEX lesson_completions_lesson ON lesson_completions (lesson_id);
