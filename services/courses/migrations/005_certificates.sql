-- Certificates of completion and the courses service's copy of people it needs to issue them.
--
-- people: kept from users.user-changed / users.user-deleted (users owns people). The name goes on the certificate;
-- role and tags decide which lessons of a course count (the lessons the member can open, as on the course card).
CREATE TABLE people (
  user_id integer PRIMARY KEY,
  full_name text NOT NULL,
  role text NOT NULL,
  tag_ids integer[] NOT NULL DEFAULT '{}',
  version integer NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- One certificate per member and course (the unique constraint makes a replayed or concurrent issue a no-op).
-- The name and the course title are copied at issue time: the certificate shows what was true that day, and stays
-- valid when the course is renamed or deleted (no foreign key to courses on purpose).
-- The id is a random UUID (gen_random_uuid is built into PostgreSQL 13+): not guessable, not enumerable.
CREATE TABLE certificates (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id integer NOT NULL,
  course_id integer NOT NULL,
  full_name text NOT NULL,
  course_title text NOT NULL,
  completed_at timestamptz NOT NULL,
  issued_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT certificates_once_per_member_and_course UNIQUE (user_id, course_id)
);
