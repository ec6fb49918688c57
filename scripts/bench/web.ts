/**
 * `npm run bench -- --only=web`: the web app's first load in headless Chromium (Debian's, driven by playwright-core),
 * the way a premium member opens it: a cold cache (a new browser context per load), signed in (the session cookie
 * of an API sign-in put in the context), one page address typed in. For `/`, `/courses`, a course page and
 * `/profile`, unthrottled (desktop) and on DevTools' "Slow 4G" (phone), it reports the median over several loads of
 * - JS requests and their gzipped bytes before the page's content (the first card on /courses, the main heading
 *   elsewhere);
 * - first contentful paint, the main heading (`main h1` on screen), the first card (`main .MuiCard-root`), the
 *   largest contentful paint, and long tasks (PerformanceObserver 'longtask': count, total and longest);
 * and checks the first-load budgets (BUDGETS below). Numbers are milliseconds since navigation start.
 */
import http from 'node:http';
import { CSRF_COOKIE, SESSION_COOKIE } from '@rainmakers/contracts';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { table } from './report';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * DevTools' "Slow 4G" preset (Chromium devtools-frontend, front_end/core/sdk/NetworkManager.ts, `Slow4GConditions`,
 * called "Fast 3G" before May 2024): 150 ms target RTT × 3.75 = 562.5 ms latency per request, 1.6 Mbps × 0.9 down
 * = 180,000 B/s, 750 kbps × 0.9 up = 84,375 B/s.
 */
export const SLOW_4G = { offline: false, latency: 562.5, downloadThroughput: 180_000, uploadThroughput: 84_375 };

export const BUDGETS = {
  /** /courses, unthrottled: the heading and the first card on screen within this. */
  coursesVisibleMs: 1000,
  /** /courses, unthrottled: JS fetched before the first card, gzipped (1 KB = 1000 bytes). */
  coursesJsGzipBytes: 200_000,
  coursesJsRequests: 15,
  /** /courses on Slow 4G: the first card on screen within this. */
  coursesSlow4gCardMs: 2500,
};

type Network = 'unthrottled' | 'slow 4G';

/** Whose session a page loads with: the bench's premium member, the seeded long-standing member, the admin. */
export type WebPersona = 'member' | 'boardOwner' | 'admin';

interface PageSpec {
  label: string;
  path: string;
  /** What counts as the page's content for "JS before the content". */
  content: 'card' | 'heading';
  as: WebPersona;
  /** Also loaded on Slow 4G (the catalogue's budget); the other screens are held to the unthrottled budgets. */
  slow: boolean;
  /**
   * Held to the catalogue's budgets (200 KB, 15 JS requests before the content): the board, users, tools,
   * dashboard and certificate screens, which must "stay inside the first-load budgets". The course page and the profile are measured for reference.
   */
  budget: boolean;
}

/**
 * Cards: the catalogue's MUI cards, the board's card tiles and the dashboard's cards with their data (the course
 * progress figure). A screen without cards counts its main heading.
 */
const CARD_SELECTOR = 'main .MuiCard-root, main [data-card-id], main [data-testid="course-progress-percent"]';

interface LoadMetrics {
  fcp: number | null;
  heading: number | null;
  card: number | null;
  lcp: number | null;
  lcpElement: string | null;
  longTasks: number;
  longTaskMs: number;
  longestTaskMs: number;
  jsRequests: number;
  jsGzipBytes: number;
  apiRequests: string[];
}

export interface WebPageReport {
  page: string;
  path: string;
  /** Held to the first-load budgets (PageSpec.budget). */
  budget: boolean;
  network: Network;
  loads: number;
  median: Omit<LoadMetrics, 'lcpElement' | 'apiRequests'>;
  lcpElement: string | null;
  /** API calls made before the content, of the median load's sort (the first load's list). */
  apiBeforeContent: string[];
  all: LoadMetrics[];
}

export interface WebTarget {
  name: string;
  value: string;
  limit: string;
  pass: boolean;
}

export interface WebBenchResult {
  pages: WebPageReport[];
  targets: WebTarget[];
}

/**
 * Set before any of the page's scripts run (CDP addScriptToEvaluateOnNewDocument, which the page's CSP does not
 * govern). Times are those of the animation frame that first shows the element.
 */
