-- The committed chunks of the users' jobs (user-import, user-bulk-update), each written in the transaction that
-- writes the chunk's people. A retried job (its worker killed mid-way) skips the chunks found here and takes their
-- counts from here, so its report says what the first attempt really did and nobody is written twice.
CREATE TABLE job_chunks (
  -- The job's run id (a UUID in the job's data: BullMQ's own ids start again when Redis is emptied).
  run_id text NOT NULL,
  chunk integer NOT NULL,
  result jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (run_id, chunk)
);
CREATE INDEX job_chunks_created ON job_chunks (created_at);
