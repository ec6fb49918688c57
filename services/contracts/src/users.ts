import { z } from 'zod';
import {
  emailField,
  emailFieldWith,
  idList,
  idParam,
  optionalText,
  optionalUrl,
  PASSWORD_MAX,
  PASSWORD_MIN,
  requiredText,
} from './fields';
import { isPhoneNumber, PHONE_NUMBER_MESSAGE } from './phone';
import { ROLES, roleSchema } from './roles';
import { canonicalTimeZone, TIME_ZONE_MESSAGE } from './time-zone';

/** The user form's text for a missing field (spec part 1); every other form says FIELD_REQUIRED (messages.ts). */
export const FIELD_CANNOT_BE_EMPTY = 'this field cannot be empty';

/** The colour scheme a person chose on /profile: light, dark or the one their system uses. */
export const THEMES = ['system', 'light', 'dark'] as const;
export const themeSchema = z.enum(THEMES, { error: 'Choose light, dark or system' });
export type ThemePreference = (typeof THEMES)[number];

export { isPhoneNumber, PHONE_NUMBER_MESSAGE };

/**
 * An IANA time zone (e.g. America/New_York) or UTC, stored under the runtime's own spelling of it (an alias such as
 * Asia/Kolkata as Asia/Calcutta); null clears it (the web then guesses from the browser again).
 */
export const timeZoneField = z
  .string({ error: TIME_ZONE_MESSAGE })
  .trim()
  .max(64, TIME_ZONE_MESSAGE)
  .transform((value, ctx) => {
    const zone = canonicalTimeZone(value);
    if (zone === null) {
      ctx.addIssue({ code: 'custom', message: TIME_ZONE_MESSAGE });
      return z.NEVER;
    }
    return zone;
  })
  .nullable()
  .meta({
    description: 'An IANA time zone such as America/New_York, or UTC; null: not set.',
    example: 'America/New_York',
  });
export const phoneNumberField = optionalText(40).refine((v) => v === null || isPhoneNumber(v), PHONE_NUMBER_MESSAGE);

export const tagSchema = z.object({ id: z.number().int(), name: z.string() });
export type Tag = z.infer<typeof tagSchema>;

/**
 * What the person asking may do with one user record, computed by the users service from the same policy
 * functions that guard the calls; screens show or hide actions from it instead of repeating role checks.
 */
export const userAbilitiesSchema = z.object({
  /** Change profile fields (name, e-mail, city, ...): admins, and a member on their own account. */
  editProfile: z.boolean(),
  /** Change the person's tags: admins, and coaches on the people their list shows. */
  editTags: z.boolean(),
  /** Change the role or alwaysGrantAccess: admins. */
  changeRole: z.boolean(),
  /** Delete the account: admins, never on their own. */
  delete: z.boolean(),
  /** Sign in as the person (auth's POST /api/auth/signinas): admins by account, not from a sign-in-as, not oneself. */
  signInAs: z.boolean(),
  /** Open the person's Move the Needle board ('Go to board'): staff, for premium members. */
  openBoard: z.boolean(),
  /** Reset the person's second factor (auth's POST /api/auth/second-factor/reset/{id}): contracts' canResetSecondFactor. */
  resetSecondFactor: z.boolean(),
});
export type UserAbilities = z.infer<typeof userAbilitiesSchema>;

/** What the person may do on the user dashboard as a whole (sent with the list). */
export const userListAbilitiesSchema = z.object({
  /** Add new User. */
  create: z.boolean(),
  /** The Options menu: export, imports, bulk update from CSV, sample files, the unpaid filter; bulk role change. */
  manage: z.boolean(),
});
export type UserListAbilities = z.infer<typeof userListAbilitiesSchema>;

