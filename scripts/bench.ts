/**
 * `npm run bench`: the product under load, measured through the gateway with autocannon.
 *
 * By default it starts its own stack (every service and the gateway, embedded PostgreSQL, a private Redis) on
 * free ports in a temporary directory (never `npm start`'s .data/), with high rate limits, seeds the people,
 * generates the catalogue (100 courses / 2,000 modules / 100,000 lessons) straight into the courses database
 * and runs ANALYZE. `--url` points it at a stack that already runs instead. See docs/bench.md.
 *
 * Prints the tables and writes bench-results/bench-<timestamp>.json. The exit code is 0 whether or not a
 * target is met (PASS/MISS is printed); it is 1 only when the benchmark itself could not run.
 */

import { execFileSync } from 'node:child_process';
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { CSRF_COOKIE } from '@rainmakers/contracts';
import { createDatabase } from '@rainmakers/kit';
import { analyticsScenario, prepareAnalyticsYear } from './bench/analytics';
import { boardDueScenario, boardMoveScenario, boardUpsertScenario, prepareBoard } from './bench/board';
import { type BroadcastBenchResult, runBroadcastBench } from './bench/broadcasts';
import { DeadlineMissed, deadlineSeconds, withDeadline } from './bench/deadline';
import { discussionLessonId, lessonDiscussionScenario, prepareDiscussion } from './bench/discussions';
import { coursePageDripScenario, withDripRules } from './bench/drip';
import { type ExplainedTerm, explainTerms } from './bench/explain';
import { IDLE_SETTLE_SECONDS, type IdleResult, idleLines, measureIdle } from './bench/idle';
import { courseInsightsScenario, INSIGHTS_MEMBERS, prepareInsightsCourse } from './bench/insights';
import { runHeavyIsolation } from './bench/isolation';
import { createMeasurer, type Measurer } from './bench/measure';
import { type MembersResult, membersTable, membersTargetLine, runMembers } from './bench/members';
import { notificationsScenario, prepareNotifications } from './bench/notifications';
import { type BenchOptions, needsCatalogue, parseOptions, type ScenarioKey, USAGE } from './bench/options';
import { type OtlpSink, startOtlpSink } from './bench/otlp-sink';
import { type BarePipe, OBSERVED_PIPE_RATIOS, observedPipeScenario, pipeScenario, startBarePipe } from './bench/pipe';
import { probeTerms, type TermProbe } from './bench/probe';
import { findListeners, type MemorySample, type ProcessInfo, sampleMemory, type Watched } from './bench/procs';
import { quizAttemptScenario, seededQuiz } from './bench/quizzes';
import {
  bytes,
  cpuTable,
  evaluateTargets,
  labelTable,
  memoryTable,
  type ScenarioReport,
  scenarioTable,
  type Target,
  table,
  targetLines,
  throughputRatio,
  writeJson,
} from './bench/report';
import { cardActivityScenario, prepareCardActivity, prepareReviewQueue, reviewQueueScenario } from './bench/review';
import {
  accessPath,
  completionScenario,
  coursePageScenario,
  dashboardScenario,
  meFromAuthScenario,
  meScenario,
  overviewScenario,
  P95_TARGETS_MS,
  proxyScenarios,
  searchScenario,
  secondStepScenario,
  signInScenario,
  throttledSignInScenario,
} from './bench/scenarios';
import { prepareSecondSteps } from './bench/second-step';
import {
  benchMembers,
  type CatalogueGeneration,
  distinctSearchTerms,
  generateIntoCoursesDatabase,
  MEMBER_PASSWORD,
  memberContent,
  type SessionHeaders,
  type SignedIn,
  searchTerms,
  signIn,
} from './bench/setup';
import {
  type FirstTokenResult,
  prepareProducts,
  productReadManyScenario,
  productUpsertScenario,
  runFirstTokenBench,
  STAND_IN_FIRST_WORD_MS,
  TOOLS_P95_TARGETS_MS,
} from './bench/tools';
import { runUsersBench, type UsersBenchResult, usersTable, usersTargetLines } from './bench/users';
import {
  type ExplainedUsersShape,
  explainUsersList,
  fillUsersForList,
  USERS_LIST_PEOPLE,
  usersListScenario,
} from './bench/users-list';
import { runWebBench, type WebBenchResult, webBenchSeconds, webTable, webTargetLines } from './bench/web';
import { createGatewaySession } from './lib/gateway-session';
import { freePort } from './lib/infra';
import { rememberSecondFactor } from './lib/second-factor';
import { localInternalTokenSecret } from './lib/secrets';
import { REPO_ROOT, randomSecret, STACK_DEFAULT_PORTS, type Stack, startStack } from './lib/stack';
import { DEFAULT_PORTS, SERVICES } from './lib/topology';
import { seedStack } from './seed/index';
import { SEED_PEOPLE } from './seed/people';

/**
 * Limits high enough that the benchmark's own sign-ins and the sign-in scenario are not throttled (cf.
 * TEST_RATE_LIMITS in test/setup/stack.ts). The per-(e-mail, address) failure limit keeps its real value (10): the
 * throttled sign-in scenario (one e-mail, one address) measures it, and a successful sign-in resets it.
 */
const BENCH_ENV: Record<string, string> = {
  AUTH_MAX_ATTEMPTS_PER_IP: '100000',
  SIGNIN_SLOWDOWN_AFTER_FAILURES: '100000',
};

