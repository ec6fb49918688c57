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
  attachmentUpsertResponseSchema,
  attachmentUpsertSchema,
  auditQuerySchema,
  bannerListSchema,
  bannerResponseSchema,
  bannerUpsertResponseSchema,
  bannerUpsertSchema,
  boardResetSchema,
  boardSummarySchema,
  boardUserQuerySchema,
  bodyIdSchema,
  bulkActionResultSchema,
  bulkActionSchema,
  bulkUpdateResponseSchema,
  bulkUpdateSchema,
  bulkUpdateStatusSchema,
  COMMUNITY_BIO_MAX,
  cardLabelSchema,
  cardMoveSchema,
  cardPlacementsResponseSchema,
  cardReorderSchema,
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
  coachesResponseSchema,
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
  currentUserSchema,
  enrolmentConfirmSchema,
  forcedEnrolmentConfirmSchema,
  forcedEnrolmentSchema,
  forgotPasswordSchema,
  inviteResponseSchema,
  jobsQuerySchema,
  labelReadManyResponseSchema,
  labelUpsertResponseSchema,
  labelUpsertSchema,
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
  notificationsQuerySchema,
  notificationsReadSchema,
  notificationsResponseSchema,
  paymentIntentAnswerSchema,
  productUpsertSchema,
  publicSiteContentSchema,
  qualifierHistoryQuerySchema,
  qualifierSaveSchema,
  qualifierSendSchema,
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
  upgradeRoleResponseSchema,
  upgradeRoleSchema,
  uploadResponseSchema,
  userListQuerySchema,
  userListResponseSchema,
  userSchema,
  userUpsertSchema,
  validateUsersCsvResponseSchema,
  validateUsersCsvSchema,
} from '@rainmakers/contracts';
import { z } from 'zod';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

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

const BOARD_403 = 'The Move the Needle board is not part of your membership (or the caller may see but not change it)';

