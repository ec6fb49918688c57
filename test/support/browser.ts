/**
 * For browser tests: Debian's Chromium driven by playwright-core against the running test stack (the gateway serves
 * the built web app and the API on one origin).
 *
 *   const browser = await launchBrowser();                       // once per file (beforeAll), close in afterAll
 *   const page = await newPage(browser, { viewport: 'mobile' }); // own context = own cookies; baseURL = gateway
 *   await signInThroughUi(page, 'premium');                      // or { email, password }
 *   await signInWithCookies(page, 'coach', '/users');            // faster: API sign-in, cookies handed to the page
 *   await screenshot(page, 'dashboard-premium-mobile');          // test-artifacts/screenshots/<name>.png
 *   await closePage(page);                                       // fails when the page had problems (see below)
 *
 * Or let jest hooks do the launching and closing:
 *   const pages = useBrowser();          // at the top of a test file: browser per file, pages closed after each test
 *   const page = await pages.open({ viewport: 'mobile' });
 *
 * Guard: every page records problems — uncaught page errors, console errors, gateway answers >= 500, and any
 * request to a host other than the gateway (those are aborted, so tests never reach the internet). `screenshot()`
 * and `closePage()` throw when problems were recorded, so the test fails where it happened. Browser network
 * messages for expected 4xx answers ("Failed to load resource: ... status of 401") are not problems.
 * Expected extras: `allowProblems(page, /regex/)`; external addresses a test expects the app to open (e.g. the
 * calendar) go in `newPage(..., { allowExternal: [/calendar\.example/] })`: they get an empty 200 page and are
 * recorded in `externalRequests(page)` instead of being problems.
 *
 * Two files at a time: `npm test` runs the browser files in two jest workers against the one stack. A file may
 * therefore only change what no other file reads: make people, courses, boards, tags of its own (named with a
 * token unique to the run). A file that changes something shared — site content, the catalogue's order, the
 * board's Master Template, banners or categories, a seeded person or her settings — says so in its first
 * docblock (the comment the file starts with), on a line of its own with the reason, e.g.
 *
 *    * @runs-alone it edits the Master Template that every new board starts from.
 *
 * and then runs with no other file beside it (test/setup/browser-lock.ts; such files go first). Put shared things
 * back in afterAll as before: the file still runs alone until its last afterAll has ended. Mark only what needs it:
 * every file marked runs by itself and makes the whole run longer.
 */
import { mkdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, afterEach, beforeAll } from '@jest/globals';
import { waitFor } from '@rainmakers/kit/testing';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { nextSecondFactorCode } from '../../scripts/lib/second-factor';
import type { GatewaySession, SeedPersonKey } from './stack-client';
import { freshAdmin, signIn, stackInfo } from './stack-client';

export type { Browser, BrowserContext, Locator, Page } from 'playwright-core';

/** Debian's Chromium; `npm test` (scripts/test.ts) exports CHROMIUM_PATH after finding or installing it. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../../test-artifacts/screenshots');

export const VIEWPORTS = {
  desktop: { width: 1440, height: 900 },
  mobile: { width: 390, height: 844 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

interface Guard {
  problems: string[];
  allowed: RegExp[];
  external: string[];
}

const guards = new WeakMap<Page, Guard>();

function guardOf(page: Page): Guard {
  const guard = guards.get(page);
  if (!guard) throw new Error('This page was not opened with newPage() from test/support/browser');
  return guard;
}

export interface NewPageOptions {
  viewport?: ViewportName;
  /** Requests to these (absolute URLs) are answered with an empty page instead of being problems. */
  allowExternal?: RegExp[];
  /**
   * Origins of the project's own local stand-ins for outside providers (the Stripe stand-in's portal and Stripe.js)
   * that the page really talks to; requests there go through.
   */
  allowOrigins?: string[];
  /** The browser's time zone (Playwright's timezoneId); UTC when left out. */
  timezoneId?: string;
}

