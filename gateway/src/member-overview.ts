/**
 * GET /api/user/overview/{id}: a member's whole picture for staff, gathered like the dashboard
 * (dashboard.ts). In parallel, each with its own deadline:
 *  - users, as the person (their internal token): the person, tags and history, and the decision who may look
 *    (404 for an id the viewer may not read, 403 for a member) — its answer is passed on as it is when it refuses;
 *  - billing, courses and board on their /internal routes (a gateway service token), only for the parts the viewer's
 *    role shows (contracts' memberOverviewParts); courses answers its two parts in one call (/learning). Their
 *    answers are dropped unless users said yes.
 * A part whose service fails, is too slow or sits behind an open breaker is null and named in `unavailable`; the
 * page still opens. The parts' answers are kept per member for MEMBER_OVERVIEW_PART_KEEP_MS (KeptParts): a page opened
 * again, or read again after a tag edit, asks only users; users' own call (who may look, the person, the history) is
 * never kept, so access is decided afresh on every call. users' own call has a proxied call's timeout
 * (UPSTREAM_TIMEOUT_MS); without its answer nothing can be shown: 503.
 */
import {
  type Actor,
  type MemberBoardSummary,
  type MemberCertificate,
  type MemberCourseProgress,
  type MemberOverview,
  type MemberOverviewCore,
  type MemberOverviewPart,
  type MemberPurchase,
  memberOverviewParts,
} from '@rainmakers/contracts';
import { HttpError, signServiceToken } from '@rainmakers/kit';
import type { Upstream } from './config';
import { type DashboardGatherer, getJsonAnswer } from './dashboard';

export const OVERVIEW_UNAVAILABLE = 'The member page could not be loaded right now. Please try again.';

/** The parts other services answer: where, and how to read their answer. */
type GatheredPart = Exclude<MemberOverviewPart, 'history'>;

interface PartCall {
  service: Upstream;
  path: (userId: number) => string;
}

/** Parts on the same call (courses and certificates: courses' /learning answers both) share one request. */
export const OVERVIEW_PART_CALLS: Record<GatheredPart, PartCall> = {
  purchases: { service: 'billing', path: (id) => `/internal/users/${id}/purchases` },
  courses: { service: 'courses', path: (id) => `/internal/users/${id}/learning` },
  certificates: { service: 'courses', path: (id) => `/internal/users/${id}/learning` },
  board: { service: 'board', path: (id) => `/internal/users/${id}/board-summary` },
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value);

function listOf<T>(body: unknown, key: string): T[] {
  const list = isRecord(body) ? body[key] : undefined;
  if (!Array.isArray(list)) throw new Error(`${key}: list missing`);
  return list as T[];
}

function boardOf(body: unknown): MemberBoardSummary {
  const summary = isRecord(body) ? body.summary : undefined;
  if (!isRecord(summary) || !Array.isArray(summary.lists)) throw new Error('board summary missing');
  return summary as unknown as MemberBoardSummary;
}

const readers: { [P in GatheredPart]: (body: unknown) => NonNullable<MemberOverview[P]> } = {
  purchases: (body) => listOf<MemberPurchase>(body, 'purchases'),
  courses: (body) => listOf<MemberCourseProgress>(body, 'courses'),
  certificates: (body) => listOf<MemberCertificate>(body, 'certificates'),
  board: boardOf,
};

type Answer = { status: number; body: unknown };

/**
 * The parts' successful answers by call (service and path, so by member), each for `keepMs` after it arrived: none
 * of them decides access (users does, on every call), and a staff page may show purchases, progress and the board as
 * they were a second or two ago. At most `max` answers; the oldest go first. keepMs 0 keeps nothing.
 */
export class KeptParts {
  private readonly kept = new Map<string, { until: number; answer: Answer }>();
  constructor(
    readonly keepMs: number,
    private readonly max = 2_000,
  ) {}

  get(key: string, now = Date.now()): Answer | undefined {
    const entry = this.kept.get(key);
    if (!entry) return undefined;
    if (entry.until <= now) {
      this.kept.delete(key);
      return undefined;
    }
    return entry.answer;
  }

  set(key: string, answer: Answer, now = Date.now()): void {
    if (this.keepMs <= 0 || answer.status >= 400) return;
    this.kept.delete(key);
    if (this.kept.size >= this.max) {
      const oldest = this.kept.keys().next();
      if (!oldest.done) this.kept.delete(oldest.value);
    }
    this.kept.set(key, { until: now + this.keepMs, answer });
  }
}

export type PartResult = { ok: true; body: unknown } | { ok: false };

