/**
 * zod schemas of the answers whose contract is a TypeScript type only (services/contracts keeps the dashboard, the
 * member page, jobs, products, the qualifier and the AI toolkit as interfaces so the web bundles no zod for them).
 * They exist for the OpenAPI document alone; each is annotated with its contract type, so a contract change that
 * these schemas no longer satisfy fails the typecheck here instead of leaving the document behind.
 */
import {
  ADDITIONAL_FEES_TYPES,
  ASSISTANT_KEYS,
  type AssistantsResponse,
  boardSummarySchema,
  type ChatMessageBody,
  type ConversationSummary,
  currentUserSchema,
  DASHBOARD_SOURCES,
  type DashboardAnswer,
  JOB_KINDS,
  JOB_STATES,
  type JobStatus,
  type JobSummary,
  MEMBER_OVERVIEW_PARTS,
  type MemberOverview,
  type ProductBody,
  type ProductsResponse,
  type ProductUpsertResponse,
  type QualifierAnswers,
  type QualifierHistoryResponse,
  type QualifierResultBody,
  type Rating,
  roleSchema,
  userSchema,
} from '@rainmakers/contracts';
import { z } from 'zod';

// Wrappers of contract schemas (the services answer `{key: record}` around them).
export const currentUserAnswer = z.object({ currentUser: currentUserSchema });
export const optionalCurrentUserAnswer = z.object({ currentUser: currentUserSchema.nullable() });
export const userAnswer = z.object({ user: userSchema });
export const userUpsertAnswer = z.object({ user: userSchema, isNew: z.boolean() });
export const messageAnswer = z.object({ message: z.string() });
// The second factor's answers.
const secondStepChallenge = z.object({
  token: z.string(),
  next: z.enum(['code', 'enrol']),
  expiresAt: z.string(),
});
export const signInAnswer = z.object({
  currentUser: currentUserSchema.nullable(),
  secondFactor: secondStepChallenge.optional(),
});
export const setPasswordAnswer = z.object({
  user: currentUserSchema.nullable(),
  secondFactor: secondStepChallenge.optional(),
});
export const enrolmentAnswer = z.object({ secret: z.string(), otpauthUrl: z.string() });
export const recoveryCodesAnswer = z.object({ recoveryCodes: z.array(z.string()) });
export const forcedEnrolmentAnswer = z.object({ currentUser: currentUserSchema, recoveryCodes: z.array(z.string()) });
export const secondFactorStatusAnswer = z.object({
  enrolled: z.boolean(),
  required: z.boolean(),
  recoveryCodesLeft: z.number().int(),
  sessionPassed: z.boolean(),
});
export const summaryAnswer = z.object({ summary: boardSummarySchema });
export const receivedAnswer = z.object({ received: z.literal(true), duplicate: z.literal(true).optional() });
export const jobAnswer = z.object({ jobId: z.string(), total: z.number().int() });

const int = () => z.number().int();
/** An audit entry's `before` / `after`: the fields that changed (contracts audit.ts, users' appendAudit). */
const auditValues = z.record(z.string(), z.unknown()).nullable();
const at = () => z.string().meta({ format: 'date-time' });
const nullableAt = () => at().nullable();
const shares = z.object({ notStarted: z.number(), inProgress: z.number(), completed: z.number(), onHold: z.number() });

const courseProgress = z.object({
  courses: int(),
  completedCourses: int(),
  lessons: int(),
  completedLessons: int(),
  percent: z.number(),
});

export const dashboardAnswer: z.ZodType<DashboardAnswer> = z.object({
  role: roleSchema,
  courseProgress: courseProgress.nullable(),
  productCount: int().nullable(),
  recentResources: z
    .array(z.object({ id: int(), title: z.string(), coverPhotoUrl: z.string().nullable(), createdAt: at() }))
    .nullable(),
  banners: z
    .array(
      z.object({
        id: int(),
        title: z.string(),
        content: z.string(),
        video_url: z.string().nullable(),
        button_text: z.string(),
        button_url: z.string(),
        type: z.enum(['basic', 'premium', 'course only']),
        average_shipping_rate: z.union([z.number(), z.string()]).nullable(),
      }),
    )
    .nullable(),
  averageShippingRate: z.string().nullable(),
  thirdColumn: z
    .discriminatedUnion('kind', [
      z.object({
        kind: z.literal('board'),
        board: z.object({ total: int(), counts: shares, percent: shares }).nullable(),
      }),
      z.object({ kind: z.literal('calendar') }),
    ])
    .nullable(),
  unavailable: z.array(z.enum(DASHBOARD_SOURCES)),
});

