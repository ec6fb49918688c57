/**
 * Drip in Chromium against the running stack: a member who joined today finds the seeded PPC course's
 * "Optimization Routine" locked, with the day it opens in the outline and in place of its lesson, on a desktop and a
 * phone, light and dark; a coach reads the same lesson at once; an admin sees the rule in the outline and in the
 * module form. axe: no serious or critical violation. Screenshots: test-artifacts/screenshots/drip-*.png.
 */
import { describe, expect, it, jest } from '@jest/globals';
import { emulateColorScheme, screenshot, seriousViolations, signInWithCookies, useBrowser } from '../support/browser';
import { signIn } from '../support/stack-client';
import { createPerson } from './fixtures';

jest.setTimeout(180_000);
const pages = useBrowser();

const COURSE_SLUG = 'ppc-advertising-fundamentals';
const MODULE_TITLE = 'Optimization Routine';
const LESSON_TITLE = 'Your Weekly PPC Checklist';
const OPENS_ON = /^Opens on [A-Z][a-z]{2} \d{1,2}, \d{4}$/;

interface CourseBody {
  course: { Modules: { id: number; title: string; Lessons: { id: number; title: string }[] }[] };
}

/** The dripped lesson's address. */
async function lockedLessonPath(): Promise<string> {
  const { course } = await (await signIn('admin')).get<CourseBody>(`/api/course/${COURSE_SLUG}`);
  const module = course.Modules.find((m) => m.title === MODULE_TITLE);
  const lesson = module?.Lessons.find((l) => l.title === LESSON_TITLE);
  if (!module || !lesson) throw new Error(`the seed has no "${MODULE_TITLE}" with "${LESSON_TITLE}"`);
  return `/courses/${COURSE_SLUG}/${module.id}/${lesson.id}`;
}

describe('drip', () => {
  it('a member who joined today sees the module locked with the day it opens, and not its lesson', async () => {
    const member = await createPerson('basic', 'drip-member', 'Dana Newcomer');
    const page = await pages.open();
    await signInWithCookies(page, member, await lockedLessonPath());
    const panel = page.getByRole('article', { name: LESSON_TITLE });
    await panel.getByText(/^This module opens on /).waitFor();
    expect(await panel.getByText('Block 30 minutes every Monday').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Mark as Completed' }).count()).toBe(0);
    const outlineNote = page.getByText(OPENS_ON);
    await outlineNote.waitFor();
    expect(await outlineNote.count()).toBe(1);
    await screenshot(page, 'drip-locked');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('fits a phone, light and dark', async () => {
    const member = await createPerson('basic', 'drip-phone', 'Pat Phone');
    const page = await pages.open({ viewport: 'mobile' });
    await signInWithCookies(page, member, await lockedLessonPath());
    await page.getByText(/^This module opens on /).waitFor();
    expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
    for (const scheme of ['light', 'dark'] as const) {
      await emulateColorScheme(page, scheme);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `drip-mobile-${scheme}`);
    }
  });

  it('a coach reads the lesson at once', async () => {
    const coach = await createPerson('coach', 'drip-coach', 'Cody Coach');
    const page = await pages.open();
    await signInWithCookies(page, coach, await lockedLessonPath());
    await page
      .getByRole('article', { name: LESSON_TITLE })
      .getByText(/Block 30 minutes every Monday/)
      .waitFor();
    await page.getByText('Members: opens 7 days after access begins').waitFor();
  });

  it('an admin sees the rule in the module form', async () => {
    const page = await pages.open();
    await signInWithCookies(page, 'admin', await lockedLessonPath());
    await page.getByText('Members: opens 7 days after access begins').waitFor();
    await page.getByRole('button', { name: `Edit module ${MODULE_TITLE}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Module' });
    const rule = dialog.getByRole('radiogroup');
    await rule.waitFor();
    expect(await dialog.getByRole('radio', { name: "Some days after each member's access begins" }).isChecked()).toBe(
      true,
    );
    expect(await dialog.getByRole('spinbutton', { name: 'Days after access begins' }).inputValue()).toBe('7');
    await screenshot(page, 'drip-module-form');
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });
});
