-- Lesson discussions (docs/decisions.md "Lesson discussions"): comments under a lesson, one level of replies.
--
-- author_id is a person of the users service (no foreign key across services; users.user-deleted cleans up).
-- parent_id is always a top-level comment: a reply to a reply is attached to its thread's top comment by the API.
-- deleted_at: a top-level comment deleted by its author while it has replies stays as the place of its thread
-- ("[deleted]", body emptied); anything else is removed.
CREATE TABLE lesson_comments (
  id serial PRIMARY KEY,
  lesson_id integer NOT NULL REFERENCES lessons (id) ON DELETE CASCADE,
  parent_id integer REFERENCES lesson_comments (id) ON DELETE CASCADE,
  author_id integer,
  body text NOT NULL CHECK (char_length(body) <= 5000),
  answer boolean NOT NULL DEFAULT false,
  hidden boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  edited_at timestamptz,
  deleted_at timestamptz,
  -- Only replies are answers.
  CHECK (NOT answer OR parent_id IS NOT NULL)
);
-- A page of threads: a lesson's top-level comments, newest first; and the lesson's recount.
CREATE INDEX lesson_comments_lesson ON lesson_comments (lesson_id);
CREATE INDEX lesson_comments_threads ON lesson_comments (lesson_id, id DESC) WHERE parent_id IS NULL;
-- The replies of a page's threads.
CREATE INDEX lesson_comments_replies ON lesson_comments (parent_id, id) WHERE parent_id IS NOT NULL;
-- Her comments (the posting rate, her export, her deletion).
CREATE INDEX lesson_comments_author ON lesson_comments (author_id, created_at);
-- One answer per thread.
CREATE UNIQUE INDEX lesson_comments_one_answer ON lesson_comments (parent_id) WHERE answer;

-- Visible comments (not hidden, not deleted, in a thread whose top comment is not hidden) per lesson: the count the
-- course outline and the discussion's heading show, recounted by the discussion commands in their transactions. The
-- row is also the lesson's discussion lock: every comment write takes it first, so recounts never race. No course
-- column: a lesson can move to another course, so the course's counts join through lessons and modules.
CREATE TABLE lesson_comment_counts (
  lesson_id integer PRIMARY KEY REFERENCES lessons (id) ON DELETE CASCADE,
  count integer NOT NULL DEFAULT 0 CHECK (count >= 0)
);

-- Who created a lesson (the staff member's user id, set on insert by the lesson upsert): the lesson's "author",
-- told about replies in its discussion. NULL for lessons created before this migration or by the seed.
ALTER TABLE lessons ADD COLUMN created_by integer;

-- Photos for the discussion's authors, kept from users.user-changed like the name.
ALTER TABLE people ADD COLUMN photo_url text;