interface BenchTarget {
  mode: 'own stack' | 'external stack';
  gatewayUrl: string;
  coursesUrl: string;
  internalTokenSecret: string;
  coursesDb: string | null;
  /** The users database (the users-jobs scenario tops it up to 100,000 people for the export); null with --url. */
  usersDb: string | null;
  /** The board database (review-queue and card-activity write their boards and history there); null with --url. */
  boardDb: string | null;
  admin: { email: string; password: string };
  watched: Watched[];
  timings: Record<string, number>;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function uptimeLine(): string {
  try {
    return execFileSync('uptime', { encoding: 'utf8' }).trim();
  } catch {
    return `load average: ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(', ')}`;
  }
}

function say(line = ''): void {
  process.stdout.write(`${line}\n`);
}

async function startOwnStack(
  options: BenchOptions,
  stamp: string,
  signal: AbortSignal,
  stackLog: WriteStream,
): Promise<{ stack: Stack; dataDir: string; target: BenchTarget }> {
  const timings: Record<string, number> = {};
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'rainmakers-bench-'));
  const gatewayPort = await freePort();
  const publicUrl = `http://127.0.0.1:${gatewayPort}`;
  say(`Starting the stack in ${dataDir} (its output: ${path.join(options.out, `bench-${stamp}.stack.log`)}) ...`);
  let started = Date.now();
  let stack: Stack;
  try {
    stack = await startStack({
      dataDir,
      freePorts: true,
      ports: { gateway: gatewayPort },
      log: (line) => stackLog.write(`${line}\n`),
      colour: false,
      persistRedis: false,
      external: {},
      secrets: { internalToken: randomSecret(), session: randomSecret() },
      publicUrl,
      buildWeb: options.only.has('web'),
      logLevel: 'warn',
      env: { ...BENCH_ENV, NODE_ENV: 'development', PUBLIC_URL: publicUrl },
      readyTimeoutMs: 180_000,
      ownSignals: true,
      signal,
    });
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  timings.stackStartMs = Date.now() - started;
  say(`  stack ready at ${stack.gatewayUrl} in ${seconds(timings.stackStartMs)}`);
  started = Date.now();
  const seeded = await seedStack(stack, (message) => stackLog.write(`seed      | ${message}\n`));
  timings.seedMs = Date.now() - started;
  say(`  seeded in ${seconds(timings.seedMs)}`);
  const watched: Watched[] = [
    { name: 'gateway', port: stack.ports.gateway },
    ...SERVICES.map((s) => ({ name: s, port: stack.ports[s] })),
    { name: 'users-worker', port: stack.ports['users-worker'] },
    { name: 'postgres', port: stack.ports.postgres },
    { name: 'redis', port: stack.ports.redis },
  ];
  return {
    stack,
    dataDir,
    target: {
      mode: 'own stack',
      gatewayUrl: stack.gatewayUrl,
      coursesUrl: stack.serviceUrls.courses,
      internalTokenSecret: stack.internalTokenSecret,
      coursesDb: stack.databaseUrls.courses,
      usersDb: stack.databaseUrls.users,
      boardDb: stack.databaseUrls.board,
      admin: { email: seeded.people.admin.email, password: seeded.people.admin.password },
      watched,
      timings,
    },
  };
}

async function externalTarget(options: BenchOptions, gatewayUrl: string): Promise<BenchTarget> {
  const seededAdmin = SEED_PEOPLE.find((p) => p.key === 'admin');
  // The admin's second step needs her TOTP secret (the seeded one's is known; --admin-totp-secret else).
  const adminEmail = options.adminEmail ?? seededAdmin?.email ?? '';
  const totpSecret = options.adminTotpSecret ?? (options.adminEmail ? undefined : seededAdmin?.totpSecret);
  if (totpSecret) rememberSecondFactor(adminEmail, totpSecret);
  const coursesUrl = options.coursesUrl ?? `http://127.0.0.1:${DEFAULT_PORTS.courses}`;
  const port = (url: string, fallback: number) => Number(new URL(url).port) || fallback;
  return {
    mode: 'external stack',
    gatewayUrl,
    coursesUrl,
    internalTokenSecret: await localInternalTokenSecret(),
    coursesDb: options.generate ? options.coursesDb : null,
    usersDb: null,
    boardDb: null,
    admin: {
      email: options.adminEmail ?? seededAdmin?.email ?? '',
      password: options.adminPassword ?? seededAdmin?.password ?? '',
    },
    watched: [
      { name: 'gateway', port: port(gatewayUrl, 80) },
      ...SERVICES.map((s) => ({ name: s, port: s === 'courses' ? port(coursesUrl, 80) : DEFAULT_PORTS[s] })),
      { name: 'postgres', port: STACK_DEFAULT_PORTS.postgres },
      { name: 'redis', port: STACK_DEFAULT_PORTS.redis },
    ],
    timings: {},
  };
}

/** What the scenario steps share once the stack, the catalogue and the people are ready. */
interface RunContext {
  options: BenchOptions;
  target: BenchTarget;
  measurer: Measurer;
  processes: ProcessInfo[];
  adminSignedIn: SignedIn;
  signedInMembers: SignedIn[];
  members: SessionHeaders[];
  firstMember: SignedIn;
  content: { slugs: string[]; lessonIds: number[] };
  terms: Array<{ term: string; kind: string }>;
  wants: (key: ScenarioKey) => boolean;
}

/** What the scenarios found beyond their rows (the tables printed after the scenario table). */
interface Findings {
  probes: TermProbe[];
  explained: ExplainedTerm[];
  /** EXPLAIN of the users table's statements for the users-list scenario's asks (after it ran). */
  usersListSql: ExplainedUsersShape[];
  usersJobs: UsersBenchResult | null;
  broadcast: BroadcastBenchResult | null;
  web: WebBenchResult | null;
  membersRun: MembersResult | null;
  idle: IdleResult | null;
  /** Sections that missed their deadline (not autocannon rows: those are marked in the table). */
  missedDeadlines: string[];
}

async function generateCatalogueStep(options: BenchOptions, target: BenchTarget): Promise<CatalogueGeneration | null> {
  const catalogueNeeded = needsCatalogue(options.only);
  if (target.coursesDb && catalogueNeeded) {
    const { courses, modules, lessons } = options.size;
    say(`Generating the catalogue: ${courses} courses, ${modules} modules, ${lessons} lessons ...`);
    const catalogue = await generateIntoCoursesDatabase(target.coursesDb, options.size);
    say(
      `  generated in ${seconds(catalogue.generateMs)}, ANALYZE ${seconds(catalogue.analyzeMs)}; the courses ` +
        `database now holds ${catalogue.totals.courses} courses, ${catalogue.totals.modules} modules, ` +
        `${catalogue.totals.lessons} lessons (${Object.entries(catalogue.sizes)
          .map(([t, s]) => `${t} ${s}`)
          .join(', ')})`,
    );
    return catalogue;
  }
  if (!catalogueNeeded) say('No catalogue generated: none of the selected scenarios reads it');
  else say('No catalogue generated (--url without --generate): measuring the catalogue the stack has');
  return null;
}

