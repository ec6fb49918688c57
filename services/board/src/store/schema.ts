/**
 * The board service's tables as Kysely sees them (migrations/002_boards.sql).
 * Kysely's helper types and the kit's outbox tables come through @rainmakers/kit (the kit owns kysely).
 */
import type { NotificationKind } from '@rainmakers/contracts';
import type { ColumnType, EventTables, Generated } from '@rainmakers/kit';

export type { ColumnType, Generated };

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface BoardsTable {
  id: Generated<number>;
  user_id: number | null;
  is_template: Generated<boolean>;
  created_at: Timestamp;
}

export interface BoardListsTable {
  id: Generated<number>;
  board_id: number;
  name: string;
  position: number;
  fixed: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CardsTable {
  id: Generated<number>;
  list_id: number;
  title: string;
  description: Generated<string>;
  position: number;
  cover_photo_url: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** When the card entered its current list (migrations/003). */
  list_entered_at: Timestamp;
  /** When the card is due; null: no due date (migrations/004). */
  due_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The review while the card waits in FOR REVIEW (migrations/005); both null, or both set. */
  reviewed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  reviewed_by: number | null;
}

/** Reminders sent, keyed by card + due date + kind (migrations/004). */
export interface CardRemindersTable {
  card_id: number;
  due_at: ColumnType<Date, Date | string, Date | string>;
  kind: 'due-soon' | 'overdue';
  sent_at: Generated<Date>;
}

export interface LabelsTable {
  id: Generated<number>;
  board_id: number;
  name: Generated<string>;
  color: string;
  created_at: Timestamp;
}

export interface CardLabelsTable {
  card_id: number;
  label_id: number;
}

export interface AttachmentsTable {
  id: Generated<number>;
  card_id: number;
  file_url: string;
  file_name: string;
  created_at: Timestamp;
}

export interface CommentsTable {
  id: Generated<number>;
  card_id: number;
  author_id: number;
  comment: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CommentMentionsTable {
  comment_id: number;
  user_id: number;
}

export interface ChecklistsTable {
  id: Generated<number>;
  card_id: number;
  title: string;
  created_at: Timestamp;
}

export interface ChecklistItemsTable {
  id: Generated<number>;
  checklist_id: number;
  title: string;
  completed: Generated<boolean>;
  created_at: Timestamp;
}

export interface PeopleTable {
  user_id: number;
  full_name: string;
  email: string;
  photo_url: string | null;
  role: string;
  account_created_at: Timestamp;
  /** The person's IANA time zone (migrations/006); null until she has one. */
  time_zone: string | null;
  version: number;
  updated_at: Timestamp;
}

export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  kind: NotificationKind;
  card_id: number | null;
  board_owner_id: number | null;
  actor_id: number | null;
  subject: string | null;
  link: string | null;
  notice_key: string | null;
  actor_name: string;
  text: Generated<string>;
  created_at: Timestamp;
  read_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface NotificationSettingsTable {
  user_id: number;
  email_mentions: Generated<boolean>;
  email_due_dates: Generated<boolean>;
  /** E-mail when a coach reviews one of her cards (migrations/005). */
  email_reviews: Generated<boolean>;
  /** The weekly digest e-mail (migrations/007). */
  email_digest: Generated<boolean>;
  /** E-mails about learning: modules opened, lesson discussion replies and mentions (migrations/008). */
  email_lessons: Generated<boolean>;
  updated_at: Timestamp;
}

/**
 * Weekly digests done, one row per person and week (migrations/007); week_start is that Monday in her zone, written
 * as YYYY-MM-DD. The driver reads a date as a Date at the process's local midnight: read it as text.
 */
export interface WeeklyDigestsTable {
  user_id: number;
  week_start: ColumnType<Date, string, string>;
  sent_at: Generated<Date>;
}

/** A card's history (migrations/005). `details` as domain/activity.ts writes it for the type. */
export interface CardActivityTable {
  id: Generated<string>;
  card_id: number;
  type: string;
  actor_id: number;
  actor_name: string;
  details: ColumnType<Record<string, unknown>, string, string>;
  created_at: Timestamp;
}

export interface BoardDatabase extends EventTables {
  boards: BoardsTable;
  board_lists: BoardListsTable;
  cards: CardsTable;
  labels: LabelsTable;
  card_labels: CardLabelsTable;
  attachments: AttachmentsTable;
  comments: CommentsTable;
  comment_mentions: CommentMentionsTable;
  checklists: ChecklistsTable;
  checklist_items: ChecklistItemsTable;
  people: PeopleTable;
  notifications: NotificationsTable;
  notification_settings: NotificationSettingsTable;
  card_reminders: CardRemindersTable;
  card_activity: CardActivityTable;
  weekly_digests: WeeklyDigestsTable;
}
