-- The user dashboard sorts by name, date joined, role and payment status, and filters by role,
-- tag, payment status and join date. Each sort is one index read, forwards or backwards (the page's order is the
-- column then id, both in the asked direction), and the same behind role for the role filter and the coaches'
-- list (premium only), so a filtered and sorted page stops after the rows it shows.
-- (created_at, id) is users_created_at_id (001); a lone role uses these as well.
CREATE INDEX IF NOT EXISTS users_name_sort ON users (lower(full_name), id);
CREATE INDEX IF NOT EXISTS users_role_sort ON users (role, id);
CREATE INDEX IF NOT EXISTS users_payment_sort ON users (stripe_status, id);
CREATE INDEX IF NOT EXISTS users_role_name_sort ON users (role, lower(full_name), id);
CREATE INDEX IF NOT EXISTS users_role_created_sort ON users (role, created_at, id);
CREATE INDEX IF NOT EXISTS users_role_payment_sort ON users (role, stripe_status, id);
-- The tag filter's semi-join reads user_tags by tag (user_tags_tag, 001) and by person (its primary key).