async function signInPeopleStep(options: BenchOptions, target: BenchTarget) {
  const started = Date.now();
  const adminSignedIn = await signIn(target.gatewayUrl, target.admin.email, target.admin.password);
  const signedInMembers = await benchMembers(target.gatewayUrl, adminSignedIn.session, options.members, (l) =>
    say(`  ${l}`),
  );
  const firstMember = signedInMembers[0];
  if (!firstMember) throw new Error('No bench member signed in');
  const content = needsCatalogue(options.only)
    ? await memberContent(firstMember.session, { courses: 10, perCourse: 20 })
    : { slugs: [], lessonIds: [] };
  target.timings.peopleMs = Date.now() - started;
  say(
    `  members signed in; a member sees ${content.slugs.length} courses; ${content.lessonIds.length} lesson ids ` +
      `picked for the completion scenario (${seconds(target.timings.peopleMs)})`,
  );
  return { adminSignedIn, signedInMembers, firstMember, content };
}

async function searchScenariosStep(ctx: RunContext, findings: Findings): Promise<void> {
  const { target, members, terms, wants, measurer, options } = ctx;
  const termList = terms.map((t) => t.term);
  if (wants('search')) {
    findings.probes = await probeTerms(target.gatewayUrl, members[0]?.read ?? {}, terms, { warm: 2, measured: 8 });
    await measurer.run({
      ...searchScenario('search', 'catalogue search (premium)', target.gatewayUrl, members, termList, {
        labelled: true,
        p95TargetMs: P95_TARGETS_MS.search,
      }),
      durationSeconds: options.durationSeconds * 1.5,
    });
  }
  if (wants('search-reference')) {
    await measurer.run(
      searchScenario(
        'search-reference',
        'catalogue search, itemsPerPage=1000 (premium, reference)',
        target.gatewayUrl,
        members,
        termList,
        { labelled: false, shape: 'reference' },
      ),
    );
  }
  if (wants('search-distinct')) {
    const distinct = distinctSearchTerms();
    await measurer.run(
      searchScenario(
        'search-distinct',
        'catalogue search, distinct terms (premium)',
        target.gatewayUrl,
        members,
        distinct,
        {
          labelled: false,
          p95TargetMs: P95_TARGETS_MS['search-distinct'],
          description:
            `The web's calls (All tab, tab pages) with ${distinct.length} distinct terms (word prefixes as typed, ` +
            'words, word pairs), each asked again only after all the others: no answer can come from a cache ' +
            'of recent searches',
        },
      ),
    );
  }
  if (wants('search-admin')) {
    await measurer.run(
      searchScenario(
        'search-admin',
        'catalogue search (admin)',
        target.gatewayUrl,
        [ctx.adminSignedIn.headers],
        termList,
      ),
    );
  }
}

/** The seeded long-standing premium member (she keeps the board), signed in. */
async function boardOwnerSignedIn(gatewayUrl: string): Promise<SignedIn> {
  const owner = SEED_PEOPLE.find((p) => p.key === 'premium');
  if (!owner) throw new Error('The seeded premium member (the board owner) is missing from the seed');
  return signIn(gatewayUrl, owner.email, owner.password);
}

async function boardFilled(owner: SignedIn) {
  const prepared = performance.now();
  const board = await prepareBoard(owner.session, owner.headers.userId);
  say(
    `  ${owner.headers.email}'s board: ${board.lists.length} lists, ` +
      `${board.lists.reduce((sum, l) => sum + l.cards.length, 0)} cards (${seconds(performance.now() - prepared)})`,
  );
  return board;
}

/** A lesson discussion of 500 comments, written into the courses database, then read by the members. */
async function lessonDiscussionStep(ctx: RunContext): Promise<void> {
  if (!ctx.target.coursesDb) {
    say('lesson-discussion skipped: it needs the courses database (own stack or --generate)');
    return;
  }
  const lessonId = await discussionLessonId(ctx.target.gatewayUrl, ctx.adminSignedIn.headers);
  const prepared = await prepareDiscussion(
    ctx.target.coursesDb,
    lessonId,
    ctx.members.map((m) => m.userId),
  );
  say(`  lesson-discussion: lesson ${lessonId}, ${prepared.comments} comments (${prepared.added} added)`);
  await ctx.measurer.run(lessonDiscussionScenario(ctx.target.gatewayUrl, ctx.members, lessonId, prepared.comments));
}

/** 20 members' completions on the biggest generated course, the statement EXPLAINed, then measured. */
async function courseInsightsStep(ctx: RunContext): Promise<void> {
  if (!ctx.target.coursesDb) {
    say('course-insights skipped: it needs the courses database (own stack or --generate)');
    return;
  }
  const userIds = ctx.members.map((m) => m.userId);
  // Fewer bench members than 20: made-up ids fill in (completions need no person in the courses database).
  for (let id = 9_000_001; userIds.length < INSIGHTS_MEMBERS; id++) userIds.push(id);
  const course = await prepareInsightsCourse(ctx.target.coursesDb, userIds);
  say(`  course-insights: course ${course.courseId}, ${course.lessons} lessons, ${course.completions} completions`);
  say(`  EXPLAIN (ANALYZE, BUFFERS) of the insights statement:\n    ${course.plan.join('\n    ')}`);
  await ctx.measurer.run(courseInsightsScenario(ctx.target.gatewayUrl, ctx.adminSignedIn.headers, course));
}

