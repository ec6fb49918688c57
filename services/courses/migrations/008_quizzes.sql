-- Quizzes: an optional quiz per lesson (checked by the API: questions, options, right options, pass mark), and every
-- attempt a member makes, kept for her record (completion needs a passing one) and for the course insights.
ALTER TABLE lessons ADD COLUMN quiz jsonb;

-- user_id is a person of the users service (no foreign key across services; users.user-deleted cleans up).
CREATE TABLE quiz_attempts (
  id bigserial PRIMARY KEY,
  lesson_id integer NOT NULL REFERENCES lessons (id) ON DELETE CASCADE,
  user_id integer NOT NULL,
  score integer NOT NULL CHECK (score >= 0 AND score <= 100),
  passed boolean NOT NULL,
  -- [{questionId, selected: [..]}] as sent, and [{questionId, correct}] as scored: the most-missed question reads them.
  answers jsonb NOT NULL,
  results jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX quiz_attempts_member ON quiz_attempts (user_id, lesson_id, passed);
CREATE INDEX quiz_attempts_lesson ON quiz_attempts (lesson_id, created_at);
