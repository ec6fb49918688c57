import type { ColumnType, Generated } from 'kysely';

/**
 * The tables of the kit's migration (001_outbox.sql), which runs first in every service's database: a service's
 * Kysely schema lists them with these types instead of declaring them again.
 */
export interface OutboxTable {
  seq: Generated<number>;
  id: string;
  type: string;
  occurred_at: ColumnType<Date, Date | string | undefined, Date | string>;
  data: ColumnType<unknown, string, string>;
  published_at: Date | null;
  /** W3C trace context of the publishing request (tracing on), carried in the envelope. */
  traceparent: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface ProcessedEventsTable {
  consumer: string;
  event_id: string;
  processed_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** Both, for a schema to extend: `interface Schema extends EventTables { ... }`. */
export interface EventTables {
  outbox: OutboxTable;
  processed_events: ProcessedEventsTable;
}
