/**
 * Courses, modules, lessons, completions and the catalogue search: every payload the web sends to the courses
 * service and every answer it reads back (spec part 1 §2-§9 "Courses", part 2 §2-§9 course page, module and
 * lesson forms). The service parses requests with these schemas; the web can parse answers with them.
 */
import { z } from 'zod';
import { idList, idParam, isSafeUrl, requiredText } from './fields';
import { FIELD_REQUIRED } from './messages';
import { lessonQuizViewSchema, quizSchema } from './quizzes';
import { videoAddressField } from './site-content';

// ---------------------------------------------------------------------------------------------------------
// Constants

export const COURSE_STATUSES = ['DRAFT', 'PUBLISHED'] as const;
export const courseStatusSchema = z.enum(COURSE_STATUSES);
export type CourseStatus = z.infer<typeof courseStatusSchema>;

/** The catalogue loads with this many items per list. */
export const CATALOGUE_ITEMS_PER_PAGE = 1000;
export const MAX_CATALOGUE_ITEMS_PER_PAGE = 1000;
/** The "all" tab shows this many of each kind. */
export const CATALOGUE_PREVIEW_COUNT = 3;
/** A kind's tab loads its list this many at a time (infinite scroll). */
export const CATALOGUE_TAB_PAGE_SIZE = 12;
/** The lists of a catalogue answer; `only` asks for one of them (a tab's page). */
export const CATALOGUE_KINDS = ['courses', 'modules', 'lessonsTitles', 'lessonsContent'] as const;
export type CatalogueKindKey = (typeof CATALOGUE_KINDS)[number];
export const CATALOGUE_SEARCH_DEBOUNCE_MS = 500;
/**
 * Lesson searches stop collecting matches at this many (then sort and cut to itemsPerPage), so a search that
 * matches most of 100,000 lessons stays fast; the lesson counts are capped at it too.
 */
export const LESSON_MATCH_CAP = 1000;
/** New courses, modules and lessons get this position; a reorder renumbers from REORDER_FIRST_POSITION. */
export const NEW_ITEM_POSITION = 0;
export const REORDER_FIRST_POSITION = 1;
/** Progress at or above this shows the 'Completed' overlay. */
export const COMPLETED_PROGRESS = 100;

export const SLUG_IN_USE = 'This slug is already in use';
export const SLUG_FORMAT = 'Use lowercase letters, digits and hyphens only';
export const SLUG_RESERVED = 'This slug is reserved, choose another one';
export const COURSE_NOT_FOUND = 'Course not found';
export const MODULE_NOT_FOUND = 'Module not found';
export const LESSON_NOT_FOUND = 'Lesson not found';

/** Paths under /api/course/ that are calls, so no course may use them as its slug. */
export const RESERVED_COURSE_SLUGS = [
  'read-many',
  'access',
  'upsert',
  'reorder',
  'reorder-courses',
  'lesson-redirect',
  'progress',
] as const;

/** Lesson completion travels as the strings the spec names. */
export const completedFlagSchema = z.enum(['true', 'false']);
export type CompletedFlag = z.infer<typeof completedFlagSchema>;

// ---------------------------------------------------------------------------------------------------------
// Field rules

const id = idParam;
const optionalId = id.nullish().transform((v) => v ?? null);
const position = z.coerce
  .number({ error: 'Position must be a number' })
  .int('Position must be a whole number')
  .min(0, 'Position cannot be negative')
  .max(1_000_000);

/** Given text, or null to clear it; absent (undefined) keeps the stored value on an update. */
const clearableText = (max: number) =>
  z
    .string({ error: 'Must be text' })
    .trim()
    .max(max, `At most ${max} characters`)
    .nullish()
    .transform((v) => (v === undefined ? undefined : v || null));