/** A page in a fresh browser context (own cookies), baseURL = the gateway, with the problem guard attached. */
export async function newPage(browser: Browser, options: NewPageOptions = {}): Promise<Page> {
  const viewportName = options.viewport ?? 'desktop';
  const gateway = new URL(stackInfo().gatewayUrl);
  const mobile = viewportName === 'mobile';
  const context: BrowserContext = await browser.newContext({
    baseURL: gateway.origin,
    viewport: VIEWPORTS[viewportName],
    deviceScaleFactor: 1,
    isMobile: mobile,
    hasTouch: mobile,
    locale: 'en-US',
    timezoneId: options.timezoneId ?? 'UTC',
  });
  // Two files share the 2-core machine with the stack (scripts/test.ts): a wait that passes in 2 s on a quiet
  // machine took over 10 s at load 18. A passing test never waits for these; a failing one says so later.
  context.setDefaultTimeout(25_000);
  context.setDefaultNavigationTimeout(40_000);
  const page = await context.newPage();
  const guard: Guard = { problems: [], allowed: [], external: [] };
  guards.set(page, guard);
  const allowExternal = options.allowExternal ?? [];
  const allowOrigins = new Set(options.allowOrigins ?? []);

  await context.route(
    (url) =>
      url.origin !== gateway.origin &&
      !allowOrigins.has(url.origin) &&
      (url.protocol === 'http:' || url.protocol === 'https:'),
    async (route) => {
      const url = route.request().url();
      if (allowExternal.some((pattern) => pattern.test(url))) {
        guard.external.push(url);
        await route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>external</title>' });
        return;
      }
      guard.problems.push(`request to a host other than the gateway: ${route.request().method()} ${url}`);
      await route.abort('blockedbyclient');
    },
  );
  page.on('pageerror', (error) => guard.problems.push(`page error: ${error.stack ?? error.message}`));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    // Chromium logs every 4xx answer as a console error; expected ones (401 for anonymous, 400 for bad input) are fine.
    if (/^Failed to load resource: the server responded with a status of 4\d\d/.test(text)) return;
    if (/ERR_BLOCKED_BY_CLIENT/.test(text)) return; // already recorded as an external request
    guard.problems.push(`console error: ${text} (${message.location().url})`);
  });
  page.on('response', (response) => {
    if (response.status() >= 500 && new URL(response.url()).origin === gateway.origin) {
      guard.problems.push(`gateway answered ${response.status()}: ${response.request().method()} ${response.url()}`);
    }
  });
  return page;
}

/** Problems recorded so far that are not allowed with allowProblems(). */
export function pageProblems(page: Page): string[] {
  const guard = guardOf(page);
  return guard.problems.filter((problem) => !guard.allowed.some((pattern) => pattern.test(problem)));
}

/** Do not count problems matching this pattern (e.g. an error the test provokes on purpose). */
export function allowProblems(page: Page, pattern: RegExp): void {
  guardOf(page).allowed.push(pattern);
}

/** External URLs the page requested that were allowed with newPage({ allowExternal }). */
export function externalRequests(page: Page): string[] {
  return [...guardOf(page).external];
}

/** Throws when the page recorded problems. */
export function expectNoPageProblems(page: Page): void {
  const problems = pageProblems(page);
  if (problems.length > 0) {
    throw new Error(`The page at ${page.url()} had problems:\n  - ${problems.join('\n  - ')}`);
  }
}

/** Checks the guard, then closes the page's context. */
export async function closePage(page: Page): Promise<void> {
  try {
    expectNoPageProblems(page);
  } finally {
    await page.context().close();
  }
}

/**
 * Waits until the page's finite animations and transitions (drawers, toasts, ripples) have ended; endless ones
 * (spinners) are left running. Evaluated as a string like the rest of this file (see settle()).
 */
export async function animationsDone(page: Page): Promise<void> {
  await page.evaluate(
    `Promise.all(document.getAnimations().filter((a) => a.effect?.getTiming().iterations !== Infinity).map((a) => a.finished.catch(() => undefined))).then(() => true)`,
  );
}

/**
 * Emulates the system's colour scheme. On a page of the app that follows it, waits until the app has repainted in it
 * (the switch comes from a matchMedia event after this call returns) and its colour transitions have ended: an axe
 * run or a screenshot right after would otherwise catch the old colours, or text half-way between the two.
 */
export async function emulateColorScheme(page: Page, scheme: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme });
  const painted = async () => (await page.evaluate('document.documentElement.dataset.theme ?? null')) as string | null;
  // Not the app yet (a blank page): its first paint reads the scheme itself.
  if ((await painted()) === null) return;
  await waitFor(async () => (await painted()) === scheme, { what: `the app painted ${scheme}` });
  await animationsDone(page);
}

/** The app's loading states: the session spinner, the page skeleton, MUI skeletons, indeterminate progress bars. */
const LOADING_SELECTOR = '[role="status"][aria-label^="Loading"], .MuiSkeleton-root, .MuiLinearProgress-indeterminate';

/**
 * Waits (at most a few seconds each, never failing) until the network is quiet, loading skeletons and progress bars
 * are gone and web fonts are loaded, then lets transitions (drawers, toasts) finish.
 */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: 3_000 }).catch(() => undefined);
  // Polling from here, not page.waitForFunction: a string predicate is evaluated with eval() inside the page, which
  // the app's Content-Security-Policy (script-src 'self') rightly refuses, and that would count as a page error.
  await waitFor(async () => (await page.locator(LOADING_SELECTOR).count()) === 0, { timeoutMs: 5_000 }).catch(
    () => undefined,
  );
  await page.evaluate('document.fonts.ready.then(() => true)');
  await animationsDone(page);
}

/**
 * Saves test-artifacts/screenshots/<name>.png (the viewport; fullPage: true for the whole page — note that the sticky
 * desktop sidebar then ends at the viewport's height, an artefact of full-page capture), then checks the guard.
 */
export async function screenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<string> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await settle(page);
  await page.screenshot({ path: file, fullPage: options.fullPage ?? false, animations: 'disabled' });
  expectNoPageProblems(page);
  return file;
}

