-- The member page lists a person's purchases, newest first: one index scan per person.
CREATE INDEX purchases_user_created ON purchases (user_id, created_at DESC);