export const slugField = z
  .string({ error: FIELD_REQUIRED })
  .trim()
  .toLowerCase()
  .min(1, FIELD_REQUIRED)
  .max(120, 'At most 120 characters')
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, SLUG_FORMAT)
  .refine((slug) => !(RESERVED_COURSE_SLUGS as readonly string[]).includes(slug), SLUG_RESERVED);

/**
 * A tag reference as the admin forms send it: `{id, name}` (tags live in the users service; the name is kept
 * as a snapshot). Duplicate ids are dropped.
 */
export const tagRefSchema = z.object({
  id,
  name: z.string({ error: 'Tag name is required' }).trim().min(1, 'Tag name is required').max(120),
});
export type TagRef = z.infer<typeof tagRefSchema>;
export const tagRefsField = z
  .array(tagRefSchema, { error: 'Tags must be a list of {id, name}' })
  .max(100, 'At most 100 tags')
  .transform((tags) => [...new Map(tags.map((t) => [t.id, t])).values()]);

/** Accepts `{course: {...}}` as well as the fields themselves. */
const unwrap = (key: string) => (body: unknown) =>
  body && typeof body === 'object' && key in body ? (body as Record<string, unknown>)[key] : body;

// ---------------------------------------------------------------------------------------------------------
// Shared shapes

export const courseTagSchema = z.object({ id: z.number().int(), name: z.string() });
export type CourseTag = z.infer<typeof courseTagSchema>;

export const successResponseSchema = z.object({ success: z.literal(true) });

// ---------------------------------------------------------------------------------------------------------
// Courses

/** POST /api/course/upsert. On an update, absent optional fields keep their stored values. */
export const courseUpsertSchema = z.preprocess(
  unwrap('course'),
  z.object({
    id: optionalId,
    title: requiredText(200),
    description: clearableText(5000),
    status: courseStatusSchema.optional(),
    slug: slugField,
    coverPhotoUrl: clearableText(2000).refine(
      (v) => v === undefined || v === null || isSafeUrl(v),
      'Enter a web address (https://...) or an uploaded file',
    ),
    /** Default true on a new course. */
    visibleToBasic: z.boolean({ error: 'Must be true or false' }).optional(),
    /** Default true on a new course. */
    visibleToPremium: z.boolean({ error: 'Must be true or false' }).optional(),
    position: position.optional(),
    /** Required tags: holding any of them opens the course whatever the role flags say. */
    Tags: tagRefsField.optional(),
    /** The course's modules (ids or `{id}` objects): only free modules or modules already in this course. */
    Modules: idList.optional(),
  }),
);
export type CourseUpsertInput = z.infer<typeof courseUpsertSchema>;

export const courseModuleRefSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  CourseId: z.number().int().nullable(),
});

/**
 * What the person asking may do with one course, module or lesson, computed by the courses service from the
 * same policy functions that guard the calls; screens show or hide actions from it instead of checking roles.
 */
export const recordAbilitiesSchema = z.object({
  /** Open the form and save changes (POST .../upsert). */
  edit: z.boolean(),
  /** DELETE it. */
  delete: z.boolean(),
  /** Move it: a course's modules and lessons (POST /api/course/reorder), a module among its course's modules. */
  reorder: z.boolean(),
});
export type RecordAbilities = z.infer<typeof recordAbilitiesSchema>;

/** What the person may do with the catalogue as a whole (actions that belong to no one record). */
export const catalogueAbilitiesSchema = z.object({
  /** Add a course (and pick tags and modules for it). */
  createCourse: z.boolean(),
  /** Reorder the courses (POST /api/course/reorder-courses). */
  reorderCourses: z.boolean(),
});
export type CatalogueAbilities = z.infer<typeof catalogueAbilitiesSchema>;

