/**
 * The courses service's tables as Kysely sees them (migrations/001_init.sql).
 * Kysely's helper types and the kit's outbox tables come through @rainmakers/kit (the kit owns kysely).
 */
import type { Quiz, QuizAttemptInput, QuizAttemptResponse } from '@rainmakers/contracts';
import type { ColumnType, EventTables, Generated } from '@rainmakers/kit';
import type { DiscussionTables } from './discussion-schema';

export type { ColumnType, Generated };

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** jsonb: read as the value (pg parses it), written as its JSON text. */
type Json<T> = ColumnType<T, string, string>;
/** Written by PostgreSQL only (GENERATED ALWAYS ... STORED). */
type ReadOnly<S> = ColumnType<S, never, never>;

export interface CoursesTable {
  id: Generated<number>;
  title: string;
  description: string | null;
  status: Generated<'DRAFT' | 'PUBLISHED'>;
  slug: string;
  cover_photo_url: string | null;
  visible_to_basic: Generated<boolean>;
  visible_to_premium: Generated<boolean>;
  position: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface TagLinkColumns {
  tag_id: number;
  tag_name: string;
}

export interface CourseTagsTable extends TagLinkColumns {
  course_id: number;
}

export interface ModulesTable {
  id: Generated<number>;
  course_id: number | null;
  title: string;
  position: Generated<number>;
  visible_to_basic: Generated<boolean>;
  visible_to_premium: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Kept by triggers (migrations/003_progress_counts.sql). */
  lesson_count: Generated<number>;
  /** Drip (migrations/009): at most one of the two; `release_at` a date, read as 'YYYY-MM-DD'. */
  release_after_days: number | null;
  release_at: ColumnType<string | null, string | null | undefined, string | null>;
  release_rule_set_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface ModuleTagsTable extends TagLinkColumns {
  module_id: number;
}

export interface LessonsTable {
  id: Generated<number>;
  module_id: number;
  title: string;
  content: Generated<string>;
  position: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  search: ReadOnly<string>;
  /** Has a required tag; kept by triggers on lesson_tags (migrations/003_progress_counts.sql). */
  tagged: Generated<boolean>;
  /** An optional video above the markdown: YouTube, Vimeo or an uploaded file. */
  video_url: string | null;
  /** An optional quiz (contracts' quizSchema, checked by the API); migrations/008_quizzes.sql. */
  quiz: ColumnType<Quiz | null, string | null | undefined, string | null>;
  /** Who created it (migrations/010): told about replies in its discussion. */
  created_by: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface QuizAttemptsTable {
  id: Generated<string>;
  lesson_id: number;
  user_id: number;
  score: number;
  passed: boolean;
  answers: Json<QuizAttemptInput['answers']>;
  results: Json<QuizAttemptResponse['results']>;
  created_at: Timestamp;
}

export interface LessonVideoPositionsTable {
  user_id: number;
  lesson_id: number;
  seconds: number;
  updated_at: Timestamp;
}

/** Kept by triggers on lessons (migrations/002_content_text.sql): the markdown as one line of plain text. */
export interface LessonTextsTable {
  lesson_id: number;
  content_text: string;
}

export interface LessonTagsTable extends TagLinkColumns {
  lesson_id: number;
}

export interface LessonCompletionsTable {
  user_id: number;
  lesson_id: number;
  completed_at: Timestamp;
}

/** Per person and module, completed lessons; kept by triggers (migrations/003_progress_counts.sql). */
export interface ModuleProgressTable {
  user_id: number;
  module_id: number;
  completed: Generated<number>;
}

/** The courses service's copy of people (migrations/005_certificates.sql), kept from users.* events. */
export interface PeopleTable {
  user_id: number;
  full_name: string;
  role: string;
  tag_ids: number[];
  version: number;
  updated_at: Timestamp;
  /** For drip (migrations/009): her account's creation, zone and the day she gained each tag. */
  created_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  time_zone: string | null;
  tag_grants: ColumnType<Record<string, string>, string | undefined, string>;
  /** migrations/010: the discussion's author photos. */
  photo_url: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface ModuleReleaseNoticesTable {
  user_id: number;
  module_id: number;
  opened_at: Date;
  noticed_at: Generated<Date>;
}

/** One certificate per member and course; name and title copied at issue time. */
export interface CertificatesTable {
  id: Generated<string>;
  user_id: number;
  course_id: number;
  full_name: string;
  course_title: string;
  completed_at: Timestamp;
  issued_at: Timestamp;
}

export interface CoursesDatabase extends EventTables, DiscussionTables {
  courses: CoursesTable;
  course_tags: CourseTagsTable;
  modules: ModulesTable;
  module_release_notices: ModuleReleaseNoticesTable;
  module_tags: ModuleTagsTable;
  lessons: LessonsTable;
  lesson_tags: LessonTagsTable;
  lesson_texts: LessonTextsTable;
  lesson_completions: LessonCompletionsTable;
  lesson_video_positions: LessonVideoPositionsTable;
  quiz_attempts: QuizAttemptsTable;
  module_progress: ModuleProgressTable;
  people: PeopleTable;
  certificates: CertificatesTable;
}
