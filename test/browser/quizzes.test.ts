/**
 * Quizzes in Chromium against the running stack: a premium member takes the seeded FBA fees quiz with the keyboard
 * alone, fails it (Mark as Completed waits), tries again and passes, and the lesson is complete; on a phone, light and
 * dark; the admin sees the quiz in the lesson form and in the course insights. axe: no serious or critical violation.
 * Screenshots: test-artifacts/screenshots/quiz-*.png.
 */
import { describe, expect, it, jest } from '@jest/globals';
import { waitFor } from '@rainmakers/kit/testing';
import {
  emulateColorScheme,
  type Page,
  screenshot,
  seriousViolations,
  signInWithCookies,
  useBrowser,
} from '../support/browser';
import { signIn } from '../support/stack-client';
import { createPerson } from './fixtures';

jest.setTimeout(180_000);
const pages = useBrowser();

const COURSE_SLUG = 'amazon-fba-launch-blueprint';
const LESSON_TITLE = 'Understanding FBA Fees';

interface CourseBody {
  course: { id: number; Modules: { id: number; Lessons: { id: number; title: string }[] }[] };
}

/** The seeded fees lesson's address. */
async function feesLessonPath(): Promise<string> {
  const session = await signIn('admin');
  const { course } = await session.get<CourseBody>(`/api/course/${COURSE_SLUG}`);
  for (const module of course.Modules) {
    const lesson = module.Lessons.find((l) => l.title === LESSON_TITLE);
    if (lesson) return `/courses/${COURSE_SLUG}/${module.id}/${lesson.id}`;
  }
  throw new Error(`the seed has no lesson "${LESSON_TITLE}"`);
}

/** Focuses a control and answers it with the keyboard (Space ticks a checkbox or picks a radio button). */
async function pickWithKeyboard(page: Page, question: string, option: string): Promise<void> {
  const group = page.getByRole('group', { name: question });
  const control = group.getByRole('radio', { name: option }).or(group.getByRole('checkbox', { name: option }));
  await control.focus();
  await page.keyboard.press('Space');
  await waitFor(async () => (await control.isChecked()) || null, { what: `"${option}" chosen` });
}

const QUESTIONS = {
  referral: '1. What decides the referral fee?',
  perUnit: '2. Which fees are charged on every unit you sell through FBA?',
  margin: '3. What net margin should you aim for at launch, after every fee, cost and ad?',
};

