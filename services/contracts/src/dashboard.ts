/**
 * GET /api/dashboard: the data of every dashboard card in one answer, gathered by the gateway from the services in
 * parallel with a deadline each. A card whose service failed or was too slow is null and named in `unavailable`,
 * so the page shows 'Oops! Something went wrong.' on that card alone. Types only (the web imports no zod here).
 */
import type { Role } from './roles';

export const DASHBOARD_SOURCES = ['courseProgress', 'products', 'resources', 'banners', 'board'] as const;
export type DashboardSource = (typeof DASHBOARD_SOURCES)[number];

export interface DashboardCourseProgress {
  courses: number;
  completedCourses: number;
  lessons: number;
  completedLessons: number;
  percent: number;
}

export interface DashboardResource {
  id: number;
  title: string;
  coverPhotoUrl: string | null;
  createdAt: string;
}

/** A dashboard banner with the spec's field names (part 2 §3). */
export interface DashboardBanner {
  id: number;
  title: string;
  content: string;
  video_url: string | null;
  button_text: string;
  button_url: string;
  type: 'basic' | 'premium' | 'course only';
  average_shipping_rate: number | string | null;
}

export interface DashboardBoardShares {
  total: number;
  counts: { notStarted: number; inProgress: number; completed: number; onHold: number };
  percent: { notStarted: number; inProgress: number; completed: number; onHold: number };
}

/**
 * The third column (non-basic roles): the Move the Needle donut for people who may open their own board, the
 * Rainmaker Calendar card for the others (course only, premium accounts created on or after the cut-off): the same
 * reading as the board routes (web/src/lib/routes.ts ACCESS.ownBoard). Basic members have no third column.
 */
export type DashboardThirdColumn = { kind: 'board'; board: DashboardBoardShares | null } | { kind: 'calendar' } | null;

export interface DashboardAnswer {
  role: Role;
  courseProgress: DashboardCourseProgress | null;
  /** Total Products (tools' product count). */
  productCount: number | null;
  /** Recent Resources, newest first. */
  recentResources: DashboardResource[] | null;
  /** The banner of the person's level; every banner for admins. */
  banners: DashboardBanner[] | null;
  /** Current Average Shipping Rate: premium members and admins, when the premium banner carries one. */
  averageShippingRate: string | null;
  thirdColumn: DashboardThirdColumn;
  /** Sources that failed or missed their deadline: their cards show the error fallback. */
  unavailable: DashboardSource[];
}