/** A course as the catalogue card and the course form see it. */
export const courseCardSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  status: courseStatusSchema,
  slug: z.string(),
  coverPhotoUrl: z.string().nullable(),
  visibleToBasic: z.boolean(),
  visibleToPremium: z.boolean(),
  position: z.number().int(),
  Tags: z.array(courseTagSchema),
  /** The modules the caller may open, in (position, id) order. */
  Modules: z.array(courseModuleRefSchema),
  abilities: recordAbilitiesSchema,
  /** 0..100: completed over accessible lessons, rounded. */
  totalProgress: z.number().int(),
});
export type CourseCard = z.infer<typeof courseCardSchema>;

export const courseUpsertResponseSchema = z.object({ course: courseCardSchema, isNew: z.boolean() });

/** GET /api/course/read-many */
export const catalogueQuerySchema = z.object({
  search: z
    .string()
    .trim()
    .max(200, 'At most 200 characters')
    .optional()
    .transform((v) => v ?? ''),
  itemsPerPage: z.coerce
    .number({ error: 'itemsPerPage must be a number' })
    .int()
    .min(1)
    .max(MAX_CATALOGUE_ITEMS_PER_PAGE)
    .default(CATALOGUE_ITEMS_PER_PAGE),
  /** 1-based; page n lists items (n-1)*itemsPerPage+1 .. n*itemsPerPage of each list. */
  page: z.coerce
    .number({ error: 'page must be a number' })
    .int('page must be a whole number')
    .min(1, 'page starts at 1')
    .max(100_000)
    .default(1),
  /** One list only (a tab's page): the other lists come back empty and `counts` holds that list's count alone. */
  only: z.enum(CATALOGUE_KINDS, { error: `only must be one of ${CATALOGUE_KINDS.join(', ')}` }).optional(),
});
export type CatalogueQuery = z.infer<typeof catalogueQuerySchema>;

export const catalogueModuleSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  CourseId: z.number().int(),
  position: z.number().int(),
  courseTitle: z.string(),
  courseSlug: z.string(),
});
export type CatalogueModule = z.infer<typeof catalogueModuleSchema>;

export const catalogueLessonSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  ModuleId: z.number().int(),
  position: z.number().int(),
  courseTitle: z.string(),
  courseSlug: z.string(),
  moduleTitle: z.string(),
});
export type CatalogueLesson = z.infer<typeof catalogueLessonSchema>;

export const catalogueContentLessonSchema = catalogueLessonSchema.extend({
  /** Short plain text around the first match (the start of the lesson when no word is found verbatim). */
  snippet: z.string(),
});
export type CatalogueContentLesson = z.infer<typeof catalogueContentLessonSchema>;

export const catalogueResponseSchema = z.object({
  abilities: catalogueAbilitiesSchema,
  courses: z.array(courseCardSchema),
  modules: z.array(catalogueModuleSchema),
  lessonsTitles: z.array(catalogueLessonSchema),
  lessonsContent: z.array(catalogueContentLessonSchema),
  /**
   * How many match in all (courses, modules) or up to LESSON_MATCH_CAP (lesson lists), before paging.
   * `lessons` counts distinct lessons found by title or by content (a lesson in both lists counts once), up to
   * LESSON_MATCH_CAP: the All tab shows courses + modules + lessons. With `only`, just that list's count is sent.
   */
  counts: z.object({
    courses: z.number().int().optional(),
    modules: z.number().int().optional(),
    lessonsTitles: z.number().int().optional(),
    lessonsContent: z.number().int().optional(),
    lessons: z.number().int().optional(),
  }),
});
export type CatalogueResponse = z.infer<typeof catalogueResponseSchema>;

/**
 * GET /api/course/{slug}?search=&moduleId=&lessonId=: the outline, and the open lesson's content. The open lesson is
 * `lessonId` when it is listed; else the first listed lesson of `moduleId`; else, without a search, the first
 * lesson. Every other lesson's content comes from GET /api/course/{slug}/lessons/{lessonId}.
 */
export const coursePageQuerySchema = z.object({
  search: z
    .string()
    .trim()
    .max(200, 'At most 200 characters')
    .optional()
    .transform((v) => v ?? ''),
  moduleId: id.optional(),
  lessonId: id.optional(),
});
export type CoursePageQuery = z.infer<typeof coursePageQuerySchema>;