// Answers without a schema in contracts: wrappers of contract schemas, kept here.
const currentUserAnswer = z.object({ currentUser: currentUserSchema });
const optionalCurrentUserAnswer = z.object({ currentUser: currentUserSchema.nullable() });
const userAnswer = z.object({ user: userSchema });
const userUpsertAnswer = z.object({ user: userSchema, isNew: z.boolean() });
const messageAnswer = z.object({ message: z.string() });
// The second factor's answers.
const secondStepChallenge = z.object({
  token: z.string(),
  next: z.enum(['code', 'enrol']),
  expiresAt: z.string(),
});
const signInAnswer = z.object({
  currentUser: currentUserSchema.nullable(),
  secondFactor: secondStepChallenge.optional(),
});
const setPasswordAnswer = z.object({
  user: currentUserSchema.nullable(),
  secondFactor: secondStepChallenge.optional(),
});
const enrolmentAnswer = z.object({ secret: z.string(), otpauthUrl: z.string() });
const recoveryCodesAnswer = z.object({ recoveryCodes: z.array(z.string()) });
const forcedEnrolmentAnswer = z.object({ currentUser: currentUserSchema, recoveryCodes: z.array(z.string()) });
const secondFactorStatusAnswer = z.object({
  enrolled: z.boolean(),
  required: z.boolean(),
  recoveryCodesLeft: z.number().int(),
  sessionPassed: z.boolean(),
});
const summaryAnswer = z.object({ summary: boardSummarySchema });
const receivedAnswer = z.object({ received: z.literal(true), duplicate: z.literal(true).optional() });
const jobAnswer = z.object({ jobId: z.string(), total: z.number().int() });
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
    answer: ok(anyObject, 'The dashboard cards'),
  }),
  route('GET /api/docs/openapi.json', {
    service: 'gateway',
    tag: 'Docs',
    summary: 'This OpenAPI 3.1 document',
    description: 'Open to anyone: it describes the public API only (docs/decisions.md, "API reference").',
    access: 'anyone',
    answer: ok(anyObject, 'The OpenAPI document'),
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
  route('GET /api/user/{id}/overview', {
    service: 'users',
    tag: 'Users',
    summary: "A member's page: person, tags, purchases, course progress, board, certificates, history",
    description:
      '`{person, history, historyTotal, purchases, courses, certificates, board, hidden, unavailable}` (types in `services/contracts/src/member-overview.ts`). Answered by the gateway: users decides who may look (admin: anyone; coach: premium members; anyone else 404 like an unknown id, a member their own id 403) and answers the person, tags and the latest 50 audit entries; billing, courses and board add their parts from their `/internal` routes in parallel, each within `MEMBER_OVERVIEW_PART_DEADLINE_MS`. A part the caller may not see (coach: `purchases`, `history`) is `null` and listed in `hidden`; a part whose service failed is `null` and listed in `unavailable`. Lists are the newest 50.',
    access: policy('users.canReadMemberOverview', OTHER_PERSON),
    answer: ok(anyObject, 'The member page'),
    errors: {
      403: 'A member asking for their own page',
      404: 'User not found',
      503: 'The users service did not answer',
    },
  }),
  route('GET /api/user/{id}/community', {
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
    access: policy('users.canChangeRoles'),
    body: upgradeRoleSchema,
    answer: ok(upgradeRoleResponseSchema, '`{updated}`'),
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
    access: policy('users.canManageUsers'),
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
    access: policy('users.canRunBulkActions'),
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
    access: policy('users.canManageUsers'),
    answer: ok(anyObject, '`{jobId, state, total, done, created, updated, skipped, failed, errorCount, failedReason}`'),
    errors: { 404: 'Unknown job' },
  }),
  route('GET /api/user/import/{jobId}/errors.csv', {
    service: 'users',
    tag: 'Users',
    summary: "An import's failed and skipped rows",
    description: '`row,email,reason` (row numbers as a spreadsheet shows them, header = 1).',
    access: policy('users.canManageUsers'),
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
      anyObject,
      '`{entries: [{id, at, actorId, actorName, impersonatorId, action, service, userId, userName, tagId, subjectType, subjectId, subjectName, before, after}], totalCount}`',
    ),
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
    summary: 'The job history: imports, bulk updates and Stripe syncs, newest first (kept 30 days)',
    access: policy('users.canReadJobHistory'),
    query: jobsQuerySchema,
    answer: ok(
      anyObject,
      "`{jobs: [{id, kind: 'import'|'bulk-update'|'stripe-sync', actorName, createdAt, finishedAt, state, counts, fileName, failedReason, reportUrl?, errorFileUrl?}], total}`",
    ),
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
    answer: ok(uploadResponseSchema, '`{latestUploadedFileUrl}`', 201),
    errors: { 400: 'Not an image, or no file', 413: 'Too large' },
  }),
  route('POST /upload/video', {
    service: 'resources',
    tag: 'Uploads',
    summary: 'Upload a video (site content, lesson videos)',
    description: 'One file in field `video`: MP4 or WebM by content, at most VIDEO_UPLOAD_MAX_BYTES (50 MB).',
    access: policy('resources.canUploadVideo'),
    multipartField: 'video',
    answer: ok(uploadResponseSchema, '`{latestUploadedFileUrl}`', 201),
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
  route('GET /api/course/{slug}', {
    service: 'courses',
    tag: 'Courses',
    summary: 'A course page',
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
    answer: ok(anyObject, '`{progress: {courses, completedCourses, lessons, completedLessons, percent}}`'),
  }),
  route('GET /api/course/{id}/insights', {
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
  route('DELETE /api/course/{id}', {
    service: 'courses',
    tag: 'Courses',
    summary: 'Delete a course (its modules become free)',
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
    errors: { 404: 'Lesson not found (also one the caller cannot open)' },
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
  route('POST /api/lesson/upsert', {
    idempotent: true,
    service: 'courses',
    tag: 'Courses',
    summary: 'Create or change a lesson',
    access: policy('courses.canUpsertLesson'),
    body: lessonUpsertSchema,
    answer: ok(lessonUpsertResponseSchema, '`{lesson, isNew}`'),
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
    answer: ok(anyObject, '`{products}`'),
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
    answer: ok(anyObject, '`{product, isNew}` (201 when created)'),
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
    answer: ok(anyObject, '`{result: {id, score, result, createdAt}}`', 201),
  }),
  route('GET /api/product-qualifier/history', {
    service: 'tools',
    tag: 'Tools',
    summary: "The caller's past qualifier ratings, newest first",
    description:
      "The ratings 'Rate My Product' saved (not the e-mailed copies). Query `limit` (1 to 50, default 10) and `before` (the previous page's `nextBefore`).",
    access: 'signed-in',
    query: qualifierHistoryQuerySchema,
    answer: ok(anyObject, '`{ratings: [{id, score, result, answers, createdAt}], nextBefore}`'),
    errors: { 400: 'errors.limit / errors.before' },
  }),
  route('POST /api/product-qualifier/send', {
    service: 'tools',
    tag: 'Tools',
    summary: 'E-mail a qualifier result',
    access: 'signed-in',
    body: qualifierSendSchema,
    description: "`email` must be the member's own address; QUALIFIER_SENDS_PER_DAY sends a day.",
    answer: ok(anyObject, '`{success, score, result}` once the e-mail is queued'),
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
      anyObject,
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
    answer: ok(anyObject, '`{conversations: [{id, assistant, title, updatedAt}]}`'),
  }),
  route('GET /api/ai/conversations/{id}', {
    service: 'tools',
    tag: 'AI',
    summary: 'One conversation with its messages',
    access: 'signed-in',
    answer: ok(anyObject, '`{conversation, messages: [{id, role, content, createdAt}]}`'),
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
    answer: ok(anyObject, 'The prompts'),
  }),
  route('PUT /api/ai/prompts/{key}', {
    service: 'tools',
    tag: 'AI',
    summary: "Save an assistant's system prompt",
    access: policy('tools.canEditPrompts'),
    body: aiPromptSchema,
    answer: ok(anyObject, 'The saved prompt'),
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
    answer: ok(siteContentResponseSchema, '`{content: {videos, links}, updatedAt, bookingUrl, abilities: {edit}}`'),
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
    answer: ok(siteContentResponseSchema, '`{content, updatedAt, bookingUrl, abilities}`'),
    errors: {
      400: 'errors.<field>: videos.<key> (YouTube, Vimeo or uploaded video), links.<key> (web address, e-mail)',
    },
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
    answer: ok(stripeSyncAnswerSchema, '`{data: {jobId, state, summary, failedReason}}`', 202),
  }),
  route('GET /api/stripe/sync/{jobId}', {
    service: 'billing',
    tag: 'Billing',
    summary: "A sync's progress",
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
  }), // Invitations.
  route('POST /api/user/{id}/invite', {
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
      body: cardUpsertSchema,
      answer: ok(cardUpsertResponseSchema, '`{card, isNew}` (201 when created)'),
      errors: { 400: "errors.coverPhotoUrl: not one of the card's attachments", 404: 'Card not found' },
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
        "Kinds: 'mention' (a coach mentioned in a comment), 'reply' (a coach or admin commented on the member's card), 'review' (a member put a card in FOR REVIEW; every coach). `notificationsPerPage` at most 50 (default 20).",
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
      answer: ok(notificationSettingsSchema, '`{emailMentions}`'),
    }),
    notifications('PUT /api/notifications/settings', 'Turn mention e-mails on or off', {
      body: notificationSettingsSchema,
      answer: ok(notificationSettingsSchema, '`{emailMentions}`'),
      errors: { 400: 'emailMentions must be true or false' },
    }),
  ];
}
