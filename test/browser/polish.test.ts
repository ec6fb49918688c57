/**
 * The polish items of the web walk, each shown by an assertion and a screenshot
 * (test-artifacts/screenshots/polish-*.png): toasts clear of the lesson's buttons and never doubled, catalogue tabs
 * reachable at 1000 px, the 'Completed' card without the placeholder's initials, a new module open with 'Add lesson'
 * in view, lesson tables scrolling sideways on a phone, phone covers at most a third of the screen, the sign-up
 * welcome area without a video. (Elsewhere: the blank line of 'Insert into content' in
 * web/src/features/courses/insertBlock.test.ts, the calendar page in access.test.ts, the photo saved on upload in
 * profile.test.ts, the reset link's public address in auth.test.ts.)
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import { waitFor } from '@rainmakers/kit/testing';
import {
  allowProblems,
  type Locator,
  type Page,
  screenshot,
  settle,
  signInWithCookies,
  useBrowser,
  type ViewportName,
} from '../support/browser';
import { signIn } from '../support/stack-client';
import { admin, createPerson, type TestPerson } from './fixtures';

jest.setTimeout(180_000);
const pages = useBrowser();

/** Letters only, unique to this run (the catalogue search is full-text). */
const token = `zp${randomUUID()
  .replace(/[^a-f]/g, '')
  .slice(0, 6)}x`;
const COURSE = `Polish Course ${token}`;
const SLUG = `polish-course-${token}`;
const WIDE_TABLE = [
  '| Supplier | Minimum order quantity | Lead time in production | Shipping terms | Payment terms | Notes |',
  '|---|---|---|---|---|---|',
  '| Shenzhen Manufacturing | 500 | 25 business days | FOB Shenzhen | 30% deposit | Responsive, samples arrived quickly |',
  '| Ningbo Housewares | 1000 | 35 business days | EXW Ningbo | Letter of credit | Certification paperwork available |',
].join('\n');

interface Built {
  courseId: number;
  moduleId: number;
  lessons: { id: number; title: string }[];
}
let built: Built;

beforeAll(async () => {
  // A published course without a cover (the placeholder gradient), one module, two lessons, the first with a wide table.
  const session = await admin();
  const { course } = await session.post<{ course: { id: number } }>('/api/course/upsert', {
    title: COURSE,
    slug: SLUG,
    description: 'Checks of the small things.',
    status: 'PUBLISHED',
    visibleToBasic: true,
    visibleToPremium: true,
  });
  const { module } = await session.post<{ module: { id: number } }>('/api/module/upsert', {
    title: `Polish module ${token}`,
    position: 0,
    CourseId: course.id,
  });
  const lessons: { id: number; title: string }[] = [];
  for (const [title, content] of [
    [`Supplier table ${token}`, `Compare your quotes:\n\n${WIDE_TABLE}\n\nThen pick two for samples.`],
    [`Next steps ${token}`, 'Order samples.'],
  ] as const) {
    const { lesson } = await session.post<{ lesson: { id: number } }>('/api/lesson/upsert', {
      title,
      content,
      ModuleId: module.id,
    });
    lessons.push({ id: lesson.id, title });
  }
  built = { courseId: course.id, moduleId: module.id, lessons };
});

const lessonPath = (index: number) => `/courses/${SLUG}/${built.moduleId}/${built.lessons[index]?.id}`;

async function box(locator: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`${locator} is not visible`);
  return found;
}

function overlaps(a: { x: number; y: number; width: number; height: number }, b: typeof a): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

const toasts = (page: Page) => page.locator('.notistack-MuiContent');