/**
 * A lesson in the course outline: title, place and completion. The open lesson also carries its content, Tags and
 * abilities (what GET /api/course/{slug}/lessons/{lessonId} answers), so the page shows it without a second call.
 */
export const coursePageLessonSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  ModuleId: z.number().int(),
  position: z.number().int(),
  completed: completedFlagSchema,
  content: z.string().optional(),
  /** The open lesson's video and where the member stopped watching it (seconds). */
  videoUrl: z.string().nullable().optional(),
  videoPosition: z.number().min(0).optional(),
  Tags: z.array(courseTagSchema).optional(),
  abilities: recordAbilitiesSchema.optional(),
  /** How many comments its discussion shows members; absent while it has none. */
  commentCount: z.number().int().optional(),
  /** The open lesson's quiz, as GET /api/course/{slug}/lessons/{lessonId} gives it. */
  quiz: lessonQuizViewSchema.nullable().optional(),
});
export type CoursePageLesson = z.infer<typeof coursePageLessonSchema>;

export const coursePageModuleSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  position: z.number().int(),
  CourseId: z.number().int(),
  visibleToBasic: z.boolean(),
  visibleToPremium: z.boolean(),
  Tags: z.array(courseTagSchema),
  abilities: recordAbilitiesSchema,
  /** Over every accessible lesson of the module, also while a search filters Lessons. */
  totalProgress: z.number().int(),
  /** The module's release rule (drip): days after her access began, or a date (YYYY-MM-DD); null without one. */
  releaseAfterDays: z.number().int().nullable(),
  releaseAt: z.string().nullable(),
  /** When the module opens to the caller (ISO 8601), while it is still locked to her; null when open. */
  opensAt: z.string().nullable(),
  Lessons: z.array(coursePageLessonSchema),
});
export type CoursePageModule = z.infer<typeof coursePageModuleSchema>;

export const coursePageSchema = courseCardSchema.omit({ Modules: true }).extend({
  Modules: z.array(coursePageModuleSchema),
});
export type CoursePage = z.infer<typeof coursePageSchema>;
export const coursePageResponseSchema = z.object({ course: coursePageSchema });

/** GET /api/course/{slug}/lessons/{lessonId}: one lesson to read, under the course page's access rules. */
export const courseLessonParamsSchema = z.object({ lessonId: id });
export const courseLessonSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  /** The lesson's video, shown above the markdown; null when it has none. */
  videoUrl: z.string().nullable(),
  /** Where the member stopped watching the video, in seconds (0: from the start). */
  videoPosition: z.number().min(0),
  ModuleId: z.number().int(),
  position: z.number().int(),
  Tags: z.array(courseTagSchema),
  abilities: recordAbilitiesSchema,
  completed: completedFlagSchema,
  /** The lesson's quiz (right answers only for its authors) and the caller's record with it; null without one. */
  quiz: lessonQuizViewSchema.nullable(),
});
export type CourseLesson = z.infer<typeof courseLessonSchema>;
export const courseLessonResponseSchema = z.object({ lesson: courseLessonSchema });

/** GET /api/course/access?slug= -> {hasAccess} (an unknown slug answers false). */
export const courseAccessQuerySchema = z.object({
  slug: z.string({ error: 'slug is required' }).trim().min(1, 'slug is required').max(200),
});
export const courseAccessResponseSchema = z.object({ hasAccess: z.boolean() });

/** GET /api/course/lesson-redirect/{lessonId} -> {url} ('/courses/{slug}/{moduleId}/{lessonId}' or null). */
export const lessonRedirectResponseSchema = z.object({ url: z.string().nullable() });

/**
 * POST /api/course/reorder: the course's modules in their new order, each optionally with its lessons in their
 * new order (a lesson listed under another module moves there). Positions are renumbered from 1.
 */
