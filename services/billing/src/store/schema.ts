/**
 * The billing service's tables as Kysely sees them (kysely's helper types and the kit's outbox tables come through @rainmakers/kit (the kit owns kysely)).
 */
import type { ColumnType, EventTables } from '@rainmakers/kit';

export type { ColumnType };

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

export interface Schema extends EventTables {
  stripe_events: StripeEventsTable;
  customers: CustomersTable;
  purchases: PurchasesTable;
}
