/**
 * Videos: an admin uploads the Product Qualifier's intro video on /site-content and a member sees it play
 * (the browser's own player, from the app's S3-backed /upload/files/, inside the CSP); a lesson video resumes where
 * the member paused it after a reload. Desktop and phone, axe-clean. The fixture is an 8-second, 6 KB MP4 recorded
 * by Chromium itself (test/support/fixtures/eight-seconds.mp4). Screenshots: test-artifacts/screenshots/videos-*.png.
 *
 * @runs-alone it sets the site content's intro video (the Product Qualifier shows it).
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { SiteContent, SiteContentResponse, UploadResponse } from '@rainmakers/contracts';
import { waitFor } from '@rainmakers/kit/testing';
import { type Page, screenshot, seriousViolations, signInWithCookies, useBrowser } from '../support/browser';
import { fileForm } from '../support/system';
import { admin, createPerson, type TestPerson } from './fixtures';

jest.setTimeout(180_000);

const pages = useBrowser();
const VIDEO_FILE = new URL('../support/fixtures/eight-seconds.mp4', import.meta.url).pathname;
const token = randomUUID().slice(0, 6);
const SLUG = `lesson-video-${token}`;
const LESSON = `Watching the launch ${token}`;

type VideoElement = { currentTime: number; paused: boolean; readyState: number; pause(): void };
declare const document: { querySelector(selector: string): VideoElement | null };

let before: SiteContent;
let member: TestPerson;

beforeAll(async () => {
  const operator = await admin();
  before = (await operator.get<SiteContentResponse>('/api/site-content')).content;
  // The lesson's video is uploaded the way the course editor does it.
  const uploaded = await operator.request<UploadResponse>(
    'POST',
    '/upload/video',
    fileForm(readFileSync(VIDEO_FILE), 'lesson.mp4', 'video/mp4', 'video'),
  );
  expect(uploaded.status).toBe(201);
  const { course } = await operator.post<{ course: { id: number } }>('/api/course/upsert', {
    title: `Lesson video ${token}`,
    slug: SLUG,
    status: 'PUBLISHED',
  });
  const { module } = await operator.post<{ module: { id: number } }>('/api/module/upsert', {
    title: `Module ${token}`,
    CourseId: course.id,
    position: 1,
  });
  await operator.post('/api/lesson/upsert', {
    title: LESSON,
    ModuleId: module.id,
    position: 1,
    content: 'Watch the video, then read on.',
    videoUrl: uploaded.body.latestUploadedFileUrl,
  });
  member = await createPerson('premium', 'videos', 'Vera Watts');
});

afterAll(async () => {
  // Other files expect the seeded videos.
  await (await admin()).put('/api/site-content', before);
});

const currentTime = (page: Page, selector: string) =>
  page.evaluate((s) => document.querySelector(s)?.currentTime ?? -1, selector);

/** Presses the player's own play button (the middle of the native controls' overlay), as a person would. */
async function play(page: Page, selector: string) {
  const video = page.locator(selector);
  await video.scrollIntoViewIfNeeded();
  await page.waitForFunction((s) => (document.querySelector(s)?.readyState ?? 0) >= 1, selector);
  await video.click();
  await page.waitForFunction((s) => document.querySelector(s)?.paused === false, selector);
}

async function expectPlaying(page: Page, selector: string, from = 0) {
  await page.waitForFunction(
    ({ s, from }) => {
      const v = document.querySelector(s);
      return v !== null && !v.paused && v.currentTime > from + 0.5;
    },
    { s: selector, from },
    { timeout: 10_000 },
  );
}

describe('a qualifier intro video set by the admin', () => {
  it('is uploaded and saved on /site-content by an admin (desktop)', async () => {
    const page = await pages.open();
    await signInWithCookies(page, 'admin', '/site-content');
    await page.getByRole('heading', { name: 'Site Content', level: 1 }).waitFor();
    const field = page.getByLabel('Intro', { exact: true });
    await page.getByLabel('Upload a video: Intro', { exact: true }).setInputFiles(VIDEO_FILE);
    await page.getByText('Video uploaded: save to publish it').waitFor();
    expect(await field.inputValue()).toMatch(/^\/upload\/files\/[0-9a-f-]{36}\.mp4$/);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Site content saved').waitFor();
    expect(await page.getByRole('button', { name: 'Save changes' }).isDisabled()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'videos-site-content-desktop');
    const saved = (await (await admin()).get<SiteContentResponse>('/api/site-content')).content;
    expect(saved.videos['qualifier-intro']).toBe(await field.inputValue());
  });

  it.each(['desktop', 'mobile'] as const)('plays for a member on the qualifier (%s)', async (viewport) => {
    const page = await pages.open({ viewport });
    await signInWithCookies(page, member, '/product-qualifier');
    await page.getByRole('heading', { name: 'Product Qualifier Tool', level: 1 }).waitFor();
    const selector = 'video[aria-label="How to qualify a product idea"]';
    await page.locator(selector).waitFor();
    const src = await page.locator(selector).getAttribute('src');
    expect(src).toMatch(/^\/upload\/files\/[0-9a-f-]{36}\.mp4$/);
    await play(page, selector);
    await expectPlaying(page, selector);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, `videos-qualifier-intro-${viewport}`);
  });
});

describe('a lesson video', () => {
  it.each(['desktop', 'mobile'] as const)(
    'resumes where the member paused it, after a reload (%s)',
    async (viewport) => {
      const page = await pages.open({ viewport });
      await signInWithCookies(page, member, `/courses/${SLUG}`);
      await page.locator('#lesson-title', { hasText: LESSON }).waitFor();
      const selector = `video[aria-label="Lesson video: ${LESSON}"]`;
      await page.locator(selector).waitFor();
      // Start from the beginning on this viewport's first visit (the other one may have left a position).
      const startAt = Number(await page.locator(selector).getAttribute('data-start-at'));
      await play(page, selector);
      await expectPlaying(page, selector, startAt < 6 ? startAt : 0);
      // Pausing reports the position (PUT /api/lesson/video-position). The player also reports every ~10 s while it
      // plays: on a loaded machine such a report can be the first after the click, so the pause's own is looked for.
      const reports: { seconds: number; status: Promise<number> }[] = [];
      page.on('request', (request) => {
        if (request.url().endsWith('/api/lesson/video-position') && request.method() === 'PUT') {
          const { seconds } = request.postDataJSON() as { seconds: number };
          reports.push({ seconds, status: request.response().then((r) => r?.status() ?? 0) });
        }
      });
      await page.locator(selector).click();
      await page.waitForFunction((s) => document.querySelector(s)?.paused === true, selector);
      const paused = await currentTime(page, selector);
      const report = await waitFor(async () => reports.find((r) => Math.abs(r.seconds - paused) < 0.5), {
        timeoutMs: 10_000,
        what: `a position report of ${paused} s`,
      });
      expect(await report.status).toBeLessThan(300);
      const sent = report.seconds;
      expect(sent).toBeGreaterThan(0.5);

      await page.reload();
      await page.locator('#lesson-title', { hasText: LESSON }).waitFor();
      await page.locator(selector).waitFor();
      expect(Number(await page.locator(selector).getAttribute('data-start-at'))).toBeCloseTo(sent, 1);
      // The player seeks there as soon as it knows the video (byte ranges from the app make it seekable).
      await page.waitForFunction(({ s, at }) => Math.abs((document.querySelector(s)?.currentTime ?? -1) - at) < 0.5, {
        s: selector,
        at: sent,
      });
      await play(page, selector);
      await expectPlaying(page, selector, sent);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `videos-lesson-resume-${viewport}`);
    },
  );
});
