/**
 * GET /api/dashboard: one round trip for the whole dashboard. The gateway asks each service for its card's data in
 * parallel, as the person (the same internal token a proxied call carries), with a deadline per source; a source
 * that fails, is too slow or sits behind an open breaker costs its own card only.
 */
import http from 'node:http';
import {
  type Actor,
  canHaveOwnBoard,
  type DashboardAnswer,
  type DashboardBanner,
  type DashboardBoardShares,
  type DashboardCourseProgress,
  type DashboardResource,
  type DashboardSource,
  sessionAbilities,
} from '@rainmakers/contracts';
import {
  currentTraceparent,
  endClientSpan,
  INTERNAL_TOKEN_HEADER,
  REQUEST_ID_HEADER,
  startClientSpan,
  TRACEPARENT_HEADER,
} from '@rainmakers/kit';
import type { Upstream } from './config';

/** Resources asked for on the dashboard (spec part 2 §9: page size 15 on the dashboard). */
export const DASHBOARD_RESOURCES_PER_PAGE = 15;

export type ThirdColumnKind = 'board' | 'calendar' | null;

/** Which third column the person gets (see DashboardThirdColumn). */
export function thirdColumnKind(actor: Pick<Actor, 'role' | 'createdAt'>): ThirdColumnKind {
  if (!sessionAbilities(actor).seeCoachingColumn) return null;
  return canHaveOwnBoard(actor) ? 'board' : 'calendar';
}

interface SourceCall {
  service: Upstream;
  path: string;
}

/** The calls behind each card for this person; null where the card does not apply. */
export function dashboardCalls(
  actor: Pick<Actor, 'userId' | 'role' | 'createdAt'>,
): Record<DashboardSource, SourceCall | null> {
  return {
    courseProgress: { service: 'courses', path: '/api/course/progress' },
    products: { service: 'tools', path: '/api/product/count' },
    resources: {
      service: 'resources',
      path: `/api/resource/read-many?itemsPerPage=${DASHBOARD_RESOURCES_PER_PAGE}`,
    },
    banners: { service: 'resources', path: '/api/dashboard-banner/read-many' },
    board:
      thirdColumnKind(actor) === 'board'
        ? { service: 'board', path: `/api/move-the-needle/summary?userId=${actor.userId}` }
        : null,
  };
}

const record = (value: unknown): Record<string, unknown> | null =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

/** Throws on an answer that is not the shape a card needs: the card then shows its error fallback. */
function expectRecord(value: unknown, what: string): Record<string, unknown> {
  const found = record(value);
  if (!found) throw new Error(`${what}: not an object`);
  return found;
}

function pickCourseProgress(body: unknown): DashboardCourseProgress {
  const progress = expectRecord(expectRecord(body, 'course progress').progress, 'course progress');
  const n = (key: string) => {
    const value = progress[key];
    if (typeof value !== 'number') throw new Error(`course progress: ${key} missing`);
    return value;
  };
  return {
    courses: n('courses'),
    completedCourses: n('completedCourses'),
    lessons: n('lessons'),
    completedLessons: n('completedLessons'),
    percent: n('percent'),
  };
}

function pickProductCount(body: unknown): number {
  const total = expectRecord(body, 'product count').total;
  if (typeof total !== 'number') throw new Error('product count: total missing');
  return total;
}