/** A person as every screen sees them (the spec's User and "User (current)"). */
export const userSchema = z.object({
  id: z.number().int(),
  fullName: z.string(),
  email: z.string(),
  role: roleSchema,
  photoUrl: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  country: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  stripeStatus: z.string().nullable(),
  stripeCustomerId: z.string().nullable(),
  alwaysGrantAccess: z.boolean(),
  createdAt: z.string(),
  /** The colour scheme chosen on /profile; absent or 'system': the device's. */
  theme: themeSchema.optional(),
  /** The person's IANA time zone (dates on screens and in e-mails); null until set or guessed from the browser. */
  timeZone: z.string().nullable().optional(),
  Tags: z.array(tagSchema),
  Resources: z.array(z.object({ id: z.number().int(), title: z.string() })),
  /** Sent by the people screens' calls (list, read, upsert); absent on internal and current-user answers. */
  abilities: userAbilitiesSchema.optional(),
  /** Staff views only: when the last invitation e-mail was sent, and the last sign-in; null: never. */
  invitedAt: z.string().nullable().optional(),
  lastSignInAt: z.string().nullable().optional(),
});
export type User = z.infer<typeof userSchema>;

/** The signed-in person, with the session's view of them. */
export const currentUserSchema = userSchema.extend({
  /** True while an admin has switched the displayed role (the role field then holds the displayed role). */
  isAdmin: z.boolean(),
  /** Present while an admin is signed in as this person. */
  impersonatedBy: z.object({ id: z.number().int(), fullName: z.string() }).nullable(),
  /**
   * Present while the account's role (this one) is withheld because the session has not passed the second factor:
   * `role` and `can` are then the stand-in role's, as every service sees it, until she signs in with the factor.
   */
  withheldRole: roleSchema.optional(),
  /** What this session may see and do across screens (contracts' `sessionAbilities` of the displayed role). */
  can: z.object({
    administer: z.boolean(),
    haveOwnBoard: z.boolean(),
    seeCoachingColumn: z.boolean(),
    seeUpgradeOffer: z.boolean(),
    seeQualifierUpgradeNote: z.boolean(),
    joinCommunity: z.boolean(),
    switchRole: z.boolean(),
  }),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** A password on the user form is optional: empty or null means "keep the current one". */
export const optionalPasswordField = z
  .string({ error: 'Password must be text' })
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`)
  .nullish()
  .refine((v) => !v || v.length >= PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .transform((v) => v || null);

// The user form's field errors are fixed by the spec (part 1: 'this field cannot be empty').
const userFields = {
  fullName: requiredText(120, FIELD_CANNOT_BE_EMPTY),
  email: emailFieldWith(FIELD_CANNOT_BE_EMPTY),
  password: optionalPasswordField.optional(),
  role: roleSchema,
  city: optionalText(120),
  state: optionalText(120),
  country: optionalText(120),
  phoneNumber: phoneNumberField,
  photoUrl: optionalUrl,
  theme: themeSchema.optional(),
  timeZone: timeZoneField.optional(),
  alwaysGrantAccess: z.boolean().optional(),
  Tags: idList.optional(),
};

export const newUserSchema = z.object(userFields);

/** POST /api/user/upsert: admins send every field; coaches only Tags; a member only their own profile fields. */
export const userUpsertSchema = z.preprocess(
  (body) => (body && typeof body === 'object' && 'user' in body ? (body as { user: unknown }).user : body),
  newUserSchema.partial().extend({
    id: idParam.nullish(),
    /** Required when a person changes their own password (profile); checked by auth. */
    currentPassword: z.string().max(1024).optional(),
    /** Creating a person without a password: e-mail them an invitation link. Ignored otherwise. */
    sendInvitation: z.boolean().optional(),
  }),
);
export type UserUpsertInput = z.infer<typeof userUpsertSchema>;
export const USERS_PER_PAGE_OPTIONS = [5, 10, 25] as const;
export const DEFAULT_USERS_PER_PAGE = 10;
export const MAX_USERS_PER_PAGE = 100;

const stringOrList = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean));

/** A calendar day, `YYYY-MM-DD` (the join-date filter's bounds; both days are included, in UTC). */
const isoDay = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-01-31')
  .refine((v) => {
    const date = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === v;
  }, 'Use a date like 2026-01-31');

/**
 * 'problems' = every blocking subscription status (unpaid, incomplete, incomplete_expired, past_due): the
 * "Payment problems" filter, beside the spec's "Sub. Problems" (stripeStatus = unpaid only).
 */
export const PAYMENT_FILTERS = ['problems'] as const;

export const userFiltersSchema = z
  .object({
    role: stringOrList.pipe(z.array(z.enum(ROLES))).optional(),
    stripeStatus: z.string().trim().min(1).max(40).optional(),
    cityOrState: z.string().trim().max(120).optional(),
    /** People holding this tag. */
    tagId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
    payment: z.enum(PAYMENT_FILTERS, { error: 'payment must be problems' }).optional(),
    /** Joined on or after this day. */
    joinedFrom: isoDay.optional(),
    /** Joined on or before this day. */
    joinedTo: isoDay.optional(),
  })
  .refine((f) => !f.joinedFrom || !f.joinedTo || f.joinedFrom <= f.joinedTo, {
    message: 'The first day must not be after the last',
    path: ['joinedTo'],
  });
export type UserFilters = z.infer<typeof userFiltersSchema>;

/** The user dashboard's sortable columns; newest first by default. */
export const USER_SORTS = ['name', 'joined', 'role', 'payment'] as const;
export type UserSort = (typeof USER_SORTS)[number];
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

export const userListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  usersPerPage: z.coerce.number().int().min(1).max(MAX_USERS_PER_PAGE).default(DEFAULT_USERS_PER_PAGE),
  search: z.string().trim().max(200).optional(),
  filters: userFiltersSchema.default({}),
  sort: z.enum(USER_SORTS, { error: 'sort must be name, joined, role or payment' }).default('joined'),
  order: z.enum(SORT_ORDERS, { error: 'order must be asc or desc' }).default('desc'),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;

/** Which people a bulk action is about: these ids, or everyone matching the list's search and filters. */
export const bulkTargetSchema = z.union([
  z.object({ ids: idList.pipe(z.array(z.number()).min(1, 'Choose at least one user').max(100_000)) }).strict(),
  z
    .object({
      filter: z.object({ search: z.string().trim().max(200).optional(), filters: userFiltersSchema.default({}) }),
    })
    .strict(),
]);
export type BulkTarget = z.infer<typeof bulkTargetSchema>;

export const BULK_ACTIONS = ['add-tag', 'remove-tag', 'set-role', 'delete'] as const;
export type BulkActionName = (typeof BULK_ACTIONS)[number];

/** POST /api/user/bulk-action: the table's bulk actions, on a selection or on all matching. */
export const bulkActionSchema = z
  .object({
    action: z.enum(BULK_ACTIONS, { error: 'action must be add-tag, remove-tag, set-role or delete' }),
    tagId: z.number().int().positive().max(2_147_483_647).optional(),
    role: roleSchema.optional(),
    target: bulkTargetSchema,
  })
  .refine((v) => !v.action.endsWith('-tag') || v.tagId !== undefined, { message: 'Choose a tag', path: ['tagId'] })
  .refine((v) => v.action !== 'set-role' || v.role !== undefined, { message: 'Choose a role', path: ['role'] });
export type BulkActionInput = z.infer<typeof bulkActionSchema>;

/**
 * What a bulk action did: `changed` people changed, `unchanged` people who already were so (a role they held, a tag
 * they had or did not have), `failed` people it could not touch (gone, or oneself for a delete or losing admin).
 * Small sets answer 200 with the counts at once; larger ones 202 with a job to follow (`jobId`, counts so far).
 */
export const bulkActionResultSchema = z.object({
  total: z.number().int(),
  changed: z.number().int(),
  unchanged: z.number().int(),
  failed: z.number().int(),
  jobId: z.string().optional(),
  state: z.string().optional(),
  done: z.number().int().optional(),
});
export type BulkActionResult = z.infer<typeof bulkActionResultSchema>;

/** What a member (not staff) sees of other people in the community search. */
export const communityUserSchema = userSchema.pick({
  id: true,
  fullName: true,
  photoUrl: true,
  city: true,
  state: true,
});
export type CommunityUser = z.infer<typeof communityUserSchema>;

/**
 * What a basic or premium member sees of a coach in the mention picker (read-many with the role filter coach
 * alone): name and e-mail, nothing else.
 */
export const coachContactSchema = userSchema.pick({ id: true, fullName: true, email: true });
export type CoachContact = z.infer<typeof coachContactSchema>;

/** Staff get full users; other members get community users (coach contacts when they ask for coaches). */
export const userListResponseSchema = z.object({
  users: z.array(z.union([userSchema, communityUserSchema, coachContactSchema])),
  premiumCount: z.number().int(),
  basicCount: z.number().int(),
  totalCount: z.number().int(),
  abilities: userListAbilitiesSchema,
});
export type UserListResponse = z.infer<typeof userListResponseSchema>;

/** The unpaid-subscription filter of the user dashboard ('Sub. Problems'). */
export const UNPAID_STRIPE_STATUS = 'unpaid';

/**
 * The most people one POST /api/user/upgrade-role changes (one transaction locks them all): the table's bulk role
 * change sends a selection up to this through it, a larger one or "all matching" goes through /bulk-action's job.
 */
export const UPGRADE_ROLE_MAX = 500;

export const upgradeRoleSchema = z.object({
  users: idList.pipe(
    z
      .array(z.number())
      .min(1, 'Choose at least one user')
      .max(UPGRADE_ROLE_MAX, `At most ${UPGRADE_ROLE_MAX} people at once`),
  ),
  newRole: roleSchema,
});

/** The spec's answer, exactly: updated, the people who exist among those asked for (all hold the role now). */
export const upgradeRoleResponseSchema = z.object({ updated: z.number().int() });

/** The spec's toast of a role change: 'Updated {n} user(s) roles', the rest after a dot. */
export function roleChangeToast(result: { updated: number; unchanged?: number; failed?: number }): string {
  const extra = [
    result.unchanged ? `${result.unchanged} unchanged` : null,
    result.failed ? `${result.failed} failed` : null,
  ].filter((part): part is string => part !== null);
  return [`Updated ${result.updated} user(s) roles`, ...extra].join(' · ');
}

/** The most e-mails (rows) one CSV upload may hold: the wizard's validation and bulk update, and an import. */
export const MAX_CSV_ROWS = 50_000;

/** The e-mails of the bulk update wizard's CSV (its first column), as the browser read them; checked one by one. */
const csvEmails = z
  .array(z.string().max(320), { error: 'userEmails must be a list of e-mail addresses' })
  .min(1, 'The CSV holds no e-mail addresses')
  .max(MAX_CSV_ROWS, `A CSV may hold at most ${MAX_CSV_ROWS} rows`);

/** PUT /api/user/validate-users-csv */
export const validateUsersCsvSchema = z.object({ userEmails: csvEmails });

/** The wizard's report: each e-mail in one list (normalised: trimmed, lower case), in the order of the file. */
export const validateUsersCsvResponseSchema = z.object({
  found: z.array(z.object({ id: z.number().int(), email: z.string(), fullName: z.string() })),
  /** E-mails listed more than once (each reported once; the person counts once). */
  duplicate: z.array(z.string()),
  /** E-mails of nobody (and cells that are not e-mail addresses). */
  notFound: z.array(z.string()),
});
export type ValidateUsersCsvResponse = z.infer<typeof validateUsersCsvResponseSchema>;

export const BULK_TAG_ACTIONS = ['add', 'remove'] as const;

/** PUT /api/user/bulk-update: tags to add or remove and/or a role, for the people with these e-mails. */
export const bulkUpdateSchema = z
  .object({
    userEmails: csvEmails,
    tags: idList.optional(),
    availableAction: z
      .string()
      .trim()
      .toLowerCase()
      .pipe(z.enum(BULK_TAG_ACTIONS, { error: 'availableAction must be add or remove' }))
      .optional(),
    role: roleSchema.nullish(),
  })
  .refine((v) => (v.tags?.length ?? 0) > 0 || !!v.role, {
    message: 'Choose tags to add or remove, or a role',
    path: ['tags'],
  })
  .refine((v) => (v.tags?.length ?? 0) === 0 || !!v.availableAction, {
    message: 'Choose whether to add or remove the tags',
    path: ['availableAction'],
  });
export type BulkUpdateInput = z.infer<typeof bulkUpdateSchema>;
/** PUT /api/user/bulk-update answers 202: the user-bulk-update job, how many people it handles, e-mails of nobody. */
export const bulkUpdateResponseSchema = z.object({
  jobId: z.string(),
  total: z.number().int(),
  notFound: z.array(z.string()),
});
export type BulkUpdateResponse = z.infer<typeof bulkUpdateResponseSchema>;
/** GET /api/user/bulk-update/{jobId}: where the job stands (people handled so far, people changed). */
export const bulkUpdateStatusSchema = z.object({
  jobId: z.string(),
  state: z.string(),
  total: z.number().int(),
  done: z.number().int(),
  updated: z.number().int(),
  failedReason: z.string().nullable(),
});
export type BulkUpdateStatus = z.infer<typeof bulkUpdateStatusSchema>;

export const addTagsSchema = z.object({ email: emailField, tags: idList.pipe(z.array(z.number()).min(1)) });

export const tagUpsertSchema = z.object({
  id: idParam.nullish(),
  name: requiredText(80),
  /** May a sign-up link (`/signup?signuptags=`) attach this tag? Left out: false on create, unchanged on update. */
  signupAllowed: z.boolean().optional(),
});
/**
 * A tag as the tag API (/api/tag/*) shows it: the spec's id and name, and whether a sign-up link may attach it
 * (only tags an admin marked may be attached by `signuptags`; every other id is ignored).
 */
export const managedTagSchema = tagSchema.extend({ signupAllowed: z.boolean() });
export type ManagedTag = z.infer<typeof managedTagSchema>;
export const tagListResponseSchema = z.object({ tags: z.array(managedTagSchema), totalCount: z.number().int() });
export const tagUpsertResponseSchema = z.object({ tag: managedTagSchema, isNew: z.boolean() });
export const TAG_NAME_TAKEN = 'A tag with this name already exists';

export const tagListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  itemsPerPage: z.coerce.number().int().min(1).max(1000).default(1000),
  search: z.string().trim().max(100).optional(),
});

/** POST /api/user/invite/{id}'s answer. */
export const inviteResponseSchema = z.object({ message: z.string() });
export const invitationSentMessage = (email: string) => `Invitation sent to ${email}`;
/** An import's multipart field: "true" e-mails every person it creates an invitation. */
export const IMPORT_INVITE_FIELD = 'sendInvitations';

export const EMAIL_IN_USE = 'This email address is already in use';
export const EMAIL_IN_USE_SIGN_IN = 'This email address is already in use. Please, sign in instead.';

/**
 * Internal API of the users service (service tokens only; auth calls it at sign-up and sign-in).
 * POST /internal/users -> 201 {user}; unknown tag ids are ignored (they come from a sign-up link).
 */
export const internalCreateUserSchema = z.object({
  fullName: requiredText(120),
  email: emailField,
  role: roleSchema.default('basic'),
  tagIds: idList.optional(),
  /**
   * When the account was created (ISO 8601), for accounts brought over from elsewhere (and the seed's
   * long-standing members, whose age the Move the Needle cut-off reads); now when left out. Service callers only.
   */
  createdAt: z.iso.datetime({ offset: true }).optional(),
});
export type InternalCreateUser = z.input<typeof internalCreateUserSchema>;
export const internalUserResponseSchema = z.object({ user: userSchema });

/** What auth records in users' audit log (POST /internal/audit -> 204): the session changes an admin makes. */
export const SESSION_AUDIT_ACTIONS = [
  'user.sign-in-as',
  'user.sign-in-as-back',
  'user.role-switch',
  // An admin reset another person's second factor.
  'user.second-factor-reset',
  // A person turned her own two-step sign-in on or off, made new recovery codes, or signed in with one.
  'user.second-factor-enable',
  'user.second-factor-disable',
  'user.recovery-codes-regenerate',
  'user.recovery-code-sign-in',
] as const;
export const internalAuditSchema = z.object({
  action: z.enum(SESSION_AUDIT_ACTIONS),
  /** The admin who acted (for a return from sign-in-as: the admin going back). */
  actorId: z.number().int().positive(),
  /** The person the entry is about: who was signed in as, or the admin whose displayed role changed. */
  userId: z.number().int().positive(),
  before: z.record(z.string(), z.union([z.string(), z.null()])).nullable(),
  after: z.record(z.string(), z.union([z.string(), z.null()])).nullable(),
});
export type InternalAuditInput = z.infer<typeof internalAuditSchema>;
