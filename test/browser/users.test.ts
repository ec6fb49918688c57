/**
 * The user dashboard (/users, spec part 1 §2 'User Dashboard (staff)', §4 'User list', §5 user form, §8 toasts) and
 * tag management (/tag-management) in Chromium against the running stack, as an admin and as a coach.
 * Every test makes people of its own whose names carry a token unique to the run, and searches for it, so the seeded
 * people and other tests' people stay out of the way. Screenshots: test-artifacts/screenshots/users-*.png.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it, jest } from '@jest/globals';
import { waitFor } from '@rainmakers/kit/testing';
import ExcelJS from 'exceljs';
import { type Page, screenshot, seriousViolations, signInWithCookies, useBrowser } from '../support/browser';
import { stackInfo } from '../support/stack-client';
import { admin, createPerson, readUser, setCreatedAt, setSubscription } from './fixtures';

jest.setTimeout(180_000);
const pages = useBrowser();

/** Letters only, unique to this run (name search is a substring match). */
const token = () =>
  `zu${randomUUID()
    .replace(/[^a-f]/g, '')
    .slice(0, 6)}q`;

declare const navigator: { clipboard: { readText(): Promise<string> } };

const main = (page: Page) => page.getByRole('main');
const rows = (page: Page) => main(page).locator('tbody tr');
const toastText = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

/** Waits until the table shows exactly these names, in any order. */
async function expectNames(page: Page, names: string[]): Promise<void> {
  const shown = async () => (await rows(page).locator('td p:first-child').allTextContents()).sort();
  await waitFor(async () => JSON.stringify(await shown()) === JSON.stringify([...names].sort()), {
    timeoutMs: 10_000,
  }).catch(async () => {
    expect(await shown()).toEqual([...names].sort());
  });
}

const search = (page: Page) => main(page).getByRole('searchbox', { name: 'Search Users' });
const url = (page: Page) => new URL(page.url());

