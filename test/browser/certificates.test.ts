/**
 * Certificates in Chromium against the running stack: a member completes a course (the last lesson through the
 * lesson page), the catalogue card's 'Completed' overlay offers 'View Certificate', the printable page shows the
 * certificate with 'Print' (print stylesheet: only the certificate) and 'Download PDF' (a real PDF download), and
 * the public verification page confirms it to a signed-out visitor without showing anything else about the member,
 * or says that no such certificate exists. axe-core: no serious or critical violation on these screens.
 * Screenshots: test-artifacts/screenshots/certificates-*.png.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import { waitFor } from '@rainmakers/kit/testing';
import { type Page, screenshot, settle, signInWithCookies, useBrowser } from '../support/browser';
import { signIn, stackInfo } from '../support/stack-client';
import { createPerson, type TestPerson, waitForGatewayAccess } from './fixtures';

jest.setTimeout(180_000);
const pages = useBrowser();

const COURSE_SLUG = 'wholesale-bootcamp';
const COURSE_TITLE = 'Wholesale Bootcamp';
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

interface CourseBody {
  course: { id: number; Modules: { id: number; Lessons: { id: number; title: string; completed: string }[] }[] };
}

let axeSource = '';
let member: TestPerson;

beforeAll(async () => {
  const require = createRequire(import.meta.url);
  axeSource = await readFile(require.resolve('axe-core/axe.min.js'), 'utf8');
  // A 'course only' member who bought the Wholesale Bootcamp (its tag opens the course: three lessons).
  const tagId = stackInfo().tags['Wholesale Bootcamp'];
  if (tagId === undefined) throw new Error('The seed has no Wholesale Bootcamp tag');
  member = await createPerson('course only', 'certificate', `Ada Lovelace ${randomUUID().slice(0, 4)}`, [tagId]);
  await waitForGatewayAccess(member, 200);
});

/** axe-core's serious and critical violations on the page as it is now. */
async function expectAccessible(page: Page, where: string): Promise<void> {
  await settle(page);
  if (!(await page.evaluate('typeof window.axe === "object"'))) await page.evaluate(`${axeSource};\ntrue`);
  const violations = (await page.evaluate(
    `axe.run(document, { runOnly: { type: 'tag', values: ${JSON.stringify(WCAG_TAGS)} }, resultTypes: ['violations'] })
      .then((r) => r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => v.id + ' ' + v.help + ' ' + v.nodes.map((n) => JSON.stringify(n.target)).join(' ')))`,
  )) as string[];
  expect({ where, violations }).toEqual({ where, violations: [] });
}

