/**
 * In Chromium against the running stack: the Jobs tab of /users (an import with its truthful counts and
 * its error file) and the audit log's filters kept in the address (a course edit found by action and kind, with
 * the names as they were), on a desktop and a 390x844 phone, axe-clean; a coach sees neither tab.
 * Screenshots: test-artifacts/screenshots/jobs-audit-*.png.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import { waitFor } from '@rainmakers/kit/testing';
import { type Page, screenshot, seriousViolations, signInWithCookies, useBrowser } from '../support/browser';
import { fileForm } from '../support/system';
import { admin } from './fixtures';

jest.setTimeout(180_000);
const pages = useBrowser();

const main = (page: Page) => page.getByRole('main');
const t = `ja${randomUUID().replace(/-/g, '').slice(0, 8)}`;
const fileName = `jobs-${t}.csv`;
const courseTitle = `Audited course ${t}`;

beforeAll(async () => {
  const session = await admin();
  // An import with 4 good rows, one without a name and one bad e-mail.
  const csv = [
    'email,fullName',
    ...Array.from({ length: 4 }, (_, i) => `jobs${i}-${t}@browser.test,Jobs ${i} ${t}`),
    `nameless-${t}@browser.test,`,
    'not-an-email,Bad',
  ].join('\r\n');
  const started = await session.request<{ jobId: string }>(
    'POST',
    '/api/user/import',
    fileForm(Buffer.from(csv), fileName, 'text/csv', 'file'),
  );
  expect(started.status).toBe(202);
  await waitFor(
    async () => {
      const res = await session.request<{ jobs: { fileName: string | null; state: string }[] }>(
        'GET',
        '/api/user/jobs?jobsPerPage=100',
      );
      return res.body.jobs.some((j) => j.fileName === fileName && j.state === 'completed') ? true : null;
    },
    { what: 'the import in the job history', timeoutMs: 60_000 },
  );
  // A course edited: the audit log hears of it from courses.
  const { course } = await session.post<{ course: { id: number } }>('/api/course/upsert', {
    title: `${courseTitle} draft`,
    slug: `audited-${t}`,
    status: 'DRAFT',
  });
  // Two edits, so the phone's list has more than one entry (a divider between entries once broke its list markup).
  for (const title of [`${courseTitle} second draft`, courseTitle]) {
    await session.post('/api/course/upsert', { id: course.id, title, slug: `audited-${t}`, status: 'DRAFT' });
  }
  await waitFor(
    async () => {
      const res = await session.request<{ entries: { subjectName: string | null }[] }>(
        'GET',
        '/api/user/audit-log?action=course.update&subjectType=course',
      );
      return res.body.entries.some((e) => e.subjectName === courseTitle) ? true : null;
    },
    { what: 'the course edit in the audit log', timeoutMs: 60_000 },
  );
});

describe.each(['desktop', 'mobile'] as const)('/users Jobs and Audit log tabs as an admin (%s)', (viewport) => {
  it('lists the import with its truthful counts and its files, axe-clean', async () => {
    const page = await pages.open({ viewport });
    await signInWithCookies(page, 'admin', '/users');
    await main(page).getByRole('tab', { name: 'Jobs' }).click();
    await page.waitForURL((u) => u.searchParams.get('tab') === 'jobs');
    const jobs = main(page).getByRole(viewport === 'desktop' ? 'table' : 'list', { name: 'Jobs' });
    await jobs.waitFor();
    const row = jobs.locator(viewport === 'desktop' ? 'tr' : 'li', { hasText: fileName });
    await row.getByText('4 of 6 imported, 2 need attention', { exact: false }).waitFor();
    await row.getByText('Done, with errors').waitFor();
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('link', { name: /^Errors \(2\): download the error file/ }).click(),
    ]);
    let text = '';
    for await (const chunk of await file.createReadStream()) text += String(chunk);
    expect(text).toContain(`nameless-${t}@browser.test,The full name is empty`);
    await screenshot(page, `jobs-audit-jobs-${viewport}`);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('filters the audit log by action and kind, kept in the address, with labels and names, axe-clean', async () => {
    const page = await pages.open({ viewport });
    await signInWithCookies(page, 'admin', '/users?tab=audit');
    await main(page).getByRole('tab', { name: 'Audit log', selected: true }).waitFor();
    await main(page).getByLabel('Action').selectOption({ label: 'Edited course' });
    await page.waitForURL((u) => u.searchParams.get('auditAction') === 'course.update');
    await main(page).getByLabel('About').selectOption({ label: 'Course' });
    await page.waitForURL((u) => u.searchParams.get('auditKind') === 'course');
    const entry = main(page).getByText(courseTitle, { exact: true }).first();
    await entry.waitFor();
    await main(page).getByText(`Title: ${courseTitle} second draft → ${courseTitle}`).first().waitFor();
    // No internal names on screen.
    const shown = (await main(page).textContent()) ?? '';
    for (const internal of ['signedInAs', 'displayedRole', 'alwaysGrantAccess', 'course.update', 'Tag #']) {
      expect(shown).not.toContain(internal);
    }
    // The link follows the filters on the render after the address changes: wait for it rather than race it.
    const exportLink = main(page).getByRole('link', { name: 'Export CSV' });
    const expectedCsv = '/api/user/audit-log.csv?action=course.update&subjectType=course';
    await waitFor(
      async () => {
        const href = await exportLink.getAttribute('href');
        if (href !== expectedCsv) throw new Error(`export link ${href} at ${page.url()}`);
        return true;
      },
      {
        what: 'the export link to follow both filters',
        timeoutMs: 5_000,
      },
    );
    // The address alone brings the same view back.
    await page.reload();
    await main(page).getByText(courseTitle, { exact: true }).first().waitFor();
    expect(await main(page).getByLabel('Action').inputValue()).toBe('course.update');
    await screenshot(page, `jobs-audit-audit-${viewport}`);
    expect(await seriousViolations(page)).toEqual([]);
    await main(page).getByRole('button', { name: 'Clear filters' }).click();
    await page.waitForURL((u) => !u.searchParams.has('auditAction') && !u.searchParams.has('auditKind'));
  });
});

describe('/users as a coach', () => {
  it('shows neither the Jobs nor the Audit log tab, even from the address', async () => {
    const page = await pages.open({ viewport: 'desktop' });
    await signInWithCookies(page, 'coach', '/users?tab=jobs');
    await page.getByRole('heading', { name: 'User Dashboard', level: 1 }).waitFor();
    await main(page).getByRole('searchbox', { name: 'Search Users' }).waitFor();
    expect(await main(page).getByRole('tab', { name: 'Jobs' }).count()).toBe(0);
    expect(await main(page).getByRole('tab', { name: 'Audit log' }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
