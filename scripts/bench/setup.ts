/**
 * What the scenarios need before they run: the generated catalogue (straight into the courses database),
 * premium members created for the benchmark (through the admin's own API, so it works on any stack), their
 * signed-in sessions as raw cookie + CSRF headers for autocannon, and the course slugs and lesson ids a
 * member may open.
 */
import { createHash } from 'node:crypto';
import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from '@rainmakers/contracts';
import { createDatabase } from '@rainmakers/kit';
import { generateCatalogue } from '../../services/courses/src/store/catalogue-generator';
import { signInThroughGateway } from '../lib/gateway-session';
import { GatewayRequestError, type GatewaySession } from '../seed/context';

export const MEMBER_PASSWORD = 'Bench-Passw0rd!';
export const memberEmail = (n: number) => `bench-member-${String(n).padStart(2, '0')}@bench.rainmakers.local`;

/** A signed-in session as autocannon sends it. */
export interface SessionHeaders {
  email: string;
  userId: number;
  role: string;
  /** cookie + accept (GET). */
  read: Record<string, string>;
  /** cookie + CSRF header + JSON content type (PUT/POST). */
  write: Record<string, string>;
}

export function headersOf(session: GatewaySession, who: { email: string; userId: number; role: string }) {
  const sessionCookie = session.cookie(SESSION_COOKIE);
  const csrf = session.cookie(CSRF_COOKIE);
  if (!sessionCookie || !csrf) throw new Error(`No session or CSRF cookie for ${who.email}`);
  const cookie = `${SESSION_COOKIE}=${sessionCookie}; ${CSRF_COOKIE}=${csrf}`;
  return {
    ...who,
    read: { cookie, accept: 'application/json' },
    write: {
      cookie,
      accept: 'application/json',
      'content-type': 'application/json',
      [CSRF_HEADER]: decodeURIComponent(csrf),
    },
  } satisfies SessionHeaders;
}

interface MeResponse {
  currentUser: { id: number; role: string; email: string } | null;
}

/** A signed-in session, kept both ways: as a client (for setup calls) and as raw headers (for autocannon). */
export interface SignedIn {
  session: GatewaySession;
  headers: SessionHeaders;
}

export async function signIn(gatewayUrl: string, email: string, password: string): Promise<SignedIn> {
  let session: GatewaySession;
  try {
    session = await signInThroughGateway(gatewayUrl, email, password);
  } catch (error) {
    if (error instanceof GatewayRequestError && error.status === 429) {
      throw new Error(
        `Signing in ${email} was rate limited (429). The benchmark signs in once per member plus the admin: ` +
          'use fewer --members, or start the stack with a higher AUTH_MAX_ATTEMPTS_PER_IP.',
      );
    }
    throw error;
  }
  const { currentUser } = await session.get<MeResponse>('/api/auth/me');
  if (!currentUser) throw new Error(`${email} signed in but /api/auth/me has no currentUser`);
  return { session, headers: headersOf(session, { email, userId: currentUser.id, role: currentUser.role }) };
}

/**
 * Creates premium member `n` (bench-member-NN, in Austin, TX) through the admin's POST /api/user/upsert; true when
 * created, false when the e-mail was already in use.
 */
export async function ensureBenchMember(admin: GatewaySession, n: number): Promise<boolean> {
  const response = await admin.request('POST', '/api/user/upsert', {
    fullName: `Bench Member ${n}`,
    email: memberEmail(n),
    role: 'premium',
    password: MEMBER_PASSWORD,
    city: 'Austin',
    state: 'TX',
    country: 'United States',
  });
  if (response.status < 300) return true;
  if (JSON.stringify(response.body).includes('already in use')) return false;
  throw new Error(`Creating ${memberEmail(n)} answered ${response.status}: ${JSON.stringify(response.body)}`);
}

/**
 * Premium members bench-member-01.. (created by the admin through POST /api/user/upsert when they do not exist
 * yet), each signed in once.
 */
export async function benchMembers(
  gatewayUrl: string,
  admin: GatewaySession,
  count: number,
  log: (line: string) => void,
): Promise<SignedIn[]> {
  let created = 0;
  for (let n = 1; n <= count; n++) if (await ensureBenchMember(admin, n)) created += 1;
  log(`${count} premium bench members ready (${created} created, ${count - created} existed)`);
  const signedIn: SignedIn[] = [];
  for (let n = 1; n <= count; n++) signedIn.push(await signIn(gatewayUrl, memberEmail(n), MEMBER_PASSWORD));
  return signedIn;
}

export interface CatalogueGeneration {
  courses: number;
  modules: number;
  lessons: number;
  generateMs: number;
  analyzeMs: number;
  /** Rows in the courses database after the generation (includes whatever was there before). */
  totals: { courses: number; modules: number; lessons: number };
  /** Table + index sizes. */
  sizes: Record<string, string>;
}