const OBSERVER_SCRIPT = `(() => {
  const m = { fcp: null, lcp: null, lcpElement: null, heading: null, card: null, longTasks: 0, longTaskMs: 0, longestTaskMs: 0 };
  window.__rmBench = m;
  const describe = (el) => el ? el.tagName.toLowerCase() + (el.className && typeof el.className === 'string' ? '.' + el.className.split(' ').filter((c) => c && !c.startsWith('css-')).slice(0, 2).join('.') : '') : null;
  new PerformanceObserver((list) => { for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') m.fcp = e.startTime; }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => { for (const e of list.getEntries()) { m.lcp = e.startTime; m.lcpElement = describe(e.element); } }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => { for (const e of list.getEntries()) { m.longTasks += 1; m.longTaskMs += e.duration; m.longestTaskMs = Math.max(m.longestTaskMs, e.duration); } }).observe({ type: 'longtask', buffered: true });
  const shown = (selector) => { const el = document.querySelector(selector); if (!el) return false; const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0; };
  const check = () => {
    if (m.heading === null && shown('main h1')) requestAnimationFrame((t) => { if (m.heading === null) m.heading = t; });
    if (m.card === null && shown(${JSON.stringify(CARD_SELECTOR)})) requestAnimationFrame((t) => { if (m.card === null) m.card = t; });
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true });
})();`;

const READ_SCRIPT = `(() => {
  const m = window.__rmBench;
  const resources = performance.getEntriesByType('resource').map((r) => ({ name: r.name, startTime: r.startTime }));
  return { ...m, resources };
})()`;

interface PageReading {
  fcp: number | null;
  heading: number | null;
  card: number | null;
  lcp: number | null;
  lcpElement: string | null;
  longTasks: number;
  longTaskMs: number;
  longestTaskMs: number;
  resources: { name: string; startTime: number }[];
}

/** The size of an asset as the gateway sends it gzipped (content-length of the gzip answer), per URL. */
async function gzipSize(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': 'gzip' } }, (response) => {
        let length = 0;
        response.on('data', (chunk: Buffer) => {
          length += chunk.length;
        });
        response.on('end', () => resolve(length));
      })
      .on('error', reject);
  });
}

function median(values: (number | null)[]): number | null {
  const known = values.filter((v): v is number => v !== null).sort((a, b) => a - b);
  if (known.length === 0 || known.length < values.length / 2) return null;
  const middle = Math.floor(known.length / 2);
  return known.length % 2 ? (known[middle] as number) : ((known[middle - 1] as number) + (known[middle] as number)) / 2;
}

export interface WebBenchOptions {
  gatewayUrl: string;
  /** Cookies of each persona's API sign-in; pages of a persona without a session are left out. */
  sessions: Partial<Record<WebPersona, { cookie(name: string): string | undefined }>>;
  /** A course the member may open. */
  courseSlug: string | null;
  /** A fellow member whose community profile (/community/{id}) the member opens; left out when null. */
  communityId: number | null;
  loads: number;
  slowLoads: number;
  log: (line: string) => void;
}