/** The review queue on 1,000 members' boards (its statement EXPLAINed first) and a card's history. */
async function reviewStep(ctx: RunContext): Promise<void> {
  const { target, wants, measurer } = ctx;
  if (!target.boardDb) {
    say('review-queue, card-activity skipped: they need the board database (own stack)');
    return;
  }
  if (wants('review-queue') || wants('review-queue-10')) {
    const prepared = performance.now();
    const queue = await prepareReviewQueue(target.boardDb);
    say(
      `  review-queue: ${queue.members} members' boards, ${queue.waiting} cards waiting ` +
        `(${seconds(performance.now() - prepared)}); cards_awaiting_review ${queue.usesIndex ? 'used' : 'NOT used'}`,
    );
    say(`  EXPLAIN (ANALYZE, BUFFERS) of the queue's page:\n    ${queue.plan.join('\n    ')}`);
    if (wants('review-queue')) await measurer.run(reviewQueueScenario(target.gatewayUrl, ctx.adminSignedIn.headers, 1));
    if (wants('review-queue-10')) {
      await measurer.run(reviewQueueScenario(target.gatewayUrl, ctx.adminSignedIn.headers, 10));
    }
  }
  if (wants('card-activity') || wants('card-activity-10')) {
    const owner = await boardOwnerSignedIn(target.gatewayUrl);
    await boardFilled(owner);
    const cardId = await prepareCardActivity(owner.session, owner.headers.userId, target.boardDb);
    if (wants('card-activity')) await measurer.run(cardActivityScenario(target.gatewayUrl, owner.headers, cardId, 1));
    if (wants('card-activity-10')) {
      await measurer.run(cardActivityScenario(target.gatewayUrl, owner.headers, cardId, 10));
    }
  }
}

/** The users database's reporting store filled with a year of 100,000 people, then the overview measured. */
async function analyticsStep(ctx: RunContext): Promise<void> {
  if (!ctx.target.usersDb) {
    say('analytics skipped: it needs the users database (own stack)');
    return;
  }
  const prepared = performance.now();
  const year = await prepareAnalyticsYear(ctx.target.usersDb);
  say(
    `  analytics: ${year.from} to ${year.to}, ${year.hourlyRows} hourly rows (${seconds(performance.now() - prepared)})`,
  );
  for (const connections of [1, 10] as const) {
    if (ctx.wants(connections === 1 ? 'analytics' : 'analytics-10')) {
      await ctx.measurer.run(analyticsScenario(ctx.target.gatewayUrl, ctx.adminSignedIn.headers, year, connections));
    }
  }
}

async function memberScenariosStep(ctx: RunContext): Promise<void> {
  const { target, members, content, wants, measurer } = ctx;
  if (wants('course-page')) await measurer.run(coursePageScenario(target.gatewayUrl, members, content.slugs));
  if (wants('course-page-drip')) {
    const admin = ctx.adminSignedIn.headers;
    const rules = await withDripRules(target.gatewayUrl, admin, content.slugs);
    try {
      await measurer.run(coursePageDripScenario(target.gatewayUrl, members, content.slugs, rules.modules));
    } finally {
      await rules.restore();
    }
  }
  if (wants('completion')) await measurer.run(completionScenario(target.gatewayUrl, members, content.lessonIds));
  if (wants('quiz-attempt')) {
    const quiz = await seededQuiz(target.gatewayUrl, ctx.adminSignedIn.headers);
    await measurer.run(quizAttemptScenario(target.gatewayUrl, members, quiz));
  }
  if (wants('lesson-discussion')) await lessonDiscussionStep(ctx);
  if (wants('course-insights')) await courseInsightsStep(ctx);
  if (wants('analytics') || wants('analytics-10')) await analyticsStep(ctx);
  if (wants('board-move') || wants('board-upsert') || wants('board-due')) {
    const owner = await boardOwnerSignedIn(target.gatewayUrl);
    const board = await boardFilled(owner);
    if (wants('board-move')) await measurer.run(boardMoveScenario(target.gatewayUrl, owner.headers, board));
    if (wants('board-upsert')) await measurer.run(boardUpsertScenario(target.gatewayUrl, owner.headers, board));
    if (wants('board-due')) await measurer.run(boardDueScenario(target.gatewayUrl, owner.headers, board));
  }
  if (wants('dashboard') || wants('dashboard-10')) {
    const signedIn = await boardOwnerSignedIn(target.gatewayUrl);
    if (wants('dashboard')) await measurer.run(dashboardScenario(target.gatewayUrl, signedIn.headers, 1));
    if (wants('dashboard-10')) await measurer.run(dashboardScenario(target.gatewayUrl, signedIn.headers, 10));
  }
  if (wants('notifications')) {
    // The bell's unread count, read by the seeded long-standing member (she holds replies first).
    const reader = await boardOwnerSignedIn(target.gatewayUrl);
    const prepared = performance.now();
    const held = await prepareNotifications(reader.session, reader.headers.userId, ctx.adminSignedIn.session);
    say(`  ${reader.headers.email}: ${held}+ notifications (${seconds(performance.now() - prepared)})`);
    await measurer.run(notificationsScenario(target.gatewayUrl, reader.headers));
  }
  if ((['review-queue', 'review-queue-10', 'card-activity', 'card-activity-10'] as const).some(wants)) {
    await reviewStep(ctx);
  }
  if (wants('overview')) {
    const owner = await boardOwnerSignedIn(target.gatewayUrl);
    const ids = [owner.headers.userId, ...ctx.members.map((m) => m.userId)];
    await measurer.run(overviewScenario(target.gatewayUrl, ctx.adminSignedIn.headers, ids));
  }
  if (wants('product-upsert') || wants('product-read-many')) {
    const prepared = performance.now();
    const ids = await prepareProducts(ctx.firstMember.session);
    say(`  ${ctx.firstMember.headers.email}: ${ids.length} products (${seconds(performance.now() - prepared)})`);
    const member = ctx.firstMember.headers;
    if (wants('product-upsert')) await measurer.run(productUpsertScenario(target.gatewayUrl, member, ids));
    if (wants('product-read-many')) await measurer.run(productReadManyScenario(target.gatewayUrl, member, ids.length));
  }
}

