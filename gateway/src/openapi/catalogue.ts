/**
 * Every public route the gateway answers or forwards, one entry per route: who may call it, its request and answer
 * schemas (the contracts' zod schemas the services parse and answer with) and the errors it can answer. The OpenAPI
 * document (document.ts), GET /api/docs/openapi.json and docs/api.md are generated from this list, and a test
 * compares it with the services' real Express routers (scripts/openapi.test.ts), both ways.
 *
 * The gateway's own rules (session 401, payment block 402, CSRF 403, breaker 503) are derived from its routing table
 * (routes.ts), not written here.
 */
import {
  AUDIT_EXPORT_MAX_ROWS,
  acceptInvitationSchema,
  activityUpsertResponseSchema,
  activityUpsertSchema,
  addTagsSchema,
  aiChatSchema,
  aiPromptSchema,
  analyticsOverviewSchema,
  analyticsQuerySchema,
  attachmentUpsertResponseSchema,
  attachmentUpsertSchema,
  auditQuerySchema,
  bannerListSchema,
  bannerResponseSchema,
  bannerUpsertResponseSchema,
  bannerUpsertSchema,
  boardResetSchema,
  boardUserQuerySchema,
  bodyIdSchema,
  broadcastCountResponseSchema,
  broadcastCountSchema,
  broadcastListQuerySchema,
  broadcastListSchema,
  broadcastQueuedSchema,
  broadcastSchema,
  broadcastSettingsSchema,
  broadcastStatusSchema,
  bulkActionResultSchema,
  bulkActionSchema,
  bulkUpdateResponseSchema,
  bulkUpdateSchema,
  bulkUpdateStatusSchema,
  COMMENT_BODY_MAX,
  COMMENTS_PAGE_MAX,
  COMMENTS_PER_MINUTE,
  COMMUNITY_BIO_MAX,
  cardActivityResponseSchema,
  cardLabelSchema,
  cardMoveSchema,
  cardPlacementsResponseSchema,
  cardReorderSchema,
  cardReviewResponseSchema,
  cardReviewSchema,
  cardUpsertResponseSchema,
  cardUpsertSchema,
  catalogueQuerySchema,
  catalogueResponseSchema,
  categoryListSchema,
  categoryUpsertResponseSchema,
  categoryUpsertSchema,
  certificateResponseSchema,
  checkListItemUpsertResponseSchema,
  checkListItemUpsertSchema,
  checkListUpsertResponseSchema,
  checkListUpsertSchema,
  closeAccountSchema,
  coachesResponseSchema,
  commentAnswerSchema,
  commentCreateSchema,
  commentEditSchema,
  commentHideSchema,
  commentsQuerySchema,
  communityProfileSchema,
  communitySettingsSchema,
  completedLessonsResponseSchema,
  courseAccessQuerySchema,
  courseAccessResponseSchema,
  courseInsightsQuerySchema,
  courseInsightsResponseSchema,
  courseLessonResponseSchema,
  coursePageQuerySchema,
  coursePageResponseSchema,
  courseReorderSchema,
  coursesReorderSchema,
  courseUpsertResponseSchema,
  courseUpsertSchema,
  createPaymentIntentSchema,
  enrolmentConfirmSchema,
  forcedEnrolmentConfirmSchema,
  forcedEnrolmentSchema,
  forgotPasswordSchema,
  inviteResponseSchema,
  jobsQuerySchema,
  labelReadManyResponseSchema,
  labelUpsertResponseSchema,
  labelUpsertSchema,
  lessonCommentResponseSchema,
  lessonCommentsResponseSchema,
  lessonListQuerySchema,
  lessonListResponseSchema,
  lessonOptionsQuerySchema,
  lessonOptionsResponseSchema,
  lessonRedirectResponseSchema,
  lessonUpsertResponseSchema,
  lessonUpsertSchema,
  lessonVideoPositionSchema,
  listReadManyResponseSchema,
  listUpsertResponseSchema,
  listUpsertSchema,
  markLessonResponseSchema,
  markLessonSchema,
  moduleListResponseSchema,
  moduleReorderSchema,
  moduleUpsertResponseSchema,
  moduleUpsertSchema,
  myCertificatesQuerySchema,
  myCertificatesResponseSchema,
  notificationSettingsSchema,
  notificationSettingsUpdateSchema,
  notificationsQuerySchema,
  notificationsReadSchema,
  notificationsResponseSchema,
  PURCHASES_LIMIT,
  paymentIntentAnswerSchema,
  productUpsertSchema,
  publicSiteContentSchema,
  purchasesAnswerSchema,
  qualifierHistoryQuerySchema,
  qualifierSaveSchema,
  qualifierSendSchema,
  quizAttemptResponseSchema,
  quizAttemptSchema,
  receiptAnswerSchema,
  resetPasswordSchema,
  resourceListQuerySchema,
  resourceListSchema,
  resourceResponseSchema,
  resourceUpsertResponseSchema,
  resourceUpsertSchema,
  reviewQueueQuerySchema,
  reviewQueueResponseSchema,
  secondFactorChangeSchema,
  secondStepSchema,
  signInAsSchema,
  signInSchema,
  signUpSchema,
  siteContentResponseSchema,
  siteContentSchema,
  stripeConfigSchema,
  stripeSyncAnswerSchema,
  successResponseSchema,
  switchRoleSchema,
  tagListQuerySchema,
  tagListResponseSchema,
  tagUpsertResponseSchema,
  tagUpsertSchema,
  unreadCountResponseSchema,
  unsubscribeResponseSchema,
  unsubscribeSchema,
  upgradeRoleResponseSchema,
  upgradeRoleSchema,
  uploadResponseSchema,
  userListQuerySchema,
  userListResponseSchema,
  userUpsertSchema,
  validateUsersCsvResponseSchema,
  validateUsersCsvSchema,
} from '@rainmakers/contracts';
import { z } from 'zod';
import {
  assistantsAnswer,
  auditLogAnswer,
  conversationAnswer,
  conversationListAnswer,
  courseProgressAnswer,
  currentUserAnswer,
  dashboardAnswer,
  enrolmentAnswer,
  forcedEnrolmentAnswer,
  jobAnswer,
  jobListAnswer,
  jobStatusAnswer,
  memberOverviewAnswer,
  messageAnswer,
  openApiDocumentAnswer,
  optionalCurrentUserAnswer,
  productListAnswer,
  productUpsertAnswer,
  promptAnswer,
  promptListAnswer,
  qualifierHistoryAnswer,
  qualifierSaveAnswer,
  qualifierSendAnswer,
  receivedAnswer,
  recoveryCodesAnswer,
  secondFactorStatusAnswer,
  setPasswordAnswer,
  signInAnswer,
  summaryAnswer,
  userAnswer,
  userUpsertAnswer,
} from './answers';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type PolicyName = `${ApiRoute['service']}.${string}`;

/** A policy function of the answering service (see `policy` below). */
export interface PolicyAccess {
  policy: PolicyName;
  /** What the function is given after the caller, when it also looks at a record. */
  probe: readonly unknown[];
}

/** Who may call a route: anyone (no session), every signed-in person, or whom a policy admits. */
export type Access = 'anyone' | 'signed-in' | PolicyAccess;

export interface Answer {
  status: number;
  /** A JSON body's schema; left out for answers without a body or with a non-JSON one. */
  schema?: z.ZodType;
  /**
   * The document's example of a JSON body, where the one made from the schema (examples.ts) would not be
   * a valid answer; scripts/openapi.test.ts parses every example with `schema`.
   */
  example?: unknown;
  /** The content type of a non-JSON body (a CSV, a PDF, an image, an event stream). */
  type?: string;
  description: string;
}

export interface ApiRoute {
  method: Method;
  /** OpenAPI form ("{id}"), as the gateway receives it. */
  path: string;
  /** The service that answers ('gateway' for the gateway's own routes). */
  service: 'gateway' | 'auth' | 'users' | 'courses' | 'board' | 'tools' | 'resources' | 'billing';
  tag: string;
  summary: string;
  description?: string;
  access: Access;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** A multipart upload: the form field that carries the file. */
  multipartField?: string;
  answer: Answer;
  /** Honours an `Idempotency-Key` header (a create applied once; docs/decisions.md, "Idempotent creates"). */
  idempotent?: boolean;
  /** Errors this route answers itself, beyond the ones derived from the gateway's rules and `access`. */
  errors?: Partial<Record<ErrorStatus, string>>;
  /** What a path parameter holds, where its name alone does not say (`{slugOrId}`). */
  params?: Record<string, string>;
}

export const ERROR_STATUSES = [400, 401, 402, 403, 404, 409, 413, 422, 429, 503] as const;
export type ErrorStatus = (typeof ERROR_STATUSES)[number];

/**
 * A route guarded by a policy function that looks at the caller alone (or at the caller and `probe`, a typical record:
 * another person): `service.functionName` in that service's policies.ts (the gateway's own: gateway/src/policies.ts).
 * The roles in the document are what the function admits, evaluated by `npm run docs:api` into policy-roles.ts;
 * scripts/route-access.test.ts fails when that table is stale or the route's handler calls another policy.
 */
const policy = (name: PolicyName, ...probe: unknown[]): PolicyAccess => ({ policy: name, probe });

/** The key of a policy (with its probe) in policy-roles.ts. */
export const policyKey = (access: PolicyAccess) =>
  access.probe.length === 0
    ? access.policy
    : `${access.policy}(${access.probe.map((p) => JSON.stringify(p)).join(', ')})`;

/** Someone other than the caller, for the policies about another person (the caller is id 1 when they are evaluated). */
const OTHER_PERSON = { id: 2, role: 'premium' } as const;

/**
 * `GET /api/course/{slug}` and `DELETE /api/course/{id}` (both in the spec) are one path to OpenAPI, which forbids
 * two templates differing only by a parameter's name: one `{slugOrId}` parameter, each method saying what it takes
 * (docs/decisions.md, "One {slugOrId} parameter for the course path").
 */
const SLUG_OR_ID = {
  get: "The course's slug (matched without regard to case); this path's DELETE takes the course's id instead",
  delete: "The course's id (a positive whole number); this path's GET takes the course's slug instead",
} as const;