describe('certificates', () => {
  let certificateId = '';

  it('a member completes a course, opens the certificate from the card, prints it and downloads the PDF', async () => {
    // Every lesson but the last through the API, as the member.
    const session = await signIn(member);
    const { course } = await session.get<CourseBody>(`/api/course/${COURSE_SLUG}`);
    const lessons = course.Modules.flatMap((m) => m.Lessons.map((l) => ({ ...l, moduleId: m.id })));
    expect(lessons.length).toBeGreaterThan(1);
    const last = lessons[lessons.length - 1];
    if (!last) throw new Error('no lesson');
    for (const lesson of lessons.slice(0, -1))
      await session.put('/api/lesson/mark-as-completed', { lessonId: lesson.id });

    // The last one on its page.
    const page = await pages.open();
    await signInWithCookies(page, member, `/courses/${COURSE_SLUG}/${last.moduleId}/${last.id}`);
    await page.locator('#lesson-title', { hasText: last.title }).waitFor();
    await page.getByRole('button', { name: 'Mark as Completed' }).click();
    await page.getByText('Marked as completed successfully').waitFor();

    // The catalogue card: 'Completed' with 'View Certificate' (issued from the completion event a moment later).
    // Searched: other test files add courses, and the All tab shows the first three of each kind.
    await page.goto(`/courses?search=${encodeURIComponent(COURSE_TITLE)}`);
    const card = page.getByRole('article', { name: COURSE_TITLE });
    await card.getByText('Completed', { exact: true }).waitFor();
    const view = card.getByRole('link', { name: `View Certificate of ${COURSE_TITLE}` });
    await view.waitFor({ timeout: 20_000 });
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'certificates-card-completed');

    await view.click();
    await page.waitForURL(/\/certificates\/[0-9a-f-]{36}\/print$/);
    certificateId = /\/certificates\/([0-9a-f-]{36})\/print$/.exec(page.url())?.[1] ?? '';
    await page.getByRole('heading', { name: 'Your Certificate', level: 1 }).waitFor();
    const sheet = page.getByRole('region', { name: 'Certificate of Completion' });
    await sheet.getByText(member.fullName, { exact: true }).waitFor();
    await sheet.getByText(COURSE_TITLE, { exact: true }).waitFor();
    await sheet.getByText(`Certificate ID: ${certificateId}`).waitFor();
    await sheet
      .getByText(
        `Verify this certificate at ${stackInfo().gatewayUrl.replace(/\/$/, '')}/certificates/${certificateId}`,
      )
      .waitFor();
    await page.getByRole('button', { name: 'Print' }).waitFor();
    await screenshot(page, 'certificates-page', { fullPage: true });
    await expectAccessible(page, 'certificate page');

    // The print stylesheet keeps the certificate only.
    await page.emulateMedia({ media: 'print' });
    expect(await sheet.isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Download PDF' }).isVisible()).toBe(false);
    expect(await page.getByRole('heading', { name: 'Your Certificate', level: 1 }).isVisible()).toBe(false);
    await screenshot(page, 'certificates-page-print');
    await page.emulateMedia({ media: 'screen' });

    // Download PDF.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`certificate-${certificateId}.pdf`);
    const file = await download.path();
    const bytes = await readFile(file);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // Phone size.
    const phone = await pages.open({ viewport: 'mobile' });
    await signInWithCookies(phone, member, `/certificates/${certificateId}/print`);
    await phone.getByRole('region', { name: 'Certificate of Completion' }).getByText(member.fullName).waitFor();
    await screenshot(phone, 'certificates-page-mobile', { fullPage: true });
    await expectAccessible(phone, 'certificate page (phone)');
  });

  it('the verification page confirms the certificate to a signed-out visitor, and nothing else', async () => {
    expect(certificateId).not.toBe('');
    for (const viewport of ['desktop', 'mobile'] as const) {
      const page = await pages.open({ viewport });
      await page.goto(`/certificates/${certificateId}`);
      await page.getByRole('heading', { name: 'Certificate verification', level: 1 }).waitFor();
      await page.getByText('This certificate is genuine.').waitFor();
      const sheet = page.getByRole('region', { name: 'Certificate of Completion' });
      await sheet.getByText(member.fullName, { exact: true }).waitFor();
      await sheet.getByText(COURSE_TITLE, { exact: true }).waitFor();
      await sheet.getByText(/^Completed on \d{1,2} [A-Z][a-z]+ \d{4}$/).waitFor();
      expect(new URL(page.url()).pathname).toBe(`/certificates/${certificateId}`);
      const text = ((await page.locator('body').textContent()) ?? '').toLowerCase();
      expect(text).not.toContain(member.email.toLowerCase());
      expect(text).not.toContain('course only');
      await screenshot(page, `certificates-verify-${viewport}`, { fullPage: true });
      await expectAccessible(page, `verification page (${viewport})`);
    }
  });

  it('an unknown certificate: the verification page says so plainly', async () => {
    const page = await pages.open();
    await page.goto(`/certificates/${randomUUID()}`);
    await page.getByText('No such certificate exists.').waitFor();
    expect(await page.getByText('This certificate is genuine.').count()).toBe(0);
    await screenshot(page, 'certificates-verify-unknown');
    await expectAccessible(page, 'verification page (unknown id)');
    await page.goto('/certificates/not-a-certificate');
    await page.getByText('No such certificate exists.').waitFor();
    await waitFor(async () => new URL(page.url()).pathname === '/certificates/not-a-certificate');
  });
});