describe('toasts', () => {
  let person: TestPerson;
  beforeAll(async () => {
    person = await createPerson('premium', 'polish-toasts', 'Tory Toast');
  });

  it.each<ViewportName>(['desktop', 'mobile'])(
    'never cover Mark as Completed / Next Lesson, and the same text shows once (%s)',
    async (viewport) => {
      const page = await pages.open({ viewport });
      await signInWithCookies(page, person, lessonPath(0));
      await page.locator('#lesson-title', { hasText: built.lessons[0]?.title ?? '' }).waitFor();
      const mark = page.getByRole('button', { name: /^Mark as (Completed|Uncompleted)$/ });
      const next = page.getByRole('link', { name: 'Next Lesson' });
      await settle(page);
      // The worst case: the buttons scrolled up to the very top of the window, where the toasts appear.
      await page.evaluate(
        `window.scrollTo(0, document.querySelector('[aria-labelledby="lesson-title"]').getBoundingClientRect().bottom + window.scrollY - 140)`,
      );
      const first = (await mark.textContent())?.includes('Uncompleted') ? 'uncompleted' : 'completed';
      await mark.click();
      const text = `Marked as ${first} successfully`;
      await page.getByText(text, { exact: true }).waitFor();
      await settle(page);
      const toastBox = await box(toasts(page).first());
      for (const button of [mark, next]) expect(overlaps(toastBox, await box(button))).toBe(false);
      await screenshot(page, `polish-toast-clear-of-buttons-${viewport}`);

      // Back and forth: the first text comes again while it is still shown, and is not shown twice.
      const other = first === 'completed' ? 'uncompleted' : 'completed';
      await mark.click();
      await page.getByText(`Marked as ${other} successfully`, { exact: true }).waitFor();
      await mark.click();
      await waitFor(
        async () =>
          (await mark.isEnabled()) && (await mark.textContent())?.includes('Uncompleted') === (first === 'completed'),
        {
          what: 'the third toggle to finish',
        },
      );
      await settle(page);
      // The earlier toast with the same text is closed as the new one opens (components/ToastHost.tsx): give its
      // exit a moment, far less than the 4 s a toast stays.
      await waitFor(async () => (await page.getByText(text, { exact: true }).count()) <= 1, {
        timeoutMs: 1_500,
        what: 'one toast with the text',
      });
      await screenshot(page, `polish-toast-no-duplicates-${viewport}`);
    },
  );

  it('whose code cannot be fetched (offline) leave the page working', async () => {
    const page = await pages.open();
    // The toasts' code is outside every error boundary: a failed download once blanked the whole app.
    let refused = 0;
    await page.route('**/assets/ToastHost-*.js', async (route) => {
      refused += 1;
      await route.abort('internetdisconnected');
    });
    allowProblems(page, /ToastHost|optional part|Failed to fetch|ERR_INTERNET_DISCONNECTED/);
    await signInWithCookies(page, person, lessonPath(1));
    const title = page.locator('#lesson-title', { hasText: built.lessons[1]?.title ?? '' });
    await title.waitFor();
    const mark = page.getByRole('button', { name: /^Mark as (Completed|Uncompleted)$/ });
    for (const _ of [1, 2]) {
      const before = await mark.textContent();
      await mark.click();
      await waitFor(async () => (await mark.isEnabled()) && (await mark.textContent()) !== before, {
        what: 'the lesson marked while the toasts cannot load',
      });
    }
    expect(refused).toBeGreaterThan(0);
    // The page is still there (neither blank nor the error screen) and its other parts still load.
    await title.waitFor();
    expect(await page.getByText('Oops! Something went wrong.').count()).toBe(0);
    await page.getByRole('button', { name: /Notifications/ }).waitFor();
    expect(await toasts(page).count()).toBe(0);
  });
});

describe('catalogue', () => {
  it('the last tab is reachable at 1000 px wide', async () => {
    const page = await pages.open({ viewport: 'desktop' });
    await page.setViewportSize({ width: 1000, height: 800 });
    await signInWithCookies(page, 'admin', `/courses?search=${token}`);
    await page.getByRole('heading', { name: 'Courses', level: 1 }).waitFor();
    const tablist = page.getByRole('tablist', { name: 'Result types' });
    const last = tablist.getByRole('tab').last();
    await settle(page);
    // The tablist is the row's visible window (it scrolls sideways; its tabs move inside it).
    const scroller = await box(tablist);
    const before = await box(last);
    const fullyShown = before.x + before.width <= scroller.x + scroller.width + 1;
    // Either every tab fits, or the tab row scrolls and says so with a scroll button.
    if (!fullyShown) await page.getByRole('button', { name: 'Scroll tabs forward' }).waitFor();
    await screenshot(page, 'polish-tabs-1000px');
    await last.click();
    await settle(page);
    const after = await box(last);
    const row = await box(tablist);
    expect(after.x).toBeGreaterThanOrEqual(row.x - 1);
    expect(after.x + after.width).toBeLessThanOrEqual(row.x + row.width + 1);
    expect(await last.getAttribute('aria-selected')).toBe('true');
    await screenshot(page, 'polish-tabs-1000px-last-tab');
  });

  it("a completed course's card shows 'Completed' without the placeholder's initials", async () => {
    const person = await createPerson('basic', 'polish-completed', 'Cory Complete');
    const session = await signIn(person);
    for (const lesson of built.lessons) await session.put('/api/lesson/mark-as-completed', { lessonId: lesson.id });
    const page = await pages.open({ viewport: 'desktop' });
    await signInWithCookies(page, person, `/courses?search=${token}`);
    const card = page.getByRole('article', { name: COURSE });
    await card.getByText('Completed', { exact: true }).waitFor();
    // 'Polish Course …' would show 'PC' on the placeholder cover.
    expect(await card.getByText('PC', { exact: true }).count()).toBe(0);
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'polish-completed-card');
  });

  it.each([
    { width: 390, height: 844 },
    { width: 844, height: 390 },
  ])('phone covers take at most a third of the screen (%o)', async (size) => {
    const page = await pages.open({ viewport: 'mobile' });
    await page.setViewportSize(size);
    await signInWithCookies(page, 'basic', '/courses');
    const cover = page.locator('#catalogue-panel article').first().locator('.MuiCardActionArea-root > div').first();
    await cover.waitFor();
    await settle(page);
    expect((await box(cover)).height).toBeLessThanOrEqual(size.height / 3 + 1);
    await screenshot(page, `polish-phone-cover-${size.width}x${size.height}`);
  });
});

