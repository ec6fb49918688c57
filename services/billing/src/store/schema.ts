/**
 * The billing service's tables as Kysely sees them (ColumnType is structurally kysely's; see users' schema.ts).
 */
export type ColumnType<S, I = S, U = S> = {
  readonly __select__: S;
  readonly __insert__: I;
  readonly __update__: U;
};
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface StripeEventsTable {
  id: string;
  type: string;
  processed_at: Timestamp;
}

export interface CustomersTable {
  customer_id: string;
  user_id: number | null;
  subscription_id: string | null;
  status: string | null;
  status_known: ColumnType<boolean, boolean | undefined, boolean>;
  status_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  updated_at: Timestamp;
}

export interface PurchasesTable {
  payment_intent_id: string;
  user_id: number;
  resource_id: number;
  resource_title: string;
  amount_cents: number;
  currency: string;
  status: string;
  created_at: Timestamp;
  completed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface Schema {
  stripe_events: StripeEventsTable;
  customers: CustomersTable;
  purchases: PurchasesTable;
}