/** The site content's example: video addresses must be YouTube, Vimeo or uploads, which a made-up text is not. */
const SITE_CONTENT_EXAMPLE = {
  content: siteContentSchema.parse({
    videos: { 'sign-up-welcome': 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' },
    links: { calendarUrl: 'https://calendly.com/rainmakers/coaching?ref={token}', supportEmail: 'support@example.com' },
  }),
  updatedAt: '2026-03-14T09:30:00.000Z',
  bookingUrl: 'https://calendly.com/rainmakers/coaching?ref=7',
  abilities: { edit: true },
};

const BOARD_403 = 'The Move the Needle board is not part of your membership (or the caller may see but not change it)';

// A Stripe event as Stripe sends it (billing checks its signature, then reads what it needs).
const anyObject = z.record(z.string(), z.unknown());

function route(spec: `${Method} ${string}`, details: Omit<ApiRoute, 'method' | 'path'>): ApiRoute {
  const [method, path] = spec.split(' ') as [Method, string];
  return { method, path, ...details };
}

const ok = (schema: z.ZodType | undefined, description: string, status = 200): Answer => ({
  status,
  schema,
  description,
});
const noContent: Answer = { status: 204, description: 'Done (no body)' };

export const API_ROUTES: readonly ApiRoute[] = [
  // -------------------------------------------------------------------------------------------------------- gateway
  route('GET /api/dashboard', {
    service: 'gateway',
    tag: 'Dashboard',
    summary: "The dashboard's data in one round trip",
    description:
      '`{role, courseProgress, productCount, recentResources, banners, averageShippingRate, thirdColumn, unavailable}` (types in `services/contracts/src/dashboard.ts`): gathered by the gateway from courses, tools, resources and board in parallel with a deadline each; a failed source is `null` and listed in `unavailable`.',
    access: 'signed-in',
    answer: ok(dashboardAnswer, 'The dashboard cards'),
  }),
  route('GET /api/account/export', {
    service: 'gateway',
    tag: 'Account',
    summary: 'Download my data: everything the product holds about me, as one JSON file',
    description:
      'An attachment (`Content-Disposition: attachment; filename="my-data-{id}-{day}.json"`) with `{exportedAt, userId, users, auth, courses, board, tools, resources, billing}`: each part from the service that owns it (`GET /internal/users/{id}/export`, asked in parallel by the gateway, each within `ACCOUNT_EXPORT_PART_DEADLINE_MS`). Always the caller\'s own data; other people appear by name only (comments on her board), never by e-mail. Open to a blocked payment status. A part that does not answer makes the whole answer 503, never a partial file.',
    access: policy('gateway.canExportOwnData'),
    answer: ok(anyObject, 'The file', 200),
    errors: { 403: 'A sign-in-as session', 503: 'A service did not give its part in time' },
  }),
  route('DELETE /api/account', {
    service: 'auth',
    tag: 'Account',
    summary: 'Close my account',
    description:
      'With her `password` (and `code`, a current or recovery code, when she has a second factor). Every session ends, the session cookie is cleared, users deletes her and publishes `users.user-deleted` (every service deletes her data), an audit entry `user.close-account` is written and a confirmation e-mail is queued. Payment records are kept (docs/decisions.md, "Closing one\'s own account"). Open to a blocked payment status.',
    access: policy('auth.canCloseOwnAccount'),
    body: closeAccountSchema,
    answer: noContent,
    errors: {
      400: 'errors.password (wrong password) or errors.code (missing or wrong code)',
      403: 'A sign-in-as session',
      409: 'The last admin cannot close her account',
      429: 'Too many attempts from this address',
    },
  }),
  route('GET /api/docs/openapi.json', {
    service: 'gateway',
    tag: 'Docs',
    summary: 'This OpenAPI 3.1 document',
    description: 'Open to anyone: it describes the public API only (docs/decisions.md, "API reference").',
    access: 'anyone',
    answer: ok(openApiDocumentAnswer, 'The OpenAPI document'),
  }),
  route('GET /api/docs', {
    service: 'gateway',
    tag: 'Docs',
    summary: 'The interactive API reference (Swagger UI)',
    description: 'Admins only; anyone else gets 404 as for an unknown path.',
    access: policy('gateway.canReadApiConsole'),
    answer: { status: 200, type: 'text/html', description: 'The reference page' },
    errors: { 404: 'Not an admin (answers as an unknown path)' },
  }),

  // ----------------------------------------------------------------------------------------------------------- auth
  route('POST /api/auth/signin', {
    service: 'auth',
    tag: 'Auth',
    summary: 'Sign in',
    description: 'Sets the session and CSRF cookies. Sign-in limits are counted by auth (`429` with `Retry-After`).',
    access: 'anyone',
    body: signInSchema,
    answer: ok(
      signInAnswer,
      'The signed-in person; or, for an enrolled person or an admin without a second factor, `currentUser: null` and `secondFactor` {token, next: code | enrol}: no session until POST /api/auth/signin/code or /signin/enrol/confirm',
    ),
    errors: {
      401: 'Invalid email or password',
      429: 'Too many attempts (Retry-After)',
      503: 'Redis (or users, for a person auth has no copy of) is down',
    },
  }),
  route('POST /api/auth/signup', {
    service: 'auth',
    tag: 'Auth',
    summary: 'Sign up',
    description: 'Query `signuptags=1,2` adds those tags. Sets the session cookie.',
    access: 'anyone',
    body: signUpSchema,
    answer: ok(currentUserAnswer, 'The new member, signed in', 201),
    errors: {
      400: 'errors.email: This email address is already in use. Please, sign in instead.',
      429: 'Too many attempts from this address (Retry-After)',
    },
  }),
  route('POST /api/auth/signout', {
    service: 'auth',
    tag: 'Auth',
    summary: 'Sign out',
    access: 'anyone',
    answer: { status: 204, description: 'The session is revoked' },
  }),
  route('GET /api/auth/me', {
    service: 'auth',
    tag: 'Auth',
    summary: 'The session check',
    description:
      "The gateway may replay auth's last answer while session and profile are unchanged (ME_ANSWER_TTL_MS).",
    access: 'anyone',
    answer: ok(optionalCurrentUserAnswer, '`{currentUser}` or `{currentUser: null}`'),
  }),
  route('POST /api/auth/forgot-password', {
    service: 'auth',
    tag: 'Auth',
    summary: 'Ask for a password reset e-mail',
    description: 'Always 200; an e-mail with a one-time link is sent when the account exists.',
    access: 'anyone',
    body: forgotPasswordSchema,
    answer: ok(messageAnswer, 'Always the same message'),
    errors: { 429: 'Too many attempts from this address (Retry-After)' },
  }),
  route('POST /api/auth/reset-password/{token}', {
    service: 'auth',
    tag: 'Auth',
    summary: 'Set a new password from a reset link',
    access: 'anyone',
    body: resetPasswordSchema,
    answer: ok(setPasswordAnswer, 'The person, signed in (cookie set); or `user: null` and `secondFactor`'),
    errors: {
      400: 'Invalid or expired link; errors.confirmPassword: Passwords do not match',
      429: 'Too many attempts from this address (Retry-After)',
    },
  }),
  route('POST /api/auth/signinas', {
    service: 'auth',
    tag: 'Auth',
    summary: 'Sign in as another person',
    access: policy('auth.canSignInAs'),
    body: signInAsSchema,
    answer: ok(currentUserAnswer, 'The other person, with `impersonatedBy`'),
    errors: { 404: 'Unknown person' },
  }),
  route('POST /api/auth/signinas/back', {
    service: 'auth',
    tag: 'Auth',
    summary: 'Back to the admin after signing in as someone',
    access: 'signed-in',
    answer: ok(currentUserAnswer, 'The admin again'),
  }),
  route('POST /api/auth/switch-role', {
    service: 'auth',
    tag: 'Auth',
    summary: 'View the product as another role (admin accounts)',
    access: policy('auth.canSwitchRole'),
    body: switchRoleSchema,
    answer: ok(currentUserAnswer, 'The displayed `role` with `isAdmin: true`'),
    errors: { 403: 'Not an admin, or a session without the second factor' },
  }),
  route('POST /api/auth/signin/code', {
    service: 'auth',
    tag: 'Auth',
    summary: "The sign-in's second step",
    description:
      'The token from POST /api/auth/signin and a six-digit TOTP code (once per 30 s step; one step of drift) or a recovery code (once). Wrong codes count like wrong passwords per (e-mail, address).',
    access: 'anyone',
    body: secondStepSchema,
    answer: ok(currentUserAnswer, 'The signed-in person (cookie set)'),
    errors: { 401: 'Wrong or used code, or an expired token', 429: 'Too many attempts (Retry-After)' },
  }),
  route('POST /api/auth/signin/enrol', {
    service: 'auth',
    tag: 'Auth',
    summary: 'Forced enrolment: the secret',
    description:
      'For a `next: enrol` token (an admin without a second factor): a new TOTP secret, kept until confirmed.',
    access: 'anyone',
    body: forcedEnrolmentSchema,
    answer: ok(enrolmentAnswer, 'The base32 secret and its otpauth:// address'),
    errors: { 401: 'An expired token, or one for the code step', 409: 'Already enrolled' },
  }),
  route('POST /api/auth/signin/enrol/confirm', {
    service: 'auth',
    tag: 'Auth',
    summary: 'Forced enrolment: confirm with a first code',
    access: 'anyone',
    body: forcedEnrolmentConfirmSchema,
    answer: ok(forcedEnrolmentAnswer, 'Signed in (cookie set), with the ten recovery codes, shown once'),
    errors: { 400: 'errors.code: a wrong code', 401: 'An expired token', 429: 'Too many attempts (Retry-After)' },
  }),
  route('GET /api/auth/second-factor', {
    service: 'auth',
    tag: 'Auth',
    summary: "The person's second factor",
    access: 'signed-in',
    answer: ok(secondFactorStatusAnswer, 'Enrolled, required by the role, recovery codes left, session passed'),
  }),
  route('POST /api/auth/second-factor/enrol', {
    service: 'auth',
    tag: 'Auth',
    summary: 'Begin an enrolment on /profile',
    access: 'signed-in',
    answer: ok(enrolmentAnswer, 'A new base32 secret and its otpauth:// address'),
    errors: { 403: 'A sign-in-as session', 409: 'Already enrolled' },
  }),
  route('POST /api/auth/second-factor/enrol/confirm', {
    service: 'auth',
    tag: 'Auth',
    summary: 'Confirm an enrolment with a first code',
    access: 'signed-in',
    body: enrolmentConfirmSchema,
    answer: ok(recoveryCodesAnswer, 'The ten recovery codes, shown once'),
    errors: { 400: 'errors.code: a wrong code', 403: 'A sign-in-as session', 409: 'Already enrolled' },
  }),
  route('POST /api/auth/second-factor/recovery-codes', {
    service: 'auth',
    tag: 'Auth',
    summary: 'New recovery codes after a fresh password and code',
    access: 'signed-in',
    body: secondFactorChangeSchema,
    answer: ok(recoveryCodesAnswer, 'Ten new recovery codes (the old ones stop working)'),
    errors: { 400: 'errors.password or errors.code', 403: 'A sign-in-as session' },
  }),
  route('POST /api/auth/second-factor/disable', {
    service: 'auth',
    tag: 'Auth',
    summary: 'Turn the second factor off after a fresh password and code',
    access: 'signed-in',
    body: secondFactorChangeSchema,
    answer: noContent,
    errors: { 400: 'errors.password or errors.code', 403: 'Required by the role, or a sign-in-as session' },
  }),
  route('POST /api/auth/second-factor/reset/{userId}', {
    service: 'auth',
    tag: 'Auth',
    summary: "Reset another person's second factor",
    description: "Audited in users' log (user.second-factor-reset) and e-mailed to the person.",
    access: policy('auth.canResetSecondFactor', OTHER_PERSON.id),
    answer: noContent,
    errors: {
      400: 'The person has no second factor',
      403: 'Not an admin, a session without the second factor, a sign-in-as, or oneself',
      404: 'Unknown person',
    },
  }),

  // ---------------------------------------------------------------------------------------------------------- users
  route('GET /api/user/read-many', {
    service: 'users',
    tag: 'Users',
    summary: 'People list',
    description:
      'admin: everyone; coach: premium members; others: the community view (id, fullName, photoUrl, city, state of basic and premium members). `abilities: {create, manage}` says what the caller may do on the user dashboard. Staff filter by `filters[role]`, `filters[tagId]`, `filters[joinedFrom]`/`filters[joinedTo]` (YYYY-MM-DD, both days included) and sort by `sort` (name, joined, role, payment) and `order` (asc, desc); admins also by `filters[stripeStatus]` (Sub. Problems = unpaid) and `filters[payment]=problems` (every blocking status). Filters may also be flat (`role=premium`).',
    access: 'signed-in',
    query: userListQuerySchema,
    answer: ok(userListResponseSchema, '`{users, premiumCount, basicCount, totalCount, abilities}`'),
  }),
  route('GET /api/user/{id}', {
    service: 'users',
    tag: 'Users',
    summary: 'One person',
    description: 'self; admin: anyone; coach: premium members. Anyone else answers 404 exactly like an unknown id.',
    access: 'signed-in',
    answer: ok(userAnswer, '`{user}` with its `abilities`'),
    errors: { 404: 'User not found' },
  }),
  route('GET /api/user/overview/{id}', {
    service: 'users',
    tag: 'Users',
    summary: "A member's page: person, tags, purchases, course progress, board, certificates, history",
    description:
      '`{person, history, historyTotal, purchases, courses, certificates, board, hidden, unavailable}` (types in `services/contracts/src/member-overview.ts`). Answered by the gateway: users decides who may look (admin: anyone; coach: premium members; anyone else 404 like an unknown id, a member their own id 403) and answers the person, tags and the latest 50 audit entries; billing, courses and board add their parts from their `/internal` routes in parallel, each within `MEMBER_OVERVIEW_PART_DEADLINE_MS`. A part the caller may not see (coach: `purchases`, `history`) is `null` and listed in `hidden`; a part whose service failed is `null` and listed in `unavailable`. Lists are the newest 50.',
    access: policy('users.canReadMemberOverview', OTHER_PERSON),
    answer: ok(memberOverviewAnswer, 'The member page'),
    errors: {
      403: 'A member asking for their own page',
      404: 'User not found',
      503: 'The users service did not answer',
    },
  }),
  route('GET /api/user/community/{id}', {
    service: 'users',
    tag: 'Users',
    summary: "A member's community profile",
    description:
      '`{profile: {id, fullName, photoUrl, city, state, bio, courses}}`: never the e-mail or phone. Answered by the gateway: users decides who may look (the basic and premium members of the community list, to anyone whose list shows them; a member who left the list only to herself; anyone else 404 like an unknown id); courses adds the courses she completed (`[{courseId, courseTitle, completedAt}]`) when she shows them, else `courses` is null.',
    access: 'signed-in',
    answer: ok(z.object({ profile: communityProfileSchema }), '`{profile}`'),
    errors: { 404: 'Member not found', 503: 'The users service did not answer' },
  }),
  route('GET /api/user/community-settings', {
    service: 'users',
    tag: 'Users',
    summary: 'Her own community choices: bio, courses shown, listed',
    description: '`{settings: {bio, showCourses, listed}}` of the signed-in person.',
    access: 'signed-in',
    answer: ok(z.object({ settings: communitySettingsSchema }), '`{settings}`'),
  }),
  route('PUT /api/user/community-settings', {
    service: 'users',
    tag: 'Users',
    summary: 'Save her own community choices',
    description: `The bio is plain text (at most ${COMMUNITY_BIO_MAX} characters, control characters dropped); \`listed: false\` leaves the community list and makes her profile answer 404 to others.`,
    access: 'signed-in',
    body: communitySettingsSchema,
    answer: ok(z.object({ settings: communitySettingsSchema }), '`{settings}` as saved'),
    errors: { 400: 'bio longer than allowed, or a field missing' },
  }),
  route('POST /api/user/upsert', {
    idempotent: true,
    service: 'users',
    tag: 'Users',
    summary: 'Create or change a person',
    description:
      "admin: everything; coach: the Tags of premium members; a member: own fullName, password, city, state, country, phoneNumber, photoUrl. Changing one's own password also needs `currentPassword` and ends the person's other sessions.",
    access: 'signed-in',
    body: userUpsertSchema,
    answer: ok(userUpsertAnswer, '`{user, isNew}` (201 when created)'),
    errors: {
      400: 'Field errors keyed fullName, users_email, password, currentPassword, city, state, country',
      403: 'A person the caller may read but not change',
      404: 'A person the caller may not read (as unknown)',
    },
  }),
  route('DELETE /api/user/{id}', {
    service: 'users',
    tag: 'Users',
    summary: 'Delete a person (not oneself)',
    access: policy('users.canDeleteUser', OTHER_PERSON),
    answer: noContent,
    errors: { 404: 'User not found' },
  }),
  route('POST /api/user/upgrade-role', {
    service: 'users',
    tag: 'Users',
    summary: "Change several people's role",
    description:
      'At most 500 `users` (one transaction). `updated`: the people found (all hold `newRole` now). One `user.role-change` audit entry per person changed. The users table sends a selected role change here and toasts `Updated {n} user(s) roles`.',
    access: policy('users.canChangeRoles'),
    body: upgradeRoleSchema,
    answer: ok(upgradeRoleResponseSchema, '`{updated}`'),
    errors: { 400: 'errors.users: none, more than 500, or removing your own admin role' },
  }),
  route('POST /api/v2/user/add-tags', {
    service: 'users',
    tag: 'Users',
    summary: 'Add tags to a person by e-mail',
    access: policy('users.canAddTags'),
    body: addTagsSchema,
    answer: ok(userAnswer, '`{user}`'),
    errors: { 404: 'User not found' },
  }),
  route('GET /api/user/export', {
    service: 'users',
    tag: 'Users',
    summary: 'Everyone (or everyone matching the list filters) as users.csv',
    description:
      "The same search and filters as read-many (none: everyone). Streamed in id order a batch at a time: id, fullName, email, role, city, state, country, phoneNumber, stripeStatus, stripeCustomerId, alwaysGrantAccess, createdAt, tags. A cell starting with = + - @ tab or CR gets a leading `'`.",
    access: policy('users.canManageUsers'),
    answer: { status: 200, type: 'text/csv', description: 'users.csv' },
  }),
  route('GET /api/user/generate-test-user-csv', {
    service: 'users',
    tag: 'Users',
    summary: 'The bulk update sample file (one email column)',
    access: policy('users.canManageUsers'),
    answer: { status: 200, type: 'text/csv', description: 'A sample CSV' },
  }),
  route('GET /api/user/generate-test-user-import-csv', {
    service: 'users',
    tag: 'Users',
    summary: 'The import sample file',
    description: 'Columns `email,fullName,role,city,state,country,phoneNumber,tags`.',
    access: policy('users.canManageUsers'),
    answer: { status: 200, type: 'text/csv', description: 'A sample CSV' },
  }),
  route('PUT /api/user/validate-users-csv', {
    service: 'users',
    tag: 'Users',
    summary: 'Check a list of e-mail addresses (at most 50,000)',
    access: policy('users.canManageUsers'),
    body: validateUsersCsvSchema,
    answer: ok(validateUsersCsvResponseSchema, '`{found, duplicate, notFound}`'),
  }),
  route('PUT /api/user/bulk-update', {
    service: 'users',
    tag: 'Users',
    summary: 'Add or remove tags and/or set a role for many people (a job)',
    description: 'A `user-bulk-update` job: 500 people per transaction, each changed person published and audited.',
    access: policy('users.canManageUsers'),
    body: bulkUpdateSchema,
    answer: ok(bulkUpdateResponseSchema, '`{jobId, total, notFound}`', 202),
    errors: { 400: "errors.tags: unknown tags; errors.role: an admin's own admin role" },
  }),
  route('GET /api/user/bulk-update/{jobId}', {
    service: 'users',
    tag: 'Users',
    summary: "A bulk update's progress and report",
    description: 'The same answer as `GET /api/user/jobs/{id}` (the job table), for a job of this kind.',
    access: policy('users.canReadJobHistory'),
    answer: ok(bulkUpdateStatusSchema, '`{jobId, state, total, done, updated, failedReason}`'),
    errors: { 404: 'Unknown job' },
  }),
  route('POST /api/user/bulk-action', {
    service: 'users',
    tag: 'Users',
    summary: 'Add or remove a tag, set a role or delete, for a selection or all matching',
    description:
      '`target` is `{ids}` or `{filter: {search, filters}}` (the same filters as read-many). Up to 500 people: done at once (200); more: a `user-bulk-update` job (202, `jobId`). `changed` / `unchanged` (already so) / `failed` (gone, or oneself for a delete or losing admin). One audit entry `user.bulk-action` with the counts.',
    access: policy('users.canRunBulkActions'),
    body: bulkActionSchema,
    answer: ok(bulkActionResultSchema, '`{total, changed, unchanged, failed, state}` (202 with `jobId` for a job)'),
    errors: { 400: 'errors.tagId: unknown tag; errors.target: more than 250,000 people' },
  }),
  route('GET /api/user/bulk-action/{jobId}', {
    service: 'users',
    tag: 'Users',
    summary: "A bulk action's progress and counts",
    description: 'The same answer as `GET /api/user/jobs/{id}` (the job table), for a job of this kind.',
    access: policy('users.canReadJobHistory'),
    answer: ok(bulkActionResultSchema, '`{jobId, state, total, done, changed, unchanged, failed, failedReason}`'),
    errors: { 404: 'Unknown job' },
  }),
  route('POST /api/user/import', {
    service: 'users',
    tag: 'Users',
    summary: 'Import people from a CSV or an Excel workbook (a job)',
    description:
      'A header line naming an `email` column (also fullName, role, city, state, country, phoneNumber, tags), at most 50,000 rows.',
    access: policy('users.canManageUsers'),
    multipartField: 'file',
    answer: ok(jobAnswer, '`{jobId, total}` (a `user-import` job)', 202),
    errors: {
      400: 'errors.file: not a table, no email column, empty, too long, or a formula cell',
      413: 'Over IMPORT_MAX_BYTES',
    },
  }),
  route('GET /api/user/import/{jobId}', {
    service: 'users',
    tag: 'Users',
    summary: "An import's progress and report",
    description: 'The same answer as `GET /api/user/jobs/{id}` (the job table), for a job of this kind.',
    access: policy('users.canReadJobHistory'),
    answer: ok(
      jobStatusAnswer,
      '`{jobId, state, total, done, created, updated, skipped, failed, errorCount, failedReason}`',
    ),
    errors: { 404: 'Unknown job' },
  }),
  route('GET /api/user/import/{jobId}/errors.csv', {
    service: 'users',
    tag: 'Users',
    summary: "An import's failed and skipped rows",
    description:
      '`row,email,reason` (row numbers as a spreadsheet shows them, header = 1). The same file as `GET /api/user/jobs/{id}/errors.csv`.',
    access: policy('users.canReadJobHistory'),
    answer: { status: 200, type: 'text/csv', description: 'errors.csv' },
    errors: { 404: 'Unknown job' },
  }),
  route('GET /api/user/audit-log', {
    service: 'users',
    tag: 'Users',
    summary: 'The audit log (read-only), newest first',
    description:
      "Filters (all optional): `userId` (about a person), `actorId`, `action`, `subjectType`, `subjectId`, `from`/`to` (days, YYYY-MM-DD, UTC); `page`, `itemsPerPage` (≤ 100). Names are those captured when the entry was written. `before`/`after` hold only the fields that changed. Other services' staff actions arrive as `audit.recorded` events.",
    access: policy('users.canReadAuditLog'),
    query: auditQuerySchema,
    answer: ok(
      auditLogAnswer,
      '`{entries: [{id, at, actorId, actorName, impersonatorId, action, service, userId, userName, tagId, subjectType, subjectId, subjectName, before, after}], totalCount}`',
    ),
  }),
  route('GET /api/analytics/overview', {
    service: 'users',
    tag: 'Users',
    summary: 'The community by its numbers over time: members, MRR, failed payments, completions, board moves',
    description:
      "`from`, `to` (YYYY-MM-DD, both included), `interval` (`day` ≤ 366 days, `week` or `month` ≤ 5 years) and `timeZone` (IANA, default UTC) the periods are cut in. Each period is labelled by its first day (weeks start on Monday). Money is integer cents of the answer's `currency`; `mrr` is the level at the period's end. Totals: sums, the busiest period's `activeMembers`, the last period's `mrr`. Read from the users service's reporting store, which its `users-analytics` consumer keeps from the services' events (docs/decisions.md, \"Analytics from events\").",
    access: policy('users.canReadAnalytics'),
    query: analyticsQuerySchema,
    answer: {
      status: 200,
      schema: analyticsOverviewSchema,
      description:
        '`{series: [{period, newMembers, activeMembers, churnedMembers, mrr, failedPayments, completions, boardMoves}], totals, currency, interval, timeZone}`',
      example: {
        series: [
          {
            period: '2026-10-01',
            newMembers: 42,
            activeMembers: 310,
            churnedMembers: 5,
            mrr: 3_880_000,
            failedPayments: 3,
            completions: 812,
            boardMoves: 154,
          },
          {
            period: '2026-11-01',
            newMembers: 37,
            activeMembers: 298,
            churnedMembers: 8,
            mrr: 3_783_000,
            failedPayments: 6,
            completions: 760,
            boardMoves: 131,
          },
        ],
        totals: {
          newMembers: 79,
          activeMembers: 310,
          churnedMembers: 13,
          mrr: 3_783_000,
          failedPayments: 9,
          completions: 1572,
          boardMoves: 285,
        },
        currency: 'usd',
        interval: 'month',
        timeZone: 'America/New_York',
      },
    },
    errors: { 400: 'errors.from / errors.to / errors.interval / errors.timeZone' },
  }),
  route('GET /api/analytics/overview.csv', {
    service: 'users',
    tag: 'Users',
    summary: 'The same numbers as a CSV: a line per period, then the totals',
    description:
      'The same query as `GET /api/analytics/overview`; MRR in units of the currency (two decimals), cells formula-safe.',
    access: policy('users.canReadAnalytics'),
    query: analyticsQuerySchema,
    answer: { status: 200, type: 'text/csv', description: 'analytics-<from>-<to>.csv' },
    errors: { 400: 'errors.from / errors.to / errors.interval / errors.timeZone' },
  }),
  // The job history and the audit export.
  route('GET /api/user/audit-log.csv', {
    service: 'users',
    tag: 'Users',
    summary: 'The audit log as a CSV (the same filters)',
    description: `Labels instead of internal names, formula-safe cells, at most ${AUDIT_EXPORT_MAX_ROWS} entries (a last line says when it stopped).`,
    access: policy('users.canReadAuditLog'),
    query: auditQuerySchema,
    answer: { status: 200, type: 'text/csv', description: 'audit-log.csv' },
  }),
  route('GET /api/user/jobs', {
    service: 'users',
    tag: 'Users',
    summary: 'The job history: imports, bulk updates, bulk actions and Stripe syncs, newest first (kept 30 days)',
    access: policy('users.canReadJobHistory'),
    query: jobsQuerySchema,
    answer: ok(
      jobListAnswer,
      "`{jobs: [{id, kind: 'import'|'bulk-update'|'bulk-action'|'stripe-sync', actorName, createdAt, finishedAt, state, counts, fileName, failedReason, reportUrl?, errorFileUrl?}], total}`",
    ),
  }),
  route('GET /api/user/jobs/{id}', {
    service: 'users',
    tag: 'Users',
    summary: 'Where a job stands: every import, bulk update, bulk action and Stripe sync',
    description:
      "The one status of every job, from the job table the queueing request and then the worker write (not from Redis). `state`: queued, running, completed or failed; `total`/`done` for a progress bar (0: unknown); `counts`: the kind's figures, also at the top level; `errorFileUrl` once an error report exists (a failed import's says why). A Stripe sync's id is `stripe-sync:<jobId>` (POST /api/stripe/sync's `statusUrl`).",
    access: policy('users.canReadJobHistory'),
    answer: ok(
      jobStatusAnswer,
      "`{jobId, kind: 'import'|'bulk-update'|'bulk-action'|'stripe-sync', state, total, done, counts, failedReason, errorFileUrl, createdAt, finishedAt, ...counts}`",
    ),
    errors: { 404: 'Unknown job, or older than 30 days' },
  }),
  route('GET /api/user/jobs/{id}/report.csv', {
    service: 'users',
    tag: 'Users',
    summary: "A job's report: who, when, state and counts",
    access: policy('users.canReadJobHistory'),
    answer: { status: 200, type: 'text/csv', description: 'report.csv' },
    errors: { 404: 'Unknown job, or older than 30 days' },
  }),
  route('GET /api/user/jobs/{id}/errors.csv', {
    service: 'users',
    tag: 'Users',
    summary: "An import's error file: `row,email,reason`",
    access: policy('users.canReadJobHistory'),
    answer: { status: 200, type: 'text/csv', description: 'import-errors.csv' },
    errors: { 404: 'Unknown job, or older than 30 days' },
  }),
  route('GET /api/tag/read-many', {
    service: 'users',
    tag: 'Tags',
    summary: 'Tags',
    access: policy('users.canReadTags'),
    query: tagListQuerySchema,
    answer: ok(tagListResponseSchema, '`{tags, totalCount}`'),
  }),
  route('POST /api/tag/upsert', {
    idempotent: true,
    service: 'users',
    tag: 'Tags',
    summary: 'Create or rename a tag',
    description:
      "A rename publishes `users.tag-renamed`. A tag is `{id, name, signupAllowed}`: only tags with `signupAllowed` are attached by a sign-up link's `signuptags`.",
    access: policy('users.canManageTags'),
    body: tagUpsertSchema,
    answer: ok(tagUpsertResponseSchema, '`{tag, isNew}`'),
  }),
  route('DELETE /api/tag/{id}', {
    service: 'users',
    tag: 'Tags',
    summary: 'Delete a tag',
    access: policy('users.canManageTags'),
    answer: noContent,
  }),

  // -------------------------------------------------------------------------------------------------------- uploads
  route('POST /upload', {
    service: 'resources',
    tag: 'Uploads',
    summary: 'Upload an image',
    description: 'One file in field `image`: PNG, JPEG, GIF or WebP by content, at most UPLOAD_MAX_BYTES (5 MB).',
    access: 'signed-in',
    multipartField: 'image',
    answer: {
      ...ok(uploadResponseSchema, '`{latestUploadedFileUrl}`', 201),
      example: { latestUploadedFileUrl: '/upload/files/7d0c3f52-9a4e-4f4b-8f1e-2b6f1c9d3a10.png' },
    },
    errors: { 400: 'Not an image, or no file', 413: 'Too large' },
  }),
  route('POST /upload/video', {
    service: 'resources',
    tag: 'Uploads',
    summary: 'Upload a video (site content, lesson videos)',
    description: 'One file in field `video`: MP4 or WebM by content, at most VIDEO_UPLOAD_MAX_BYTES (50 MB).',
    access: policy('resources.canUploadVideo'),
    multipartField: 'video',
    answer: {
      ...ok(uploadResponseSchema, '`{latestUploadedFileUrl}`', 201),
      example: { latestUploadedFileUrl: '/upload/files/2b6f1c9d-3a10-4f4b-8f1e-7d0c3f529a4e.mp4' },
    },
    errors: { 400: 'Not an MP4 or WebM video, or no file', 413: 'Too large' },
  }),
  route('GET /upload/files/{name}', {
    service: 'resources',
    tag: 'Uploads',
    summary: 'An uploaded image or video (`{uuid}.{ext}`), cached for a year',
    description:
      'Public behind an unguessable name: no session needed. One byte range (`Range: bytes=a-b`) is answered 206 with `Content-Range` (videos seek with it); a range past the end 416.',
    access: 'anyone',
    answer: { status: 200, type: 'image/*', description: 'The image or video (206: the range asked for)' },
    errors: { 404: 'Not found' },
  }),

  // -------------------------------------------------------------------------------------------------------- courses
  route('GET /api/course/read-many', {
    service: 'courses',
    tag: 'Courses',
    summary: 'The catalogue and its search',
    description:
      'Page `page` of `itemsPerPage` of each list (courses, modules, lessonsTitles, lessonsContent); with `only`, the other lists are `[]`. A course, module or lesson the caller may not see is never listed.',
    access: 'signed-in',
    query: catalogueQuerySchema,
    answer: ok(catalogueResponseSchema, '`{abilities, courses, modules, lessonsTitles, lessonsContent, counts}`'),
  }),
  route('GET /api/course/{slugOrId}', {
    service: 'courses',
    tag: 'Courses',
    summary: 'A course page',
    params: { slugOrId: SLUG_OR_ID.get },
    description:
      'Modules -> Lessons with `completed` and progress; the open lesson (`lessonId`, else the first of `moduleId`, else the first) carries `content`, `Tags` and `abilities`.',
    access: 'signed-in',
    query: coursePageQuerySchema,
    answer: ok(coursePageResponseSchema, '`{course}`'),
    errors: { 404: 'Course not found (also for a course the caller may not see)' },
  }),
  route('GET /api/course/{slug}/lessons/{lessonId}', {
    service: 'courses',
    tag: 'Courses',
    summary: 'One lesson of a course',
    access: 'signed-in',
    answer: ok(courseLessonResponseSchema, '`{lesson}`'),
    errors: { 404: 'Course not found / Lesson not found' },
  }),
  route('GET /api/course/access', {
    service: 'courses',
    tag: 'Courses',
    summary: 'Whether the caller may open a course',
    access: 'signed-in',
    query: courseAccessQuerySchema,
    answer: ok(courseAccessResponseSchema, '`{hasAccess}`'),
  }),
  route('GET /api/course/progress', {
    service: 'courses',
    tag: 'Courses',
    summary: "The caller's progress over every course they can see",
    access: 'signed-in',
    answer: ok(courseProgressAnswer, '`{progress: {courses, completedCourses, lessons, completedLessons, percent}}`'),
  }),
  route('GET /api/course/insights/{id}', {
    service: 'courses',
    tag: 'Courses',
    summary: "A course's insights: members started and completed, the lesson funnel, completions per day",
    access: policy('courses.canReadCourseInsights'),
    query: courseInsightsQuerySchema,
    answer: ok(courseInsightsResponseSchema, '`{insights}`'),
    errors: { 404: 'Course not found' },
  }),
  route('GET /api/course/lesson-redirect/{lessonId}', {
    service: 'courses',
    tag: 'Courses',
    summary: "A lesson's address in the web app",
    access: 'signed-in',
    answer: ok(lessonRedirectResponseSchema, '`{url}` or `{url: null}`'),
  }),
  route('POST /api/course/upsert', {
    idempotent: true,
    service: 'courses',
    tag: 'Courses',
    summary: 'Create or change a course',
    access: policy('courses.canUpsertCourse'),
    body: courseUpsertSchema,
    answer: ok(courseUpsertResponseSchema, '`{course, isNew}`'),
    errors: { 400: 'errors.slug: This slug is already in use', 404: 'Course not found' },
  }),
  route('DELETE /api/course/{slugOrId}', {
    service: 'courses',
    tag: 'Courses',
    summary: 'Delete a course (its modules become free)',
    params: { slugOrId: SLUG_OR_ID.delete },
    access: policy('courses.canDeleteCourse'),
    answer: noContent,
    errors: { 404: 'Course not found' },
  }),
  route('POST /api/course/reorder', {
    service: 'courses',
    tag: 'Courses',
    summary: "Reorder a course's modules and lessons",
    access: policy('courses.canReorderCourse'),
    body: courseReorderSchema,
    answer: ok(successResponseSchema, '`{success: true}`'),
  }),
  route('POST /api/course/reorder-courses', {
    service: 'courses',
    tag: 'Courses',
    summary: 'Reorder the catalogue',
    access: policy('courses.canReorderCourses'),
    body: coursesReorderSchema,
    answer: ok(successResponseSchema, '`{success: true}`'),
  }),
  route('GET /api/module/read-many', {
    service: 'courses',
    tag: 'Courses',
    summary: 'Modules',
    access: 'signed-in',
    answer: ok(moduleListResponseSchema, '`{modules}`'),
  }),
  route('POST /api/module/upsert', {
    idempotent: true,
    service: 'courses',
    tag: 'Courses',
    summary: 'Create or change a module',
    access: policy('courses.canUpsertModule'),
    body: moduleUpsertSchema,
    answer: ok(moduleUpsertResponseSchema, '`{module, isNew}`'),
    errors: { 404: 'Module or course not found' },
  }),
  route('DELETE /api/module/{id}', {
    service: 'courses',
    tag: 'Courses',
    summary: 'Delete a module with its lessons',
    access: policy('courses.canDeleteModule'),
    answer: noContent,
    errors: { 404: 'Module not found' },
  }),
  route('POST /api/module/reorder', {
    service: 'courses',
    tag: 'Courses',
    summary: 'Reorder modules',
    access: policy('courses.canReorderModules'),
    body: moduleReorderSchema,
    answer: ok(successResponseSchema, '`{success: true}`'),
  }),
  route('GET /api/lesson/read-many', {
    service: 'courses',
    tag: 'Courses',
    summary: 'Lessons',
    access: 'signed-in',
    query: lessonListQuerySchema,
    answer: ok(lessonListResponseSchema, '`{lessons}`'),
  }),
  route('GET /api/lesson/read-options', {
    service: 'courses',
    tag: 'Courses',
    summary: 'Lessons as picker options',
    access: 'signed-in',
    query: lessonOptionsQuerySchema,
    answer: ok(lessonOptionsResponseSchema, '`{lessons}`'),
  }),
  route('GET /api/lesson/completed', {
    service: 'courses',
    tag: 'Courses',
    summary: "The caller's completed lessons",
    access: 'signed-in',
    answer: ok(completedLessonsResponseSchema, '`{lessons}`'),
  }),
  route('PUT /api/lesson/mark-as-completed', {
    service: 'courses',
    tag: 'Courses',
    summary: 'Mark a lesson completed',
    description: 'Publishes `courses.lesson-completed` (a certificate follows the last lesson of a course).',
    access: 'signed-in',
    body: markLessonSchema,
    answer: ok(markLessonResponseSchema, '`{lessonId, completed, courseProgress, moduleProgress}`'),
    errors: {
      404: 'Lesson not found (also one the caller cannot open)',
      409: "Pass the lesson's quiz to mark it completed (a lesson with a quiz and no passing attempt)",
    },
  }),
  route('PUT /api/lesson/mark-as-uncompleted', {
    service: 'courses',
    tag: 'Courses',
    summary: 'Mark a lesson not completed',
    access: 'signed-in',
    body: markLessonSchema,
    answer: ok(markLessonResponseSchema, '`{lessonId, completed, courseProgress, moduleProgress}`'),
    errors: { 404: 'Lesson not found (also one the caller cannot open)' },
  }),
  route('PUT /api/lesson/video-position', {
    service: 'courses',
    tag: 'Courses',
    summary: "Remember where the caller is in a lesson's video",
    description:
      'Sent by the player every ~10 s and on pause; the lesson page resumes there (`videoPosition`). Seconds 0..86400.',
    access: 'signed-in',
    body: lessonVideoPositionSchema,
    answer: noContent,
    errors: { 400: 'errors.<field>: lessonId, seconds', 404: 'Lesson not found (also one the caller cannot open)' },
  }),
  route('POST /api/lesson/{id}/quiz/attempt', {
    idempotent: true,
    service: 'courses',
    tag: 'Courses',
    summary: "Take a lesson's quiz",
    description:
      'Scored on the server and kept. A question is right when exactly its right options are chosen; `score` is the ' +
      'percent of questions right, `passed` when it reaches the pass mark. Marking a lesson with a quiz completed ' +
      'needs a passing attempt (409 otherwise).',
    access: 'signed-in',
    body: quizAttemptSchema,
    answer: ok(quizAttemptResponseSchema, '`{score, passed, results: [{questionId, correct}]}`'),
    errors: {
      400: 'errors.answers: an answer for a question the quiz does not have; errors.<field> for the shape',
      404: 'Lesson not found (also one the caller cannot open); This lesson has no quiz',
    },
  }),
  route('GET /api/lesson/{id}/comments', {
    service: 'courses',
    tag: 'Courses',
    summary: "A lesson's discussion",
    description:
      `Threads newest first (\`limit\` 1-${COMMENTS_PAGE_MAX}, default 20; \`before\` = the previous page's ` +
      '`nextBefore`), each with its replies (one level), the answer first, then oldest first. Whoever can open the ' +
      "lesson reads it; anyone else gets the unknown lesson's 404. Hidden comments reach coaches and admins only " +
      '(`hidden: true`); a deleted question with replies stays as `deleted: true` with no author and an empty body. ' +
      "`count` is the visible comments (the heading's number).",
    access: 'signed-in',
    query: commentsQuerySchema,
    answer: ok(lessonCommentsResponseSchema, '`{comments, count, nextBefore, abilities}`'),
    errors: {
      400: 'errors.limit, errors.before; Invalid id',
      404: 'Lesson not found (also one the caller cannot open)',
    },
  }),
  route('POST /api/lesson/{id}/comments', {
    idempotent: true,
    service: 'courses',
    tag: 'Courses',
    summary: 'Ask or reply in a lesson discussion',
    description:
      `Markdown, 1-${COMMENT_BODY_MAX} characters, shown through the lesson renderer and sanitiser. \`parentId\` ` +
      'replies (a reply to a reply joins its thread). `@Full Name` of a coach or an admin tells her ' +
      "(`courses.learning-notice` kind `lesson-mention`); a reply tells the lesson's author and the thread's people " +
      `(\`lesson-reply\`), never the writer, each once. At most ${COMMENTS_PER_MINUTE} comments a minute per person.`,
    access: 'signed-in',
    body: commentCreateSchema,
    answer: ok(lessonCommentResponseSchema, '`{comment}`', 201),
    errors: {
      400: 'errors.body; errors.parentId: the comment replied to is gone (or hidden)',
      404: 'Lesson not found (also one the caller cannot open)',
      429: 'Posting too quickly (Retry-After: 60)',
    },
  }),
  route('PATCH /api/lesson/{id}/comments/{commentId}', {
    service: 'courses',
    tag: 'Courses',
    summary: "Edit one's own discussion comment",
    description: 'Sets `editedAt`; tells nobody again.',
    access: 'signed-in',
    body: commentEditSchema,
    answer: ok(lessonCommentResponseSchema, '`{comment}`'),
    errors: {
      400: 'errors.body',
      403: "Someone else's comment",
      404: 'Lesson not found (also one the caller cannot open); Comment not found (also a hidden one)',
    },
  }),
  route('DELETE /api/lesson/{id}/comments/{commentId}', {
    service: 'courses',
    tag: 'Courses',
    summary: "Delete one's own discussion comment",
    description:
      'A question with replies stays as `deleted: true` (no author, empty body) so its replies keep their place; ' +
      'anything else is removed.',
    access: 'signed-in',
    answer: noContent,
    errors: {
      403: "Someone else's comment",
      404: 'Lesson not found (also one the caller cannot open); Comment not found',
    },
  }),
  route('POST /api/lesson/{id}/comments/{commentId}/answer', {
    service: 'courses',
    tag: 'Courses',
    summary: "Mark a reply as its thread's answer (or unmark it)",
    description: "One answer per thread: marking one unmarks the thread's other. Audited (`lesson.comment-answer`).",
    access: policy('courses.canModerateDiscussions'),
    body: commentAnswerSchema,
    answer: ok(lessonCommentResponseSchema, '`{comment}`'),
    errors: {
      400: 'errors.answer; errors.commentId: only a reply can be the answer',
      404: 'Lesson not found (also one the caller cannot open); Comment not found',
    },
  }),
  route('POST /api/lesson/{id}/comments/{commentId}/hide', {
    service: 'courses',
    tag: 'Courses',
    summary: 'Hide a discussion comment from members (or show it again)',
    description:
      'Members stop receiving it (and, for a question, its replies); coaches and admins see it flagged `hidden`. ' +
      'Audited (`lesson.comment-hide`).',
    access: policy('courses.canModerateDiscussions'),
    body: commentHideSchema,
    answer: ok(lessonCommentResponseSchema, '`{comment}`'),
    errors: {
      400: 'errors.hidden',
      404: 'Lesson not found (also one the caller cannot open); Comment not found',
    },
  }),
  route('POST /api/lesson/upsert', {
    idempotent: true,
    service: 'courses',
    tag: 'Courses',
    summary: 'Create or change a lesson',
    access: policy('courses.canUpsertLesson'),
    body: lessonUpsertSchema,
    answer: {
      status: 200,
      schema: lessonUpsertResponseSchema,
      description: '`{lesson, isNew}` (201 when created); `lesson.quiz` is whole, right answers included',
      // A quiz's right options must be among its options, which an example made from the schema is not.
      example: {
        lesson: {
          id: 7,
          title: 'Understanding FBA Fees',
          content: '## The fees that decide your margin',
          videoUrl: null,
          ModuleId: 3,
          position: 3,
          Tags: [],
          abilities: { edit: true, delete: true, reorder: true },
          quiz: {
            passMark: 67,
            questions: [
              {
                id: 'referral',
                prompt: 'What decides the referral fee?',
                options: ['The packaged size and weight', 'A percentage of the sale price'],
                correct: [1],
              },
            ],
          },
        },
        isNew: false,
      },
    },
    errors: { 404: 'Lesson or module not found' },
  }),
  route('DELETE /api/lesson/{id}', {
    service: 'courses',
    tag: 'Courses',
    summary: 'Delete a lesson',
    access: policy('courses.canDeleteLesson'),
    answer: noContent,
    errors: { 404: 'Lesson not found' },
  }),
  route('GET /api/certificates/mine', {
    service: 'courses',
    tag: 'Certificates',
    summary: "The caller's certificates, newest first",
    access: 'signed-in',
    query: myCertificatesQuerySchema,
    answer: ok(myCertificatesResponseSchema, '`{certificates}`'),
  }),
  route('GET /api/certificates/{id}', {
    service: 'courses',
    tag: 'Certificates',
    summary: 'A certificate (the public verification page)',
    access: 'anyone',
    answer: ok(certificateResponseSchema, '`{certificate: {id, fullName, courseTitle, completedAt}}`'),
    errors: { 404: 'Certificate not found (unknown or malformed id)' },
  }),
  route('GET /api/certificates/{id}/pdf', {
    service: 'courses',
    tag: 'Certificates',
    summary: "A certificate's PDF",
    description: 'Attachment `certificate-{id}.pdf` with the verification address `PUBLIC_URL/certificates/{id}`.',
    access: 'anyone',
    answer: { status: 200, type: 'application/pdf', description: 'The PDF' },
    errors: { 404: 'Certificate not found' },
  }),

  // ---------------------------------------------------------------------------------------------------------- board
  ...boardRoutes(),

  // ---------------------------------------------------------------------------------------------------------- tools
  route('GET /api/product/read-many', {
    service: 'tools',
    tag: 'Tools',
    summary: "The caller's products, newest first",
    description:
      'The entered fields, every computed field (docs/profit-formulas.md) and `abilities {edit, delete, editAdditionalFees}`.',
    access: 'signed-in',
    answer: ok(productListAnswer, '`{products}`'),
  }),
  route('GET /api/product/count', {
    service: 'tools',
    tag: 'Tools',
    summary: 'How many products the caller has',
    access: 'signed-in',
    answer: ok(z.object({ total: z.number().int() }), '`{total}`'),
  }),
  route('POST /api/product/upsert', {
    idempotent: true,
    service: 'tools',
    tag: 'Tools',
    summary: 'Create or change a product',
    access: 'signed-in',
    body: productUpsertSchema,
    answer: ok(productUpsertAnswer, '`{product, isNew}` (201 when created)'),
    errors: {
      400: 'Field errors keyed title, units, ...',
      403: 'errors.additionalFees: a basic member changing the fees',
      404: "Another person's product (as unknown)",
    },
  }),
  route('DELETE /api/product/{id}', {
    service: 'tools',
    tag: 'Tools',
    summary: 'Delete a product',
    access: 'signed-in',
    answer: noContent,
    errors: { 404: 'Product not found' },
  }),
  route('POST /api/product-qualifier/save', {
    service: 'tools',
    tag: 'Tools',
    summary: 'Save a qualifier result (the score is recomputed)',
    access: 'signed-in',
    body: qualifierSaveSchema,
    answer: ok(qualifierSaveAnswer, '`{result: {id, score, result, createdAt}}`', 201),
  }),
  route('GET /api/product-qualifier/history', {
    service: 'tools',
    tag: 'Tools',
    summary: "The caller's past qualifier ratings, newest first",
    description:
      "The ratings 'Rate My Product' saved (not the e-mailed copies). Query `limit` (1 to 50, default 10) and `before` (the previous page's `nextBefore`).",
    access: 'signed-in',
    query: qualifierHistoryQuerySchema,
    answer: ok(qualifierHistoryAnswer, '`{ratings: [{id, score, result, answers, createdAt}], nextBefore}`'),
    errors: { 400: 'errors.limit / errors.before' },
  }),
  route('POST /api/product-qualifier/send', {
    service: 'tools',
    tag: 'Tools',
    summary: 'E-mail a qualifier result',
    access: 'signed-in',
    body: qualifierSendSchema,
    description: "`email` must be the member's own address; QUALIFIER_SENDS_PER_DAY sends a day.",
    answer: ok(qualifierSendAnswer, '`{success, score, result}` once the e-mail is queued'),
    errors: {
      400: 'errors.email (also: not the member\'s own address) / errors.keywords / errors["answers.<id>"]',
      429: 'QUALIFIER_SENDS_PER_DAY reached (Retry-After)',
    },
  }),
  route('GET /api/ai/assistants', {
    service: 'tools',
    tag: 'AI',
    summary: 'The AI assistants and which the caller may open',
    access: 'signed-in',
    answer: ok(
      assistantsAnswer,
      '`{assistants: [{key, name, description, comingSoon, available, route}], configured, demo}` (demo: the endpoint is the sample-answer stand-in, AI_DEMO)',
    ),
  }),
  route('POST /api/ai/chat', {
    service: 'tools',
    tag: 'AI',
    summary: 'Chat with an assistant (a server-sent event stream)',
    description:
      '`event: conversation {id, title}`, `event: token {text}`..., `event: done` (or `event: error {error}`).',
    access: 'signed-in',
    body: aiChatSchema,
    answer: { status: 200, type: 'text/event-stream', description: 'The answer, token by token' },
    errors: {
      403: "The person's tags do not open the assistant, or it is coming soon",
      429: 'Daily limit reached',
      503: 'AI_NOT_CONFIGURED without AI_BASE_URL',
    },
  }),
  route('GET /api/ai/conversations', {
    service: 'tools',
    tag: 'AI',
    summary: "The caller's conversations with an assistant",
    description: 'Query `assistant`.',
    access: 'signed-in',
    answer: ok(conversationListAnswer, '`{conversations: [{id, assistant, title, updatedAt}]}`'),
  }),
  route('GET /api/ai/conversations/{id}', {
    service: 'tools',
    tag: 'AI',
    summary: 'One conversation with its messages',
    access: 'signed-in',
    answer: ok(conversationAnswer, '`{conversation, messages: [{id, role, content, createdAt}]}`'),
    errors: { 404: 'Conversation not found' },
  }),
  route('DELETE /api/ai/conversations/{id}', {
    service: 'tools',
    tag: 'AI',
    summary: 'Delete a conversation',
    access: 'signed-in',
    answer: noContent,
    errors: { 404: 'Conversation not found' },
  }),
  route('GET /api/ai/prompts', {
    service: 'tools',
    tag: 'AI',
    summary: "Every assistant's system prompt",
    access: policy('tools.canEditPrompts'),
    answer: ok(promptListAnswer, 'The prompts'),
  }),
  route('PUT /api/ai/prompts/{key}', {
    service: 'tools',
    tag: 'AI',
    summary: "Save an assistant's system prompt",
    access: policy('tools.canEditPrompts'),
    body: aiPromptSchema,
    answer: ok(promptAnswer, 'The saved prompt'),
    errors: { 404: 'Unknown assistant' },
  }),

  // ------------------------------------------------------------------------------------------------------ resources
  route('GET /api/resource/read-many', {
    service: 'resources',
    tag: 'Resources',
    summary: 'Resources, newest first',
    description:
      '`categories` (any of them), `type` (`all`, `marketplace`, `my-purchases`), `search`, `itemsPerPage`. `url` is null unless the caller may open the resource; `content` is always null in lists.',
    access: 'signed-in',
    query: resourceListQuerySchema,
    answer: ok(resourceListSchema, '`{resources, abilities: {createResource, createCategory}}`'),
  }),
  route('GET /api/resource/{id}', {
    service: 'resources',
    tag: 'Resources',
    summary: 'One resource (with `content` when the caller may open it)',
    access: 'signed-in',
    answer: ok(resourceResponseSchema, '`{resource}`'),
    errors: { 404: 'Resource not found (also one the caller may not see)' },
  }),
  route('GET /api/resource/category/read-many', {
    service: 'resources',
    tag: 'Resources',
    summary: 'Resource categories by name',
    access: 'signed-in',
    answer: ok(categoryListSchema, '`{resourceCategories}`'),
  }),
  route('POST /api/resource/upsert', {
    idempotent: true,
    service: 'resources',
    tag: 'Resources',
    summary: 'Create or change a resource',
    description: 'content is dropped unless Article; price and purchaseUrl unless For Sale / For Sale Premium.',
    access: policy('resources.canUpsertResource'),
    body: resourceUpsertSchema,
    answer: ok(resourceUpsertResponseSchema, '`{resource, isNew}` (201 when created)'),
    errors: {
      400: 'errors.title / description / url / price / ResourceCategories',
      404: 'Resource not found',
    },
  }),
  route('DELETE /api/resource/{id}', {
    service: 'resources',
    tag: 'Resources',
    summary: 'Delete a resource (its purchases stay on record)',
    access: policy('resources.canDeleteResource'),
    answer: noContent,
    errors: { 404: 'Resource not found' },
  }),
  route('POST /api/resource/category/upsert', {
    idempotent: true,
    service: 'resources',
    tag: 'Resources',
    summary: 'Create or rename a resource category',
    access: policy('resources.canUpsertCategory'),
    body: categoryUpsertSchema,
    answer: ok(categoryUpsertResponseSchema, '`{resourceCategory, isNew}` (201 when created)'),
    errors: { 400: 'errors.name: empty', 404: 'Category not found', 409: 'errors.name: a name in use (any case)' },
  }),
  route('DELETE /api/resource/category/{id}', {
    service: 'resources',
    tag: 'Resources',
    summary: 'Delete a resource category (its resources stay, without it)',
    access: policy('resources.canDeleteCategory'),
    answer: noContent,
    errors: { 404: 'Category not found' },
  }),
  route('GET /api/dashboard-banner/read-many', {
    service: 'resources',
    tag: 'Banners',
    summary: 'Dashboard banners',
    description: "Admins get all three; everyone else only their level's banner (coach: premium), the others null.",
    access: 'signed-in',
    answer: ok(bannerListSchema, '`{premium, basic, courseOnly, abilities: {edit}}`'),
  }),
  route('GET /api/dashboard-banner/{type}', {
    service: 'resources',
    tag: 'Banners',
    summary: "A level's banner (`basic`, `premium`, `course only` or `course-only`)",
    access: 'signed-in',
    answer: ok(bannerResponseSchema, '`{banner}`'),
    errors: { 400: 'Unknown type', 404: "Banner not found (also another level's)" },
  }),
  route('POST /api/dashboard-banner', {
    service: 'resources',
    tag: 'Banners',
    summary: "Create or replace a level's banner",
    access: policy('resources.canEditBanners'),
    body: bannerUpsertSchema,
    answer: ok(bannerUpsertResponseSchema, '`{banner, isNew}` (201 when created)'),
    errors: { 400: 'errors.<field>: title, content, button_text, button_url, urls, average_shipping_rate' },
  }),
  route('DELETE /api/dashboard-banner/{type}', {
    service: 'resources',
    tag: 'Banners',
    summary: "Delete a level's banner",
    access: policy('resources.canEditBanners'),
    answer: noContent,
    errors: { 400: 'Unknown type', 404: 'Banner not found' },
  }),

  // --------------------------------------------------------------------------------------------------- site content
  route('GET /api/site-content', {
    service: 'resources',
    tag: 'Site content',
    summary: "The product's videos and outside links, set by admins",
    description:
      'Every video (YouTube, Vimeo or an uploaded file; null = not set) and the calendar, support, community and upgrade links. `bookingUrl` is the calendar link with `{token}` replaced by the URL-encoded e-mail of the person asking.',
    access: 'signed-in',
    answer: {
      ...ok(siteContentResponseSchema, '`{content: {videos, links}, updatedAt, bookingUrl, abilities: {edit}}`'),
      example: SITE_CONTENT_EXAMPLE,
    },
  }),
  route('GET /api/site-content/public', {
    service: 'resources',
    tag: 'Site content',
    summary: "What a visitor's screens need: the sign-up welcome video and the support links",
    description: 'No session needed; answered to a blocked member too (the blocked page).',
    access: 'anyone',
    answer: ok(publicSiteContentSchema, '`{videos: {sign-up-welcome}, links: {supportEmail, supportUrl}}`'),
  }),
  route('PUT /api/site-content', {
    service: 'resources',
    tag: 'Site content',
    summary: 'Replace the site content',
    description: 'The whole document; a missing or empty field is not set. Recorded in the audit log.',
    access: policy('resources.canEditSiteContent'),
    body: siteContentSchema,
    answer: {
      ...ok(siteContentResponseSchema, '`{content, updatedAt, bookingUrl, abilities}`'),
      example: SITE_CONTENT_EXAMPLE,
    },
    errors: {
      400: 'errors.<field>: videos.<key> (YouTube, Vimeo or uploaded video), links.<key> (web address, e-mail)',
    },
  }),

  // ----------------------------------------------------------------------------------------------------- broadcasts
  route('POST /api/broadcast', {
    service: 'users',
    tag: 'Broadcasts',
    summary: 'Send an e-mail to an audience (roles, tags, payment status)',
    description:
      'The body is Markdown. The recipients (subscribed people matching every condition given) are written at once and mailed by a `broadcast` job in the users worker, paced by `BROADCAST_PER_MINUTE`; each copy carries RFC 8058 `List-Unsubscribe` and `List-Unsubscribe-Post` headers. `dryRun: true` answers `{recipients}` (200) and sends nothing. Recorded in the audit log (`broadcast.send`).',
    access: policy('users.canSendBroadcasts'),
    body: broadcastSchema,
    answer: {
      ...ok(broadcastQueuedSchema, '`{jobId, recipients}` (200 `{recipients}` for a dry run)', 202),
      example: { jobId: '5b0f5a8e-1c7e-4d8b-9a55-0c2d3f1e7a10', recipients: 1284 },
    },
    errors: { 400: 'errors.<field>: subject, body, audience.roles, audience.tagIds, audience.payment' },
  }),
  route('POST /api/broadcast/count', {
    service: 'users',
    tag: 'Broadcasts',
    summary: 'How many subscribed people an audience reaches now',
    access: policy('users.canSendBroadcasts'),
    body: broadcastCountSchema,
    answer: { ...ok(broadcastCountResponseSchema, '`{recipients}`'), example: { recipients: 1284 } },
    errors: { 400: 'errors.<field>: audience.roles, audience.tagIds, audience.payment' },
  }),
  route('GET /api/broadcast', {
    service: 'users',
    tag: 'Broadcasts',
    summary: 'The broadcasts sent, newest first, a page at a time',
    access: policy('users.canSendBroadcasts'),
    query: broadcastListQuerySchema,
    answer: ok(broadcastListSchema, '`{broadcasts, total, page, perPage}`'),
    errors: { 400: 'errors.page, errors.perPage' },
  }),
  route('GET /api/broadcast/{jobId}', {
    service: 'users',
    tag: 'Broadcasts',
    summary: "A broadcast's progress",
    description:
      '`status` queued, sending, done or failed; `sent` of `total`; `failures`: recipients deleted or unsubscribed after it was queued (not mailed).',
    access: policy('users.canSendBroadcasts'),
    answer: ok(
      broadcastStatusSchema,
      '`{jobId, subject, audience, status, total, sent, failures, createdAt, finishedAt, createdBy}`',
    ),
    errors: { 404: 'Broadcast not found' },
    params: { jobId: "The broadcast's id (the `jobId` POST answered)" },
  }),
  route('POST /api/unsubscribe', {
    service: 'users',
    tag: 'Broadcasts',
    summary: 'Unsubscribe from broadcasts (one click), or subscribe again',
    description:
      "The `List-Unsubscribe` address of a broadcast: `?token=` signed for one person. Open at the gateway (no session, no CSRF): a mail client POSTs `List-Unsubscribe=One-Click` as a form; the web's unsubscribe page POSTs `{token}` or `{token, subscribe: true}` as JSON. Transactional mail is not affected.",
    access: 'anyone',
    query: unsubscribeSchema.partial(),
    body: unsubscribeSchema.partial().extend({ subscribe: broadcastSettingsSchema.shape.subscribed.optional() }),
    answer: ok(unsubscribeResponseSchema, '`{subscribed}`'),
    errors: { 400: 'errors.token: This unsubscribe link is not valid.' },
  }),
  route('GET /api/user/broadcast-settings', {
    service: 'users',
    tag: 'Broadcasts',
    summary: 'Whether the caller gets broadcasts',
    access: policy('users.canEditBroadcastSettings'),
    answer: ok(broadcastSettingsSchema, '`{subscribed}`'),
    errors: { 404: 'User not found' },
  }),
  route('PUT /api/user/broadcast-settings', {
    service: 'users',
    tag: 'Broadcasts',
    summary: 'Subscribe to or unsubscribe from broadcasts (the switch on /profile)',
    access: policy('users.canEditBroadcastSettings'),
    body: broadcastSettingsSchema,
    answer: ok(broadcastSettingsSchema, '`{subscribed}`'),
    errors: { 400: 'errors.subscribed', 404: 'User not found' },
  }),

  // -------------------------------------------------------------------------------------------------------- billing
  route('POST /api/stripe/webhook', {
    service: 'billing',
    tag: 'Billing',
    summary: 'Stripe events',
    description:
      'Open at the gateway (no session, no CSRF); verified by `Stripe-Signature` over the raw body (300 s tolerance). A failure answers 500 so Stripe retries.',
    access: 'anyone',
    body: anyObject,
    answer: ok(receivedAnswer, '`{received: true}` (`duplicate: true` for an event id already applied)'),
    errors: { 400: 'Invalid signature (nothing recorded)' },
  }),
  route('GET /api/stripe/config', {
    service: 'billing',
    tag: 'Billing',
    summary: 'What the browser needs to load Stripe.js',
    access: 'signed-in',
    answer: ok(stripeConfigSchema, '`{publishableKey, jsUrl}`'),
  }),
  route('POST /api/stripe/create-customer-portal/{customerId}', {
    service: 'billing',
    tag: 'Billing',
    summary: 'A Stripe customer portal session',
    description: "The customer's own person; admins any. Open to a person whose payment status blocks everything else.",
    access: 'signed-in',
    answer: ok(z.object({ url: z.string() }), '`{url}` (returns to `PUBLIC_URL/`)'),
    errors: { 404: "Customer not found (someone else's, unknown or malformed id)" },
  }),
  route('POST /api/stripe/sync', {
    service: 'billing',
    tag: 'Billing',
    summary: 'Sync subscriptions from Stripe (a job)',
    access: policy('billing.canSyncWithStripe'),
    description: '`statusUrl`: the sync in the job table (`GET /api/user/jobs/{id}`), which the screens follow.',
    answer: ok(stripeSyncAnswerSchema, '`{data: {jobId, state, summary, failedReason, statusUrl}}`', 202),
  }),
  route('GET /api/stripe/sync/{jobId}', {
    service: 'billing',
    tag: 'Billing',
    summary: "A sync's progress",
    description:
      "The queue's copy while it keeps the job (its last 1,000); the sync's status in the job table is POST's `statusUrl`.",
    access: policy('billing.canSyncWithStripe'),
    answer: ok(stripeSyncAnswerSchema, '`{data}`'),
    errors: { 404: 'Unknown job' },
  }),
  route('POST /api/stripe/create-payment-intent', {
    service: 'billing',
    tag: 'Billing',
    summary: 'Buy a resource',
    description:
      "`userId` must be the caller's. The amount is the resources service's price; `requires_action` comes with a `clientSecret` for 3-D Secure.",
    access: 'signed-in',
    body: createPaymentIntentSchema,
    answer: ok(paymentIntentAnswerSchema, '`{paymentIntentId, status, clientSecret, resourceId}`'),
    errors: {
      400: "A price in the body; errors.resourceId: not for sale; errors.paymentMethodId: 'Please enter a card'; code CARD_ERROR: declined",
      403: "Another person's userId",
      404: 'Unknown resource',
      409: 'Already bought',
    },
  }),
  route('GET /api/stripe/payment-intent/{id}', {
    service: 'billing',
    tag: 'Billing',
    summary: 'A payment, read from Stripe now (records the purchase when it succeeded)',
    access: 'signed-in',
    answer: ok(paymentIntentAnswerSchema, '`{paymentIntentId, status, clientSecret, resourceId}`'),
    errors: { 404: "Unknown, or anyone else's" },
  }),
  route('GET /api/purchases', {
    service: 'billing',
    tag: 'Billing',
    summary: "The caller's paid purchases, newest first",
    description: `At most ${PURCHASES_LIMIT}. \`amount\` in cents (as every amount of the API), \`currency\` as Stripe gives it (lower case), \`paidAt\` ISO 8601; \`receiptUrl\` is the web's receipt page (\`/purchases/{id}/receipt\`).`,
    access: 'signed-in',
    answer: ok(purchasesAnswerSchema, '`{purchases: [{id, resourceId, title, amount, currency, paidAt, receiptUrl}]}`'),
  }),
  route('GET /api/purchases/{id}/receipt', {
    service: 'billing',
    tag: 'Billing',
    summary: "A paid purchase's receipt (its buyer or an admin)",
    description:
      "The purchase with the buyer's id and the payment reference. Anyone else gets 404, as for an unknown one.",
    access: 'signed-in',
    answer: ok(receiptAnswerSchema, '`{receipt}`'),
    errors: { 400: 'Not a purchase reference (pi_...)', 404: "Unknown, not paid, or anyone else's" },
  }), // Invitations.
  route('POST /api/user/invite/{id}', {
    service: 'users',
    tag: 'Users',
    summary: "(Re)send a person's invitation e-mail",
    description:
      'A new single-use link valid 7 days (auth INVITATION_TTL_HOURS) that sets a password and signs the person in; the older invitation link stops working. Publishes `users.user-invited`; auth queues the e-mail (send-mail job). A person created by `POST /api/user/upsert` without a password and with `sendInvitation: true`, or by `POST /api/user/import` with the multipart field `sendInvitations=true`, is invited the same way.',
    access: policy('users.canInviteUser'),
    answer: ok(inviteResponseSchema, '`{message}`'),
    errors: {
      404: 'Unknown person',
      429: 'Over INVITATIONS_PER_PERSON_PER_DAY invitations for this person within 24 hours',
    },
  }),
  route('POST /api/auth/invitation/{token}', {
    service: 'auth',
    tag: 'Auth',
    summary: 'Set the first password from an invitation link (signs in)',
    access: 'anyone',
    body: acceptInvitationSchema,
    answer: ok(setPasswordAnswer, 'The person, signed in (cookie set); or `user: null` and `secondFactor`'),
    errors: {
      400: 'The link was already used, has expired, or is not valid (each with its own message); errors.password, errors.confirmPassword',
      429: 'Too many attempts from this address (Retry-After)',
    },
  }),
];

function boardRoutes(): ApiRoute[] {
  const board = (
    spec: `${Method} ${string}`,
    summary: string,
    details: Partial<Omit<ApiRoute, 'method' | 'path' | 'summary'>> & { answer: Answer },
  ) =>
    route(spec, {
      service: 'board',
      tag: 'Move the Needle',
      summary,
      access: policy('board.hasBoardAccess'),
      ...details,
      errors: { 403: BOARD_403, ...details.errors },
    });
  return [
    board('GET /api/move-the-needle/list/read-many', "A person's board", {
      description: "The member's board is created from the current Master Template on its first read.",
      query: boardUserQuerySchema,
      answer: ok(listReadManyResponseSchema, '`{lists, board}`'),
      errors: { 404: 'Board not found' },
    }),
    board('GET /api/move-the-needle/summary', "A board's status counts and shares (the dashboard's donut)", {
      query: boardUserQuerySchema,
      answer: ok(summaryAnswer, '`{summary}`'),
      errors: { 404: 'Board not found' },
    }),
    board('GET /api/move-the-needle/events', "A board's changes as server-sent events", {
      description:
        '`event: ready`, then `event: board-changed` `data: {boardId, type, at}` after every committed change, and a heartbeat comment every 15 s.',
      query: boardUserQuerySchema,
      answer: { status: 200, type: 'text/event-stream', description: 'The stream' },
      errors: { 404: 'Board not found' },
    }),
    board('POST /api/move-the-needle/list/upsert', 'Create or rename a list', {
      idempotent: true,
      body: listUpsertSchema,
      answer: ok(listUpsertResponseSchema, '`{list, isNew}` (201 when created)'),
      errors: { 400: 'errors.name: This list cannot be renamed', 404: 'List not found' },
    }),
    board('DELETE /api/move-the-needle/list/{id}', 'Delete a list with its cards (admins)', {
      answer: noContent,
      errors: { 400: 'This list cannot be deleted', 404: 'List not found' },
    }),
    board('POST /api/move-the-needle/card/reorder', 'Move a card within its list', {
      body: cardReorderSchema,
      answer: ok(cardPlacementsResponseSchema, '`{cards}`: every card of the list'),
      errors: { 400: 'Position is out of range', 404: 'List not found' },
    }),
    board('POST /api/move-the-needle/card/move', 'Move a card to another list', {
      body: cardMoveSchema,
      answer: ok(cardPlacementsResponseSchema, '`{cards}` of both lists'),
      errors: { 404: 'Card not found', 409: 'The card has moved meanwhile; reload the board' },
    }),
    board('POST /api/move-the-needle/card/upsert', 'Create or change a card', {
      idempotent: true,
      description:
        '`dueAt`: an ISO 8601 date-time with its offset sets the due date (answered in UTC), null clears it, absent keeps it. The board reminds the owner 24 hours before and once overdue.',
      body: cardUpsertSchema,
      answer: ok(cardUpsertResponseSchema, '`{card, isNew}` (201 when created)'),
      errors: {
        400: "errors.coverPhotoUrl: not one of the card's attachments; errors.dueAt: not an ISO 8601 date-time with an offset, or outside the years 2000 to 2199",
        404: 'Card not found',
      },
    }),
    board('DELETE /api/move-the-needle/card/{id}', 'Delete a card (admins)', {
      answer: noContent,
      errors: { 404: 'Card not found' },
    }),
    board('PUT /api/move-the-needle/reset', 'Reset a board to a copy of the Master Template', {
      body: boardResetSchema,
      answer: noContent,
      errors: { 404: 'Board not found' },
    }),
    board('GET /api/move-the-needle/label/read-many', "A board's labels", {
      query: boardUserQuerySchema,
      answer: ok(labelReadManyResponseSchema, '`{labels}`'),
      errors: { 404: 'Board not found' },
    }),
    board('POST /api/move-the-needle/label/upsert', 'Create or change a label', {
      idempotent: true,
      body: labelUpsertSchema,
      answer: ok(labelUpsertResponseSchema, '`{label, isNew}` (201 when created)'),
      errors: { 400: 'errors.color: a colour in use; too many labels', 404: 'Label not found' },
    }),
    board('POST /api/move-the-needle/label/add', 'Put a label on a card (idempotent)', {
      body: cardLabelSchema,
      answer: noContent,
      errors: { 400: 'A label of another board', 404: 'Card or label not found' },
    }),
    board('POST /api/move-the-needle/label/remove', 'Take a label off a card (idempotent)', {
      body: cardLabelSchema,
      answer: noContent,
      errors: { 400: 'A label of another board', 404: 'Card or label not found' },
    }),
    board('POST /api/move-the-needle/attachment/upsert', 'Attach an uploaded file to a card', {
      idempotent: true,
      description: '`fileUrl` is a `/upload/files/<uuid>.<ext>` from `POST /upload`.',
      body: attachmentUpsertSchema,
      answer: ok(attachmentUpsertResponseSchema, '`{attachment}` (201 when created)'),
      errors: { 404: 'Card or attachment not found' },
    }),
    board('DELETE /api/move-the-needle/attachment/{id}', 'Delete an attachment (the cover is cleared with it)', {
      answer: noContent,
      errors: { 404: 'Attachment not found' },
    }),
    board('POST /api/move-the-needle/activity/upsert', "Comment on a card (mentions coaches), or edit one's own", {
      idempotent: true,
      description:
        "Publishes `board.comment-mentioned`. With an `id`: edits the caller's own comment (others' answer 403). A new comment stores notifications ('mention', 'reply').",
      body: activityUpsertSchema,
      answer: ok(activityUpsertResponseSchema, '`{activity}` (201 when created)'),
      errors: { 400: 'Write a comment first; errors.mentionedUsers: not a coach', 404: 'Card or comment not found' },
    }),
    board('POST /api/move-the-needle/checkList/upsert', 'Create or rename a checklist', {
      idempotent: true,
      body: checkListUpsertSchema,
      answer: ok(checkListUpsertResponseSchema, '`{checklist}` (201 when created)'),
      errors: { 404: 'Card or checklist not found' },
    }),
    board('DELETE /api/move-the-needle/checkList', 'Delete a checklist with its items (body `{id}`)', {
      body: bodyIdSchema,
      answer: noContent,
      errors: { 404: 'Checklist not found' },
    }),
    board('POST /api/move-the-needle/checkListItem/upsert', 'Create or change a checklist item', {
      idempotent: true,
      body: checkListItemUpsertSchema,
      answer: ok(checkListItemUpsertResponseSchema, '`{item}` (201 when created)'),
      errors: { 404: 'Checklist or item not found' },
    }),
    board('DELETE /api/move-the-needle/checkListItem', 'Delete a checklist item (body `{id}`)', {
      body: bodyIdSchema,
      answer: noContent,
      errors: { 404: 'Check item not found' },
    }),
    board('GET /api/move-the-needle/coaches', 'Coaches (the mention picker)', {
      access: policy('board.canListCoaches'),
      answer: ok(coachesResponseSchema, '`{coaches}`'),
    }),
    // The review queue, deleting comments, notifications.
    board('GET /api/move-the-needle/review-queue', "Cards waiting in members' FOR REVIEW lists (coaches, admins)", {
      access: policy('board.canReadReviewQueue'),
      description:
        "Every card in the FOR REVIEW list of a member's board (premium members the cut-off leaves a board), oldest waiting first (by when it entered the list), with its latest comment. `cardsPerPage` at most 50 (default 20).",
      query: reviewQueueQuerySchema,
      answer: ok(reviewQueueResponseSchema, '`{cards, total}`'),
      errors: { 403: 'Members and other roles' },
    }),
    board('POST /api/move-the-needle/card/review', 'Mark a card waiting in FOR REVIEW reviewed (coaches, admins)', {
      // The probe: another person's board (user 2, not the template) whose owner is a reviewed premium member, so
      // the roles are who may review.
      access: policy('board.canReviewCard', { userId: 2 }, { role: 'premium', createdAt: null }),
      idempotent: true,
      description:
        "The owner's coach (every coach; coaches are not assigned) or an admin, on a reviewed member's board. The card answers `reviewedAt` and `reviewedBy` and leaves the review queue until it enters FOR REVIEW again; `comment` is posted as the reviewer's comment. The owner gets one 'reviewed' notification and, unless she turned it off (`emailReviews`), an e-mail (`board.card-reviewed`).",
      body: cardReviewSchema,
      answer: ok(cardReviewResponseSchema, '`{card}`'),
      errors: {
        403: "The owner, members, a coach on a coach's own board",
        404: 'Card not found (or not visible)',
        409: 'The card is not in FOR REVIEW, or has been reviewed already',
      },
    }),
    board('GET /api/move-the-needle/card/{id}/activity', "A card's history, newest first", {
      description:
        'The latest 200 entries (`CARD_ACTIVITY_LIMIT`): `created`, `moved` (list names), `renamed`, `due.set`/`due.changed`/`due.cleared`, `reviewed`, `comment.added`, `checklist.item-done`, `attachment.added`; each with `at`, `actor {id, fullName}` and `details` of its type. Whoever may read the card.',
      answer: {
        ...ok(cardActivityResponseSchema, '`{activity}`'),
        example: {
          activity: [
            {
              type: 'moved',
              at: '2026-11-29T14:05:00.000Z',
              actor: { id: 42, fullName: 'Ana Member' },
              details: { from: 'IN PROGRESS', to: 'FOR REVIEW' },
            },
            {
              type: 'created',
              at: '2026-11-28T09:30:00.000Z',
              actor: { id: 42, fullName: 'Ana Member' },
              details: { list: 'IN PROGRESS' },
            },
          ],
        },
      },
      errors: { 404: 'Card not found' },
    }),
    board('DELETE /api/move-the-needle/activity/{id}', "Delete a comment (one's own; admins any)", {
      answer: noContent,
      errors: { 404: 'Comment not found' },
    }),
    ...notificationRoutes(),
  ];
}

function notificationRoutes(): ApiRoute[] {
  const notifications = (
    spec: `${Method} ${string}`,
    summary: string,
    details: Partial<Omit<ApiRoute, 'method' | 'path' | 'summary'>> & { answer: Answer },
  ) => route(spec, { service: 'board', tag: 'Notifications', summary, access: 'signed-in', ...details });
  return [
    notifications('GET /api/notifications', "The caller's notifications, newest first, and the unread count", {
      description:
        "Kinds: 'mention' (a coach mentioned in a comment), 'reply' (a coach or admin commented on the member's card), 'review' (a member put a card in FOR REVIEW; every coach), 'reviewed' (a coach or admin reviewed the member's card; `text` holds the review's comment), 'due-soon' and 'overdue' (a card's due date), and the learning notices, which carry no card (`cardId` and `boardOwnerId` null, `cardTitle` the module's or lesson's title): 'module-opened' (a scheduled module of a course opened to her), 'lesson-reply' and 'lesson-mention' (a lesson discussion). `link` is where each leads, a path of the app. `notificationsPerPage` at most 50 (default 20).",
      query: notificationsQuerySchema,
      answer: ok(notificationsResponseSchema, '`{notifications, unreadCount}`'),
    }),
    notifications(
      'POST /api/notifications/read',
      "Mark some (`{ids}`, at most 100) or all (`{all: true}`) of one's own read",
      {
        body: notificationsReadSchema,
        answer: ok(unreadCountResponseSchema, '`{unreadCount}`'),
        errors: { 400: 'Send {ids: [...]} or {all: true}' },
      },
    ),
    notifications('GET /api/notifications/events', "The caller's unread count as server-sent events", {
      description:
        '`event: ready` `data: {unreadCount}`, then `event: notifications` `data: {unreadCount}` whenever the count changes, and a heartbeat comment every 15 s.',
      answer: { status: 200, type: 'text/event-stream', description: 'The stream' },
    }),
    notifications('GET /api/notifications/settings', "The caller's notification settings", {
      description:
        '`emailDigest`: the weekly digest e-mail, Monday from 08:00 in her time zone (a reviewed member: her week on her board; a coach: her members waiting for review or overdue). `emailLessons`: e-mails when a module opens to her and about replies and mentions in lesson discussions. Every setting defaults to on.',
      answer: ok(
        notificationSettingsSchema,
        '`{emailMentions, emailDueDates, emailReviews, emailDigest, emailLessons}`',
      ),
    }),
    notifications(
      'PUT /api/notifications/settings',
      'Turn mention, due-date, review, weekly digest or course e-mails on or off',
      {
        body: notificationSettingsUpdateSchema,
        answer: ok(
          notificationSettingsSchema,
          '`{emailMentions, emailDueDates, emailReviews, emailDigest, emailLessons}`',
        ),
        errors: {
          400: 'emailMentions / emailDueDates / emailReviews / emailDigest / emailLessons must be true or false; at least one',
        },
      },
    ),
  ];
}
