/**
 * `heavy-isolation`: the spec's catalogue call, `GET /api/course/read-many?search=<term>&itemsPerPage=1000`
 * (spec part 1, section 9), as an admin at 10 connections, beside a member reading course pages. The member's p95 is
 * measured alone first, then beside the admin's load for the same time; the target is her p95 under load at most
 * twice her p95 alone, with no 5xx for her (the admin may be answered 429/503 with Retry-After: that is his).
 */
import type { LoadResult } from './load';
import { runLoad } from './load';
import type { Measurer } from './measure';
import type { BenchOptions } from './options';
import type { ScenarioPlan } from './scenarios';
import { coursePageScenario } from './scenarios';
import type { SessionHeaders } from './setup';

/** The acceptance of bounded work: her p95 beside the heavy calls within twice her p95 alone. */
export const ISOLATION_MAX_P95_RATIO = 2;
export const HEAVY_CONNECTIONS = 10;

export interface IsolationInput {
  gatewayUrl: string;
  admin: SessionHeaders;
  member: SessionHeaders;
  slugs: readonly string[];
  terms: readonly string[];
}

/** The admin's spec call over the rotating terms and the whole catalogue (no search). */
export function heavyCatalogueScenario(
  gatewayUrl: string,
  admin: SessionHeaders,
  terms: readonly string[],
): ScenarioPlan {
  const all = ['', ...terms];
  let n = 0;
  return {
    key: 'heavy-isolation-admin',
    name: 'heavy-isolation: admin, itemsPerPage=1000',
    description:
      "GET /api/course/read-many?search=<term>&itemsPerPage=1000 (the spec's catalogue call, every list up to 1,000 " +
      `items) as the admin, ${HEAVY_CONNECTIONS} connections, rotating the search terms and no search`,
    origin: gatewayUrl,
    connections: HEAVY_CONNECTIONS,
    next: () => {
      const term = all[n++ % all.length] as string;
      const query = new URLSearchParams({ ...(term ? { search: term } : {}), itemsPerPage: '1000' });
      return {
        method: 'GET',
        path: `/api/course/read-many?${query}`,
        headers: { ...admin.read, 'accept-encoding': 'gzip, deflate, br' },
        label: term || '(no search)',
      };
    },
  };
}

const loadOf = (plan: ScenarioPlan, seconds: number, warmupSeconds: number) => ({
  name: plan.name,
  origin: plan.origin,
  connections: plan.connections ?? 1,
  durationSeconds: seconds,
  warmupSeconds,
  next: plan.next,
});

export async function runHeavyIsolation(input: IsolationInput, options: BenchOptions, measurer: Measurer) {
  const seconds = options.isolationSeconds;
  const member: ScenarioPlan = { ...coursePageScenario(input.gatewayUrl, [input.member], input.slugs), connections: 1 };
  const alone = await measurer.measure(
    {
      key: 'heavy-isolation-alone',
      name: 'heavy-isolation: member alone',
      description: `GET /api/course/{slug} by one member (1 connection), ${seconds} s, nothing else running`,
      targets: [],
    },
    (beforeMeasure, signal) => runLoad({ ...loadOf(member, seconds, options.warmupSeconds), beforeMeasure, signal }),
    seconds + options.warmupSeconds,
  );
  const heavy = heavyCatalogueScenario(input.gatewayUrl, input.admin, input.terms);
  let adminResult: LoadResult | null = null;
  await measurer.measure(
    {
      key: 'heavy-isolation',
      name: 'heavy-isolation: member beside the admin',
      description:
        `GET /api/course/{slug} by the same member (1 connection) for ${seconds} s while the admin sends the spec's ` +
        `itemsPerPage=1000 catalogue call at ${HEAVY_CONNECTIONS} connections`,
      targets: [{ p95RatioOf: 'heavy-isolation-alone', atMost: ISOLATION_MAX_P95_RATIO }],
      notes: [`member alone: p95 ${alone.latency.p95} ms`],
    },
    async (beforeMeasure, signal) => {
      // Both warm up together, then both measured runs start together.
      let ready = 0;
      let release: () => void = () => {};
      const bothReady = new Promise<void>((resolve) => {
        release = resolve;
      });
      const arrive = async () => {
        ready += 1;
        if (ready === 2) {
          await beforeMeasure();
          release();
        }
        await bothReady;
      };
      const [memberResult, admin] = await Promise.all([
        runLoad({ ...loadOf(member, seconds, options.warmupSeconds), beforeMeasure: arrive, signal }),
        runLoad({ ...loadOf(heavy, seconds, options.warmupSeconds), beforeMeasure: arrive, signal }),
      ]);
      adminResult = admin;
      return memberResult;
    },
    seconds + options.warmupSeconds,
  );
  const admin = adminResult as LoadResult | null;
  if (admin) {
    measurer.reports.push({
      ...admin,
      key: heavy.key,
      description: heavy.description,
      targets: [],
      cpu: {},
      notes: ['runs beside "heavy-isolation: member beside the admin" (the CPU figures are in that row)'],
    });
    say(admin);
  }
}

function say(admin: LoadResult): void {
  process.stdout.write(
    `  ${admin.name}: ${admin.requestsPerSecond.toFixed(1)} req/s, p50 ${admin.latency.p50.toFixed(1)} ms, ` +
      `p95 ${admin.latency.p95.toFixed(1)} ms, statuses ${Object.entries(admin.statusCodes)
        .map(([code, n]) => `${code}x${n}`)
        .join(' ')}\n`,
  );
}
