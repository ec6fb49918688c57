/**
 * Course screens in Chromium against the running stack: an admin builds a course (form, cover upload, modules,
 * lessons with an uploaded image), reorders lessons and courses; a basic and a premium member browse and search the
 * catalogue in every tab, open lessons, see the admin's order, and complete a course; access rules and the lesson
 * redirect. Screenshots: test-artifacts/screenshots/courses-*.png (desktop and mobile).
 *
 * @runs-alone it reorders the catalogue and completes courses as the seeded members.
 */
import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import { eventually, waitFor } from '@rainmakers/kit/testing';
import {
  animationsDone,
  expectNoPageProblems,
  type Locator,
  type Page,
  SCREENSHOT_DIR,
  signInThroughUi,
  useBrowser,
} from '../support/browser';
import { admin, pngImage } from './fixtures';

jest.setTimeout(180_000);

/** The few browser globals used inside page functions (the tests' TypeScript settings have no DOM library). */
declare const document: { querySelector(selector: string): unknown; fonts: { ready: Promise<unknown> } };
declare const window: { scrollY: number; scrollTo(x: number, y: number): void };
declare const navigator: { clipboard: { readText(): Promise<string> } };

const pages = useBrowser();

/** A word of letters only (content search is full-text), unique to this run. */
const token = `zq${randomUUID()
  .replace(/[^a-f]/g, '')
  .slice(0, 6)}x`;
const COURSE = `Supplier Sourcing ${token}`;
const SLUG = `supplier-sourcing-${token}`;
const MODULE_A = `Finding suppliers ${token}`;
const MODULE_B = `Negotiation ${token}`;
const LESSONS = {
  first: `Where to look ${token}`,
  second: `Vetting samples ${token}`,
  third: `Your first order ${token}`,
};
/** Appears only in the content of the first lesson. */
const CONTENT_WORD = `marigold${token}`;
const VAULT = `Premium Vault ${token}`;
/** Titles of the many lessons the tabs page through (without `token`, so the searches above stay small). */
const PAGER = `pager${randomUUID()
  .replace(/[^a-f]/g, '')
  .slice(0, 6)}y`;
// More than a tall window's worth of 12-item pages, so the first screen never holds them all.
const PAGER_LESSONS = 60;
const VAULT_SLUG = `premium-vault-${token}`;

interface PageCourse {
  id: number;
  Modules: { id: number; title: string; Lessons: { id: number; title: string }[] }[];
}

async function courseAsAdmin(slug: string): Promise<PageCourse> {
  return (await (await admin()).get<{ course: PageCourse }>(`/api/course/${slug}`)).course;
}

/** The element's text ('' when it has none). */
async function text(locator: Locator): Promise<string> {
  return (await locator.textContent()) ?? '';
}

/**
 * Waits until the network is quiet and no skeleton or running (indeterminate) progress bar is left. Unlike
 * support/browser `settle`, determinate progress bars do not count: on course screens they are content (progress).
 */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  await page
    .waitForFunction(
      () =>
        !document.querySelector(
          '[role="status"][aria-label^="Loading"], .MuiSkeleton-root, .MuiLinearProgress-indeterminate',
        ),
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
  await page.evaluate(() => document.fonts.ready.then(() => true));
  await animationsDone(page);
}

/** test-artifacts/screenshots/<name>.png, then the page's problem guard. */
async function screenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  await settle(page);
  await page.screenshot({
    path: path.join(SCREENSHOT_DIR, `${name}.png`),
    fullPage: options.fullPage ?? true,
    animations: 'disabled',
  });
  expectNoPageProblems(page);
}

async function toast(page: Page, text: string): Promise<void> {
  await page.getByText(text, { exact: true }).first().waitFor({ state: 'visible' });
}

async function dragTo(page: Page, handle: Locator, target: Locator, offsetY = 8): Promise<void> {
  await handle.scrollIntoViewIfNeeded();
  const from = await handle.boundingBox();
  if (!from) throw new Error('drag handle not visible');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 12, { steps: 4 });
  await dragAnnounced(page, /You have lifted an item/);
  const to = await target.boundingBox();
  if (!to) throw new Error('drop target not visible');
  await page.mouse.move(to.x + 40, to.y + offsetY, { steps: 25 });
  // The drag library applies pointer moves on animation frames: two frames later the last one has landed.
  await page.evaluate(
    'new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))).then(() => true)',
  );
  await page.mouse.up();
  await dragAnnounced(page, /You have dropped the item/);
}

