/**
 * Accessibility (WCAG 2.2 AA) of every built screen, checked with axe-core 4 inside Chromium against the running
 * stack: the guest screens, the blocked and not-found pages, and the signed-in screens (dashboard, catalogue, course
 * page with a lesson, profile, a placeholder) for basic, premium, coach and admin at desktop and phone sizes, plus the
 * admin's course authoring dialogs. Any serious or critical violation fails the test with its rule, targets and
 * summary. Then a keyboard-only walk (Tab / Enter / Space): sign-in -> catalogue -> a lesson -> Mark as Completed,
 * with the focus ring asserted and shown in test-artifacts/screenshots/a11y-keyboard-*.png.
 *
 * axe-core is injected by the test, not by the product: its source is evaluated through the DevTools protocol
 * (page.evaluate), which the page's Content-Security-Policy (script-src 'self') does not apply to, so the CSP stays
 * on exactly as the product serves it.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import { type Page, screenshot, settle, signInWithCookies, useBrowser, type ViewportName } from '../support/browser';
import { seededUsers } from '../support/stack-client';
import { admin, createPerson, setSubscription, waitForGatewayAccess } from './fixtures';

jest.setTimeout(300_000);
const browser = useBrowser();
/** Many screens per test on a shared machine: each wait may take longer than the suite's 10 s. */
const pages = {
  async open(options: { viewport?: ViewportName } = {}): Promise<Page> {
    const page = await browser.open(options);
    page.context().setDefaultTimeout(30_000);
    page.context().setDefaultNavigationTimeout(60_000);
    return page;
  },
};

/** WCAG 2.0, 2.1 and 2.2 at levels A and AA (axe's tags). */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const VIEWPORTS: ViewportName[] = ['desktop', 'mobile'];
const ROLES = ['basic', 'premium', 'coach', 'admin'] as const;
const COURSE_SLUG = 'amazon-fba-launch-blueprint';

interface AxeNode {
  target: unknown[];
  html: string;
  failureSummary?: string;
}
interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: AxeNode[];
}

let axeSource = '';
let lessonPath = '';
let lessonTitle = '';
let courseTitle = '';

beforeAll(async () => {
  const require = createRequire(import.meta.url);
  axeSource = await readFile(require.resolve('axe-core/axe.min.js'), 'utf8');
  const { course } = await (await admin()).get<{
    course: { title: string; Modules: { id: number; Lessons: { id: number; title: string }[] }[] };
  }>(`/api/course/${COURSE_SLUG}`);
  courseTitle = course.title;
  const module = course.Modules.find((m) => m.Lessons.length > 0);
  const lesson = module?.Lessons[0];
  if (!module || !lesson) throw new Error(`The seeded course ${COURSE_SLUG} has no lesson`);
  lessonPath = `/courses/${COURSE_SLUG}/${module.id}/${lesson.id}`;
  lessonTitle = lesson.title;
});

/** Runs axe-core on the page as it is now; returns the serious and critical violations. */
async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  await settle(page);
  const loaded = await page.evaluate('typeof window.axe === "object"');
  if (!loaded) await page.evaluate(`${axeSource};\ntrue`);
  const violations = (await page.evaluate(
    `axe.run(document, { runOnly: { type: 'tag', values: ${JSON.stringify(WCAG_TAGS)} }, resultTypes: ['violations'] })
      .then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help,
        nodes: v.nodes.map((n) => ({ target: n.target, html: n.html, failureSummary: n.failureSummary })) })))`,
  )) as AxeViolation[];
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

function describeViolations(where: string, violations: AxeViolation[]): string {
  return violations
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 5)
        .map(
          (n) =>
            `      ${JSON.stringify(n.target)} ${n.html.slice(0, 160)}\n        ${(n.failureSummary ?? '').replace(/\s+/g, ' ').trim()}`,
        )
        .join('\n');
      const more = v.nodes.length > 5 ? `\n      ... and ${v.nodes.length - 5} more` : '';
      return `${where}: [${v.impact}] ${v.id} (${v.help})\n${nodes}${more}`;
    })
    .join('\n');
}

/** Collects every screen's violations, so one run reports all of them at once. */
class Findings {
  private readonly lines: string[] = [];
  async check(page: Page, where: string): Promise<void> {
    const violations = await seriousViolations(page);
    if (violations.length > 0) this.lines.push(describeViolations(where, violations));
  }
  expectNone(): void {
    if (this.lines.length > 0) {
      throw new Error(`axe-core found serious or critical violations:\n${this.lines.join('\n')}`);
    }
  }
}