async function aiFirstTokenStep(ctx: RunContext): Promise<void> {
  const { options, members, target, measurer } = ctx;
  // Each member may send 50 messages a day: at most 40 chats each (the warm-up included).
  const chats = Math.min(options.quick ? 40 : 300, members.length * 40 - 20);
  const concurrency = 4;
  const chatters = members.slice(1);
  const chatOptions = { gatewayUrl: target.gatewayUrl, members: chatters.length ? chatters : members, concurrency };
  let firstToken: FirstTokenResult | null = null;
  await measurer.measure(
    {
      key: 'ai-first-token',
      name: 'AI chat, first streamed token (stand-in)',
      description:
        `POST /api/ai/chat (server-sent events) with the Instagram Bio Expert, a new conversation each, ` +
        `${concurrency} at a time over ${chatOptions.members.length} members: time to the first token event ` +
        `through the gateway (the stand-in waits ${STAND_IN_FIRST_WORD_MS} ms before each word)`,
      targets: [{ p95BelowMs: TOOLS_P95_TARGETS_MS['ai-first-token'] }],
      notes: [`${chats} chats, ${concurrency} at a time; req/s = chats per second, latency = time to the first token`],
    },
    async (beforeMeasure, signal) => {
      // Warm-up: connections, SDK client, prepared plans.
      await runFirstTokenBench({ ...chatOptions, chats: 20, signal });
      await beforeMeasure();
      firstToken = await runFirstTokenBench({ ...chatOptions, chats, signal });
      return firstToken;
    },
    // About a second per chat, four at a time, and the warm-up.
    (chats + 20) / concurrency,
  );
  const whole = (firstToken as FirstTokenResult | null)?.wholeAnswer;
  if (whole) {
    say(
      `    whole answer (to the done event): p50 ${whole.p50.toFixed(1)} ms, p95 ${whole.p95.toFixed(1)} ms, ` +
        `p99 ${whole.p99.toFixed(1)} ms`,
    );
  }
}

async function sessionScenariosStep(ctx: RunContext): Promise<void> {
  const { target, members, content, wants, measurer, options } = ctx;
  if (wants('me')) await measurer.run(meScenario(target.gatewayUrl, members));
  if (wants('me-auth')) await measurer.run(meFromAuthScenario(target.gatewayUrl, members));
  if (wants('proxy')) {
    const plans = proxyScenarios(
      target.gatewayUrl,
      target.coursesUrl,
      target.internalTokenSecret,
      members,
      content.slugs,
    );
    await measurer.run(plans.viaGateway);
    const check = await fetch(`${target.coursesUrl}${accessPath(content.slugs[0] ?? 'x')}`, {
      headers: plans.directHeaders[0] ?? {},
      signal: AbortSignal.timeout(10_000),
    }).catch((error: Error) => error);
    if (check instanceof Error || check.status !== 200) {
      say(
        `  skipped the direct half: ${target.coursesUrl} answered ` +
          `${check instanceof Error ? check.message : check.status} (wrong --courses-url or INTERNAL_TOKEN_SECRET?)`,
      );
    } else {
      await check.arrayBuffer();
      await measurer.run(plans.direct);
    }
  }
  if (wants('signin') || wants('signin-throttled') || wants('signin-code')) {
    const anonymous = createGatewaySession(target.gatewayUrl);
    await anonymous.request('GET', '/api/auth/me');
    const csrf = anonymous.cookie(CSRF_COOKIE);
    if (!csrf) throw new Error('The gateway handed out no CSRF cookie on GET /api/auth/me');
    if (wants('signin')) {
      await measurer.run(signInScenario(target.gatewayUrl, csrf, members, MEMBER_PASSWORD, options.signins));
    }
    if (wants('signin-throttled')) await measurer.run(throttledSignInScenario(target.gatewayUrl, csrf, 60));
    if (wants('signin-code')) {
      const steps = await prepareSecondSteps(target.gatewayUrl, ctx.adminSignedIn.session, options.signins, (line) =>
        say(`  ${line}`),
      );
      await measurer.run(secondStepScenario(target.gatewayUrl, csrf, steps));
    }
  }
}

/** A section that is not an autocannon row: under a deadline too; a miss is printed and listed, and the run goes on. */
async function section<T>(
  findings: Findings,
  what: string,
  plannedSeconds: number,
  work: (signal: AbortSignal) => Promise<T>,
) {
  const limit = deadlineSeconds(plannedSeconds);
  try {
    const { result, missed } = await withDeadline(what, limit, work);
    if (missed) {
      findings.missedDeadlines.push(`${what} (${limit} s)`);
      say(`  ${what}: stopped at its deadline of ${limit} s; what it measured is reported`);
    }
    return result;
  } catch (error) {
    if (!(error instanceof DeadlineMissed)) throw error;
    findings.missedDeadlines.push(`${what} (${limit} s)`);
    say(`  ${error.message}: left behind, the run goes on`);
    return null;
  }
}

async function heavyScenariosStep(ctx: RunContext, findings: Findings): Promise<void> {
  const { target, wants, options, measurer } = ctx;
  if (wants('heavy-isolation') && ctx.content.slugs.length === 0) {
    say('  heavy-isolation skipped: the member sees no course (no catalogue?)');
  } else if (wants('heavy-isolation')) {
    say(`Heavy catalogue calls beside a member (${options.isolationSeconds} s alone, then beside them) ...`);
    await runHeavyIsolation(
      {
        gatewayUrl: target.gatewayUrl,
        admin: ctx.adminSignedIn.headers,
        member: ctx.firstMember.headers,
        slugs: ctx.content.slugs,
        terms: ctx.terms.map((t) => t.term),
      },
      options,
      measurer,
    );
  }
  if (wants('members')) {
    say(
      `Simulated members, steps ${options.memberSteps.join(', ')}` +
        `${options.shedMembers ? `, shed step ${options.shedMembers}` : ''}, ${options.stepSeconds} s each (${uptimeLine()}) ...`,
    );
    const owner = await boardOwnerSignedIn(target.gatewayUrl);
    const layout = await boardFilled(owner);
    const maxMembers = Math.max(...options.memberSteps, options.shedMembers);
    findings.membersRun = await section(
      findings,
      'members',
      // Creating and signing in the members (about half a second each, four at a time), then the steps.
      maxMembers * 0.5 + (options.memberSteps.length + (options.shedMembers ? 1 : 0)) * (options.stepSeconds + 15),
      (signal) =>
        runMembers({
          gatewayUrl: target.gatewayUrl,
          admin: ctx.adminSignedIn.session,
          signedIn: ctx.signedInMembers,
          slugs: ctx.content.slugs,
          lessonIds: ctx.content.lessonIds,
          board: { owner: owner.headers, layout },
          steps: options.memberSteps,
          stepSeconds: options.stepSeconds,
          shedMembers: options.shedMembers,
          signal,
          log: (line) => say(`  ${line}`),
        }),
    );
  }
}