describe('/users as an admin', () => {
  it('searches with the address, pages through numbered pages and page sizes, and filters unpaid', async () => {
    const t = token();
    const people = [];
    for (let i = 0; i < 12; i += 1)
      people.push(await createPerson('basic', 'list', `${t} Person ${String(i).padStart(2, '0')}`));
    await setSubscription(people[3]!.id, 'unpaid');

    const page = await pages.open({ viewport: 'desktop' });
    await signInWithCookies(page, 'admin', '/users');
    await page.getByRole('heading', { name: 'User Dashboard', level: 1 }).waitFor();
    await main(page).getByRole('button', { name: 'Add new User' }).waitFor();

    await search(page).fill(t);
    await page.waitForURL((u) => u.searchParams.get('search') === t);
    // The previous page stays on screen while the search loads: wait for the match's own range.
    await main(page).getByText('Showing 1–10 of 12').waitFor();
    expect(await rows(page).count()).toBe(10);
    expect(await main(page).getByRole('button', { name: 'Go to previous page' }).isDisabled()).toBe(true);
    expect(await main(page).getByRole('button', { name: 'Go to next page' }).isDisabled()).toBe(false);
    // The role header carries the counts of the whole match.
    await main(page).getByText('(Premium: 0, Basic: 12)').waitFor();
    await screenshot(page, 'users-admin-desktop');

    await main(page).getByRole('button', { name: 'Go to next page' }).click();
    await page.waitForURL((u) => u.searchParams.get('page') === '2');
    await waitFor(async () => (await rows(page).count()) === 2, { timeoutMs: 10_000 });
    expect(await main(page).getByRole('button', { name: 'Go to next page' }).isDisabled()).toBe(true);

    // The state survives a reload (it lives in the address).
    await page.reload();
    await waitFor(async () => (await rows(page).count()) === 2, { timeoutMs: 10_000 });
    expect(await search(page).inputValue()).toBe(t);

    await main(page).getByLabel('Rows per page').selectOption('25');
    await page.waitForURL((u) => u.searchParams.get('size') === '25' && !u.searchParams.has('page'));
    await waitFor(async () => (await rows(page).count()) === 12, { timeoutMs: 10_000 });

    await main(page).getByRole('button', { name: 'Options' }).click();
    await page.getByRole('menuitem', { name: /Sub\. Problems/ }).click();
    await page.waitForURL((u) => u.searchParams.get('filter') === 'unpaid');
    await expectNames(page, [people[3]!.fullName]);
    expect(await rows(page).first().getByText('unpaid').count()).toBe(1);
    await main(page).getByRole('button', { name: 'Sub. Problems: unpaid only' }).waitFor();

    // A search that matches nobody.
    await search(page).fill(`${t}nobody`);
    await main(page).getByText('No users', { exact: true }).first().waitFor();
    expect(url(page).searchParams.get('filter')).toBe('unpaid');
  });

  it('creates, edits (with field errors that clear), and deletes a person; changes roles in bulk', async () => {
    const t = token();
    const taken = await createPerson('basic', 'taken', `${t} Taken`);
    const first = await createPerson('basic', 'edit', `${t} Edith`);
    const second = await createPerson('basic', 'bulk', `${t} Bulk`);
    const page = await pages.open({ viewport: 'desktop' });
    await signInWithCookies(page, 'admin', `/users?search=${t}`);
    await expectNames(page, [taken.fullName, first.fullName, second.fullName]);

    // Add new User.
    await main(page).getByRole('button', { name: 'Add new User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add new User' });
    await dialog.getByLabel('Full name').fill(`${t} Newton`);
    await dialog.getByLabel('Email').fill(`newton-${t}@browser.test`);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toastText(page, 'User created successfully').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await expectNames(page, [taken.fullName, first.fullName, second.fullName, `${t} Newton`]);

    // Edit: an e-mail in use shows the spec's text under the field, which clears once the field is edited.
    await main(page)
      .getByRole('button', { name: `Edit ${first.fullName}` })
      .click();
    const edit = page.getByRole('dialog', { name: 'Edit User' });
    await edit.getByLabel('Email').fill(taken.email);
    await edit.getByLabel('City').fill('Austin');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.getByText('This email address is already in use').waitFor();
    await screenshot(page, 'users-admin-form-error-desktop');
    await edit.getByLabel('Email').fill(first.email);
    await edit.getByText('This email address is already in use').waitFor({ state: 'detached' });
    await edit.getByRole('button', { name: 'Save' }).click();
    await toastText(page, 'User updated successfully').waitFor();
    expect((await readUser(first.id)).city).toBe('Austin');

    // Bulk role change for the selected rows, after a confirmation that states the count and the change.
    await main(page)
      .getByRole('checkbox', { name: `Select ${first.fullName}` })
      .check();
    await main(page)
      .getByRole('checkbox', { name: `Select ${second.fullName}` })
      .check();
    await main(page)
      .getByRole('toolbar', { name: 'Bulk actions' })
      .getByRole('button', { name: 'Change role' })
      .click();
    const confirm = page.getByRole('dialog', { name: 'Change role: 2 people' });
    await confirm.getByLabel('New role').selectOption('premium');
    await confirm.getByText('The role of 2 people will become “premium”.', { exact: false }).waitFor();
    // The spec's route for a selection, and the spec's toast.
    const upgrade = page.waitForRequest(
      (request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/user/upgrade-role',
    );
    await confirm.getByRole('button', { name: 'Change role for 2 people' }).click();
    const sent = (await upgrade).postDataJSON() as { users: number[]; newRole: string };
    expect([...sent.users].sort((a, b) => a - b)).toEqual([first.id, second.id].sort((a, b) => a - b));
    expect(sent.newRole).toBe('premium');
    await toastText(page, 'Updated 2 user(s) roles').waitFor();
    expect((await readUser(second.id)).role).toBe('premium');
    await main(page).getByText('(Premium: 2, Basic: 2)').waitFor();

    // Delete after a confirmation.
    await main(page)
      .getByRole('button', { name: `Edit ${taken.fullName}` })
      .click();
    const del = page.getByRole('dialog', { name: 'Edit User' });
    await del.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete user' }).getByRole('button', { name: 'Delete' }).click();
    await toastText(page, 'User deleted successfully').waitFor();
    await expectNames(page, [first.fullName, second.fullName, `${t} Newton`]);
  });

  it('signs in as the person from the row, and goes back', async () => {
    const t = token();
    const person = await createPerson('premium', 'signinas', `${t} Sina`);
    const page = await pages.open({ viewport: 'desktop' });
    await signInWithCookies(page, 'admin', `/users?search=${t}`, { fresh: true });
    await expectNames(page, [person.fullName]);
    await main(page)
      .getByRole('button', { name: `Sign in as ${person.fullName}` })
      .click();
    await page.waitForURL((u) => u.pathname === '/');
    await page
      .getByRole('button', { name: /back to/i })
      .first()
      .waitFor();
    await page
      .getByRole('button', { name: /back to/i })
      .first()
      .click();
    await page
      .getByRole('button', { name: /back to/i })
      .first()
      .waitFor({ state: 'detached' });
  });

  it('fits a phone', async () => {
    const t = token();
    await createPerson('premium', 'phone', `${t} Phoebe`);
    const page = await pages.open({ viewport: 'mobile' });
    await signInWithCookies(page, 'admin', `/users?search=${t}`);
    await expectNames(page, [`${t} Phoebe`]);
    await screenshot(page, 'users-admin-mobile');
  });
});

describe('/users as a coach', () => {
  it('lists premium members only, edits their tags only, and opens their board', async () => {
    const t = token();
    const premium = await createPerson('premium', 'coach-p', `${t} Premium`);
    // A member who joined before the Move the Needle cut-off, so she has a board to go to (contracts board-access).
    await setCreatedAt(premium.id, '2024-06-01T12:00:00Z');
    await createPerson('basic', 'coach-b', `${t} Basic`);

    const page = await pages.open({ viewport: 'desktop' });
    await signInWithCookies(page, 'coach', `/users?search=${t}`);
    await expectNames(page, [premium.fullName]);
    expect(await main(page).getByRole('button', { name: 'Add new User' }).count()).toBe(0);
    expect(await main(page).getByRole('button', { name: 'Options' }).count()).toBe(0);
    expect(await main(page).getByRole('checkbox').count()).toBe(0);
    await screenshot(page, 'users-coach-list-desktop');

    await main(page)
      .getByRole('button', { name: `Edit ${premium.fullName}` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Edit User Tags' });
    await dialog.getByLabel('Tags').waitFor();
    expect(await dialog.getByLabel('Full name').count()).toBe(0);
    expect(await dialog.getByLabel('Email').count()).toBe(0);
    await dialog.getByLabel('Tags').click();
    await page.getByRole('option').first().click();
    await dialog.getByRole('heading', { name: 'Edit User Tags' }).click();
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    await screenshot(page, 'users-coach-tags-desktop');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toastText(page, 'User updated successfully').waitFor();
    expect((await readUser(premium.id)).Tags.length).toBe(1);

    await main(page)
      .getByRole('link', { name: `Go to board of ${premium.fullName}` })
      .click();
    await page.waitForURL((u) => u.pathname === `/move-the-needle/${premium.id}`);
  });
});

describe('/users bulk update from CSV', () => {
  it('goes through preparing, the report, submitting (a job with a progress bar), its final report, and closes', async () => {
    const t = token();
    const ann = await createPerson('basic', 'wiz-a', `${t} Ann`);
    const bo = await createPerson('basic', 'wiz-b', `${t} Bo`);
    const { tag } = await (await admin()).post<{ tag: { id: number; name: string } }>('/api/tag/upsert', {
      name: `${t} wizard`,
    });
    const page = await pages.open({ viewport: 'desktop' });
    await signInWithCookies(page, 'admin', `/users?search=${t}`);
    await expectNames(page, [ann.fullName, bo.fullName]);
    await main(page).getByRole('button', { name: 'Options' }).click();
    await page.getByRole('menuitem', { name: 'Bulk update from CSV' }).click();
    const wizard = page.getByRole('dialog', { name: 'Bulk update from CSV' });

    // A binary file named .csv is refused in the browser, with a clear message.
    await wizard.locator('input[type="file"]').setInputFiles({
      name: 'people.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00, 0x08]),
    });
    await wizard.getByText(/not a CSV table/).waitFor();

    const csv = `email,name\n${ann.email},Ann\n${bo.email},Bo\n${ann.email},again\nghost-${t}@browser.test,Ghost\n`;
    await wizard.locator('input[type="file"]').setInputFiles({
      name: 'people.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    await toastText(page, 'Validated CSV users sucessfully').waitFor();
    await wizard.getByText('Found: 2').waitFor();
    await wizard.getByText('Duplicate: 1').waitFor();
    await wizard.getByText('Not found: 1').waitFor();
    await wizard.getByRole('combobox', { name: 'Tags' }).click();
    await page.getByRole('option', { name: tag.name }).click();
    await wizard.getByRole('heading', { name: 'Bulk update from CSV' }).click();
    await wizard.getByLabel('Role (optional)').click();
    await page.getByRole('option', { name: 'premium' }).click();
    await screenshot(page, 'users-bulk-update-report-desktop');
    await wizard.getByRole('button', { name: 'Update 2 user(s)' }).click();
    await toastText(page, 'Updated users sucessfully').waitFor();
    await wizard.getByText('The bulk update has finished.').waitFor();
    await expect(wizard.locator('dd').allTextContents()).resolves.toEqual(['2', '0', '1']);
    await screenshot(page, 'users-bulk-update-finished-desktop');
    expect(await seriousViolations(page)).toEqual([]);
    await wizard.getByRole('button', { name: 'Close' }).click();
    await wizard.waitFor({ state: 'detached' });
    for (const person of [ann, bo]) {
      const user = await readUser(person.id);
      expect({ role: user.role, tags: user.Tags.map((x) => x.name) }).toEqual({ role: 'premium', tags: [tag.name] });
    }
  });
});

describe('/users bulk update from an Excel workbook', () => {
  it('reads the e-mails of the first column of an .xlsx in the browser', async () => {
    const t = token();
    const ann = await createPerson('basic', 'wiz-x', `${t} Xlsx`);
    const book = new ExcelJS.Workbook();
    book.addWorksheet('People').addRows([
      ['Email', 'Name'],
      [ann.email, 'Ann'],
      [`ghost-${t}@browser.test`, 'Ghost'],
    ]);
    const page = await pages.open({ viewport: 'desktop' });
    await signInWithCookies(page, 'admin', `/users?search=${t}`);
    await expectNames(page, [ann.fullName]);
    await main(page).getByRole('button', { name: 'Options' }).click();
    await page.getByRole('menuitem', { name: 'Bulk update from CSV' }).click();
    const wizard = page.getByRole('dialog', { name: 'Bulk update from CSV' });
    await wizard.locator('input[type="file"]').setInputFiles({
      name: 'people.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: Buffer.from(await book.xlsx.writeBuffer()),
    });
    await toastText(page, 'Validated CSV users sucessfully').waitFor();
    await wizard.getByText('Found: 1', { exact: true }).waitFor();
    await wizard.getByText('Not found: 1', { exact: true }).waitFor();
    await wizard.getByRole('button', { name: 'Cancel' }).click();
    await wizard.waitFor({ state: 'detached' });
  });
});

describe('/users import', () => {
  it('imports a CSV with a progress bar, shows the final report and downloads the error report', async () => {
    const t = token();
    const rows = Array.from({ length: 300 }, (_, i) => `imp${i}-${t}@browser.test,${t} Imported ${i},basic`);
    const csv = [
      'email,fullName,role',
      ...rows,
      `bad-${t},${t} Bad,basic`,
      `imp0-${t}@browser.test,${t} Again,basic`,
    ].join('\r\n');
    const page = await pages.open({ viewport: 'desktop' });
    await signInWithCookies(page, 'admin', `/users?search=${t}`);
    await main(page).getByText('No users', { exact: true }).first().waitFor();
    await main(page).getByRole('button', { name: 'Options' }).click();
    await page.getByRole('menuitem', { name: 'Import users' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import users' });

    // A file that is not a table of people: the server's error text.
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'people.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('name,city\r\nAnn,Austin'),
    });
    await dialog.getByText(/no email column/).waitFor();

    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'people.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    await dialog.getByRole('progressbar').waitFor();
    // Two rows need attention: the message says so (never a plain success).
    await toastText(page, '300 of 302 imported, 2 need attention').waitFor({ timeout: 30_000 });
    await dialog.getByText('Import finished').waitFor();
    expect(await dialog.getByTestId('import-created').textContent()).toBe('300');
    expect(await dialog.getByTestId('import-skipped').textContent()).toBe('1');
    expect(await dialog.getByTestId('import-failed').textContent()).toBe('1');
    await screenshot(page, 'users-import-report-desktop');
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('link', { name: /Download error report/ }).click(),
    ]);
    let text = '';
    for await (const chunk of await file.createReadStream()) text += String(chunk);
    expect(text.split('\r\n').slice(0, 3)).toEqual([
      'row,email,reason',
      `302,bad-${t},The email is not valid`,
      `303,imp0-${t}@browser.test,Skipped: the same e-mail is on row 2`,
    ]);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await main(page).getByText('Showing 1–10 of 300').waitFor();
  });
});

describe('/users audit log and accessibility', () => {
  it('shows who did what, filters by person, and every screen passes axe-core', async () => {
    const t = token();
    const person = await createPerson('basic', 'audit', `${t} Audited`);
    await (await admin()).post('/api/user/upgrade-role', { users: [person.id], newRole: 'premium' });
    const page = await pages.open({ viewport: 'desktop' });
    await signInWithCookies(page, 'admin', `/users?search=${t}`);
    await expectNames(page, [person.fullName]);
    const problems: string[] = [];
    problems.push(...(await seriousViolations(page)));
    await main(page)
      .getByRole('button', { name: `Edit ${person.fullName}` })
      .click();
    await page.getByRole('dialog', { name: 'Edit User' }).waitFor();
    problems.push(...(await seriousViolations(page)));
    await page.getByRole('dialog', { name: 'Edit User' }).getByRole('button', { name: 'Cancel' }).click();

    await main(page).getByRole('tab', { name: 'Audit log' }).click();
    await page.waitForURL((u) => u.searchParams.get('tab') === 'audit');
    await main(page).getByRole('table', { name: 'Audit log' }).waitFor();
    await main(page).getByRole('button', { name: person.fullName }).first().click();
    await page.waitForURL((u) => u.searchParams.get('person') === String(person.id));
    // Filtered to her: her one role change (the rows of people changed earlier in this file are gone).
    await waitFor(async () => (await main(page).getByText('Role: Basic → Premium').count()) === 1, {
      what: "the audit log filtered to the person's one role change",
    });
    // By cell: the Action filter offers the same labels as options.
    await main(page).getByRole('cell', { name: 'Changed role' }).first().waitFor();
    await main(page).getByRole('cell', { name: 'Created person' }).first().waitFor();
    // The whole log stays on screen while the person's history loads.
    await waitFor(async () => (await main(page).locator('tbody tr').count()) === 2, { timeoutMs: 10_000 });
    await main(page).getByText(`About: ${person.fullName}`).waitFor();
    problems.push(...(await seriousViolations(page)));
    await screenshot(page, 'users-audit-log-desktop');

    await page.goto('/tag-management');
    await main(page).getByRole('columnheader', { name: 'Id' }).waitFor();
    problems.push(...(await seriousViolations(page)));

    const coach = await pages.open({ viewport: 'mobile' });
    await signInWithCookies(coach, 'coach', '/users');
    await coach.getByRole('heading', { name: 'User Dashboard', level: 1 }).waitFor();
    await rows(coach).first().waitFor();
    problems.push(...(await seriousViolations(coach)));
    expect(problems).toEqual([]);
  });
});

describe('/users downloads', () => {
  it('exports users.csv and the two samples from the Options menu', async () => {
    const page = await pages.open({ viewport: 'desktop' });
    await signInWithCookies(page, 'admin', '/users');
    await page.getByRole('heading', { name: 'User Dashboard', level: 1 }).waitFor();
    const download = async (item: string | RegExp) => {
      await main(page).getByRole('button', { name: 'Options' }).click();
      const [file] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('menuitem', { name: item }).click(),
      ]);
      const stream = await file.createReadStream();
      let text = '';
      for await (const chunk of stream) text += String(chunk);
      return { name: file.suggestedFilename(), text };
    };
    const exported = await download(/^Export/);
    expect(exported.name).toBe('users.csv');
    expect(exported.text.startsWith('id,fullName,email,role')).toBe(true);
    expect(exported.text).toContain(stackInfo().seededUsers.coach.email);
    expect((await download('Download bulk update sample')).text.startsWith('email')).toBe(true);
    expect((await download('Download import sample')).text.startsWith('email,fullName')).toBe(true);
  });
});

describe('/tag-management as an admin', () => {
  it('adds, renames (with an error under the name) and deletes a tag', async () => {
    const t = token();
    const page = await pages.open({ viewport: 'desktop' });
    await signInWithCookies(page, 'admin', '/tag-management');
    await page.getByRole('heading', { name: 'Tag Management', level: 1 }).waitFor();
    await main(page).getByRole('columnheader', { name: 'Id' }).waitFor();

    await main(page).getByRole('button', { name: 'Add new Tag' }).click();
    const add = page.getByRole('dialog', { name: 'Add new Tag' });
    await add.getByLabel('Name').fill(`${t} first`);
    await add.getByRole('button', { name: 'Save' }).click();
    await toastText(page, 'Tag saved successfully').waitFor();
    await main(page)
      .getByRole('cell', { name: `${t} first`, exact: true })
      .waitFor();

    await main(page).getByRole('button', { name: 'Add new Tag' }).click();
    await add.getByLabel('Name').fill(`${t} second`);
    await add.getByRole('button', { name: 'Save' }).click();
    await main(page)
      .getByRole('cell', { name: `${t} second`, exact: true })
      .waitFor();

    // Allowed on sign-up links with the row's switch, then its sign-up link copied.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    const copyLink = main(page).getByRole('button', { name: `Copy sign-up link for ${t} first` });
    expect(await copyLink.isDisabled()).toBe(true);
    await main(page)
      .getByRole('switch', { name: `Allowed on sign-up links: ${t} first` })
      .click();
    await toastText(page, 'Tag allowed on sign-up links').waitFor();
    await waitFor(async () => !(await copyLink.isDisabled()), { what: 'the copy button to be enabled' });
    await copyLink.click();
    await toastText(page, 'Sign-up link copied').waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    const { tags } = await (await admin()).get<{ tags: { id: number; name: string; signupAllowed: boolean }[] }>(
      `/api/tag/read-many?search=${encodeURIComponent(t)}`,
    );
    const first = tags.find((tag) => tag.name === `${t} first`);
    expect(first?.signupAllowed).toBe(true);
    expect(copied).toBe(`${new URL(page.url()).origin}/signup?signuptags=${first?.id}`);
    await screenshot(page, 'users-tags-signup-link-desktop');

    // A name in use shows its error under the field, which clears when the name is edited.
    await main(page)
      .getByRole('button', { name: `Edit ${t} second` })
      .click();
    const edit = page.getByRole('dialog', { name: 'Edit Tag' });
    await edit.getByLabel('Name').fill(`${t} FIRST`);
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.getByText('A tag with this name already exists').waitFor();
    await screenshot(page, 'users-tags-error-desktop');
    await edit.getByLabel('Name').fill(`${t} renamed`);
    await edit.getByText('A tag with this name already exists').waitFor({ state: 'detached' });
    await edit.getByRole('button', { name: 'Save' }).click();
    await toastText(page, 'Tag saved successfully').waitFor();
    await main(page)
      .getByRole('cell', { name: `${t} renamed`, exact: true })
      .waitFor();

    await main(page)
      .getByRole('button', { name: `Edit ${t} renamed` })
      .click();
    await edit.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete tag' }).getByRole('button', { name: 'Delete' }).click();
    await main(page)
      .getByRole('cell', { name: `${t} renamed`, exact: true })
      .waitFor({ state: 'detached' });
    await screenshot(page, 'users-tags-desktop');
  });
});