/**
 * Waits until the drag-and-drop library's screen-reader announcement (lifted, moved, dropped) matches: each step
 * of a drag is done once it is announced, which is also what a person using a screen reader waits for.
 */
async function dragAnnounced(page: Page, pattern: RegExp): Promise<void> {
  const region = page.locator('[id^="rfd-announcement-"]');
  await waitFor(async () => pattern.test((await region.textContent()) ?? ''), { what: `the announcement ${pattern}` });
}

/** The titles of the course cards (or result cards) shown in the catalogue panel, in order. */
async function shownTitles(page: Page): Promise<string[]> {
  return page
    .locator('#catalogue-panel article')
    .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('aria-label') ?? ''));
}

async function search(page: Page, text: string): Promise<void> {
  await page.getByRole('searchbox', { name: 'Search courses' }).fill(text);
  await page.waitForURL((url) => url.searchParams.get('search') === text);
  await settle(page);
}

beforeAll(async () => {
  // A course basic members may not open (premium only), built through the API.
  const session = await admin();
  const { course } = await session.post<{ course: { id: number } }>('/api/course/upsert', {
    title: VAULT,
    slug: VAULT_SLUG,
    description: 'Advanced material for premium members.',
    status: 'PUBLISHED',
    visibleToBasic: false,
    visibleToPremium: true,
  });
  const { module } = await session.post<{ module: { id: number } }>('/api/module/upsert', {
    title: `Vault module ${token}`,
    position: 0,
    CourseId: course.id,
  });
  await session.post('/api/lesson/upsert', {
    title: `Vault lesson ${token}`,
    content: 'Premium only.',
    ModuleId: module.id,
  });
  // More lessons than a tab's pages hold (12 each), for the infinite scroll.
  for (let n = 1; n <= PAGER_LESSONS; n++) {
    await session.post('/api/lesson/upsert', {
      title: `Pager ${PAGER} ${String(n).padStart(2, '0')}`,
      content: 'Page filler.',
      ModuleId: module.id,
      position: 100 + n,
    });
  }
});

