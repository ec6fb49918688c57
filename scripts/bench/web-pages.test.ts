/**
 * Every screen is held to the first-load budgets (scripts/bench/web.ts): the web bench's page list must name every
 * route of the app's route table (web/src/lib/routes.ts) but its redirects, so a new screen cannot ship unmeasured.
 */
import { describe, expect, it } from '@jest/globals';
import { ROUTES } from '../../web/src/lib/routes';
import { BUDGETS, WEB_PAGES, webPageSpecs } from './web';

const screens = ROUTES.filter((route) => route.kind !== 'redirect').map((route) => route.path);

describe('the web bench measures every route', () => {
  it('has a page for every route of web/src/lib/routes.ts', () => {
    const missing = screens.filter((path) => !(path in WEB_PAGES));
    if (missing.length > 0) {
      throw new Error(
        `Routes missing from WEB_PAGES in scripts/bench/web.ts (every screen's first load must be measured): ${missing.join(', ')}`,
      );
    }
  });

  it('names no route the app does not have', () => {
    expect(Object.keys(WEB_PAGES).filter((path) => !screens.includes(path))).toEqual([]);
  });

  it('holds every page to the same budgets, with all parameters and sessions known', () => {
    const specs = webPageSpecs(
      { courseSlug: 'a-course', moduleId: 1, lessonId: 2, communityId: 3, boardOwnerId: 4 },
      new Set(['member', 'boardOwner', 'admin', 'guest']),
    );
    expect(specs.map((spec) => spec.route).sort()).toEqual([...screens].sort());
    expect(specs.every((spec) => spec.budget)).toBe(true);
    expect(specs.filter((spec) => spec.slow).map((spec) => spec.path)).toEqual([
      '/',
      '/courses',
      '/courses/a-course',
      '/profile',
    ]);
    expect(BUDGETS).toMatchObject({ jsGzipBytes: 185_000, jsRequests: 15 });
  });
});