export const courseReorderSchema = z.object({
  courseId: id,
  modules: z
    .array(
      z.object({
        id,
        position,
        Lessons: z
          .array(z.object({ id, position, ModuleId: id.optional() }), { error: 'Lessons must be a list' })
          .optional(),
      }),
      { error: 'modules must be a list' },
    )
    .min(1, 'modules cannot be empty')
    .max(5000),
});
export type CourseReorderInput = z.infer<typeof courseReorderSchema>;

/** A reorder's new positions: `[{id, position}]`, at least one. */
const positionList = (name: string) =>
  z
    .array(z.object({ id, position }), { error: `${name} must be a list` })
    .min(1, `${name} cannot be empty`)
    .max(5000);

/** POST /api/course/reorder-courses */
export const coursesReorderSchema = z.object({ courses: positionList('courses') });
export type CoursesReorderInput = z.infer<typeof coursesReorderSchema>;

// ---------------------------------------------------------------------------------------------------------
// Modules

/** POST /api/module/upsert. CourseId null makes the module free; absent keeps it where it is. */
/** The most days after her access began a module can wait (ten years). */
export const RELEASE_AFTER_DAYS_MAX = 3650;
export const RELEASE_ONE_RULE = 'Choose a number of days or a date, not both';
export const RELEASE_DATE_INVALID = 'Enter a date as YYYY-MM-DD';

/** A calendar date, YYYY-MM-DD, that exists (2026-02-31 does not). */
const calendarDate = z
  .string({ error: RELEASE_DATE_INVALID })
  .regex(/^\d{4}-\d{2}-\d{2}$/, RELEASE_DATE_INVALID)
  .refine((v) => {
    const at = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === v;
  }, RELEASE_DATE_INVALID);

export const moduleUpsertSchema = z.preprocess(
  unwrap('module'),
  z
    .object({
      id: optionalId,
      title: requiredText(200),
      position: position.optional(),
      visibleToBasic: z.boolean({ error: 'Must be true or false' }).optional(),
      visibleToPremium: z.boolean({ error: 'Must be true or false' }).optional(),
      Tags: tagRefsField.optional(),
      CourseId: id.nullable().optional(),
      /**
       * Drip (docs/decisions.md "Drip"): the module opens this many days after the member's access to it began, or
       * on `releaseAt`, at the start of that day in her time zone. Sending either replaces the rule (null clears
       * it); sending neither keeps it.
       */
      releaseAfterDays: z
        .number({ error: 'Enter a whole number of days' })
        .int('Enter a whole number of days')
        .min(1, 'At least 1 day')
        .max(RELEASE_AFTER_DAYS_MAX, `At most ${RELEASE_AFTER_DAYS_MAX} days`)
        .nullable()
        .optional(),
      releaseAt: calendarDate.nullable().optional(),
    })
    .refine((m) => m.releaseAfterDays == null || m.releaseAt == null, {
      error: RELEASE_ONE_RULE,
      path: ['releaseAt'],
    }),
);
export type ModuleUpsertInput = z.infer<typeof moduleUpsertSchema>;

/** A module as the admin screens see it (GET /api/module/read-many, upsert). */
export const moduleSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  position: z.number().int(),
  CourseId: z.number().int().nullable(),
  visibleToBasic: z.boolean(),
  visibleToPremium: z.boolean(),
  Tags: z.array(courseTagSchema),
  courseTitle: z.string().nullable(),
  abilities: recordAbilitiesSchema,
  releaseAfterDays: z.number().int().nullable(),
  releaseAt: z.string().nullable(),
});
export type ModuleItem = z.infer<typeof moduleSchema>;
export const moduleListResponseSchema = z.object({ modules: z.array(moduleSchema) });
export const moduleUpsertResponseSchema = z.object({ module: moduleSchema, isNew: z.boolean() });

