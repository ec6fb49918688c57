/**
 * Who may do what in the courses service, one function per action. Routes call them after requireActor (every
 * call needs a signed-in person: 401 otherwise) and throw forbidden() when one says no; a record the person may
 * not see (canViewCourse, canOpenLessonOf) answers exactly like a missing one (404).
 * "Admin powers" follow actor.role === 'admin', so an admin previewing the product as another role gets that
 * role's view and no editing.
 */
import { type Actor, type CatalogueAbilities, type RecordAbilities, ROLES, type Role } from '@rainmakers/contracts';
import { canOpenLesson, canSeeCourse, type Gated, type GatedCourse, type Viewer } from './domain/visibility';

export const viewerOf = (actor: Actor): Viewer => ({ role: actor.role, tagIds: actor.tagIds });
const isAdmin = (actor: Actor) => actor.role === 'admin';
const isRole = (value: string): value is Role => (ROLES as readonly string[]).includes(value);

export interface LessonChain {
  course: GatedCourse | null;
  module: Gated & { courseId: number | null };
  lesson: { tagIds: readonly number[] };
}

// Reading: every signed-in person; what they get is filtered by the visibility rules.
export const canSearchCatalogue = (_actor: Actor) => true;
/** Every member sees their own progress over the courses they can see (the dashboard). */
export const canReadCourseProgress = (_actor: Actor) => true;
export const canViewCourse = (actor: Actor, course: GatedCourse) => canSeeCourse(viewerOf(actor), course);
export const canCheckCourseAccess = (_actor: Actor) => true;
export const canRedirectToLesson = (_actor: Actor) => true;
/** Non-admins get the modules of the courses they can open; admins every module, free ones included. */
export const canListModules = (_actor: Actor) => true;
export const canListAllModules = (actor: Actor) => isAdmin(actor);
export const canOpenLessonOf = (actor: Actor, chain: LessonChain) => canOpenLesson(viewerOf(actor), chain);
/** Marking a lesson (un)completed: only lessons the person can open. */
export const canMarkLesson = (actor: Actor, chain: LessonChain) => canOpenLesson(viewerOf(actor), chain);
/** Taking a lesson's quiz: whoever can open the lesson (authors too, to try what they wrote). */
export const canAttemptQuiz = (actor: Actor, chain: LessonChain) => canOpenLesson(viewerOf(actor), chain);
/** The right answers of a lesson's quiz: the people who may edit it. */
export const canSeeQuizAnswers = (actor: Actor) => canUpsertLesson(actor);
/** Completions are always the caller's own. */
export const canListOwnCompletions = (_actor: Actor) => true;
/** A member's own certificates (GET /api/certificates/mine): every signed-in person, always their own. */
export const canListOwnCertificates = (_actor: Actor) => true;
/**
 * A certificate and its PDF by id: anyone holding the address, signed in or not (the gateway leaves the call open);
 * the answer shows only what the certificate shows, and the id cannot be guessed.
 */
export const canViewCertificate = (_actor: Actor | undefined) => true;

// Authoring: admins only.
export const canUpsertCourse = (actor: Actor) => isAdmin(actor);
export const canDeleteCourse = (actor: Actor) => isAdmin(actor);
export const canReorderCourse = (actor: Actor) => isAdmin(actor);
export const canReorderCourses = (actor: Actor) => isAdmin(actor);
export const canUpsertModule = (actor: Actor) => isAdmin(actor);
export const canDeleteModule = (actor: Actor) => isAdmin(actor);
export const canReorderModules = (actor: Actor) => isAdmin(actor);
export const canListLessons = (actor: Actor) => isAdmin(actor);
export const canReadLessonOptions = (actor: Actor) => isAdmin(actor);
export const canUpsertLesson = (actor: Actor) => isAdmin(actor);
export const canDeleteLesson = (actor: Actor) => isAdmin(actor);
/** Course insights (who started and finished, where members stop): admins, who run the courses; not coaches. */
export const canReadCourseInsights = (actor: Actor) => isAdmin(actor);

// What the person may do with each record, sent as `abilities` by the presenters (from the rules above).
export const courseAbilities = (actor: Actor): RecordAbilities => ({
  edit: canUpsertCourse(actor),
  delete: canDeleteCourse(actor),
  reorder: canReorderCourse(actor),
});
export const moduleAbilities = (actor: Actor): RecordAbilities => ({
  edit: canUpsertModule(actor),
  delete: canDeleteModule(actor),
  reorder: canReorderModules(actor),
});
/** A lesson moves with its course's reorder. */
export const lessonAbilities = (actor: Actor): RecordAbilities => ({
  edit: canUpsertLesson(actor),
  delete: canDeleteLesson(actor),
  reorder: canReorderCourse(actor),
});
export const catalogueAbilities = (actor: Actor): CatalogueAbilities => ({
  createCourse: canUpsertCourse(actor),
  reorderCourses: canReorderCourses(actor),
});

// Lesson discussions (docs/decisions.md "Lesson discussions"): whoever can open the lesson reads and writes its
// discussion (anyone else gets the unknown lesson's 404); coaches and admins moderate it.
const isCoachOrAdmin = (actor: Actor) => actor.role === 'admin' || actor.role === 'coach';
const ownComment = (actor: Actor, comment: { authorId: number | null }) => comment.authorId === actor.userId;
export const canReadDiscussion = (actor: Actor, chain: LessonChain) => canOpenLessonOf(actor, chain);
export const canPostComment = (actor: Actor, chain: LessonChain) => canOpenLessonOf(actor, chain);
export const canEditOwnComment = (actor: Actor, chain: LessonChain, comment: { authorId: number | null }) =>
  canOpenLessonOf(actor, chain) && ownComment(actor, comment);
export const canDeleteOwnComment = (actor: Actor, chain: LessonChain, comment: { authorId: number | null }) =>
  canOpenLessonOf(actor, chain) && ownComment(actor, comment);
/** Moderation as a whole (the routes' role check, the web's menu); each action also needs the lesson open. */
export const canModerateDiscussions = (actor: Actor) => isCoachOrAdmin(actor);
export const canMarkAnswer = (actor: Actor, chain: LessonChain) =>
  canModerateDiscussions(actor) && canOpenLessonOf(actor, chain);
export const canHideComment = (actor: Actor, chain: LessonChain) =>
  canModerateDiscussions(actor) && canOpenLessonOf(actor, chain);
/** Whether a person (the service's copy of her: role and tags) may be told about the lesson's discussion. */
export const canBeToldOfDiscussion = (person: { role: string; tagIds: readonly number[] }, chain: LessonChain) =>
  isRole(person.role) && canOpenLesson({ role: person.role, tagIds: person.tagIds }, chain);
/** Who a comment may @mention and notify that way: coaches and admins. */
export const isMentionable = (person: { role: string }) => person.role === 'coach' || person.role === 'admin';