async function jobsAndWebStep(ctx: RunContext, findings: Findings): Promise<void> {
  const { target, wants, options } = ctx;
  if (wants('users-list')) {
    if (!target.usersDb) say('  users-list skipped: the users database is not known (--url without a local stack)');
    else {
      say(`The users table with a filter and a sort: topping up to ${USERS_LIST_PEOPLE} people ...`);
      const people = await fillUsersForList(target.usersDb, USERS_LIST_PEOPLE);
      await ctx.measurer.run(usersListScenario(target.gatewayUrl, ctx.adminSignedIn.headers, people));
      try {
        findings.usersListSql = await explainUsersList(target.usersDb);
      } catch (error) {
        say(`  users-list EXPLAIN failed: ${(error as Error).message}`);
      }
    }
  }
  if (wants('users-jobs')) {
    say(`User import and export (admin, through the gateway; ${uptimeLine()}) ...`);
    findings.usersJobs = await section(findings, 'users-jobs', 120, () =>
      runUsersBench({
        gatewayUrl: target.gatewayUrl,
        admin: ctx.adminSignedIn,
        usersProcess: ctx.processes.find((p) => p.name === 'users'),
        usersDb: target.usersDb,
        log: say,
      }),
    );
    say(`  (${uptimeLine()})`);
  }
  if (wants('broadcast')) {
    if (!target.usersDb) say('Broadcast skipped: the users database is not known (--url without a local stack)');
    else {
      const usersDb = target.usersDb;
      say(`A broadcast to 10,000 people (admin, through the gateway; ${uptimeLine()}) ...`);
      findings.broadcast = await section(findings, 'broadcast', 60, () =>
        runBroadcastBench({ admin: ctx.adminSignedIn.session, usersDb, log: say }),
      );
      for (const t of findings.broadcast?.targets ?? [])
        say(`  ${t.pass ? 'PASS' : 'FAIL'} ${t.name}: ${t.value} (${t.limit})`);
    }
  }
  if (wants('web')) {
    say(`The web app's first load in Chromium (premium member, cold cache per load; ${uptimeLine()}) ...`);
    const boardOwner = SEED_PEOPLE.find((p) => p.key === 'premium');
    const loads = options.quick ? 2 : 7;
    findings.web = await section(findings, 'web', webBenchSeconds(loads, options.quick ? 1 : 3), async () =>
      runWebBench({
        gatewayUrl: target.gatewayUrl,
        sessions: {
          member: ctx.firstMember.session,
          admin: ctx.adminSignedIn.session,
          boardOwner: boardOwner
            ? (await signIn(target.gatewayUrl, boardOwner.email, boardOwner.password)).session
            : undefined,
        },
        courseSlug: ctx.content.slugs[0] ?? null,
        // Another bench member (basic or premium, in the community); herself when she is the only one.
        communityId: (ctx.signedInMembers[1] ?? ctx.firstMember).headers.userId,
        loads,
        slowLoads: options.quick ? 1 : 3,
        routes: options.webRoutes,
        log: say,
      }),
    );
  }
}

/** The SQL alone: EXPLAIN (ANALYZE, BUFFERS) of the search statements for each term, as a premium member. */
async function explainStep(ctx: RunContext): Promise<ExplainedTerm[]> {
  if (!ctx.target.coursesDb || !ctx.wants('search')) return [];
  const database = createDatabase<Record<string, never>>(ctx.target.coursesDb, { max: 1 });
  try {
    return await explainTerms(
      database.pool,
      { role: 'premium', tagIds: [] },
      ctx.terms.map((t) => t.term),
    );
  } catch (error) {
    say(`  EXPLAIN failed: ${(error as Error).message}`);
    return [];
  } finally {
    await database.close();
  }
}

function printSearchTables(reports: readonly ScenarioReport[], findings: Findings, kinds: Record<string, string>) {
  const search = reports.find((r) => r.name === 'catalogue search (premium)');
  if (search) {
    say('\n== Catalogue search (premium) per term, under load ==');
    say(labelTable(search, kinds));
  }
  if (findings.probes.length) {
    say('\n== Each term alone, one request at a time (premium member, 8 requests after 2 warm-ups) ==');
    say(
      table(
        ['term', 'kind', 'p50 ms', 'max ms', 'body', 'courses', 'modules', 'lessons by title', 'lessons by content'],
        findings.probes.map((p) => [
          p.term,
          p.kind,
          p.latency.p50.toFixed(1),
          p.latency.max.toFixed(1),
          bytes(p.bytes),
          `${p.listed?.courses ?? '-'}/${p.counts?.courses ?? '-'}`,
          `${p.listed?.modules ?? '-'}/${p.counts?.modules ?? '-'}`,
          `${p.listed?.lessonsTitles ?? '-'}/${p.counts?.lessonsTitles ?? '-'}`,
          `${p.listed?.lessonsContent ?? '-'}/${p.counts?.lessonsContent ?? '-'}`,
        ]),
        [0, 1],
      ),
    );
    say('  (listed/count: items in the answer / matches counted; lesson counts stop at the cap)');
  }
  const explained = findings.explained;
  if (explained.length) {
    const names = [...new Set(explained.flatMap((e) => e.statements.map((st) => st.name)))];
    say('\n== SQL alone: EXPLAIN ANALYZE execution time of each search statement (ms, premium, warm cache) ==');
    say(
      table(
        ['term', ...names, 'sum', 'sequential scans'],
        explained.map((e) => [
          e.term,
          ...names.map((n) => e.statements.find((st) => st.name === n)?.executionMs.toFixed(1) ?? '-'),
          e.totalMs.toFixed(1),
          [...new Set(e.statements.flatMap((st) => st.seqScans))].join(', '),
        ]),
        [0, names.length + 2],
      ),
    );
    say('  (the service runs the four statements at once on its pool; full plans are in the JSON file)');
  }
}