describe('quizzes', () => {
  it('a member fails the quiz, tries again with the keyboard, passes and the lesson is complete', async () => {
    const member = await createPerson('premium', 'quiz-taker', 'Quinn Quizzer');
    const page = await pages.open();
    await signInWithCookies(page, member, await feesLessonPath());
    const quiz = page.getByRole('region', { name: 'Check your understanding' });
    await quiz.getByText('3 questions · 67% to pass').waitFor();
    const complete = page.getByRole('button', { name: 'Mark as Completed' });
    expect(await complete.isDisabled()).toBe(true);
    await page.getByText('Pass the quiz above to complete this lesson.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // Wrong on two of three.
    await pickWithKeyboard(page, QUESTIONS.referral, 'The packaged size and weight');
    await pickWithKeyboard(page, QUESTIONS.perUnit, 'Referral fee');
    await pickWithKeyboard(page, QUESTIONS.margin, 'At least 25%');
    await quiz.getByRole('button', { name: 'Submit answers' }).focus();
    await page.keyboard.press('Enter');
    await quiz.getByText('You scored 33%. 67% passes: review the lesson and try again.').waitFor();
    expect(await quiz.getByText('Not quite: reread the lesson and try again').count()).toBe(2);
    expect(await complete.isDisabled()).toBe(true);
    await screenshot(page, 'quiz-failed');
    expect(await seriousViolations(page)).toEqual([]);

    // Again: right on all three.
    await quiz.getByRole('button', { name: 'Try again' }).focus();
    await page.keyboard.press('Enter');
    await pickWithKeyboard(page, QUESTIONS.referral, 'A percentage of the sale price');
    await pickWithKeyboard(page, QUESTIONS.perUnit, 'Referral fee');
    await pickWithKeyboard(page, QUESTIONS.perUnit, 'Fulfillment fee');
    await pickWithKeyboard(page, QUESTIONS.margin, 'At least 25%');
    await quiz.getByRole('button', { name: 'Submit answers' }).focus();
    await page.keyboard.press('Enter');
    await quiz.getByText('You scored 100% and passed. This lesson is complete.').waitFor();
    await page.getByRole('button', { name: 'Mark as Uncompleted' }).waitFor();
    await screenshot(page, 'quiz-passed');

    // The record stays with the lesson.
    await page.reload();
    await quiz.getByText(/your best so far 100% in 2 tries/).waitFor();
    await quiz.getByText('You passed this quiz. You can take it again any time.').waitFor();
  });

  it('fits a phone, light and dark', async () => {
    const member = await createPerson('premium', 'quiz-phone', 'Pia Phone');
    const page = await pages.open({ viewport: 'mobile' });
    await signInWithCookies(page, member, await feesLessonPath());
    await page
      .getByRole('region', { name: 'Check your understanding' })
      .getByText('3 questions · 67% to pass')
      .waitFor();
    await page.getByRole('region', { name: 'Check your understanding' }).scrollIntoViewIfNeeded();
    expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
    for (const scheme of ['light', 'dark'] as const) {
      await emulateColorScheme(page, scheme);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `quiz-mobile-${scheme}`);
    }
  });

  it('an admin sees the quiz in the lesson form and its figures in the course insights', async () => {
    const page = await pages.open();
    await signInWithCookies(page, 'admin', await feesLessonPath());
    await page.getByRole('button', { name: `Edit lesson ${LESSON_TITLE}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Lesson' });
    await dialog.getByRole('switch', { name: 'Members pass a quiz to complete this lesson' }).waitFor();
    expect(await dialog.getByRole('switch', { name: 'Members pass a quiz to complete this lesson' }).isChecked()).toBe(
      true,
    );
    expect(await dialog.getByRole('textbox', { name: 'Question' }).first().inputValue()).toBe(
      'What decides the referral fee?',
    );
    expect(await dialog.getByRole('checkbox', { name: 'Option 2 of question 1 is right' }).isChecked()).toBe(true);
    await screenshot(page, 'quiz-editor');
    expect(await seriousViolations(page)).toEqual([]);

    // A fourth question, saved, read back, then taken out again (the seeded quiz stays as the other tests know it).
    await dialog.getByRole('button', { name: 'Add question' }).click();
    await dialog.getByRole('textbox', { name: 'Question' }).nth(3).fill('Which fee grows in Q4?');
    const fourth = dialog.getByRole('group', { name: 'Question 4' });
    await fourth.getByRole('textbox', { name: 'Option 1' }).fill('Monthly storage');
    await fourth.getByRole('textbox', { name: 'Option 2' }).fill('Referral fee');
    await fourth.getByRole('checkbox', { name: 'Option 1 of question 4 is right' }).check();
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    const quiz = page.getByRole('region', { name: 'Check your understanding' });
    await quiz.getByText('4 questions · 67% to pass').waitFor();
    await page.getByRole('button', { name: `Edit lesson ${LESSON_TITLE}` }).click();
    await dialog.getByRole('button', { name: 'Remove question 4' }).click();
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await quiz.getByText('3 questions · 67% to pass').waitFor();

    await page.goto(`/courses/${COURSE_SLUG}/insights`);
    const table = page.getByRole('table', { name: /Each quiz of the course/ });
    await table.getByRole('row', { name: new RegExp(LESSON_TITLE) }).waitFor();
    await screenshot(page, 'quiz-insights', { fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
  });
});
