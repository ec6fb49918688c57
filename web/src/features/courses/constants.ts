/**
 * Course constants mirrored from @rainmakers/contracts (courses.ts). Importing values from the contracts would pull
 * zod into the download, so they are copied here and checked against the contracts in options.test.ts.
 */
import { FIELD_REQUIRED } from '@rainmakers/contracts/messages';

export const COURSE_STATUSES = ['DRAFT', 'PUBLISHED'] as const;
export type CourseStatusValue = (typeof COURSE_STATUSES)[number];

/** The catalogue loads with this many items per list. */
export const CATALOGUE_ITEMS_PER_PAGE = 1000;
/** Lesson searches stop counting at this many matches; a tab at the cap reads "1000+". */
export const LESSON_MATCH_CAP = 1000;
/** The "all" tab shows this many of each kind. */
export const CATALOGUE_PREVIEW_COUNT = 3;
/** A kind's tab loads its list this many at a time (infinite scroll). */
export const CATALOGUE_TAB_PAGE_SIZE = 12;
/** Search boxes wait this long after the last key press. */
export const CATALOGUE_SEARCH_DEBOUNCE_MS = 500;
/** New courses, modules and lessons get this position; a reorder renumbers from REORDER_FIRST_POSITION. */
export const NEW_ITEM_POSITION = 0;
export const REORDER_FIRST_POSITION = 1;
/** Progress at or above this shows the 'Completed' overlay. */
export const COMPLETED_PROGRESS = 100;
export { DELETED_PREFIX } from '../../components/options';

/** Under a form field left empty. */
export const REQUIRED = FIELD_REQUIRED;

/** Every text the course screens show as a toast (spec part 1 §8, part 2 §8). */
export const TOASTS = {
  courseSaved: 'Course saved successfully',
  courseDeleted: 'Course deleted successfully',
  coursesReordered: 'Reorder is finished correctly.',
  coursesReorderFailed: 'Something went wrong.',
  moduleSaved: 'Module saved successfully',
  moduleDeleted: 'Module deleted successfully',
  lessonSaved: 'Lesson saved successfully',
  lessonDeleted: 'Lesson deleted successfully',
  markedCompleted: 'Marked as completed successfully',
  markedUncompleted: 'Marked as uncompleted successfully',
  markCompletedFailed: 'Could not mark as completed. Reload the page and try again',
  markUncompletedFailed: 'Could not mark as uncompleted. Reload the page and try again',
  modulesReordered: 'Module reordered successfully',
  modulesReorderFailed: 'Something went wrong',
  imageCopied: 'image URL copied to clipboard',
} as const;