/**
 * Signs in through /signin (the form, not the API) as a seeded person or with credentials, and waits until the
 * app has left /signin. Returns the path the app landed on.
 */
export async function signInThroughUi(
  page: Page,
  who: SeedPersonKey | { email: string; password: string },
): Promise<string> {
  // 'admin' is a new admin, enrolled through the API (this process knows her codes): the seeded admin's
  // code works once per 30 s step.
  const person =
    who === 'admin' ? (await freshAdmin()).person : typeof who === 'string' ? stackInfo().seededUsers[who] : who;
  if (!new URL(page.url(), 'http://x').pathname.startsWith('/signin')) await page.goto('/signin');
  await page.getByLabel('Email', { exact: true }).fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const code = page.getByLabel('Code', { exact: true });
  const left = page.waitForURL((url) => !url.pathname.startsWith('/signin')).then(() => 'left' as const);
  const asked = code.waitFor().then(() => 'code' as const);
  if ((await Promise.race([left, asked])) === 'code') {
    const next = await nextSecondFactorCode(person.email);
    if (!next) throw new Error(`The sign-in of ${person.email} asks for a code this test process does not know`);
    await code.fill(next.code);
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await left;
  }
  asked.catch(() => undefined);
  return new URL(page.url()).pathname;
}

/**
 * Registers jest hooks for one test file: launches Chromium before the first test, closes every page opened through
 * `open()` after each test (failing that test when its pages recorded problems) and the browser after the last.
 */
export function useBrowser(): { open(options?: NewPageOptions): Promise<Page>; browser(): Browser } {
  let browser: Browser | null = null;
  let open: Page[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterEach(async () => {
    const pages = open;
    open = [];
    const problems: string[] = [];
    for (const page of pages) {
      problems.push(...pageProblems(page).map((problem) => `${page.url()}: ${problem}`));
      await page.context().close();
    }
    if (problems.length > 0) throw new Error(`Browser problems during the test:\n  - ${problems.join('\n  - ')}`);
  });
  afterAll(async () => {
    await browser?.close();
  });
  const current = () => {
    if (!browser) throw new Error('The browser is not running (useBrowser() hooks run around tests only)');
    return browser;
  };
  return {
    browser: current,
    async open(options) {
      const page = await newPage(current(), options);
      open.push(page);
      return page;
    },
  };
}

/** API sessions handed to pages by signInWithCookies, per e-mail (per test file: jest loads modules per file). */
const apiSessions = new Map<string, Promise<GatewaySession>>();

/**
 * Gives the page's context the session and CSRF cookies of an API sign-in (POST /api/auth/signin via stack-client),
 * then opens `path` (default /). Much faster than the form; use signInThroughUi where the sign-in screen matters.
 * The API session is reused for the same person within a test file, because auth counts every sign-in attempt per
 * address (AUTH_MAX_ATTEMPTS_PER_IP, 60 per 5 minutes by default) and the whole suite comes from 127.0.0.1. Pass
 * `fresh: true` when the test ends the session (sign-out) or changes it (role switch).
 */
export async function signInWithCookies(
  page: Page,
  who: SeedPersonKey | { email: string; password: string },
  path = '/',
  options: { fresh?: boolean } = {},
): Promise<void> {
  // 'admin' is a new admin per test file (signIn('admin')), kept under that key like anyone else.
  const key = who === 'admin' ? 'admin' : typeof who === 'string' ? stackInfo().seededUsers[who].email : who.email;
  let session = options.fresh ? undefined : apiSessions.get(key);
  if (!session) {
    session = who === 'admin' ? signIn('admin') : signIn(typeof who === 'string' ? stackInfo().seededUsers[who] : who);
    if (!options.fresh) apiSessions.set(key, session);
    session.catch(() => apiSessions.delete(key));
  }
  const api = await session;
  const url = new URL(stackInfo().gatewayUrl).origin;
  const cookies = (['rm_session', 'rm_csrf'] as const).flatMap((name) => {
    const value = api.cookie(name);
    return value === undefined ? [] : [{ name, value, url, httpOnly: name === 'rm_session', sameSite: 'Lax' as const }];
  });
  if (!cookies.some((cookie) => cookie.name === 'rm_session')) throw new Error('The sign-in set no session cookie');
  await page.context().addCookies(cookies);
  await page.goto(path);
}

/** The WCAG 2.2 AA rule sets the browser tests hold every screen to. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
let axeSource = '';

/**
 * axe-core's serious and critical violations on the page as it is now, once it has settled ('id: target' each);
 * axe is injected into the page the first time.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  axeSource ||= await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  await settle(page);
  if (!(await page.evaluate('typeof window.axe === "object"'))) await page.evaluate(`${axeSource};\ntrue`);
  return (await page.evaluate(
    `axe.run(document, { runOnly: { type: 'tag', values: ${JSON.stringify(WCAG_TAGS)} }, resultTypes: ['violations'] })
      .then((r) => r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => v.id + ': ' + v.nodes.map((n) => JSON.stringify(n.target)).join(' ')))`,
  )) as string[];
}