export async function generateIntoCoursesDatabase(
  databaseUrl: string,
  size: { courses: number; modules: number; lessons: number },
): Promise<CatalogueGeneration> {
  const database = createDatabase<Record<string, never>>(databaseUrl, { max: 2 });
  try {
    const generated = await generateCatalogue(database.pool, size);
    const started = Date.now();
    await database.pool.query('ANALYZE');
    const analyzeMs = Date.now() - started;
    const totals = await database.pool.query<{ courses: number; modules: number; lessons: number }>(
      `SELECT (SELECT count(*)::int FROM courses) AS courses, (SELECT count(*)::int FROM modules) AS modules,
              (SELECT count(*)::int FROM lessons) AS lessons`,
    );
    const sizes = await database.pool.query<{ name: string; size: string }>(
      `SELECT c.relname AS name, pg_size_pretty(pg_total_relation_size(c.oid)) AS size
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = 'public' AND c.relkind = 'r' AND c.relname IN ('courses', 'modules', 'lessons')
       ORDER BY c.relname`,
    );
    return {
      courses: generated.courses,
      modules: generated.modules,
      lessons: generated.lessons,
      generateMs: generated.ms,
      analyzeMs,
      totals: totals.rows[0] ?? { courses: 0, modules: 0, lessons: 0 },
      sizes: Object.fromEntries(sizes.rows.map((r) => [r.name, r.size])),
    };
  } finally {
    await database.close();
  }
}

interface CatalogueAnswer {
  courses: Array<{ slug: string; id: number }>;
  lessonsTitles: Array<{ id: number }>;
}
interface CoursePageAnswer {
  course: { Modules: Array<{ Lessons: Array<{ id: number }> }> };
}

/** The course slugs a member sees, and up to `perCourse` lesson ids from each of `courses` of them (spread out). */
export async function memberContent(
  member: GatewaySession,
  options: { courses: number; perCourse: number },
): Promise<{ slugs: string[]; lessonIds: number[] }> {
  const catalogue = await member.get<CatalogueAnswer>('/api/course/read-many?itemsPerPage=1000');
  const slugs = catalogue.courses.map((c) => c.slug);
  const step = Math.max(1, Math.floor(slugs.length / options.courses));
  const lessonIds: number[] = [];
  for (let i = 0; i < slugs.length && lessonIds.length < options.courses * options.perCourse; i += step) {
    const page = await member.get<CoursePageAnswer>(`/api/course/${encodeURIComponent(slugs[i] ?? '')}`);
    const ids = page.course.Modules.flatMap((m) => m.Lessons.map((l) => l.id));
    const spread = Math.max(1, Math.floor(ids.length / options.perCourse));
    for (let j = 0; j < ids.length && j / spread < options.perCourse; j += spread) lessonIds.push(ids[j] ?? 0);
  }
  return { slugs, lessonIds: lessonIds.filter((id) => id > 0) };
}

/**
 * Search terms a member would type, by kind. The rare ones name words the generator writes into only one
 * lesson (its reference code) or a few sentences.
 */
export function searchTerms(): Array<{ term: string; kind: string }> {
  const code = (k: number) => `lesson${k}x${createHash('md5').update(String(k)).digest('hex').slice(0, 6)}`;
  return [
    { term: code(4242), kind: 'rare (one lesson)' },
    { term: 'customs clearance', kind: 'phrase (content)' },
    { term: 'trademark', kind: 'topic word' },
    { term: 'inventory', kind: 'common' },
    { term: 'amazon', kind: 'common' },
    { term: 'product research', kind: 'common multi-word' },
    { term: 'negative keywords', kind: 'multi-word' },
    { term: 'how to lower acos on sponsored brands', kind: 'long multi-word' },
    { term: 'inv', kind: 'prefix' },
    { term: 'pp', kind: 'short prefix' },
    { term: 'freight forw', kind: 'prefix multi-word' },
    { term: 'zzqxv', kind: 'no match' },
  ];
}

/** Words a member of an Amazon sellers' community would search for. */
const VOCABULARY = [
  'inventory',
  'keyword',
  'listing',
  'campaign',
  'sponsored',
  'brand',
  'supplier',
  'pricing',
  'reviews',
  'wholesale',
  'private label',
  'freight',
  'fees',
  'content',
  'photography',
  'launch',
  'profit',
  'sales tax',
  'seller central',
  'storefront',
  'packaging',
  'inspection',
  'cash flow',
  'bundles',
  'traffic',
  'email',
  'returns',
  'account health',
  'trademark',
  'seasonal',
  'competitor',
  'arbitrage',
  'coupons',
  'influencer',
  'forecasting',
  'labeling',
  'international',
  'assistants',
  'exit',
  'margin',
  'acos',
  'samples',
  'checklist',
  'mistakes',
  'templates',
  'budget',
  'case study',
  'research',
  'optimization',
  'logistics',
];

/**
 * Many distinct terms, as typing produces them (each word's prefixes from 3 letters, whole words, and pairs of
 * words), so that no answer can be served again from a cache of recent searches: the miss path.
 */
export function distinctSearchTerms(): string[] {
  const terms = new Set<string>();
  for (const word of VOCABULARY) {
    for (let length = 3; length < word.length; length += 2) terms.add(word.slice(0, length).trim());
    terms.add(word);
  }
  for (let i = 0; i < VOCABULARY.length; i++) {
    for (const j of [7, 19, 31]) terms.add(`${VOCABULARY[i]} ${VOCABULARY[(i + j) % VOCABULARY.length]}`);
  }
  return [...terms];
}