function printReport(
  reports: readonly ScenarioReport[],
  findings: Findings,
  targets: Target[],
  kinds: Record<string, string>,
) {
  say('\n== Scenarios (latency in ms, through the gateway unless named "direct" or "bare pipe") ==');
  say(reports.length ? scenarioTable(reports) : '(no load scenario ran)');
  say('\n== Targets ==');
  const lines = [
    targets.length ? targetLines(targets) : '',
    findings.membersRun ? membersTargetLine(findings.membersRun) : '',
  ]
    .filter(Boolean)
    .join('\n');
  say(lines || '(no scenario with a target ran)');
  if (findings.missedDeadlines.length) say(`MISS  deadlines missed by: ${findings.missedDeadlines.join(', ')}`);
  printSearchTables(reports, findings, kinds);
  if (findings.membersRun) {
    const m = findings.membersRun;
    say(`\n== Simulated members (1-3 s think time; ${m.setupSeconds} s to create and sign them in) ==`);
    say(membersTable(m));
    say(
      `  largest held: ${m.heldMembers} members (p99 < 1 s, no 5xx), ${m.membersPerCore} per core ` +
        `(os.availableParallelism() = ${m.cores}); client CPU is the bench process's own (node:http, % of one core)`,
    );
  }
  if (findings.usersListSql.length) {
    say('\n== Users table: EXPLAIN ANALYZE of each users-list ask (admin, page 1, fastest of three, warm cache) ==');
    say(
      table(
        ['ask', 'statement', 'ms', 'rows', 'indexes', 'sequential scans'],
        findings.usersListSql.flatMap((e) =>
          e.statements.map((st) => [
            e.shape,
            st.name,
            st.executionMs.toFixed(2),
            String(st.rows),
            st.indexes.join(', ') || '-',
            st.seqScans.join(', ') || 'none',
          ]),
        ),
        [0, 1, 4, 5],
      ),
    );
    say(
      '  (counts are kept a few seconds per match while nothing changes: most pages run only the page statement, ' +
        "which the service runs with users_list_generation's one row beside it)",
    );
  }
  if (findings.usersJobs) {
    say('\n== User import and export (through the gateway; RSS of the users HTTP process during each export) ==');
    say(usersTable(findings.usersJobs));
    say(usersTargetLines(findings.usersJobs));
  }
  if (findings.web) {
    say('\n== Web first load (Chromium, cold cache, median; times since navigation start) ==');
    say(webTable(findings.web.pages));
    say(webTargetLines(findings.web.targets));
  }
  const completion = reports.find((r) => r.name.startsWith('lesson completion'));
  if (completion) {
    say('\n== Lesson completion per call ==');
    say(labelTable(completion));
  }
  say('\n== CPU per request (ms of CPU time, by process; stack busy = % of one core during the run) ==');
  say(cpuTable(reports));
  say(
    `  (${os.cpus().length} cores = ${os.cpus().length * 100}%; a dedicated machine tops out near ` +
      `${os.cpus().length * 1000} ms / "stack total" requests per second, less what the load generator takes)`,
  );
}