async function heading(page: Page, name: string | RegExp): Promise<void> {
  await page.getByRole('heading', { name, level: 1 }).first().waitFor();
}

/**
 * Opens `path` in the running app the way its own links do (history.pushState, then the popstate the router listens
 * to): the same screen as a full load of the address, without loading the app and axe again for every screen.
 */
async function visit(page: Page, path: string): Promise<void> {
  await page.evaluate(
    `history.pushState(null, '', ${JSON.stringify(path)}); dispatchEvent(new PopStateEvent('popstate')); true`,
  );
  await page.waitForURL((url) => url.pathname === path);
}

/** The seeded lesson is open (its content has a heading of almost the same text, so the title is found by id). */
async function lessonShown(page: Page): Promise<void> {
  await page.locator('#lesson-title', { hasText: lessonTitle }).waitFor();
}

describe('axe-core finds no serious or critical violation', () => {
  it.each(VIEWPORTS)('guest screens (%s)', async (viewport) => {
    const findings = new Findings();
    const page = await pages.open({ viewport });
    await page.goto('/signin');
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    await findings.check(page, `/signin ${viewport}`);
    // The form's errors, shown.
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await settle(page);
    await findings.check(page, `/signin with errors ${viewport}`);

    await page.goto('/signup');
    await heading(page, /./);
    await findings.check(page, `/signup ${viewport}`);

    await page.goto('/forgot-password');
    await heading(page, /./);
    await findings.check(page, `/forgot-password ${viewport}`);

    await page.goto('/reset-password/not-a-real-token');
    await heading(page, /./);
    await findings.check(page, `/reset-password ${viewport}`);
    findings.expectNone();
  });

  it.each(ROLES.flatMap((role) => VIEWPORTS.map((viewport) => [role, viewport] as const)))(
    'signed-in screens as %s (%s)',
    async (role, viewport) => {
      const findings = new Findings();
      const page = await pages.open({ viewport });
      const where = (path: string) => `${path} as ${role} ${viewport}`;

      await signInWithCookies(page, role, '/');
      await heading(page, 'Dashboard');
      await findings.check(page, where('/'));

      await visit(page, '/courses');
      await heading(page, 'Courses');
      await page.locator('#catalogue-panel article').first().waitFor();
      await findings.check(page, where('/courses'));

      // After a client-side move the previous screen's heading is there until the next one has drawn: each wait
      // names the new screen.
      await visit(page, `/courses/${COURSE_SLUG}`);
      await heading(page, courseTitle);
      await findings.check(page, where(`/courses/${COURSE_SLUG}`));

      await visit(page, lessonPath);
      await lessonShown(page);
      await findings.check(page, where(lessonPath));

      await visit(page, '/profile');
      await heading(page, 'Profile');
      await findings.check(page, where('/profile'));

      await visit(page, '/resources');
      await page.getByRole('article').first().waitFor();
      await findings.check(page, where('/resources'));

      await visit(page, '/no-such-page');
      await heading(page, 'Page not found');
      await findings.check(page, where('not found'));

      if (viewport === 'mobile') {
        // The phone menus, open.
        await visit(page, '/');
        await heading(page, 'Dashboard');
        await page.getByRole('button', { name: /menu/i }).first().click();
        await page.locator('nav[aria-label="Main"]').waitFor();
        await findings.check(page, where('/ with the menu open'));
      }
      findings.expectNone();
    },
  );

  it.each(VIEWPORTS)("the admin's course authoring dialogs (%s)", async (viewport) => {
    const findings = new Findings();
    const page = await pages.open({ viewport });
    await signInWithCookies(page, 'admin', '/courses');
    await heading(page, 'Courses');
    await page.getByRole('button', { name: 'Add New Course' }).click();
    await page.getByRole('dialog', { name: 'Add New Course' }).waitFor();
    await findings.check(page, `Add New Course ${viewport}`);
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await settle(page);
    await findings.check(page, `Add New Course with errors ${viewport}`);
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

    await page.goto(lessonPath);
    await lessonShown(page);
    await page.getByRole('button', { name: 'Add module' }).click();
    await page.getByRole('dialog', { name: 'Add Module' }).waitFor();
    await findings.check(page, `Add Module ${viewport}`);
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    // Phones fold the course content: open it first.
    const content = page.getByRole('navigation', { name: 'Course content' }).getByRole('button').first();
    if (viewport === 'mobile' && (await content.getAttribute('aria-expanded')) !== 'true') await content.click();
    await page
      .getByRole('button', { name: /^Add lesson to / })
      .first()
      .click();
    await page.getByRole('dialog', { name: 'Add Lesson' }).waitFor();
    await findings.check(page, `Add Lesson ${viewport}`);
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await settle(page);
    await findings.check(page, `Add Lesson with errors ${viewport}`);
    findings.expectNone();
  });

  it.each(VIEWPORTS)(
    'the Move the Needle board, its dialogs and the review and template views (%s)',
    async (viewport) => {
      const findings = new Findings();
      const page = await pages.open({ viewport });
      // The seeded long-standing premium member: the welcome dialog, the board, a card and the label editor (cancelled).
      await signInWithCookies(page, 'premium', '/move-the-needle');
      const welcome = page.getByRole('dialog', { name: 'Welcome To The New MTN Tool 2.0' });
      await welcome.waitFor();
      await page.locator('[data-card-id]').first().waitFor();
      await findings.check(page, `/move-the-needle welcome dialog ${viewport}`);
      await welcome.getByRole('button', { name: 'Get started' }).click();
      await welcome.waitFor({ state: 'detached' });
      // Checked with drag and drop in place (it arrives just after the board paints and adds its own attributes).
      await page.locator('[aria-label="Board lists"][data-dnd-ready]').waitFor();
      // Nothing widens the page (a phone would zoom out to fit it).
      expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
      await findings.check(page, `/move-the-needle ${viewport}`);
      await page.locator('[data-card-id]').first().click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('heading', { name: 'Comments' }).waitFor();
      await findings.check(page, `/move-the-needle card dialog ${viewport}`);
      await dialog.getByRole('button', { name: 'Edit labels' }).click();
      await dialog.getByRole('list', { name: 'Board labels' }).waitFor();
      await findings.check(page, `/move-the-needle card labels ${viewport}`);
      const editLabel = dialog.getByRole('button', { name: /^Edit label / }).first();
      if ((await editLabel.count()) > 0) {
        await editLabel.click();
        const editor = page.getByRole('dialog', { name: 'Edit label' });
        await editor.waitFor();
        await findings.check(page, `/move-the-needle label editor ${viewport}`);
        await editor.getByRole('button', { name: 'Cancel' }).click();
        await editor.waitFor({ state: 'detached' });
      }
      await dialog.getByRole('button', { name: 'Close card' }).click();
      await dialog.waitFor({ state: 'detached' });

      // A coach reviewing the member's board, and the admin's Master Template.
      for (const [who, address] of [
        ['coach', `/move-the-needle/${seededUsers.premium.id}`],
        ['admin', '/move-the-needle'],
      ] as const) {
        const other = await pages.open({ viewport });
        await other.context().addInitScript("window.localStorage.setItem('dontShowMTNUpgrade', 'true')");
        await signInWithCookies(other, who, address);
        await other.getByRole('region', { name: 'Board lists' }).waitFor();
        await other.locator('[data-card-id]').first().waitFor();
        await heading(other, /./);
        await findings.check(other, `${address} as ${who} ${viewport}`);
      }
      findings.expectNone();
    },
  );

  it.each(VIEWPORTS)('the blocked page (%s)', async (viewport) => {
    const person = await createPerson('basic', 'a11y-blocked', 'Blake Blocked');
    await setSubscription(person.id, 'past_due', 'cus_a11y_suite');
    await waitForGatewayAccess(person, 402);
    const page = await pages.open({ viewport });
    await signInWithCookies(page, person, '/blocked');
    await heading(page, /./);
    const findings = new Findings();
    await findings.check(page, `/blocked ${viewport}`);
    findings.expectNone();
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Keyboard only

/** What the focused element looks like: its name and whether a focus indicator (outline or ring) is drawn. */
async function focused(page: Page): Promise<{ tag: string; text: string; ring: boolean }> {
  return (await page.evaluate(`(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return { tag: 'body', text: '', ring: false };
    // A text field draws its ring on its outlined box (theme: MuiOutlinedInput), not on the bare <input>.
    const drawn = el.matches('input, textarea, select') ? el.closest('.MuiInputBase-root') || el : el;
    const style = getComputedStyle(drawn);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2;
    const shadow = style.boxShadow !== 'none' && style.boxShadow !== '';
    const name = el.getAttribute('aria-label') || (el.labels && el.labels[0] && el.labels[0].textContent) || el.textContent || '';
    return { tag: el.tagName.toLowerCase(), text: name.replace(/\\s+/g, ' ').trim().slice(0, 80), ring: outline || shadow };
  })()`)) as { tag: string; text: string; ring: boolean };
}

/** Presses Tab until the focused element's name matches (at most `limit` presses); the ring must show each time. */
async function tabTo(page: Page, name: RegExp, limit = 60): Promise<void> {
  const seen: string[] = [];
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    const now = await focused(page);
    seen.push(now.text);
    if (now.tag !== 'body' && !now.ring) throw new Error(`No visible focus ring on <${now.tag}> "${now.text}"`);
    if (name.test(now.text)) return;
  }
  throw new Error(`Tab never reached ${name}; focus went through: ${seen.join(' | ')}`);
}

describe('keyboard only', () => {
  it('signs in, opens the catalogue and a lesson, and marks it completed with Tab, Enter and Space', async () => {
    const person = await createPerson('premium', 'a11y-keyboard', 'Kim Keys');
    const page = await pages.open({ viewport: 'desktop' });
    await page.goto('/signin');
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();

    // The e-mail field (focused on arrival, or the first Tab stop).
    if (!/^Email/.test((await focused(page)).text)) await tabTo(page, /^Email/, 5);
    expect((await focused(page)).ring).toBe(true);
    await page.keyboard.type(person.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(person.password);
    await screenshot(page, 'a11y-keyboard-1-signin');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => !url.pathname.startsWith('/signin'));
    await heading(page, 'Dashboard');

    // Skip link first, then the sidebar's Courses entry.
    await page.keyboard.press('Tab');
    expect((await focused(page)).text).toBe('Skip to main content');
    await screenshot(page, 'a11y-keyboard-2-skip-link');
    await tabTo(page, /^Courses$/);
    expect((await focused(page)).ring).toBe(true);
    await screenshot(page, 'a11y-keyboard-3-sidebar-courses');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/courses');
    await page.locator('#catalogue-panel article').first().waitFor();

    // Into the catalogue: search it for the seeded course (other suites add courses that may come first), then its
    // card link.
    await tabTo(page, /^Search courses$/, 30);
    await page.keyboard.type('Amazon FBA Launch Blueprint');
    await page.waitForURL((url) => url.searchParams.get('search') === 'Amazon FBA Launch Blueprint');
    await page.locator('#catalogue-panel article').first().waitFor();
    await settle(page);
    await tabTo(page, /Amazon FBA Launch Blueprint/);
    expect((await focused(page)).ring).toBe(true);
    await screenshot(page, 'a11y-keyboard-4-course-card');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname.startsWith(`/courses/${COURSE_SLUG}`));
    // The course page replaces the catalogue once its outline is in: Tab from there, as a person would.
    await page.getByRole('navigation', { name: 'Course content' }).waitFor();

    // The first lesson of the outline.
    await tabTo(page, new RegExp(lessonTitle));
    await screenshot(page, 'a11y-keyboard-5-lesson-link');
    await page.keyboard.press('Enter');
    // The lesson was already open from the course's address: wait for its own address (and the page settled), so
    // the button reached below belongs to the page that stays.
    await page.waitForURL((url) => url.pathname === lessonPath);
    await lessonShown(page);
    await settle(page);

    await tabTo(page, /^Mark as Completed$/, 120);
    expect((await focused(page)).ring).toBe(true);
    await screenshot(page, 'a11y-keyboard-6-mark-as-completed');
    await page.keyboard.press('Space');
    // When this file runs first in a fresh stack, a re-render right after the Tabs has once taken the focus from the
    // button (CI, not reproduced alone): then the focus is found again by keyboard and Space pressed once more.
    const flipped = page.getByRole('button', { name: 'Mark as Uncompleted' });
    if (
      !(await flipped.waitFor({ timeout: 5000 }).then(
        () => true,
        () => false,
      ))
    ) {
      if (!/^Mark as Completed$/.test((await focused(page)).text)) await tabTo(page, /^Mark as Completed$/, 120);
      await page.keyboard.press('Space');
    }
    await flipped.waitFor();
    await page.getByText('Marked as completed successfully').first().waitFor();
    await screenshot(page, 'a11y-keyboard-7-completed');
  });
});