/** POST /api/module/reorder: modules of one course (or free modules), renumbered from 1. */
export const moduleReorderSchema = z.object({ modules: positionList('modules') });
export type ModuleReorderInput = z.infer<typeof moduleReorderSchema>;

// ---------------------------------------------------------------------------------------------------------
// Lessons

/** POST /api/lesson/upsert */
export const lessonUpsertSchema = z.preprocess(
  unwrap('lesson'),
  z.object({
    id: optionalId,
    title: requiredText(200),
    content: z
      .string({ error: 'Content must be text' })
      .max(200_000, 'The lesson is too long')
      .nullish()
      .transform((v) => v ?? ''),
    ModuleId: id,
    Tags: tagRefsField.optional(),
    position: position.optional(),
    /** The lesson's video: absent keeps it, '' or null removes it. */
    videoUrl: videoAddressField.optional(),
    /** The lesson's quiz: absent keeps it, null removes it (its members' attempts stay, for the insights). */
    quiz: quizSchema.nullable().optional(),
  }),
);
export type LessonUpsertInput = z.infer<typeof lessonUpsertSchema>;

export const lessonSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  videoUrl: z.string().nullable(),
  ModuleId: z.number().int(),
  position: z.number().int(),
  Tags: z.array(courseTagSchema),
  abilities: recordAbilitiesSchema,
  /** Whole, with the right answers: only authors get this answer. */
  quiz: quizSchema.nullable(),
});
export type LessonItem = z.infer<typeof lessonSchema>;
export const lessonUpsertResponseSchema = z.object({ lesson: lessonSchema, isNew: z.boolean() });

/** GET /api/lesson/read-many (admin): optional filters; at most itemsPerPage lessons, without their content. */
export const lessonListQuerySchema = z.object({
  ModuleId: id.optional(),
  CourseId: id.optional(),
  search: z.string().trim().max(200).optional(),
  itemsPerPage: z.coerce.number().int().min(1).max(MAX_CATALOGUE_ITEMS_PER_PAGE).default(CATALOGUE_ITEMS_PER_PAGE),
});
export const lessonListItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  ModuleId: z.number().int(),
  position: z.number().int(),
  Tags: z.array(courseTagSchema),
  moduleTitle: z.string(),
  CourseId: z.number().int().nullable(),
  courseTitle: z.string().nullable(),
});
export type LessonListItem = z.infer<typeof lessonListItemSchema>;
export const lessonListResponseSchema = z.object({ lessons: z.array(lessonListItemSchema) });

/** GET /api/lesson/read-options (admin): for pickers. */
export const lessonOptionsQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  itemsPerPage: z.coerce.number().int().min(1).max(MAX_CATALOGUE_ITEMS_PER_PAGE).default(CATALOGUE_ITEMS_PER_PAGE),
});
export const lessonOptionSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  moduleTitle: z.string(),
  courseTitle: z.string().nullable(),
});
export type LessonOption = z.infer<typeof lessonOptionSchema>;
export const lessonOptionsResponseSchema = z.object({ lessons: z.array(lessonOptionSchema) });

/** GET /api/lesson/completed: the caller's own completions, newest first. */
export const completedLessonSchema = z.object({
  id: z.number().int(),
  ModuleId: z.number().int(),
  completedAt: z.string(),
});
export type CompletedLesson = z.infer<typeof completedLessonSchema>;
export const completedLessonsResponseSchema = z.object({ lessons: z.array(completedLessonSchema) });

/** PUT /api/lesson/mark-as-completed and /mark-as-uncompleted */
export const markLessonSchema = z.object({ lessonId: id });

