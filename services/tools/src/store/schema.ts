/**
 * The tools service's tables as Kysely sees them (migrations/).
 * Kysely's helper types and the kit's outbox tables come through @rainmakers/kit (the kit owns kysely).
 */
import type { ColumnType, EventTables, Generated } from '@rainmakers/kit';

export type { ColumnType, Generated };

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** numeric columns come back as text (exact); they are written as numbers. */
type Numeric = ColumnType<string, number | string, number | string>;
type DefaultNumeric = ColumnType<string, number | string | undefined, number | string>;

export interface ProductsTable {
  id: Generated<number>;
  user_id: number;
  title: string;
  description: Generated<string>;
  position: Generated<number>;
  units: number;
  cost_per_unit: Numeric;
  shipping_cost: Numeric;
  amazon_fees: Numeric;
  amazon_retail_price: Numeric;
  additional_fees: DefaultNumeric;
  type_additional_fees: Generated<'percentage' | 'dollar'>;
  promotion_units_per_day: Generated<number>;
  promotion_percentage: DefaultNumeric;
  promotion_days: Generated<number>;
  daily_advertising_cost: DefaultNumeric;
  spend: DefaultNumeric;
  sales: DefaultNumeric;
  projected_units: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface QualifierResultsTable {
  id: Generated<number>;
  user_id: number;
  answers: ColumnType<unknown, string, string>;
  score: number;
  result: string;
  keywords: string | null;
  emailed_to: string | null;
  created_at: Timestamp;
}

export interface AiPromptsTable {
  assistant: string;
  system_prompt: string;
  updated_at: Timestamp;
}

export interface AiConversationsTable {
  id: Generated<number>;
  user_id: number;
  assistant: string;
  title: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AiMessagesTable {
  id: Generated<number>;
  conversation_id: number;
  user_id: number;
  role: 'user' | 'assistant';
  content: string;
  created_at: Timestamp;
}

export interface ToolsDatabase extends EventTables {
  products: ProductsTable;
  qualifier_results: QualifierResultsTable;
  ai_prompts: AiPromptsTable;
  ai_conversations: AiConversationsTable;
  ai_messages: AiMessagesTable;
}
