/**
 * The users service's tables as Kysely sees them.
 * Kysely's helper types and the kit's outbox tables come through @rainmakers/kit (the kit owns kysely).
 */
import type { ColumnType, EventTables, Generated } from '@rainmakers/kit';

export type { ColumnType, Generated };

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface UsersTable {
  id: Generated<number>;
  full_name: string;
  email: string;
  role: string;
  photo_url: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  phone_number: string | null;
  stripe_status: string | null;
  stripe_customer_id: string | null;
  always_grant_access: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: Generated<number>;
  /** Migration 005: the last invitation asked for, the last sign-in auth reported. */
  invited_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  last_sign_in_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** Migration 009: the community profile's bio, whether it shows completed courses, listed at all. */
  bio: Generated<string>;
  show_courses: Generated<boolean>;
  community_listed: Generated<boolean>;
  /** Migration 010: 'system', 'light' or 'dark'. */
  theme: Generated<string>;
  /** Migration 012: the person's IANA time zone; null until set or guessed. */
  time_zone: ColumnType<string | null, string | null | undefined, string | null>;
  /** Migration 014: when she unsubscribed from broadcasts; null while subscribed. */
  broadcasts_unsubscribed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface BroadcastsTable {
  id: string;
  subject: string;
  body: string;
  audience: ColumnType<unknown, string, string>;
  state: Generated<string>;
  total: number;
  created_by: number | null;
  created_by_name: string | null;
  created_at: Generated<Date>;
  finished_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface BroadcastRecipientsTable {
  broadcast_id: string;
  user_id: number;
  sent_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  outcome: string | null;
}

export interface UserInvitationsTable {
  id: Generated<string>;
  user_id: number;
  actor_id: number | null;
  sent_at: Timestamp;
}

export interface TagsTable {
  id: Generated<number>;
  name: string;
  /** May a sign-up link attach it (migration 004; false until an admin says so). */
  signup_allowed: Generated<boolean>;
}

export interface UserTagsTable {
  user_id: number;
  tag_id: number;
  /** When she gained the tag (migrations/015). */
  granted_at: Generated<Date>;
}

export interface UserResourcesTable {
  user_id: number;
  resource_id: number;
  title: string;
}

export interface AuditLogTable {
  id: Generated<string>;
  at: Timestamp;
  actor_id: number | null;
  impersonator_id: number | null;
  action: string;
  user_id: number | null;
  tag_id: number | null;
  before: ColumnType<unknown, string | null, string | null>;
  after: ColumnType<unknown, string | null, string | null>;
  /** Migration 005: names as they were when the entry was written, what the entry is about, who wrote it. */
  actor_name: string | null;
  subject_type: string | null;
  subject_id: string | null;
  subject_name: string | null;
  service: Generated<string>;
}

/** The job history (migration 005): imports, bulk updates and Stripe syncs, kept 30 days. */
export interface JobsTable {
  id: string;
  kind: string;
  queue_job_id: string | null;
  actor_id: number | null;
  actor_name: string | null;
  file_name: string | null;
  state: string;
  counts: ColumnType<unknown, string | undefined, string>;
  failed_reason: string | null;
  error_file_key: string | null;
  people_file_key: string | null;
  created_at: Timestamp;
  finished_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  expires_at: Timestamp;
}

export interface JobChunksTable {
  run_id: string;
  chunk: number;
  result: ColumnType<unknown, string, string>;
  created_at: Timestamp;
}

/** Migration 013: the reporting store of /api/analytics/overview (store/analytics.ts). */
export interface AnalyticsHourlyTable {
  metric: string;
  hour: Timestamp;
  value: number;
}
export interface AnalyticsMembersTable {
  user_id: number;
  created_at: Timestamp;
}
export interface AnalyticsSubscriptionsTable {
  customer_id: string;
  user_id: number | null;
  status: string | null;
  monthly_cents: number;
  currency: string;
  updated_at: Timestamp;
}
export interface AnalyticsActiveFactsTable {
  grain: string;
  period: ColumnType<string, string, string>;
  user_id: number;
}
export interface AnalyticsActiveTable {
  grain: string;
  period: ColumnType<string, string, string>;
  value: number;
}
export interface AnalyticsMarkersTable {
  name: string;
  done_at: Timestamp;
}

export interface Schema extends EventTables {
  analytics_hourly: AnalyticsHourlyTable;
  analytics_members: AnalyticsMembersTable;
  analytics_subscriptions: AnalyticsSubscriptionsTable;
  analytics_active_facts: AnalyticsActiveFactsTable;
  analytics_active: AnalyticsActiveTable;
  analytics_markers: AnalyticsMarkersTable;
  users: UsersTable;
  tags: TagsTable;
  user_tags: UserTagsTable;
  user_resources: UserResourcesTable;
  audit_log: AuditLogTable;
  job_chunks: JobChunksTable;
  user_invitations: UserInvitationsTable;
  jobs: JobsTable;
  broadcasts: BroadcastsTable;
  broadcast_recipients: BroadcastRecipientsTable;
}
