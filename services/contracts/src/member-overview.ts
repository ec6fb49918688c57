/**
 * GET /api/user/overview/{id}: one member's whole picture for staff. The gateway gathers it like the
 * dashboard: users answers the person, tags and history as the viewer (its read policy decides 403/404), while
 * billing, courses and board answer their parts on their /internal routes, each with its own deadline. A part whose
 * service failed or was too slow is null and named in `unavailable`; a part the viewer may not see is null and named
 * in `hidden`. Types and the one visibility rule only (the web imports no zod here).
 */
import type { Role } from './roles';
import type { User } from './users';

/** Every part of the member page besides the person. */
export const MEMBER_OVERVIEW_PARTS = ['history', 'purchases', 'courses', 'certificates', 'board'] as const;
export type MemberOverviewPart = (typeof MEMBER_OVERVIEW_PARTS)[number];

/** Bounds of each part (the newest first where a part is a list). */
export const MEMBER_OVERVIEW_LIMITS = {
  history: 50,
  purchases: 50,
  courses: 50,
  certificates: 50,
  boardLists: 50,
} as const;

/**
 * The parts each role sees on a member page: admins everything; coaches (who see premium members and may change only
 * their tags) the learning and the board they review, not the payments nor the audit log, which stay admin-only;
 * every other role nothing (users answers 403).
 */
export function memberOverviewParts(role: Role): readonly MemberOverviewPart[] {
  if (role === 'admin') return MEMBER_OVERVIEW_PARTS;
  if (role === 'coach') return ['courses', 'certificates', 'board'];
  return [];
}

/** A person as the member page shows them: the user record, with the sign-in facts where the users service has them. */
export type MemberPerson = User & { invitedAt?: string | null; lastSignInAt?: string | null };

export interface MemberHistoryEntry {
  id: number;
  at: string;
  actorId: number | null;
  actorName: string | null;
  action: string;
  before: unknown;
  after: unknown;
}

/** What users answers the gateway (GET /api/user/overview/{id} on the users service, as the viewer). */
export interface MemberOverviewCore {
  person: MemberPerson;
  /** Newest first, at most MEMBER_OVERVIEW_LIMITS.history; null when the viewer may not read the audit log. */
  history: MemberHistoryEntry[] | null;
  historyTotal: number | null;
}

export interface MemberPurchase {
  paymentIntentId: string;
  resourceId: number;
  resourceTitle: string;
  amountCents: number;
  currency: string;
  status: string;
  createdAt: string;
  completedAt: string | null;
}

export interface MemberCourseProgress {
  courseId: number;
  title: string;
  slug: string;
  completedLessons: number;
  lessons: number;
  percent: number;
  lastCompletedAt: string | null;
}

export interface MemberCertificate {
  id: string;
  courseId: number;
  courseTitle: string;
  completedAt: string;
}

export interface MemberBoardList {
  id: number;
  name: string;
  cardCount: number;
}

export interface MemberBoardSummary {
  /** False when the member has no board yet (nothing is created by looking). */
  exists: boolean;
  lists: MemberBoardList[];
  cardCount: number;
  /** The newest change of a card or comment on the board; null when there is none. */
  lastActivityAt: string | null;
}

export interface MemberOverview {
  person: MemberPerson;
  history: MemberHistoryEntry[] | null;
  historyTotal: number | null;
  purchases: MemberPurchase[] | null;
  courses: MemberCourseProgress[] | null;
  certificates: MemberCertificate[] | null;
  board: MemberBoardSummary | null;
  /** Parts the viewer's role does not show (memberOverviewParts). */
  hidden: MemberOverviewPart[];
  /** Parts whose service failed or did not answer in time. */
  unavailable: MemberOverviewPart[];
}
