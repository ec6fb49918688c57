-- Course insights (GET /api/course/insights/{id}) read every completion of a course's lessons: who and when.
-- The lesson index becomes a covering one, so each lesson's completions are an index-only scan (user_id and
-- completed_at come from the index); it still serves every lookup by lesson_id the old index served.
CREATE INDEX lesson_completions_lesson_covering ON lesson_completions (lesson_id) INCLUDE (user_id, completed_at);
DROP INDEX lesson_completions_lesson;