export const courseProgressAnswer: z.ZodType<{ progress: z.infer<typeof courseProgress> }> = z.object({
  progress: courseProgress,
});

export const memberOverviewAnswer: z.ZodType<MemberOverview> = z.object({
  person: userSchema.extend({ invitedAt: nullableAt().optional(), lastSignInAt: nullableAt().optional() }),
  history: z
    .array(
      z.object({
        id: int(),
        at: at(),
        actorId: int().nullable(),
        actorName: z.string().nullable(),
        action: z.string(),
        before: auditValues,
        after: auditValues,
      }),
    )
    .nullable(),
  historyTotal: int().nullable(),
  purchases: z
    .array(
      z.object({
        paymentIntentId: z.string(),
        resourceId: int(),
        resourceTitle: z.string(),
        amountCents: int(),
        currency: z.string(),
        status: z.string(),
        createdAt: at(),
        completedAt: nullableAt(),
      }),
    )
    .nullable(),
  courses: z
    .array(
      z.object({
        courseId: int(),
        title: z.string(),
        slug: z.string(),
        completedLessons: int(),
        lessons: int(),
        percent: z.number(),
        lastCompletedAt: nullableAt(),
      }),
    )
    .nullable(),
  certificates: z
    .array(z.object({ id: z.string(), courseId: int(), courseTitle: z.string(), completedAt: at() }))
    .nullable(),
  board: z
    .object({
      exists: z.boolean(),
      lists: z.array(z.object({ id: int(), name: z.string(), cardCount: int() })),
      cardCount: int(),
      lastActivityAt: nullableAt(),
    })
    .nullable(),
  hidden: z.array(z.enum(MEMBER_OVERVIEW_PARTS)),
  unavailable: z.array(z.enum(MEMBER_OVERVIEW_PARTS)),
});

const jobCounts = z.record(z.string(), z.number());

export const jobStatusAnswer: z.ZodType<JobStatus> = z
  .object({
    jobId: z.string(),
    kind: z.enum(JOB_KINDS),
    state: z.enum(JOB_STATES),
    total: int(),
    done: int(),
    counts: jobCounts,
    failedReason: z.string().nullable(),
    errorFileUrl: z.string().nullable(),
    createdAt: at(),
    finishedAt: nullableAt(),
  })
  .meta({ description: "The kind's counts are also at the top level (the keys of the earlier per-kind answers)." });

const jobSummary: z.ZodType<JobSummary> = z.object({
  id: z.string(),
  kind: z.enum(JOB_KINDS),
  actorName: z.string().nullable(),
  createdAt: at(),
  finishedAt: nullableAt(),
  state: z.enum(JOB_STATES),
  counts: jobCounts,
  fileName: z.string().nullable(),
  failedReason: z.string().nullable(),
  reportUrl: z.string().optional(),
  errorFileUrl: z.string().optional(),
});
export const jobListAnswer = z.object({ jobs: z.array(jobSummary), total: int() });

/** An audit entry as GET /api/user/audit-log answers it (the users service's AuditEntry, `at` as ISO text). */
export const auditLogAnswer = z.object({
  entries: z.array(
    z.object({
      id: int(),
      at: at(),
      actorId: int().nullable(),
      actorName: z.string().nullable(),
      impersonatorId: int().nullable(),
      action: z.string(),
      service: z.string(),
      userId: int().nullable(),
      userName: z.string().nullable(),
      tagId: int().nullable(),
      subjectType: z.string().nullable(),
      subjectId: z.string().nullable(),
      subjectName: z.string().nullable(),
      before: auditValues,
      after: auditValues,
    }),
  ),
  totalCount: int(),
});

