/**
 * Lesson discussions in Chromium against the running stack: a member asks a question under a lesson (mentioning the
 * coach), the coach replies and marks the reply as the answer, a second member reads it on a phone with the answer
 * first (light and dark), and an admin hides a comment, which members then no longer get. axe: no serious or
 * critical violation. Screenshots: test-artifacts/screenshots/discussion-*.png.
 */
import { randomUUID } from 'node:crypto';
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
import { admin, createPerson, type TestPerson } from './fixtures';

jest.setTimeout(180_000);
const pages = useBrowser();

const COURSE_SLUG = 'amazon-fba-launch-blueprint';
const LESSON_TITLE = 'Setting Up Your Seller Central Account';
const suffix = randomUUID().slice(0, 6);
const QUESTION = `Which category should I pick for a garlic press? (${suffix})`;
const ANSWER = `Pick **Kitchen & Dining**: it has the lower referral fee. (${suffix})`;
const SPAM = `Buy followers cheap (${suffix})`;

interface CourseBody {
  course: { Modules: { id: number; Lessons: { id: number; title: string }[] }[] };
}

async function lessonPath(): Promise<{ path: string; lessonId: number }> {
  const session = await admin();
  const { course } = await session.get<CourseBody>(`/api/course/${COURSE_SLUG}`);
  for (const module of course.Modules) {
    const lesson = module.Lessons.find((l) => l.title === LESSON_TITLE);
    if (lesson) return { path: `/courses/${COURSE_SLUG}/${module.id}/${lesson.id}`, lessonId: lesson.id };
  }
  throw new Error(`the seed has no lesson "${LESSON_TITLE}"`);
}

const discussion = (page: Page) => page.getByRole('region', { name: /^Discussion/ });

/** Waits until the courses service knows these people by name (its copy comes from users' events). */
async function known(lessonId: number, people: TestPerson[]): Promise<void> {
  const session = await admin();
  await waitFor(
    async () => {
      type Author = { author: { fullName: string } | null };
      const res = await session.request<{ comments: (Author & { replies: Author[] })[] }>(
        'GET',
        `/api/lesson/${lessonId}/comments?limit=50`,
      );
      const names = new Set(
        (res.body.comments ?? [])
          .flatMap((c) => [c, ...c.replies])
          .flatMap((c) => (c.author ? [c.author.fullName] : [])),
      );
      return people.every((p) => names.has(p.fullName)) || null;
    },
    { what: 'the discussion to show the authors by name' },
  );
}

