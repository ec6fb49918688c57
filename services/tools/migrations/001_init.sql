-- The tools service's tables arrive with its issue; the kit's outbox and processed_events exist already.
SELECT 1;