const product: z.ZodType<ProductBody> = z.object({
  id: int(),
  title: z.string(),
  description: z.string(),
  position: int(),
  typeAdditionalFees: z.enum(ADDITIONAL_FEES_TYPES),
  createdAt: at(),
  updatedAt: at(),
  abilities: z.object({ edit: z.boolean(), delete: z.boolean(), editAdditionalFees: z.boolean() }),
  // ProfitInputs: what the seller entered.
  units: z.number(),
  costPerUnit: z.number(),
  shippingCost: z.number(),
  amazonFees: z.number(),
  amazonRetailPrice: z.number(),
  additionalFees: z.number(),
  promotionUnitsPerDay: z.number(),
  promotionPercentage: z.number(),
  promotionDays: z.number(),
  dailyAdvertisingCost: z.number(),
  spend: z.number(),
  sales: z.number(),
  projectedUnits: z.number(),
  // ProfitFigures: computed by the tools service (docs/profit-formulas.md).
  promotionCost: z.number(),
  promotionRevenue: z.number(),
  ACOSBreakEven: z.number(),
  campaignACOS: z.number().nullable(),
  monthlyGross: z.number(),
  monthlyProfit: z.number(),
  potentialProfit: z.number(),
  profitMargin: z.number(),
  totalAdditionalFees: z.number(),
  totalEstimatedProfitPerUnit: z.number(),
  totalEstimatedBulkOrderProfit: z.number(),
  totalCost: z.number(),
  totalManufacturingShippingCustomsCost: z.number(),
  totalCostPerUnit: z.number(),
  totalAmazonFees: z.number(),
  amazonNet: z.number(),
  netProfitPerUnit: z.number(),
});
export const productListAnswer: z.ZodType<ProductsResponse> = z.object({ products: z.array(product) });
export const productUpsertAnswer: z.ZodType<ProductUpsertResponse> = z.object({
  product,
  isNew: z.boolean(),
});

const rating: z.ZodType<Rating> = z.enum(['two-thumbs-down', 'one-thumb-up', 'two-thumbs-up']);
const yesNo = z.union([z.literal(0), z.literal(1)]).nullable();
const qualifierAnswers: z.ZodType<QualifierAnswers> = z.object({
  keyword: yesNo,
  volume: int(),
  searches: yesNo,
  sellers: yesNo,
  units: yesNo,
  competitors: yesNo,
  alibaba: yesNo,
  standard: z.union([z.literal(0), z.literal(1), z.literal(2)]).nullable(),
  'average-points': yesNo,
  'estimated-profit': yesNo,
  improve: yesNo,
});
const qualifierResult: z.ZodType<QualifierResultBody> = z.object({
  id: int(),
  score: z.number(),
  result: rating,
  createdAt: at(),
});
export const qualifierSaveAnswer = z.object({ result: qualifierResult });
export const qualifierHistoryAnswer: z.ZodType<QualifierHistoryResponse> = z.object({
  ratings: z.array(
    z.object({ id: int(), score: z.number(), result: rating, createdAt: at(), answers: qualifierAnswers }),
  ),
  nextBefore: int().nullable(),
});
export const qualifierSendAnswer = z.object({ success: z.literal(true), score: z.number(), result: rating });

const assistantKey = z.enum(ASSISTANT_KEYS);
export const assistantsAnswer: z.ZodType<AssistantsResponse> = z.object({
  assistants: z.array(
    z.object({
      key: assistantKey,
      name: z.string(),
      description: z.string(),
      comingSoon: z.boolean(),
      available: z.boolean(),
      route: z.string().nullable(),
    }),
  ),
  configured: z.boolean(),
  demo: z.boolean(),
});
const conversationSummary: z.ZodType<ConversationSummary> = z.object({
  id: int(),
  assistant: assistantKey,
  title: z.string(),
  updatedAt: at(),
});
const chatMessage: z.ZodType<ChatMessageBody> = z.object({
  id: int(),
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  createdAt: at(),
});
export const conversationListAnswer = z.object({ conversations: z.array(conversationSummary) });
export const conversationAnswer = z.object({
  conversation: z.object({ id: int(), assistant: assistantKey, title: z.string() }),
  messages: z.array(chatMessage),
});
const prompt = z.object({ key: assistantKey, name: z.string(), systemPrompt: z.string() });
export const promptListAnswer = z.object({ prompts: z.array(prompt) });
export const promptAnswer = z.object({ prompt });

/** GET /api/docs/openapi.json: an OpenAPI 3.1 document (its own schema is the OpenAPI specification's). */
export const openApiDocumentAnswer = z
  .object({
    openapi: z.string(),
    info: z.object({ title: z.string(), version: z.string() }).loose(),
    paths: z.record(z.string(), z.record(z.string(), z.unknown())),
    components: z.record(z.string(), z.record(z.string(), z.unknown())).optional(),
  })
  .loose();
