-- Lesson videos: an optional video per lesson (YouTube, Vimeo or an uploaded file; checked by the API),
-- and where each member stopped watching it, so the video resumes there.
ALTER TABLE lessons ADD COLUMN video_url text;

-- user_id is a person of the users service (no foreign key across services; users.user-deleted cleans up).
CREATE TABLE lesson_video_positions (
  user_id integer NOT NULL,
  lesson_id integer NOT NULL REFERENCES lessons (id) ON DELETE CASCADE,
  seconds real NOT NULL CHECK (seconds >= 0 AND seconds <= 86400),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, lesson_id)
);
CREATE INDEX lesson_video_positions_lesson ON lesson_video_positions (lesson_id);