/** The longest position kept for a lesson video (24 hours), in seconds. */
export const LESSON_VIDEO_MAX_SECONDS = 86_400;
/** PUT /api/lesson/video-position: where the member is in the lesson's video (the player sends it every ~10 s). */
export const lessonVideoPositionSchema = z.object({
  lessonId: id,
  seconds: z
    .number({ error: 'seconds must be a number' })
    .min(0, 'seconds cannot be negative')
    .max(LESSON_VIDEO_MAX_SECONDS, 'seconds is too large'),
});
export type LessonVideoPosition = z.infer<typeof lessonVideoPositionSchema>;
export const markLessonResponseSchema = z.object({
  lessonId: z.number().int(),
  completed: completedFlagSchema,
  /** null for a lesson of a free module (no course). */
  courseProgress: z.number().int().nullable(),
  moduleProgress: z.number().int(),
});
export type MarkLessonResponse = z.infer<typeof markLessonResponseSchema>;

// ------------------------------------------------------------------------------------------ course insights

/** Days of completions an insights answer covers: 30 by default, at most a year (the query stays bounded). */
export const INSIGHTS_DEFAULT_DAYS = 30;
export const INSIGHTS_MAX_DAYS = 365;

/** GET /api/course/insights/{id}?days=: `days` back from today (UTC), today included. */
export const courseInsightsQuerySchema = z.object({
  days: z.coerce
    .number({ error: 'days must be a whole number' })
    .int('days must be a whole number')
    .min(1, 'days must be at least 1')
    .max(INSIGHTS_MAX_DAYS, `days must be at most ${INSIGHTS_MAX_DAYS}`)
    .default(INSIGHTS_DEFAULT_DAYS),
});
export type CourseInsightsQuery = z.infer<typeof courseInsightsQuerySchema>;

export const courseInsightsLessonSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  moduleId: z.number().int(),
  moduleTitle: z.string(),
  /** Members who completed this lesson. */
  completed: z.number().int(),
  /** Members lost since the step before (members started, for the first lesson); never below 0. */
  drop: z.number().int(),
});

/** How members fare with one lesson's quiz (every attempt counts, kept since the quiz was first taken). */
export const courseQuizInsightSchema = z.object({
  lessonId: z.number().int(),
  title: z.string(),
  attempts: z.number().int(),
  membersAttempted: z.number().int(),
  membersPassed: z.number().int(),
  /** Members who passed among those who tried, in percent; null before anyone tried. */
  passRate: z.number().int().nullable(),
  /** Attempts a member needed to pass, on average over those who passed (one decimal); null before anyone passed. */
  attemptsToPass: z.number().nullable(),
  /** The question answered wrong most often (its prompt as the quiz has it now, null if since removed). */
  mostMissed: z.object({ questionId: z.string(), prompt: z.string().nullable(), missed: z.number().int() }).nullable(),
});
export type CourseQuizInsight = z.infer<typeof courseQuizInsightSchema>;

export const courseInsightsSchema = z.object({
  course: z.object({ id: z.number().int(), title: z.string(), slug: z.string() }),
  lessonCount: z.number().int(),
  /** Members who completed at least one of the course's lessons. */
  membersStarted: z.number().int(),
  /** Members who completed every lesson of the course. */
  membersCompleted: z.number().int(),
  /** Every lesson in course order (modules, then lessons). */
  funnel: z.array(courseInsightsLessonSchema),
  /** The lesson with the largest drop (the first of equal ones); null when no lesson loses anyone. */
  steepestDropLessonId: z.number().int().nullable(),
  /** One entry per day (UTC, oldest first) of the range, days without completions included. */
  timeline: z.array(
    z.object({
      date: z.string(),
      /** Lessons of the course marked completed that day. */
      lessonCompletions: z.number().int(),
      /** Members whose last missing lesson of the course was completed that day. */
      courseCompletions: z.number().int(),
    }),
  ),
  days: z.number().int(),
  /** Every lesson of the course with a quiz, in course order. */
  quizzes: z.array(courseQuizInsightSchema),
});
export type CourseInsights = z.infer<typeof courseInsightsSchema>;
export const courseInsightsResponseSchema = z.object({ insights: courseInsightsSchema });
