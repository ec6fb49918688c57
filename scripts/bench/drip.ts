/**
 * `course-page-drip`: the course page of the generated catalogue (a thousand lessons a course) with release rules on
 * half the modules of every course (every other module opens 3650 days after access: locked for every bench
 * member), against `course-page` measured just before in the same run: within 10 % of its throughput. The rules are
 * set through the module upsert (which invalidates the catalogue cache as an admin's edit does) and taken off again
 * afterwards, so the scenarios after it read the catalogue as before.
 */
import { coursePageScenario, type ScenarioPlan } from './scenarios';
import type { SessionHeaders } from './setup';

/** Throughput of the course page with drip rules as a share of the course page's without, in the same run. */
export const DRIP_SHARE_OF_COURSE_PAGE = 0.9;
const PARALLEL_WRITES = 4;

interface AdminModule {
  id: number;
  title: string;
}

async function modulesOf(gatewayUrl: string, admin: SessionHeaders, slug: string): Promise<AdminModule[]> {
  const answer = await fetch(`${gatewayUrl}/api/course/${encodeURIComponent(slug)}`, { headers: admin.read });
  if (!answer.ok) throw new Error(`course ${slug}: ${answer.status}`);
  const { course } = (await answer.json()) as { course: { Modules: AdminModule[] } };
  return course.Modules;
}

async function setRule(gatewayUrl: string, admin: SessionHeaders, module: AdminModule, days: number | null) {
  const answer = await fetch(`${gatewayUrl}/api/module/upsert`, {
    method: 'POST',
    headers: admin.write,
    body: JSON.stringify({ id: module.id, title: module.title, releaseAfterDays: days }),
  });
  if (!answer.ok) throw new Error(`module ${module.id}: ${answer.status} ${await answer.text()}`);
}

async function inTurns<T>(items: readonly T[], work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: PARALLEL_WRITES }, async () => {
      while (next < items.length) {
        const item = items[next++] as T;
        await work(item);
      }
    }),
  );
}

/** Puts a rule on every other module of the courses; answers the function that takes them off again. */
export async function withDripRules(
  gatewayUrl: string,
  admin: SessionHeaders,
  slugs: readonly string[],
): Promise<{ modules: number; restore: () => Promise<void> }> {
  const dripped: AdminModule[] = [];
  for (const slug of slugs) {
    const modules = await modulesOf(gatewayUrl, admin, slug);
    dripped.push(...modules.filter((_, i) => i % 2 === 1));
  }
  await inTurns(dripped, (m) => setRule(gatewayUrl, admin, m, 3650));
  // Every edit moved the catalogue cache on: each course's outline is read once again before measuring, as the
  // plain course page's were during set-up, so both runs measure warm outlines.
  await inTurns(slugs, async (slug) => {
    await modulesOf(gatewayUrl, admin, slug);
  });
  return {
    modules: dripped.length,
    restore: () => inTurns(dripped, (m) => setRule(gatewayUrl, admin, m, null)),
  };
}

export function coursePageDripScenario(
  gatewayUrl: string,
  members: readonly SessionHeaders[],
  slugs: readonly string[],
  drippedModules: number,
): ScenarioPlan {
  const plain = coursePageScenario(gatewayUrl, members, slugs);
  return {
    ...plain,
    key: 'course-page-drip',
    name: 'course page with drip (premium)',
    description: `${plain.description}; ${drippedModules} modules (every other one) locked by a release rule`,
    targets: [{ ratioOf: 'course-page', atLeast: DRIP_SHARE_OF_COURSE_PAGE }],
  };
}
