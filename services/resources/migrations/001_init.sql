-- The resources service's tables (resources, categories, purchases, dashboard banners) arrive with its issue.
-- Uploaded files live in S3 under uploads/<uuid>.<ext> and need no table.
SELECT 1;