function pickResources(body: unknown): DashboardResource[] {
  const list = expectRecord(body, 'resources').resources;
  if (!Array.isArray(list)) throw new Error('resources: list missing');
  return list
    .map((item) => record(item))
    .filter((item): item is Record<string, unknown> => item !== null)
    .map((item) => ({
      id: Number(item.id),
      title: String(item.title ?? ''),
      coverPhotoUrl: typeof item.coverPhotoUrl === 'string' && item.coverPhotoUrl ? item.coverPhotoUrl : null,
      createdAt: String(item.createdAt ?? ''),
    }))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/**
 * The read-many answer's keys (spec part 2 §7), in the order the cards show them. Resources answers only the banners
 * the person may read (its canReadBanner: every banner for admins, the one of her level otherwise) and the shipping
 * rate only to those who may see it (its canSeeShippingRate), so the gateway keeps whatever came back.
 */
const BANNER_KEYS = ['basic', 'courseOnly', 'premium'] as const;

function pickBanners(body: unknown): { banners: DashboardBanner[]; premium: DashboardBanner | null } {
  const all = expectRecord(body, 'banners');
  const banner = (key: (typeof BANNER_KEYS)[number]) => {
    const found = record(all[key]);
    return found ? (found as unknown as DashboardBanner) : null;
  };
  return {
    banners: BANNER_KEYS.map(banner).filter((b): b is DashboardBanner => b !== null),
    premium: banner('premium'),
  };
}

/** Current Average Shipping Rate (spec part 2 §6): the premium banner's, as resources sent it to this person. */
export function shippingRateOf(premiumBanner: DashboardBanner | null): string | null {
  const rate = premiumBanner?.average_shipping_rate;
  if (rate === null || rate === undefined || rate === '') return null;
  return String(rate);
}

function pickBoard(body: unknown): DashboardBoardShares {
  const summary = expectRecord(expectRecord(body, 'board').summary, 'board summary');
  const counts = expectRecord(summary.counts, 'board counts');
  const percent = expectRecord(summary.percent, 'board percent');
  const four = (from: Record<string, unknown>) => ({
    notStarted: Number(from.notStarted ?? 0),
    inProgress: Number(from.inProgress ?? 0),
    completed: Number(from.completed ?? 0),
    onHold: Number(from.onHold ?? 0),
  });
  return { total: Number(summary.total ?? 0), counts: four(counts), percent: four(percent) };
}

export type SourceResult = { ok: true; body: unknown } | { ok: false };

/** Builds the answer from what each source returned (pure: the sources' bodies in, the page's data out). */
export function presentDashboard(
  actor: Pick<Actor, 'role' | 'createdAt'>,
  results: Partial<Record<DashboardSource, SourceResult>>,
): DashboardAnswer {
  const unavailable: DashboardSource[] = [];
  const read = <T>(source: DashboardSource, pick: (body: unknown) => T): T | null => {
    const result = results[source];
    if (!result) return null;
    if (!result.ok) {
      unavailable.push(source);
      return null;
    }
    try {
      return pick(result.body);
    } catch {
      unavailable.push(source);
      return null;
    }
  };
  const courseProgress = read('courseProgress', pickCourseProgress);
  const productCount = read('products', pickProductCount);
  const recentResources = read('resources', pickResources);
  const banners = read('banners', pickBanners);
  const kind = thirdColumnKind(actor);
  return {
    role: actor.role as DashboardAnswer['role'],
    courseProgress,
    productCount,
    recentResources,
    banners: banners?.banners ?? null,
    averageShippingRate: banners ? shippingRateOf(banners.premium) : null,
    thirdColumn:
      kind === 'board' ? { kind: 'board', board: read('board', pickBoard) } : kind === 'calendar' ? { kind } : null,
    unavailable,
  };
}

export interface JsonGet {
  baseUrl: string;
  path: string;
  agent: http.Agent;
  token: string;
  requestId: string | undefined;
  deadlineMs: number;
}

/** GET a JSON answer from a service over the gateway's keep-alive pool, failing on a 4xx/5xx or after `deadlineMs`. */
export async function getJson(options: JsonGet): Promise<unknown> {
  const answer = await getJsonAnswer(options);
  if (answer.status >= 400) throw new Error(`${options.path} answered ${answer.status}`);
  return answer.body;
}

/** GET a service's answer with its status (any status), failing on no answer within `deadlineMs` or a non-JSON body. */
export function getJsonAnswer(options: JsonGet): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const url = new URL(options.path, options.baseUrl);
    // A CLIENT span per call (tracing on, sampled), parent of the service's server span; else the caller's context.
    const client = startClientSpan('GET', url);
    const traceparent = client?.traceparent ?? currentTraceparent();
    let spanOpen = client !== undefined;
    const endSpan = (status: number | undefined, error?: unknown) => {
      if (!spanOpen) return;
      spanOpen = false;
      endClientSpan(client, status, error);
    };
    const request = http.get(
      url,
      {
        agent: options.agent,
        headers: {
          accept: 'application/json',
          [INTERNAL_TOKEN_HEADER]: options.token,
          ...(options.requestId ? { [REQUEST_ID_HEADER]: options.requestId } : {}),
          ...(traceparent ? { [TRACEPARENT_HEADER]: traceparent } : {}),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          clearTimeout(timer);
          const status = response.statusCode ?? 500;
          endSpan(status);
          try {
            resolve({ status, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
          } catch (error) {
            reject(error);
          }
        });
      },
    );
    const timer = setTimeout(
      () => request.destroy(new Error(`${url.pathname}: no answer within ${options.deadlineMs} ms`)),
      options.deadlineMs,
    );
    request.on('error', (error) => {
      clearTimeout(timer);
      endSpan(undefined, error);
      reject(error);
    });
  });
}

