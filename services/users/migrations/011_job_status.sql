-- The job table is the one source of a job's status: a row is written by the request that queues the job
-- (state 'queued'), then by the worker as it goes. The table's bulk actions are in it too, whatever their size.
ALTER TABLE jobs DROP CONSTRAINT jobs_kind_check;
ALTER TABLE jobs ADD CONSTRAINT jobs_kind_check CHECK (kind IN ('import', 'bulk-update', 'bulk-action', 'stripe-sync'));
ALTER TABLE jobs DROP CONSTRAINT jobs_state_check;
ALTER TABLE jobs ADD CONSTRAINT jobs_state_check CHECK (state IN ('queued', 'running', 'completed', 'failed'));