async function main(): Promise<void> {
  const parsed = parseOptions(process.argv.slice(2));
  if (parsed === 'help') {
    say(USAGE);
    return;
  }
  const options = parsed;
  const out = path.resolve(REPO_ROOT, options.out);
  const startedAt = new Date();
  const stamp = startedAt.toISOString().replace(/[:.]/g, '-').replace('Z', '');
  const uptimeBefore = uptimeLine();
  say(`rainmakers bench — ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? 'unknown'}), node ${process.version}`);
  say(`  ${uptimeBefore}`);
  if (options.quick) say('  --quick: short runs for a smoke test; the numbers are not a measurement');

  await mkdir(out, { recursive: true });
  // The stack's own output (services at LOG_LEVEL warn), when the benchmark starts the stack.
  const stackLog: WriteStream | null = options.url
    ? null
    : createWriteStream(path.join(out, `bench-${stamp}.stack.log`), { flags: 'w' });
  const abort = new AbortController();
  const owned: Owned = { stack: null, dataDir: null, pipe: null, observedPipes: [], otlpSink: null };
  const cleanup = cleanupOnce(owned, stackLog);
  for (const sig of ['SIGINT', 'SIGTERM'] as const) {
    process.once(sig, () => {
      say(`\n${sig}: stopping the stack ...`);
      abort.abort();
      void cleanup().finally(() => process.exit(130));
    });
  }

  try {
    let target: BenchTarget;
    if (options.url || !stackLog) {
      target = await externalTarget(options, options.url ?? '');
      say(`Against the running stack at ${target.gatewayUrl}`);
    } else {
      const own = await startOwnStack(options, stamp, abort.signal, stackLog);
      owned.stack = own.stack;
      owned.dataDir = own.dataDir;
      target = own.target;
    }
    const processes: ProcessInfo[] = await findListeners(target.watched);
    const memoryProcesses = processes.filter((p) => !p.children);
    const memoryAtStart = await sampleMemory(memoryProcesses);
    // First, before anything of the bench's own runs beside the stack (the catalogue's writes leave PostgreSQL
    // vacuuming for minutes, the pipes are not part of the stack): only the stack's own timers and blocking reads.
    let idle: IdleResult | null = null;
    if (options.only.has('idle')) {
      const seconds = options.quick ? 15 : 60;
      // The seed's last events are still being relayed and consumed, and every process still counts as busy
      // (kit activity.ts): the stack is left to settle before the quiet minute starts.
      say(`Measuring the idle stack's CPU over ${seconds} s, after ${IDLE_SETTLE_SECONDS} s to settle ...`);
      await sleep(IDLE_SETTLE_SECONDS * 1000, undefined, { signal: abort.signal });
      idle = await measureIdle(processes, seconds, abort.signal);
      for (const line of idleLines(idle)) say(`  ${line}`);
    }
    const catalogue = await generateCatalogueStep(options, target);
    const people = await signInPeopleStep(options, target);
    if (options.only.has('pipe')) {
      // The pipe answers what /api/auth/me answers this member: same shape, same size.
      const meAnswer = await people.firstMember.session.get<unknown>('/api/auth/me');
      owned.pipe = await startBarePipe(meAnswer);
      processes.push(...(await findListeners(owned.pipe.watched)));
      say(
        `  bare pipe at ${owned.pipe.url} (Express -> the gateway's proxy and agent -> Express, ` +
          `${owned.pipe.bodyBytes} B JSON)`,
      );
      if (options.only.has('pipe-observed')) {
        const sink = await startOtlpSink();
        owned.otlpSink = sink;
        for (const sampleRatio of OBSERVED_PIPE_RATIOS) {
          const observed = await startBarePipe(meAnswer, { otlpUrl: sink.url, sampleRatio });
          owned.observedPipes.push({ pipe: observed, sampleRatio });
          processes.push(...(await findListeners(observed.watched)));
          say(`  observed pipe at ${observed.url} (traces at ${sampleRatio}, spans to the OTLP sink at ${sink.url})`);
        }
      }
    }
    const memoryBefore = await sampleMemory(memoryProcesses);
    const terms = searchTerms();
    const ctx: RunContext = {
      options,
      target,
      measurer: createMeasurer(options, processes, say),
      processes,
      ...people,
      members: people.signedInMembers.map((m) => m.headers),
      terms,
      wants: (key) => options.only.has(key),
    };
    const findings: Findings = {
      probes: [],
      explained: [],
      usersListSql: [],
      usersJobs: null,
      broadcast: null,
      web: null,
      membersRun: null,
      idle,
      missedDeadlines: [],
    };
    say(
      `Running the scenarios (${options.connections} connections, ${options.durationSeconds} s each after a ` +
        `${options.warmupSeconds} s warm-up; each has a deadline of its planned time + 50 % (at least 30 s)) ...`,
    );
    if (owned.pipe) await ctx.measurer.run(pipeScenario(owned.pipe.url, owned.pipe.bodyBytes));
    for (const { pipe, sampleRatio } of owned.observedPipes) {
      await ctx.measurer.run(observedPipeScenario(pipe.url, pipe.bodyBytes, sampleRatio));
      say(`  the OTLP sink has received ${owned.otlpSink?.spans() ?? 0} spans so far`);
    }
    await searchScenariosStep(ctx, findings);
    await memberScenariosStep(ctx);
    if (ctx.wants('ai-first-token')) await aiFirstTokenStep(ctx);
    await sessionScenariosStep(ctx);
    await heavyScenariosStep(ctx, findings);
    await jobsAndWebStep(ctx, findings);

    const memoryAfter = await sampleMemory(memoryProcesses);
    const uptimeAfter = uptimeLine();
    findings.explained = await explainStep(ctx);
    const reports = ctx.measurer.reports;
    const targets: Target[] = evaluateTargets(reports);
    printReport(reports, findings, targets, Object.fromEntries(terms.map((t) => [t.term, t.kind])));
    if (findings.idle) {
      say('\n== Idle stack ==');
      for (const line of idleLines(findings.idle)) say(line);
    }
    say('\n== Memory (RSS) ==');
    say(memoryTable(memoryBefore, memoryAfter));
    say(`\nLoad: before ${uptimeBefore}`);
    say(`      after  ${uptimeAfter}`);

    const file = await writeJson(out, stamp, {
      startedAt: startedAt.toISOString(),
      finishedAt: new Date().toISOString(),
      machine: {
        cpus: os.cpus().length,
        cpuModel: os.cpus()[0]?.model ?? null,
        totalMemoryMb: Math.round(os.totalmem() / 1024 / 1024),
        node: process.version,
        uptimeBefore,
        uptimeAfter,
      },
      mode: target.mode,
      gatewayUrl: target.gatewayUrl,
      options: { ...options, only: [...options.only], adminPassword: options.adminPassword ? '***' : null },
      setup: {
        timings: target.timings,
        catalogue,
        members: ctx.members.length,
        visibleCourses: ctx.content.slugs.length,
        completionLessons: ctx.content.lessonIds.length,
      },
      pipe: owned.pipe ? { url: owned.pipe.url, bodyBytes: owned.pipe.bodyBytes } : null,
      targets,
      missedDeadlines: findings.missedDeadlines,
      scenarios: reports.map((r) => ({
        ...r,
        vsPipe: throughputRatio(
          r,
          reports.find((p) => p.key === 'pipe'),
        ),
      })),
      searchTermsAlone: findings.probes,
      searchSql: findings.explained,
      usersListSql: findings.usersListSql,
      web: findings.web,
      usersJobs: findings.usersJobs,
      members: findings.membersRun,
      idle: findings.idle,
      memory: { atStart: memoryAtStart as MemorySample[], before: memoryBefore, after: memoryAfter },
    });
    say(`\nWrote ${path.relative(process.cwd(), file) || file}`);
  } finally {
    await cleanup();
  }
}

/** What a run starts and must stop. */
interface Owned {
  stack: Stack | null;
  dataDir: string | null;
  pipe: BarePipe | null;
  observedPipes: { pipe: BarePipe; sampleRatio: number }[];
  otlpSink: OtlpSink | null;
}

/** Stops what the run started (the pipes, the stack, its data), once, within a minute: the process exits after. */
function cleanupOnce(owned: Owned, stackLog: WriteStream | null): () => Promise<void> {
  let cleaning: Promise<void> | null = null;
  return () => {
    cleaning ??= (async () => {
      const work = (async () => {
        if (owned.pipe) await owned.pipe.stop();
        for (const { pipe } of owned.observedPipes) await pipe.stop();
        if (owned.otlpSink) await owned.otlpSink.stop();
        if (owned.stack) await owned.stack.stop();
        if (owned.dataDir) await rm(owned.dataDir, { recursive: true, force: true });
      })();
      const limit = new Promise<void>((resolve) => setTimeout(resolve, 60_000).unref());
      await Promise.race([work.catch((error: Error) => say(`stopping failed: ${error.message}`)), limit]);
      stackLog?.end();
    })();
    return cleaning;
  };
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    // The message says what went wrong (a child's last output when the stack did not start); BENCH_DEBUG=1 adds where.
    const detail =
      error instanceof Error ? (process.env.BENCH_DEBUG ? (error.stack ?? error.message) : error.message) : error;
    console.error(`\nbench failed: ${String(detail)}`);
    process.exit(1);
  },
);
