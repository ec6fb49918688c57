-- Product Qualifier results: the answers a person rated (POST /api/product-qualifier/save), with the score and
-- rating the server computed from them (contracts/src/qualifier.ts).
CREATE TABLE qualifier_results (
  id serial PRIMARY KEY,
  user_id integer NOT NULL,
  answers jsonb NOT NULL,
  score integer NOT NULL CHECK (score BETWEEN 0 AND 10),
  result text NOT NULL,
  keywords text,
  emailed_to text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX qualifier_results_user ON qualifier_results (user_id, id DESC);
