/** The lesson discussion's tables as Kysely sees them (migrations/010_lesson_comments.sql). */
import type { ColumnType, Generated } from '@rainmakers/kit';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface LessonCommentsTable {
  id: Generated<number>;
  lesson_id: number;
  /** Always a top-level comment (one level of replies). */
  parent_id: number | null;
  /** null once the person is deleted and the comment kept as a thread's place. */
  author_id: number | null;
  body: string;
  answer: Generated<boolean>;
  hidden: Generated<boolean>;
  created_at: Timestamp;
  edited_at: Timestamp | null;
  deleted_at: Timestamp | null;
}

export interface LessonCommentCountsTable {
  lesson_id: number;
  count: Generated<number>;
}

export interface DiscussionTables {
  lesson_comments: LessonCommentsTable;
  lesson_comment_counts: LessonCommentCountsTable;
}