describe('lesson discussions', () => {
  it('a member asks, the coach answers and marks it, a second member reads it on a phone, an admin hides spam', async () => {
    const { path, lessonId } = await lessonPath();
    const asker = await createPerson('premium', 'asker', `Asha Asker ${suffix}`);
    const coach = await createPerson('coach', 'coach', `Cleo Coach ${suffix}`);
    const reader = await createPerson('basic', 'reader', `Rita Reader ${suffix}`);

    // The member asks, mentioning the coach.
    const page = await pages.open();
    await signInWithCookies(page, asker, path);
    const region = discussion(page);
    await region.getByRole('textbox', { name: 'Ask a question about this lesson' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await region
      .getByRole('textbox', { name: 'Ask a question about this lesson' })
      .fill(`${QUESTION} @${coach.fullName}`);
    await region.getByRole('button', { name: 'Post question' }).click();
    await page.getByText('Question posted').waitFor();
    await region.getByText(QUESTION).waitFor();
    // The outline's count beside the lesson follows the discussion's at once (no reload).
    const heading = await region.getByRole('heading', { name: /^Discussion/ }).textContent();
    const count = Number(/\((\d+)\)/.exec(heading ?? '')?.[1]);
    expect(count).toBeGreaterThan(0);
    const lessonLink = page.getByRole('link', { name: new RegExp(`^${LESSON_TITLE}`) });
    await waitFor(async () => (await lessonLink.textContent())?.includes(`(${count} comment`) || null, {
      what: "the outline's count beside the lesson",
      timeoutMs: 10_000,
    });
    await screenshot(page, 'discussion-asked');
    await known(lessonId, [asker]);

    // The coach replies to it and marks the reply as the answer.
    const coachPage = await pages.open();
    await signInWithCookies(coachPage, coach, path);
    const coachRegion = discussion(coachPage);
    await coachRegion.getByText(QUESTION).waitFor();
    await coachRegion.getByRole('button', { name: new RegExp(`^Reply to the question by ${asker.fullName}`) }).click();
    await coachRegion.getByRole('textbox', { name: `Reply to ${asker.fullName}` }).fill(ANSWER);
    await coachRegion.getByRole('button', { name: 'Post reply' }).click();
    await coachPage.getByText('Reply posted').waitFor();
    await coachRegion.getByRole('button', { name: new RegExp(`^Moderate the reply by ${coach.fullName}`) }).click();
    await coachPage.getByRole('menuitem', { name: 'Mark as the answer' }).click();
    await coachPage.getByText('Marked as the answer').waitFor();
    const answer = coachRegion.getByRole('article', { name: `Answer by ${coach.fullName}` });
    await answer.getByText('Answer', { exact: true }).waitFor();
    expect(await answer.locator('strong', { hasText: 'Kitchen & Dining' }).count()).toBe(1);
    expect(await seriousViolations(coachPage)).toEqual([]);
    await screenshot(coachPage, 'discussion-answered');

    // A second member replies with spam; an admin hides it.
    await known(lessonId, [asker, coach]);
    const readerSession = await signIn(reader);
    const thread = await readerSession.get<{ comments: { id: number; body: string }[] }>(
      `/api/lesson/${lessonId}/comments?limit=50`,
    );
    const questionId = thread.comments.find((c) => c.body.startsWith(QUESTION))!.id;
    await readerSession.post(`/api/lesson/${lessonId}/comments`, { body: SPAM, parentId: questionId });
    const adminPage = await pages.open();
    await signInWithCookies(adminPage, 'admin', path);
    const adminRegion = discussion(adminPage);
    await adminRegion.getByText(SPAM).waitFor();
    await adminRegion.getByRole('button', { name: new RegExp(`^Moderate the reply by ${reader.fullName}`) }).click();
    await adminPage.getByRole('menuitem', { name: 'Hide from members' }).click();
    await adminPage.getByText('Comment hidden from members').waitFor();
    await adminRegion.getByText('Hidden from members').waitFor();
    expect(await seriousViolations(adminPage)).toEqual([]);

    // The second member reads it on a phone: the coach's answer first, the hidden reply gone; light and dark.
    const phone = await pages.open({ viewport: 'mobile' });
    await signInWithCookies(phone, reader, path);
    const phoneRegion = discussion(phone);
    await phoneRegion.getByText(QUESTION).waitFor();
    const replies = phoneRegion.getByRole('list', { name: `Replies to ${asker.fullName}` });
    await replies.getByRole('article').first().waitFor();
    expect(await replies.getByRole('article').first().getAttribute('aria-label')).toBe(`Answer by ${coach.fullName}`);
    expect(await phoneRegion.getByText(SPAM).count()).toBe(0);
    await phoneRegion.scrollIntoViewIfNeeded();
    expect(await phone.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
    for (const scheme of ['light', 'dark'] as const) {
      await emulateColorScheme(phone, scheme);
      expect(await seriousViolations(phone)).toEqual([]);
      await screenshot(phone, `discussion-mobile-${scheme}`);
    }
  });

  it('the member edits and deletes her own question after a confirmation; dark desktop', async () => {
    const { path } = await lessonPath();
    const member = await createPerson('premium', 'editor', `Eve Editor ${suffix}`);
    const page = await pages.open();
    await signInWithCookies(page, member, path);
    const region = discussion(page);
    await region.getByRole('textbox', { name: 'Ask a question about this lesson' }).waitFor();
    await emulateColorScheme(page, 'dark');
    const text = `A question to change (${suffix})`;
    // A half-written question survives a reload (kept as a draft until it is posted).
    await region.getByRole('textbox', { name: 'Ask a question about this lesson' }).fill(text);
    await page.reload();
    await waitFor(
      async () =>
        (await region.getByRole('textbox', { name: 'Ask a question about this lesson' }).inputValue()) === text || null,
      { what: 'the draft back in the question box' },
    );
    await region.getByRole('button', { name: 'Post question' }).click();
    const questions = region.getByRole('list', { name: 'Questions' });
    await questions.getByText(text).waitFor();
    // Posted, the draft is gone: the box is empty after a reload.
    await page.reload();
    await questions.getByText(text).waitFor();
    expect(await region.getByRole('textbox', { name: 'Ask a question about this lesson' }).inputValue()).toBe('');
    await region.getByRole('button', { name: /^Edit your question of / }).click();
    const edit = region.getByRole('textbox', { name: 'Edit your comment' });
    await edit.fill(`${text} (edited)`);
    await region.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Comment updated').waitFor();
    await region.getByText(`${text} (edited)`).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await region.getByRole('button', { name: /^Delete your question of / }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this question?' });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Comment deleted').waitFor();
    await waitFor(async () => (await region.getByText(`${text} (edited)`).count()) === 0 || null, {
      what: 'the question to go',
    });
  });
});