/**
 * How long the content cards' answers are kept (docs/decisions.md, "The dashboard keeps its content cards, not its
 * progress cards"): the recent resources and the banners change when staff publish, not when the member acts, and
 * their call to resources was the dearest of the five (a list with its categories, tags and purchases). The cards
 * that follow the member's own work (course progress, products, board) are asked on every call.
 */
export const DASHBOARD_CONTENT_KEEP_MS = 5_000;

/** The sources whose answers are kept, and what each answer depends on besides the data. */
const KEPT_SOURCES: Partial<Record<DashboardSource, (actor: DashboardActor) => string>> = {
  // Visibility follows the role, the tags and the person's purchases (resources' visibleTo).
  resources: (actor) => `resources:${actor.userId}:${actor.role}:${actor.tagIds.join(',')}`,
  // One banner per level, the shipping rate by role (resources' canReadBanner, canSeeShippingRate): shared by role.
  banners: (actor) => `banners:${actor.role}`,
};

type DashboardActor = Pick<Actor, 'userId' | 'role' | 'createdAt' | 'tagIds'>;

/** Successful answers of the kept sources, each for DASHBOARD_CONTENT_KEEP_MS, at most `max` of them. */
export class KeptDashboardSources {
  private readonly kept = new Map<string, { until: number; body: unknown }>();
  constructor(
    readonly keepMs = DASHBOARD_CONTENT_KEEP_MS,
    private readonly max = 5_000,
  ) {}

  get(key: string, now = Date.now()): unknown {
    const entry = this.kept.get(key);
    if (!entry) return undefined;
    if (entry.until > now) return entry.body;
    this.kept.delete(key);
    return undefined;
  }

  set(key: string, body: unknown, now = Date.now()): void {
    if (this.keepMs <= 0) return;
    this.kept.delete(key);
    if (this.kept.size >= this.max) {
      const oldest = this.kept.keys().next();
      if (!oldest.done) this.kept.delete(oldest.value);
    }
    this.kept.set(key, { until: now + this.keepMs, body });
  }
}

export interface DashboardGatherer {
  upstreams: Record<Upstream, string>;
  agents: Record<Upstream, http.Agent>;
  /** Whether a service's breaker lets calls through (an open breaker fails its card at once). */
  isUp: (service: Upstream) => boolean;
  deadlineMs: number;
  /** The content cards' kept answers; without it every source is asked on every call. */
  kept?: KeptDashboardSources;
}

/** Asks every applicable source at once and presents the answer; never throws for a failing source. */
export async function gatherDashboard(
  gatherer: DashboardGatherer,
  actor: DashboardActor,
  token: string,
  requestId: string | undefined,
): Promise<DashboardAnswer> {
  const calls = Object.entries(dashboardCalls(actor)).filter(
    (entry): entry is [DashboardSource, SourceCall] => entry[1] !== null,
  );
  const settled = await Promise.all(
    calls.map(async ([source, call]): Promise<[DashboardSource, SourceResult]> => {
      const keyOf = KEPT_SOURCES[source];
      const key = keyOf && gatherer.kept ? keyOf(actor) : null;
      const kept = key === null ? undefined : gatherer.kept?.get(key);
      if (kept !== undefined) return [source, { ok: true, body: kept }];
      if (!gatherer.isUp(call.service)) return [source, { ok: false }];
      try {
        const body = await getJson({
          baseUrl: gatherer.upstreams[call.service],
          path: call.path,
          agent: gatherer.agents[call.service],
          token,
          requestId,
          deadlineMs: gatherer.deadlineMs,
        });
        if (key !== null) gatherer.kept?.set(key, body);
        return [source, { ok: true, body }];
      } catch {
        return [source, { ok: false }];
      }
    }),
  );
  return presentDashboard(actor, Object.fromEntries(settled));
}
