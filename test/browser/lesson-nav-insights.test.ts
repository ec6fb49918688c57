/**
 * Lessons: Previous / Next Lesson with their keyboard shortcuts, a course resuming after the member's
 * last completed lesson, and an admin's course insights, desktop and phone, axe-clean.
 * Screenshots: test-artifacts/screenshots/lessons-*.png.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import { type Page, screenshot, seriousViolations, signInWithCookies, useBrowser } from '../support/browser';
import { type GatewaySession, signIn } from '../support/stack-client';
import { admin, createPerson, type TestPerson } from './fixtures';

jest.setTimeout(180_000);

const pages = useBrowser();
const token = randomUUID().slice(0, 6);
const SLUG = `lesson-nav-${token}`;
const TITLES = ['Opening the account', 'Picking a niche', 'First listing', 'Launch week'].map((t) => `${t} ${token}`);
let member: TestPerson;
const lessons: number[] = [];

async function complete(session: GatewaySession, ids: number[]) {
  for (const lessonId of ids) await session.put('/api/lesson/mark-as-completed', { lessonId });
}

beforeAll(async () => {
  const operator = await admin();
  const { course } = await operator.post<{ course: { id: number } }>('/api/course/upsert', {
    title: `Lesson navigation ${token}`,
    slug: SLUG,
    status: 'PUBLISHED',
  });
  for (const [m, pair] of [TITLES.slice(0, 2), TITLES.slice(2)].entries()) {
    const { module } = await operator.post<{ module: { id: number } }>('/api/module/upsert', {
      title: `Module ${m + 1} ${token}`,
      CourseId: course.id,
      position: m + 1,
    });
    for (const [l, title] of pair.entries()) {
      const { lesson } = await operator.post<{ lesson: { id: number } }>('/api/lesson/upsert', {
        title,
        ModuleId: module.id,
        position: l + 1,
        content: `Content of ${title}.`,
      });
      lessons.push(lesson.id);
    }
  }
  member = await createPerson('premium', 'lesson-nav', 'Dana Rivers');
  await complete(await signIn(member), [lessons[0] as number]);
  await complete(operator, [lessons[0] as number, lessons[1] as number]);
});

async function lessonTitle(page: Page): Promise<string> {
  return ((await page.locator('#lesson-title').textContent()) ?? '').trim();
}

async function expectLesson(page: Page, index: number) {
  await page.waitForFunction(
    (title) => document.querySelector('#lesson-title')?.textContent?.trim() === title,
    TITLES[index],
  );
  expect(await lessonTitle(page)).toBe(TITLES[index]);
}

declare const document: { querySelector(selector: string): { textContent: string | null } | null };

describe('lesson navigation', () => {
  it('resumes after the last completed lesson; Previous and Next across modules, by button and shortcut', async () => {
    const page = await pages.open();
    await signInWithCookies(page, member, `/courses/${SLUG}`);
    await expectLesson(page, 1);

    const previous = page.getByRole('link', { name: 'Previous Lesson' });
    const next = page.getByRole('link', { name: 'Next Lesson' });
    expect(await previous.getAttribute('aria-keyshortcuts')).toBe('Alt+Shift+ArrowLeft');
    expect(await next.getAttribute('aria-keyshortcuts')).toBe('Alt+Shift+ArrowRight');
    await page.getByText('Keyboard: Alt+Shift+← previous lesson · Alt+Shift+→ next lesson').waitFor();

    await previous.click();
    await expectLesson(page, 0);
    // The first lesson has no Previous Lesson.
    expect(await page.getByRole('link', { name: 'Previous Lesson' }).count()).toBe(0);

    await page.keyboard.press('Alt+Shift+ArrowRight');
    await expectLesson(page, 1);
    await next.click();
    await expectLesson(page, 2); // across modules
    await page.keyboard.press('Alt+Shift+ArrowLeft');
    await expectLesson(page, 1);

    // Typing in the lesson search ignores the shortcut.
    const search = page.getByLabel('Search lessons').first();
    await search.click();
    await page.keyboard.press('Alt+Shift+ArrowRight');
    await page.waitForTimeout(300);
    expect(await lessonTitle(page)).toBe(TITLES[1]);
    await page.locator('#lesson-title').click();

    await page.keyboard.press('Alt+Shift+ArrowRight');
    await expectLesson(page, 2);
    await page.keyboard.press('Alt+Shift+ArrowRight');
    await expectLesson(page, 3);
    await expect(page.getByText('This is the last lesson of the course.').isVisible()).resolves.toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'lessons-previous-next-desktop');
  });

  it('shows Previous and Next side by side on a phone', async () => {
    const page = await pages.open({ viewport: 'mobile' });
    await signInWithCookies(page, member, `/courses/${SLUG}`);
    await expectLesson(page, 1);
    const previous = await page.getByRole('link', { name: 'Previous Lesson' }).boundingBox();
    const next = await page.getByRole('link', { name: 'Next Lesson' }).boundingBox();
    expect(previous && next && Math.abs(previous.y - next.y) < 4).toBe(true);
    expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Next Lesson' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'lessons-previous-next-mobile');
  });
});

describe('course insights', () => {
  it('opens from the course page for an admin and gives the figures as charts and text', async () => {
    const page = await pages.open();
    await signInWithCookies(page, 'admin', `/courses/${SLUG}`);
    await page.getByRole('link', { name: 'Insights' }).click();
    await page.waitForURL(`**/courses/${SLUG}/insights`);
    await page.getByRole('heading', { name: 'Course insights' }).waitFor();
    await page.getByText('Members started').waitFor();
    const funnel = page.getByRole('table', { name: /Members who completed each lesson/ });
    await funnel.waitFor();
    const rows = await funnel.locator('tbody tr').allInnerTexts();
    expect(rows).toHaveLength(4);
    expect(rows[1]).toContain('steepest drop');
    await page.getByText(`The steepest drop is at lesson 2, “${TITLES[1]}”: 1 member fewer than lesson 1.`).waitFor();
    await page.locator('.MuiChartsSurface-root, svg.MuiChartsSurface-root').first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'lessons-insights-desktop', { fullPage: true });
  });

  it('fits a phone', async () => {
    const page = await pages.open({ viewport: 'mobile' });
    await signInWithCookies(page, 'admin', `/courses/${SLUG}/insights`);
    await page.getByRole('heading', { name: 'Course insights' }).waitFor();
    await page.getByRole('table', { name: /Members who completed each lesson/ }).waitFor();
    expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'lessons-insights-mobile', { fullPage: true });
  });

  it('is not offered to members', async () => {
    const page = await pages.open();
    await signInWithCookies(page, member, `/courses/${SLUG}`);
    await expectLesson(page, 1);
    expect(await page.getByRole('link', { name: 'Insights' }).count()).toBe(0);
  });
});