export async function runWebBench(options: WebBenchOptions): Promise<WebBenchResult> {
  const origin = new URL(options.gatewayUrl).origin;
  const cookiesOf = (persona: WebPersona) => {
    const session = options.sessions[persona];
    const sessionCookie = session?.cookie(SESSION_COOKIE);
    if (!session || !sessionCookie) throw new Error(`web bench: the ${persona} has no session cookie`);
    return { sessionCookie, csrfCookie: session.cookie(CSRF_COOKIE) };
  };
  const pages: PageSpec[] = (
    [
      { label: 'dashboard', path: '/', content: 'card', as: 'member', slow: true, budget: true },
      { label: 'catalogue', path: '/courses', content: 'card', as: 'member', slow: true, budget: false },
      ...(options.courseSlug
        ? [
            {
              label: 'course page',
              path: `/courses/${options.courseSlug}`,
              content: 'heading',
              as: 'member',
              slow: true,
              budget: false,
            } as const,
          ]
        : []),
      { label: 'profile', path: '/profile', content: 'heading', as: 'member', slow: true, budget: false },
      { label: 'board', path: '/move-the-needle', content: 'card', as: 'boardOwner', slow: false, budget: true },
      { label: 'profit tool', path: '/profit-calculator', content: 'heading', as: 'member', slow: false, budget: true },
      { label: 'resources', path: '/resources', content: 'card', as: 'member', slow: false, budget: true },
      { label: 'user dashboard', path: '/users', content: 'heading', as: 'admin', slow: false, budget: true },
      ...(options.communityId
        ? [
            {
              label: 'community profile',
              path: `/community/${options.communityId}`,
              content: 'heading',
              as: 'member',
              slow: false,
              budget: true,
            } as const,
          ]
        : []),
      { label: 'site content', path: '/site-content', content: 'heading', as: 'admin', slow: false, budget: true },
    ] as const satisfies readonly PageSpec[]
  ).filter((page) => options.sessions[page.as]);
  const sizes = new Map<string, Promise<number>>();
  const sizeOf = (url: string) => {
    let size = sizes.get(url);
    if (!size) {
      size = gzipSize(url);
      sizes.set(url, size);
    }
    return size;
  };

  const browser: Browser = await chromium.launch({
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
  const loadOnce = async (spec: PageSpec, network: Network): Promise<LoadMetrics> => {
    const phone = network === 'slow 4G';
    const context: BrowserContext = await browser.newContext({
      baseURL: origin,
      viewport: phone ? { width: 390, height: 844 } : { width: 1440, height: 900 },
      isMobile: phone,
      hasTouch: phone,
      deviceScaleFactor: 1,
      locale: 'en-US',
    });
    try {
      const { sessionCookie, csrfCookie } = cookiesOf(spec.as);
      // The board's welcome dialog would cover the cards: a returning member has ticked 'Don't show again'.
      await context.addInitScript({ content: "try { localStorage.setItem('dontShowMTNUpgrade', 'true') } catch {}" });
      await context.addCookies([
        { name: SESSION_COOKIE, value: sessionCookie, url: origin, httpOnly: true, sameSite: 'Lax' },
        ...(csrfCookie ? [{ name: CSRF_COOKIE, value: csrfCookie, url: origin, sameSite: 'Lax' as const }] : []),
      ]);
      await context.addInitScript({ content: OBSERVER_SCRIPT });
      const page: Page = await context.newPage();
      if (phone) {
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.enable');
        await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
      }
      const selector = spec.content === 'card' ? CARD_SELECTOR : 'main h1';
      await page.goto(spec.path, { waitUntil: 'commit', timeout: 60_000 });
      await page.locator(selector).first().waitFor({ state: 'visible', timeout: 60_000 });
      // Late LCP candidates and long tasks: wait until the page has stopped loading.
      await page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => undefined);
      const reading = (await page.evaluate(READ_SCRIPT)) as PageReading;
      const contentAt = spec.content === 'card' ? reading.card : reading.heading;
      const before = reading.resources.filter((r) => contentAt === null || r.startTime <= contentAt);
      const js = before.filter((r) => new URL(r.name).pathname.endsWith('.js'));
      const jsSizes = await Promise.all(js.map((r) => sizeOf(r.name)));
      return {
        fcp: reading.fcp,
        heading: reading.heading,
        card: reading.card,
        lcp: reading.lcp,
        lcpElement: reading.lcpElement,
        longTasks: reading.longTasks,
        longTaskMs: reading.longTaskMs,
        longestTaskMs: reading.longestTaskMs,
        jsRequests: js.length,
        jsGzipBytes: jsSizes.reduce((sum, n) => sum + n, 0),
        apiRequests: before
          .map((r) => new URL(r.name))
          .filter((u) => u.pathname.startsWith('/api/'))
          .map((u) => u.pathname + u.search),
      };
    } finally {
      await context.close();
    }
  };

  const reports: WebPageReport[] = [];
  try {
    for (const [network, loads] of [
      ['unthrottled', options.loads],
      ['slow 4G', options.slowLoads],
    ] as const) {
      for (const spec of pages.filter((page) => network === 'unthrottled' || page.slow)) {
        await loadOnce(spec, network); // warm-up: the server's first answers, not measured
        const all: LoadMetrics[] = [];
        for (let i = 0; i < loads; i++) all.push(await loadOnce(spec, network));
        const pick = (key: keyof Omit<LoadMetrics, 'lcpElement' | 'apiRequests'>) => median(all.map((m) => m[key]));
        const report: WebPageReport = {
          page: spec.label,
          path: spec.path,
          budget: spec.budget,
          network,
          loads,
          median: {
            fcp: pick('fcp'),
            heading: pick('heading'),
            card: pick('card'),
            lcp: pick('lcp'),
            longTasks: pick('longTasks') ?? 0,
            longTaskMs: pick('longTaskMs') ?? 0,
            longestTaskMs: pick('longestTaskMs') ?? 0,
            jsRequests: pick('jsRequests') ?? 0,
            jsGzipBytes: pick('jsGzipBytes') ?? 0,
          },
          lcpElement: all[0]?.lcpElement ?? null,
          apiBeforeContent: all[0]?.apiRequests ?? [],
          all,
        };
        reports.push(report);
        options.log(
          `  ${spec.path} (${network}): heading ${fmt(report.median.heading)}, card ${fmt(report.median.card)}, ` +
            `LCP ${fmt(report.median.lcp)}, ${report.median.jsRequests} JS requests, ` +
            `${kb(report.median.jsGzipBytes)} gz`,
        );
      }
    }
  } finally {
    await browser.close();
  }
  return { pages: reports, targets: webTargets(reports) };
}

const fmt = (ms: number | null) => (ms === null ? '-' : `${Math.round(ms)} ms`);
const kb = (n: number) => `${(n / 1000).toFixed(1)} KB`;

/** The first card counts once both the card and the largest paint are on screen. */
const cardShown = (m: WebPageReport['median']) =>
  m.card === null ? null : m.lcp === null ? m.card : Math.max(m.card, m.lcp);

export function webTargets(reports: readonly WebPageReport[]): WebTarget[] {
  const fast = reports.find((r) => r.path === '/courses' && r.network === 'unthrottled');
  const slow = reports.find((r) => r.path === '/courses' && r.network === 'slow 4G');
  const targets: WebTarget[] = [];
  const below = (value: number | null, limit: number) => value !== null && value < limit;
  if (fast) {
    const card = cardShown(fast.median);
    targets.push(
      {
        name: '/courses main heading, unthrottled',
        value: fmt(fast.median.heading),
        limit: `< ${BUDGETS.coursesVisibleMs} ms`,
        pass: below(fast.median.heading, BUDGETS.coursesVisibleMs),
      },
      {
        name: '/courses first card (card and LCP), unthrottled',
        value: fmt(card),
        limit: `< ${BUDGETS.coursesVisibleMs} ms`,
        pass: below(card, BUDGETS.coursesVisibleMs),
      },
      {
        name: '/courses JS before the first card, gzipped',
        value: kb(fast.median.jsGzipBytes),
        limit: `<= ${kb(BUDGETS.coursesJsGzipBytes)}`,
        pass: fast.median.jsGzipBytes <= BUDGETS.coursesJsGzipBytes,
      },
      {
        name: '/courses JS requests before the first card',
        value: String(fast.median.jsRequests),
        limit: `<= ${BUDGETS.coursesJsRequests}`,
        pass: fast.median.jsRequests <= BUDGETS.coursesJsRequests,
      },
    );
  }
  if (slow) {
    const card = cardShown(slow.median);
    targets.push({
      name: '/courses first card (card and LCP), Slow 4G',
      value: fmt(card),
      limit: `< ${BUDGETS.coursesSlow4gCardMs} ms`,
      pass: below(card, BUDGETS.coursesSlow4gCardMs),
    });
  }
  // Every other screen keeps the catalogue's first-load budgets (they must "stay inside the first-load
  // budgets"): its JS before its content, in bytes and in requests.
  for (const report of reports) {
    if (report.network !== 'unthrottled' || !report.budget) continue;
    const content = report.median.card !== null ? 'first card' : 'heading';
    targets.push(
      {
        name: `${report.path} JS before the ${content}, gzipped`,
        value: kb(report.median.jsGzipBytes),
        limit: `<= ${kb(BUDGETS.coursesJsGzipBytes)}`,
        pass: report.median.jsGzipBytes <= BUDGETS.coursesJsGzipBytes,
      },
      {
        name: `${report.path} JS requests before the ${content}`,
        value: String(report.median.jsRequests),
        limit: `<= ${BUDGETS.coursesJsRequests}`,
        pass: report.median.jsRequests <= BUDGETS.coursesJsRequests,
      },
    );
  }
  return targets;
}

export function webTable(reports: readonly WebPageReport[]): string {
  return table(
    ['page', 'network', 'loads', 'JS req', 'JS gz', 'FCP', 'heading', 'card', 'LCP', 'long tasks', 'LCP element'],
    reports.map((r) => [
      r.path,
      r.network,
      String(r.loads),
      String(r.median.jsRequests),
      kb(r.median.jsGzipBytes),
      fmt(r.median.fcp),
      fmt(r.median.heading),
      fmt(r.median.card),
      fmt(r.median.lcp),
      `${r.median.longTasks} / ${Math.round(r.median.longTaskMs)} ms (max ${Math.round(r.median.longestTaskMs)})`,
      r.lcpElement ?? '-',
    ]),
    [0, 1, 10],
  );
}

export function webTargetLines(targets: readonly WebTarget[]): string {
  return targets.map((t) => `${t.pass ? 'PASS' : 'MISS'}  ${t.name}: ${t.value} (target ${t.limit})`).join('\n');
}