/** Builds the answer from users' core and the parts' results (pure). */
export function presentMemberOverview(
  role: Actor['role'],
  core: MemberOverviewCore,
  results: Partial<Record<GatheredPart, PartResult>>,
): MemberOverview {
  const shown = new Set(memberOverviewParts(role));
  const hidden: MemberOverviewPart[] = [];
  const unavailable: MemberOverviewPart[] = [];
  const read = <P extends GatheredPart>(part: P): NonNullable<MemberOverview[P]> | null => {
    if (!shown.has(part)) {
      hidden.push(part);
      return null;
    }
    const result = results[part];
    if (!result?.ok) {
      unavailable.push(part);
      return null;
    }
    try {
      return readers[part](result.body);
    } catch {
      unavailable.push(part);
      return null;
    }
  };
  const history = shown.has('history') ? (core.history ?? null) : null;
  if (!shown.has('history')) hidden.push('history');
  const purchases = read('purchases');
  const courses = read('courses');
  const certificates = read('certificates');
  const board = read('board');
  return {
    person: core.person,
    history,
    historyTotal: history ? core.historyTotal : null,
    purchases,
    courses,
    certificates,
    board,
    hidden,
    unavailable,
  };
}

/** The gateway's own service token for /internal calls, minted again well before its 60 s run out. */
let minted: { secret: string; token: string; until: number } | null = null;
export function gatewayServiceToken(secret: string): string {
  const now = Date.now();
  if (!minted || minted.secret !== secret || minted.until < now) {
    minted = { secret, token: signServiceToken('gateway', secret), until: now + 30_000 };
  }
  return minted.token;
}

export interface OverviewGatherer extends DashboardGatherer {
  internalTokenSecret: string;
  /** users' answer is the page itself (who may look, the person): it gets a proxied call's timeout, not a part's. */
  coreDeadlineMs: number;
  /** The parts' recent answers (never users'). */
  keptParts: KeptParts;
}

/** One GET to a service within `deadlineMs` (default: a part's deadline), refused at once while its breaker is open. */
export function upstreamAsker(
  gatherer: Pick<OverviewGatherer, 'upstreams' | 'agents' | 'isUp' | 'deadlineMs'>,
  requestId: string | undefined,
) {
  return (service: Upstream, path: string, token: string, deadlineMs = gatherer.deadlineMs): Promise<Answer> =>
    gatherer.isUp(service)
      ? getJsonAnswer({
          baseUrl: gatherer.upstreams[service],
          path,
          agent: gatherer.agents[service],
          token,
          requestId,
          deadlineMs,
        })
      : Promise.reject(new Error(`${service} is down`));
}

/** Asks users and every shown part at once; throws users' own refusal (403/404) or 503 when users cannot answer. */
export async function gatherMemberOverview(
  gatherer: OverviewGatherer,
  actor: Pick<Actor, 'role'>,
  userId: number,
  personToken: string,
  requestId: string | undefined,
): Promise<MemberOverview> {
  const ask = upstreamAsker(gatherer, requestId);
  const serviceToken = gatewayServiceToken(gatherer.internalTokenSecret);
  const shown = memberOverviewParts(actor.role).filter((p): p is GatheredPart => p !== 'history');
  const calls = new Map<string, Promise<Answer>>();
  const callFor = (part: GatheredPart) => {
    const { service, path } = OVERVIEW_PART_CALLS[part];
    const key = `${service} ${path(userId)}`;
    let call = calls.get(key);
    if (!call) {
      const kept = gatherer.keptParts.get(key);
      call = kept
        ? Promise.resolve(kept)
        : ask(service, path(userId), serviceToken).then((answer) => {
            gatherer.keptParts.set(key, answer);
            return answer;
          });
      calls.set(key, call);
    }
    return call;
  };
  const [users, ...parts] = await Promise.allSettled([
    ask('users', `/api/user/overview/${userId}`, personToken, gatherer.coreDeadlineMs),
    ...shown.map(callFor),
  ]);
  if (users.status === 'rejected' || users.value.status >= 500) throw new HttpError(503, OVERVIEW_UNAVAILABLE);
  if (users.value.status >= 400) {
    const body = isRecord(users.value.body) ? users.value.body : {};
    throw new HttpError(users.value.status, typeof body.error === 'string' ? body.error : 'Request failed');
  }
  const results: Partial<Record<GatheredPart, PartResult>> = {};
  shown.forEach((part, i) => {
    const settled = parts[i];
    results[part] =
      settled?.status === 'fulfilled' && settled.value.status < 400
        ? { ok: true, body: settled.value.body }
        : { ok: false };
  });
  return presentMemberOverview(actor.role as Actor['role'], users.value.body as MemberOverviewCore, results);
}
