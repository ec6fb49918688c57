-- Power Profit Tool products: what the seller enters. Every computed figure is derived on read
-- (contracts/src/profit.ts), never stored, so a formula fix reaches every product at once.
-- Money is numeric(12,2) (exact cents); percentages numeric(5,2); units whole numbers.
CREATE TABLE products (
  id serial PRIMARY KEY,
  user_id integer NOT NULL,
  title text NOT NULL,
  description text NOT NULL DEFAULT '',
  position integer NOT NULL DEFAULT 0,
  units integer NOT NULL CHECK (units >= 0),
  cost_per_unit numeric(12, 2) NOT NULL CHECK (cost_per_unit >= 0),
  shipping_cost numeric(12, 2) NOT NULL CHECK (shipping_cost >= 0),
  amazon_fees numeric(12, 2) NOT NULL CHECK (amazon_fees >= 0),
  amazon_retail_price numeric(12, 2) NOT NULL CHECK (amazon_retail_price >= 0),
  additional_fees numeric(5, 2) NOT NULL DEFAULT 25 CHECK (additional_fees BETWEEN 0 AND 50),
  type_additional_fees text NOT NULL DEFAULT 'percentage' CHECK (type_additional_fees IN ('percentage', 'dollar')),
  promotion_units_per_day integer NOT NULL DEFAULT 0 CHECK (promotion_units_per_day >= 0),
  promotion_percentage numeric(5, 2) NOT NULL DEFAULT 0 CHECK (promotion_percentage BETWEEN 0 AND 100),
  promotion_days integer NOT NULL DEFAULT 0 CHECK (promotion_days >= 0),
  daily_advertising_cost numeric(12, 2) NOT NULL DEFAULT 0 CHECK (daily_advertising_cost >= 0),
  spend numeric(12, 2) NOT NULL DEFAULT 0 CHECK (spend >= 0),
  sales numeric(12, 2) NOT NULL DEFAULT 0 CHECK (sales >= 0),
  projected_units integer NOT NULL DEFAULT 0 CHECK (projected_units >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- A person's list: newest first (new products have position 0 and the highest id).
CREATE INDEX products_user_position ON products (user_id, position, id DESC);