describe('courses in the browser', () => {
  it('an admin creates a course with a cover, modules and lessons with an uploaded image', async () => {
    const page = await pages.open();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await signInThroughUi(page, 'admin');
    await page.goto('/courses');
    await page.getByRole('heading', { name: 'Courses', level: 1 }).waitFor();

    await page.getByRole('button', { name: 'Add New Course' }).click();
    const form = page.getByRole('dialog', { name: 'Add New Course' });
    await form.getByLabel('Title').fill(COURSE);
    expect(await form.getByLabel('Slug').inputValue()).toBe(SLUG);
    await form.getByLabel('Description').fill('Find, vet and negotiate with suppliers you can trust.');
    await form.getByLabel('Published').check();
    expect(await form.getByRole('switch', { name: 'Visible to basic members' }).isChecked()).toBe(true);
    await form
      .locator('input[type=file]')
      .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: pngImage(160, [232, 132, 92]) });
    await form.locator('img[src*="/upload/files/"]').waitFor();
    await screenshot(page, 'courses-admin-course-form', { fullPage: false });
    await form.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Course saved successfully');
    await form.waitFor({ state: 'detached' });

    // A second course with the same slug: the server's error shows under Slug and clears when it is edited.
    await page.getByRole('button', { name: 'Add New Course' }).click();
    const again = page.getByRole('dialog', { name: 'Add New Course' });
    await again.getByLabel('Title').fill(COURSE);
    await again.getByRole('button', { name: 'Save' }).click();
    await again.getByText('This slug is already in use').waitFor();
    await again.getByLabel('Slug').fill(`${SLUG}-2`);
    expect(await again.getByText('This slug is already in use').count()).toBe(0);
    await again.getByRole('button', { name: 'Cancel' }).click();
    await again.waitFor({ state: 'detached' });

    await search(page, token);
    expect(await page.getByRole('article', { name: COURSE }).getByText('DRAFT').count()).toBe(0);
    await page.getByRole('link', { name: COURSE }).first().click();
    await page.waitForURL(`**/courses/${SLUG}`);
    await page.getByRole('heading', { name: COURSE, level: 1 }).waitFor();

    for (const title of [MODULE_A, MODULE_B]) {
      await page.getByRole('button', { name: 'Add module' }).click();
      const moduleForm = page.getByRole('dialog', { name: 'Add Module' });
      expect(await moduleForm.getByLabel('Position').inputValue()).toBe('0');
      await moduleForm.getByLabel('Title').fill(title);
      await moduleForm.getByRole('button', { name: 'Save' }).click();
      await toast(page, 'Module saved successfully');
      await moduleForm.waitFor({ state: 'detached' });
    }

    const addLesson = async (moduleTitle: string, title: string, content: string, withImage: boolean) => {
      const summary = page.getByRole('button', { name: new RegExp(moduleTitle) }).first();
      if ((await summary.getAttribute('aria-expanded')) !== 'true') await summary.click();
      await page.getByRole('button', { name: `Add lesson to ${moduleTitle}` }).click();
      const lessonForm = page.getByRole('dialog', { name: 'Add Lesson' });
      expect(await lessonForm.getByLabel('Module').isDisabled()).toBe(true);
      await lessonForm.getByLabel('Title').fill(title);
      await lessonForm.getByLabel('Content', { exact: true }).fill(content);
      if (withImage) {
        await lessonForm
          .getByLabel('Upload image')
          .setInputFiles({ name: 'supplier map.png', mimeType: 'image/png', buffer: pngImage(320, [140, 47, 93]) });
        await toast(page, 'image URL copied to clipboard');
        const copied = await page.evaluate(() => navigator.clipboard.readText());
        expect(copied).toMatch(/^!\[supplier map\]\(\/upload\/files\/[0-9a-f-]+\.png\)$/);
        await lessonForm.getByRole('button', { name: 'Insert into content' }).click();
        expect(await lessonForm.getByLabel('Content', { exact: true }).inputValue()).toContain(copied);
        await lessonForm.getByRole('button', { name: 'Preview' }).click();
        await lessonForm.getByLabel('Content preview').locator('img[src*="/upload/files/"]').waitFor();
        await screenshot(page, 'courses-admin-lesson-form', { fullPage: false });
        await lessonForm.getByRole('button', { name: 'Write' }).click();
      }
      await lessonForm.getByRole('button', { name: 'Save' }).click();
      await toast(page, 'Lesson saved successfully');
      await lessonForm.waitFor({ state: 'detached' });
      // A new lesson opens at once.
      await page.getByRole('heading', { name: title, level: 2 }).waitFor();
    };

    await addLesson(
      MODULE_A,
      LESSONS.first,
      `## Where suppliers hide\n\nStart with trade shows and the ${CONTENT_WORD} directory.\n\n| Source | Cost |\n|---|---|\n| Trade show | $$$ |\n| Online directory | $ |\n\nSee [Alibaba](https://www.alibaba.com) for listings.\n\n`,
      true,
    );
    await addLesson(
      MODULE_A,
      LESSONS.second,
      'Always order **samples** from three suppliers before you commit.',
      false,
    );
    await addLesson(
      MODULE_B,
      LESSONS.third,
      `Negotiate the minimum order quantity ${token} before paying a deposit.`,
      false,
    );

    // The lesson with the image renders it (sanitised markdown, responsive image, table, safe external link).
    await page
      .getByRole('button', { name: new RegExp(MODULE_A) })
      .first()
      .click();
    await page.getByRole('link', { name: LESSONS.first }).click();
    const lesson = page.getByLabel('Lesson content');
    await lesson.locator('img[src*="/upload/files/"]').waitFor();
    expect(await lesson.locator('table').count()).toBe(1);
    const external = lesson.getByRole('link', { name: 'Alibaba' });
    expect(await external.getAttribute('target')).toBe('_blank');
    expect(await external.getAttribute('rel')).toContain('noopener');
    await screenshot(page, 'courses-admin-course-page');

    const created = await courseAsAdmin(SLUG);
    expect(created.Modules.map((m) => m.title)).toEqual([MODULE_A, MODULE_B]);
    expect(created.Modules.map((m) => m.Lessons.map((l) => l.title))).toEqual([
      [LESSONS.first, LESSONS.second],
      [LESSONS.third],
    ]);
  });

  it('an admin reorders modules and lessons (across modules) with Manage Order', async () => {
    const page = await pages.open();
    await signInThroughUi(page, 'admin');
    await page.goto(`/courses/${SLUG}`);
    await page.getByRole('button', { name: 'Manage Order' }).click();
    await page.getByText('Drag modules and lessons into the order').waitFor();

    // Cancel restores the order.
    const before = await text(page.getByRole('list', { name: 'Modules in order' }));
    await page
      .getByRole('button', { name: `Move module ${(await courseAsAdmin(SLUG)).Modules[0]?.title} down` })
      .click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Manage Order' }).click();
    expect(await text(page.getByRole('list', { name: 'Modules in order' }))).toBe(before);

    // Module B first (buttons), then the third lesson dragged from Module B to the top of Module A.
    const current = await courseAsAdmin(SLUG);
    if (current.Modules[0]?.title !== MODULE_B) {
      await page.getByRole('button', { name: `Move module ${MODULE_B} up` }).click();
    }
    await dragTo(
      page,
      page.getByRole('button', { name: `Drag lesson ${LESSONS.third}` }),
      page.getByRole('list', { name: `Lessons of ${MODULE_A}` }),
      6,
    );
    await eventually(async () => {
      const lessonsOfA = await text(page.getByRole('list', { name: `Lessons of ${MODULE_A}` }));
      expect(lessonsOfA.indexOf(LESSONS.third)).toBeGreaterThanOrEqual(0);
      expect(lessonsOfA.indexOf(LESSONS.third)).toBeLessThan(lessonsOfA.indexOf(LESSONS.first));
    });
    // Lessons inside a module move with the keyboard too (Space, arrow, Space).
    const secondHandle = page.getByRole('button', { name: `Drag lesson ${LESSONS.second}` });
    await secondHandle.focus();
    await page.keyboard.press('Space');
    await dragAnnounced(page, /You have lifted an item/);
    await page.keyboard.press('ArrowUp');
    await dragAnnounced(page, /You have moved the item/);
    await page.keyboard.press('Space');
    await dragAnnounced(page, /You have dropped the item/);
    await screenshot(page, 'courses-admin-manage-order');
    await page.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Module reordered successfully');

    const saved = await courseAsAdmin(SLUG);
    expect(saved.Modules.map((m) => m.title)).toEqual([MODULE_B, MODULE_A]);
    expect(saved.Modules[0]?.Lessons).toEqual([]);
    expect(saved.Modules[1]?.Lessons.map((l) => l.title)).toEqual([LESSONS.third, LESSONS.second, LESSONS.first]);
  });

  it('an admin reorders the courses: our course goes first', async () => {
    const page = await pages.open();
    await signInThroughUi(page, 'admin');
    await page.goto('/courses?activeTab=courses');
    await page.getByRole('tab', { name: /^Courses/, selected: true }).waitFor();
    await settle(page);

    // Reordering needs an empty search.
    await search(page, token);
    expect(await page.getByRole('button', { name: 'Reorder Courses' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Clear search' }).click();
    await page.waitForURL((url) => !url.searchParams.has('search'));
    await settle(page);

    // The mode ends when the person stops being admin (role switch), and Cancel leaves without saving.
    await page.getByRole('button', { name: 'Reorder Courses' }).click();
    const list = page.getByRole('list', { name: 'Courses in order' });
    await list.waitFor();
    await page.getByLabel('Viewing as').selectOption('basic');
    await list.waitFor({ state: 'detached' });
    expect(await page.getByRole('button', { name: 'Reorder Courses' }).count()).toBe(0);
    await page.getByLabel('Viewing as').selectOption('admin');
    await page.getByRole('button', { name: 'Reorder Courses' }).click();
    await list.waitFor();
    await page.getByRole('button', { name: `Move ${COURSE} down` }).click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await list.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Reorder Courses' }).click();
    await list.waitFor();
    expect(await page.getByRole('searchbox', { name: 'Search courses' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Add New Course' }).isDisabled()).toBe(true);
    const rows = async () => list.locator(':scope > li').evaluateAll((nodes) => nodes.map((n) => n.textContent ?? ''));
    const index = (await rows()).findIndex((text) => text.includes(COURSE));
    expect(index).toBeGreaterThanOrEqual(0);
    if (index > 0) {
      // Keyboard dragging of the library: lift, move up `index` places, drop.
      await page.getByRole('button', { name: `Drag ${COURSE}` }).focus();
      await page.keyboard.press('Space');
      await dragAnnounced(page, /You have lifted an item/);
      for (let i = 1; i <= index; i++) {
        await page.keyboard.press('ArrowUp');
        await dragAnnounced(page, new RegExp(`to position ${index + 1 - i}\\b`));
      }
      await page.keyboard.press('Space');
      await dragAnnounced(page, /You have dropped the item/);
    }
    await eventually(async () => expect((await rows())[0]).toContain(COURSE));
    await screenshot(page, 'courses-admin-reorder-courses');
    await page.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Reorder is finished correctly.');
    await list.waitFor({ state: 'detached' });
    await settle(page);
    expect((await shownTitles(page))[0]).toBe(COURSE);
  });

  it('a premium member browses and searches every tab, opens a lesson and sees the new order', async () => {
    const page = await pages.open();
    await signInThroughUi(page, 'premium');
    await page.goto('/courses');
    await settle(page);
    expect(await page.getByRole('button', { name: 'Add New Course' }).count()).toBe(0);
    expect(await page.getByText('DRAFT', { exact: true }).count()).toBe(0);
    // The admin's order: our course first in the courses tab.
    await page.getByRole('tab', { name: /^Courses/ }).click();
    await page.waitForURL((url) => url.searchParams.get('activeTab') === 'courses');
    await settle(page);
    // The tab's cards may still be on their way when the page has settled.
    await eventually(async () => expect((await shownTitles(page))[0]).toBe(COURSE));
    expect(await shownTitles(page)).toContain(VAULT);

    // The All tab has its count like the others, before and after a search.
    await page.getByRole('tab', { name: /^All \d+\+?$/ }).click();
    await search(page, token);
    await page.getByRole('tab', { name: 'Courses 2' }).waitFor(); // our course and the vault
    await page.getByRole('tab', { name: 'Modules 3' }).waitFor();
    await page.getByRole('tab', { name: 'Lessons titles 4' }).waitFor();
    // Every course, module and lesson found, each lesson once (a lesson matched by title and content counts once).
    const figure = async (name: RegExp) =>
      Number(((await page.getByRole('tab', { name }).textContent()) ?? '').replace(/\D/g, ''));
    const all = await figure(/^All \d+$/);
    expect(all).toBeGreaterThanOrEqual(2 + 3 + 4);
    expect(all).toBeLessThanOrEqual(2 + 3 + 4 + (await figure(/^Lessons content \d+$/)));
    await screenshot(page, 'courses-catalogue-search-all');

    await page.getByRole('button', { name: 'View all modules' }).click();
    await page.waitForURL(
      (url) => url.searchParams.get('activeTab') === 'modules' && url.searchParams.get('search') === token,
    );
    await settle(page);
    await eventually(async () =>
      expect((await shownTitles(page)).sort()).toEqual([MODULE_A, MODULE_B, `Vault module ${token}`].sort()),
    );

    await page.getByRole('tab', { name: /^Lessons titles/ }).click();
    await settle(page);
    await eventually(async () =>
      expect(await shownTitles(page)).toEqual(expect.arrayContaining(Object.values(LESSONS))),
    );

    await search(page, CONTENT_WORD);
    await page.getByRole('tab', { name: /^Lessons titles/, selected: true }).waitFor();
    await page.getByText('No lessons found').waitFor();
    await page.getByRole('tab', { name: 'Lessons content 1' }).click();
    await settle(page);
    await eventually(async () => expect(await shownTitles(page)).toEqual([LESSONS.first]));
    const result = page.getByRole('article', { name: LESSONS.first });
    expect(await text(result)).toContain(`${COURSE} › ${MODULE_A}`);
    expect(await text(result.locator('mark').first())).toMatch(new RegExp(CONTENT_WORD, 'i'));
    await screenshot(page, 'courses-catalogue-lessons-content');
    await page.getByRole('tab', { name: /^Courses/ }).click();
    await page.getByText('No courses found').waitFor();

    // Open the lesson from the content result.
    await page.getByRole('tab', { name: /^Lessons content/ }).click();
    await page.getByRole('link', { name: LESSONS.first }).click();
    await page.waitForURL(/\/courses\/[^/]+\/\d+\/\d+$/);
    await page.getByRole('heading', { name: LESSONS.first, level: 2 }).waitFor();
    await page.getByLabel('Lesson content').locator('img').waitFor();

    // The outline shows the admin's order: Module B first, then Module A with lessons third, second, first.
    const outline = await text(page.getByRole('navigation', { name: 'Course content' }));
    expect(outline.indexOf(MODULE_B)).toBeLessThan(outline.indexOf(MODULE_A));
    expect(outline.indexOf(LESSONS.third)).toBeLessThan(outline.indexOf(LESSONS.second));
    expect(outline.indexOf(LESSONS.second)).toBeLessThan(outline.indexOf(LESSONS.first));

    // Lesson search on the course page filters the list.
    await page.getByRole('searchbox', { name: 'Search lessons' }).fill('Vetting');
    await page.waitForURL((url) => url.searchParams.get('search') === 'Vetting');
    await settle(page);
    const filtered = await text(page.getByRole('navigation', { name: 'Course content' }));
    expect(filtered).toContain(LESSONS.second);
    expect(filtered).not.toContain(LESSONS.third);
    expect(await page.getByRole('button', { name: 'Manage Order' }).count()).toBe(0);

    // The premium-only course opens for premium.
    await page.goto(`/courses/${VAULT_SLUG}`);
    await page.getByRole('heading', { name: VAULT, level: 1 }).waitFor();
  });

  it('a tab pages in with infinite scroll, and with the Load more button from the keyboard', async () => {
    const page = await pages.open();
    await signInThroughUi(page, 'premium');
    await page.goto(`/courses?search=${PAGER}&activeTab=lessons-titles`);
    const status = page.getByRole('status').filter({ hasText: /^Showing \d+ of \d+ lessons$/ });
    await status.waitFor();
    // The All tab's count (from the three-of-each answer) and the first page.
    await page.getByRole('tab', { name: `Lessons titles ${PAGER_LESSONS}` }).waitFor();
    const shownCount = async () => Number(/Showing (\d+)/.exec(await text(status))?.[1] ?? 0);
    // Pages load while their end is in view; once it settles, the list and the live count agree.
    await eventually(async () => expect((await shownTitles(page)).length).toBe(await shownCount()));
    expect(await shownCount()).toBeLessThan(PAGER_LESSONS);
    await screenshot(page, 'courses-catalogue-tab-first-page', { fullPage: false });

    // Scrolling to the end loads the next pages until every lesson is shown, in catalogue order.
    await waitFor(
      async () => {
        await page.evaluate(() => window.scrollTo(0, 1e9));
        return (await text(status)) === `Showing ${PAGER_LESSONS} of ${PAGER_LESSONS} lessons`;
      },
      { what: 'every lesson to be shown after scrolling' },
    );
    const titles = await shownTitles(page);
    expect(titles).toEqual(
      Array.from({ length: PAGER_LESSONS }, (_, i) => `Pager ${PAGER} ${String(i + 1).padStart(2, '0')}`),
    );
    expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(0);

    // Without scrolling: the button, reached with the keyboard, loads the next page.
    await page.goto(`/courses?search=${PAGER}&activeTab=lessons-titles`);
    const more = page.getByRole('button', { name: 'Load more' });
    await more.waitFor();
    const before = await shownCount();
    await more.focus();
    await page.keyboard.press('Enter');
    await eventually(async () => expect(await shownCount()).toBeGreaterThan(before));
    await eventually(async () => expect((await shownTitles(page)).length).toBe(await shownCount()));
  });

  it('a basic member completes every lesson until the course shows Completed; access rules and lesson redirect', async () => {
    const page = await pages.open();
    // Lesson contents fetched on their own (the next lesson's ahead of the click); listened
    // to from the start, since the first lesson's page prefetches the second as soon as it opens.
    const lessonCalls: string[] = [];
    page.on('response', (response) => {
      if (/\/api\/course\/[^/]+\/lessons\/\d+$/.test(new URL(response.url()).pathname)) {
        lessonCalls.push(new URL(response.url()).pathname);
      }
    });
    await signInThroughUi(page, 'basic');
    await page.goto('/courses');
    await settle(page);
    await search(page, token);
    await page.getByRole('tab', { name: 'Courses 1' }).waitFor(); // no vault for basic
    await page.getByRole('link', { name: COURSE }).first().click();
    await page.waitForURL(`**/courses/${SLUG}`);

    // The first lesson of the course is shown: the third one, moved to the top of Module A.
    await page.getByRole('heading', { name: LESSONS.third, level: 2 }).waitFor();
    const course = await courseAsAdmin(SLUG);
    const order = course.Modules.flatMap((m) => m.Lessons);
    for (const [index, title] of [LESSONS.third, LESSONS.second, LESSONS.first].entries()) {
      await page.getByRole('heading', { name: title, level: 2 }).waitFor();
      await page.getByLabel('Lesson content').first().waitFor();
      // The first lesson's content came with the course page: no call of its own, so no wait for one.
      if (index === 0) expect(lessonCalls.filter((p) => p.endsWith(`/lessons/${order[0]?.id}`))).toEqual([]);
      await page.getByRole('button', { name: 'Mark as Completed' }).click();
      await toast(page, 'Marked as completed successfully');
      await page.getByRole('button', { name: 'Mark as Uncompleted' }).waitFor();
      if (index === 0) {
        // Uncomplete and complete again.
        await page.getByRole('button', { name: 'Mark as Uncompleted' }).click();
        await toast(page, 'Marked as uncompleted successfully');
        await page.getByRole('button', { name: 'Mark as Completed' }).click();
        await page.getByRole('button', { name: 'Mark as Uncompleted' }).waitFor();
        expect(await page.getByRole('progressbar', { name: 'Course progress' }).getAttribute('aria-valuenow')).toBe(
          '33',
        );
      }
      if (index < 2) {
        // Next Lesson's content was prefetched while this one was read.
        const nextId = order[index + 1]?.id;
        await waitFor(() => lessonCalls.some((p) => p.endsWith(`/lessons/${nextId}`)), {
          what: `the prefetch of lesson ${nextId}`,
        });
        await page.getByRole('link', { name: 'Next Lesson' }).click();
        await page.getByRole('heading', { name: order[index + 1]?.title ?? '', level: 2 }).waitFor();
        expect(await page.getByRole('status', { name: 'Loading lesson' }).count()).toBe(0);
      }
    }
    await page.getByText('This is the last lesson of the course.').waitFor();
    await page.getByText('Completed', { exact: true }).first().waitFor();
    await page.getByText('You have completed every lesson of this course. Well done!').waitFor();
    await screenshot(page, 'courses-course-completed');

    await page.getByRole('link', { name: 'Back to courses' }).first().click();
    await page.waitForURL((url) => url.pathname === '/courses');
    await search(page, token);
    const card = page.getByRole('article', { name: COURSE });
    await card.getByText('Completed', { exact: true }).waitFor();
    expect(await card.getByRole('progressbar').count()).toBe(0);
    expect(await card.getByRole('link', { name: 'Gift this course' }).count()).toBe(0);

    // The premium-only course: hidden means missing, the same view as an unknown course.
    await page.goto(`/courses/${VAULT_SLUG}`);
    await page.getByRole('heading', { name: 'Course not found' }).waitFor();
    await page.getByRole('link', { name: 'Back to courses' }).waitFor();
    // An unknown course.
    await page.goto(`/courses/no-such-course-${token}`);
    await page.getByRole('heading', { name: 'Course not found' }).waitFor();

    // Old lesson links go to the lesson; unknown lessons to /not-found.
    const target = course.Modules[1]?.Lessons[0];
    if (!target) throw new Error('no lesson');
    await page.goto(`/course/${course.Modules[1]?.id}/${target.id}`);
    await page.waitForURL(`**/courses/${SLUG}/${course.Modules[1]?.id}/${target.id}`);
    await page.getByRole('heading', { name: target.title, level: 2 }).waitFor();
    await page.goto('/course/1/987654321');
    await page.waitForURL('**/not-found');
  });

  it('phones: the catalogue in one column and the course content folded above the lesson', async () => {
    const page = await pages.open({ viewport: 'mobile' });
    await signInThroughUi(page, 'basic');
    await page.goto('/courses');
    await settle(page);
    await screenshot(page, 'courses-catalogue-mobile', { fullPage: false });
    // Scrolling past the first card shows the scroll-to-top button.
    await page.evaluate(() => window.scrollTo(0, 1200));
    await page.getByRole('button', { name: 'Scroll to top' }).waitFor();
    await page.getByRole('button', { name: 'Scroll to top' }).click();
    await eventually(async () => expect(await page.evaluate(() => window.scrollY)).toBe(0));

    await page.goto(`/courses/${SLUG}`);
    const contents = page.getByRole('button', { name: /Course content/ });
    await contents.waitFor();
    expect(await contents.getAttribute('aria-expanded')).toBe('false');
    await screenshot(page, 'courses-course-mobile', { fullPage: false });
    await contents.click();
    await eventually(async () => expect(await contents.getAttribute('aria-expanded')).toBe('true'));
    await settle(page);
    await page.getByRole('link', { name: LESSONS.second }).click();
    await page.getByRole('heading', { name: LESSONS.second, level: 2 }).waitFor();
    await screenshot(page, 'courses-lesson-mobile');
  });

  it('an admin edits a lesson, deletes a module, changes a course slug and deletes the course', async () => {
    const session = await admin();
    const scratch = `Scratch course ${token}`;
    const scratchSlug = `scratch-course-${token}`;
    const { course } = await session.post<{ course: { id: number } }>('/api/course/upsert', {
      title: scratch,
      slug: scratchSlug,
      status: 'DRAFT',
    });
    const { module } = await session.post<{ module: { id: number } }>('/api/module/upsert', {
      title: `Scratch module ${token}`,
      CourseId: course.id,
    });
    await session.post('/api/lesson/upsert', {
      title: `Scratch lesson ${token}`,
      content: 'Draft',
      ModuleId: module.id,
    });

    const page = await pages.open();
    await signInThroughUi(page, 'admin');
    await page.goto(`/courses/${scratchSlug}`);
    await page.getByRole('button', { name: `Edit lesson Scratch lesson ${token}` }).click();
    const lessonForm = page.getByRole('dialog', { name: 'Edit Lesson' });
    expect(await lessonForm.getByLabel('Module').isDisabled()).toBe(false);
    await lessonForm.getByLabel('Title').fill(`Renamed lesson ${token}`);
    await lessonForm.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Lesson saved successfully');
    await page.getByRole('heading', { name: `Renamed lesson ${token}`, level: 2 }).waitFor();

    await page.getByRole('button', { name: `Edit module Scratch module ${token}` }).click();
    const moduleForm = page.getByRole('dialog', { name: 'Edit Module' });
    await moduleForm.getByRole('button', { name: 'Delete' }).click();
    await page
      .getByRole('dialog', { name: 'Delete this module?' })
      .getByRole('button', { name: 'Delete module' })
      .click();
    await toast(page, 'Module deleted successfully');
    await page.getByText('This course has no lessons yet.').waitFor();

    // A new slug moves the page to the new address.
    await page.getByRole('button', { name: 'Edit course' }).click();
    const courseForm = page.getByRole('dialog', { name: 'Edit Course' });
    expect(await courseForm.getByLabel('Slug').inputValue()).toBe(scratchSlug);
    await courseForm.getByLabel('Slug').fill(`${scratchSlug}-renamed`);
    await courseForm.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Course saved successfully');
    await page.waitForURL(`**/courses/${scratchSlug}-renamed`);
    await page.getByRole('heading', { name: scratch, level: 1 }).waitFor();

    await page.getByRole('button', { name: 'Edit course' }).click();
    await courseForm.getByRole('button', { name: 'Delete' }).click();
    await page
      .getByRole('dialog', { name: 'Delete this course?' })
      .getByRole('button', { name: 'Delete course' })
      .click();
    await toast(page, 'Course deleted successfully');
    await page.waitForURL((url) => url.pathname === '/courses');
    expect((await session.request('GET', `/api/course/${scratchSlug}-renamed`)).status).toBe(404);
  });

  it('the catalogue desktop view', async () => {
    const page = await pages.open();
    await signInThroughUi(page, 'admin');
    await page.goto('/courses');
    await settle(page);
    await screenshot(page, 'courses-catalogue-admin', { fullPage: false });
  });
});