describe('course page', () => {
  it.each<ViewportName>(['desktop', 'mobile'])(
    'a new module opens expanded with Add lesson in view (%s)',
    async (viewport) => {
      const page = await pages.open({ viewport });
      await signInWithCookies(page, 'admin', `/courses/${SLUG}`);
      await page.getByRole('heading', { name: COURSE, level: 1 }).waitFor();
      const title = `Fresh module ${viewport} ${token}`;
      await page.getByRole('button', { name: 'Add module' }).click();
      const form = page.getByRole('dialog', { name: 'Add Module' });
      await form.getByLabel('Title').fill(title);
      // Last, so the outline has to scroll to it.
      await form.getByLabel('Position').fill('99');
      await form.getByRole('button', { name: 'Save' }).click();
      await form.waitFor({ state: 'detached' });
      const addLesson = page.getByRole('button', { name: `Add lesson to ${title}` });
      await addLesson.waitFor();
      expect(
        await page
          .getByRole('button', { name: new RegExp(title) })
          .first()
          .getAttribute('aria-expanded'),
      ).toBe('true');
      const viewportSize = page.viewportSize();
      await waitFor(
        async () => {
          const b = await addLesson.boundingBox();
          return b !== null && viewportSize !== null && b.y >= 0 && b.y + b.height <= viewportSize.height;
        },
        { what: "'Add lesson' to be scrolled into view" },
      );
      await screenshot(page, `polish-new-module-${viewport}`);
    },
  );

  it('lesson tables scroll sideways on a phone instead of breaking words', async () => {
    const page = await pages.open({ viewport: 'mobile' });
    await signInWithCookies(page, 'basic', lessonPath(0));
    await page.locator('#lesson-title', { hasText: built.lessons[0]?.title ?? '' }).waitFor();
    const scroller = page.locator('.lesson-markdown .table-scroll').first();
    await scroller.scrollIntoViewIfNeeded();
    const sizes = (await scroller.evaluate((el) => {
      const node = el as unknown as { scrollWidth: number; clientWidth: number };
      return { scrollWidth: node.scrollWidth, clientWidth: node.clientWidth };
    })) as { scrollWidth: number; clientWidth: number };
    expect(sizes.scrollWidth).toBeGreaterThan(sizes.clientWidth);
    // No word of a cell is split over two lines: each word is as wide on its own as inside the cell.
    const broken = (await page.evaluate(`(() => {
      const cells = [...document.querySelectorAll('.lesson-markdown td, .lesson-markdown th')];
      const probe = document.createElement('span');
      probe.style.cssText = 'position:absolute;visibility:hidden;white-space:nowrap';
      const out = [];
      for (const cell of cells) {
        const style = getComputedStyle(cell);
        probe.style.font = style.font;
        document.body.appendChild(probe);
        const inner = cell.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        for (const word of cell.textContent.split(/\\s+/).filter(Boolean)) {
          probe.textContent = word;
          if (probe.getBoundingClientRect().width > inner + 1) out.push(word);
        }
        probe.remove();
      }
      return out;
    })()`)) as string[];
    expect(broken).toEqual([]);
    await screenshot(page, 'polish-lesson-table-phone');
    await scroller.evaluate((el) => {
      (el as unknown as { scrollLeft: number }).scrollLeft = 10_000;
    });
    await screenshot(page, 'polish-lesson-table-phone-scrolled');
  });
});

describe('sign-up welcome area', () => {
  it.each<ViewportName>(['desktop', 'mobile'])('looks finished without a configured video (%s)', async (viewport) => {
    const page = await pages.open({ viewport });
    await page.goto('/signup');
    await page.getByRole('heading', { name: 'Create your account', level: 1 }).waitFor();
    await page.getByText("Welcome! We're so glad you're here.", { exact: false }).waitFor();
    // No 'on its way' poster, no play button.
    expect(await page.getByText('Our welcome video is on its way').count()).toBe(0);
    expect(await page.getByRole('button', { name: /Play welcome video/ }).count()).toBe(0);
    if (viewport === 'mobile') {
      const benefits = page.getByRole('region', { name: 'What members get' });
      await benefits.waitFor();
      expect(await benefits.getByRole('listitem').count()).toBe(3);
    }
    await screenshot(page, `polish-signup-${viewport}`, { fullPage: true });
  });
});
