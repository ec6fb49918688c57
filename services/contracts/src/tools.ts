/**
 * The tools service's payloads and answers: Power Profit Tool products (spec part 2 §2-§9; the formulas are in
 * profit.ts and docs/profit-formulas.md).
 */
import { z } from 'zod';
import { AI_MESSAGE_MAX, ASSISTANT_KEYS } from './ai';
import { emailField, requiredText } from './fields';
import { FIELD_REQUIRED } from './messages';
import {
  ADDITIONAL_FEES_PERCENT_RANGE,
  ADDITIONAL_FEES_TYPES,
  DEFAULT_ADDITIONAL_FEES_TYPE,
  MAX_ADDITIONAL_FEES_PERCENT,
  type ProfitFigures,
  type ProfitInputs,
} from './profit';
import { type QualifierAnswers, type Rating, VOLUME_MAX } from './qualifier';
import { MAX_MONEY, MAX_PROMOTION_DAYS, MAX_UNITS } from './tools-constants';

// ---------------------------------------------------------------------------------------------------------
// Constants

export const additionalFeesTypeSchema = z.enum(ADDITIONAL_FEES_TYPES, { error: 'Choose percentage or dollar' });

// ---------------------------------------------------------------------------------------------------------
// Field rules

const REQUIRED = FIELD_REQUIRED;

/**
 * A number from a form: a number or numeric text. Empty means absent (required: FIELD_REQUIRED;
 * optional: 0). Text that is not a number answers 'Must be a number'.
 */
function numberField(options: { required: boolean; min: number; max: number; whole?: boolean; decimals?: number }) {
  const { required, min, max, whole } = options;
  let schema = z
    .number({ error: (issue) => (issue.input === undefined ? REQUIRED : 'Must be a number') })
    .min(min, min === 0 ? 'Cannot be negative' : `Must be at least ${min}`)
    .max(max, `Must be at most ${max.toLocaleString('en-US')}`);
  if (whole) schema = schema.int('Must be a whole number');
  const emptyToUndefined = (value: unknown) => {
    if (value === '' || value === null) return undefined;
    if (typeof value === 'string') return value.trim() === '' ? undefined : Number(value.trim());
    return value;
  };
  return required ? z.preprocess(emptyToUndefined, schema) : z.preprocess(emptyToUndefined, schema.default(0));
}

const money = (required: boolean) => numberField({ required, min: 0, max: MAX_MONEY });
const units = (required: boolean) => numberField({ required, min: 0, max: MAX_UNITS, whole: true });
const percent = (max: number) => numberField({ required: false, min: 0, max });

/**
 * POST /api/product/upsert: `{product, typeAdditionalFees}` (spec §7). The product's fields are flattened so field
 * errors are keyed by the field's own name ('title', 'units'...). `additionalFees` is a percentage (the screen
 * converts dollars before sending); absent, a new product gets 25 and an existing one keeps its value.
 */
export const productUpsertSchema = z.preprocess(
  (body) => {
    if (!body || typeof body !== 'object') return body;
    const outer = body as Record<string, unknown>;
    const inner =
      outer.product && typeof outer.product === 'object' ? (outer.product as Record<string, unknown>) : outer;
    return { ...inner, typeAdditionalFees: outer.typeAdditionalFees ?? inner.typeAdditionalFees };
  },
  z.object({
    id: z.coerce.number({ error: 'Invalid id' }).int().positive().max(2_147_483_647).nullish(),
    title: requiredText(200),
    description: z
      .string({ error: 'Must be text' })
      .trim()
      .max(5000, 'At most 5000 characters')
      .nullish()
      .transform((v) => v || ''),
    units: units(true),
    costPerUnit: money(true),
    shippingCost: money(true),
    amazonFees: money(true),
    amazonRetailPrice: money(true),
    additionalFees: z.preprocess(
      (value) => (value === '' || value === null ? undefined : typeof value === 'string' ? Number(value) : value),
      z
        .number({ error: 'Must be a number' })
        .min(0, ADDITIONAL_FEES_PERCENT_RANGE)
        .max(MAX_ADDITIONAL_FEES_PERCENT, ADDITIONAL_FEES_PERCENT_RANGE)
        .optional(),
    ),
    typeAdditionalFees: additionalFeesTypeSchema.nullish().transform((v) => v ?? DEFAULT_ADDITIONAL_FEES_TYPE),
    promotionUnitsPerDay: units(false),
    promotionPercentage: percent(100),
    promotionDays: numberField({ required: false, min: 0, max: MAX_PROMOTION_DAYS, whole: true }),
    dailyAdvertisingCost: money(false),
    spend: money(false),
    sales: money(false),
    projectedUnits: units(false),
  }),
);
export type ProductUpsertInput = z.infer<typeof productUpsertSchema>;

// ---------------------------------------------------------------------------------------------------------
// Answers

/** What the person may do with their products, computed by the tools service. */
export interface ProductAbilities {
  edit: boolean;
  delete: boolean;
  /** Basic members see the additional fees locked (spec §6). */
  editAdditionalFees: boolean;
}

/** A product as the API answers it: the seller's inputs (ProfitInputs) and every computed figure. */
export interface ProductBody extends ProfitInputs, ProfitFigures {
  id: number;
  title: string;
  description: string;
  position: number;
  typeAdditionalFees: (typeof ADDITIONAL_FEES_TYPES)[number];
  createdAt: string;
  updatedAt: string;
  abilities: ProductAbilities;
}

export interface ProductsResponse {
  products: ProductBody[];
}
export interface ProductCountResponse {
  total: number;
}
export interface ProductUpsertResponse {
  product: ProductBody;
  isNew: boolean;
}

// ---------------------------------------------------------------------------------------------------------
// Product Qualifier (spec §3, §7): the answers as the screen sends them; the server recomputes score and result.

const yesNo = z.union([z.literal(0), z.literal(1)], { error: 'Answer yes (1) or no (0)' }).nullable();
const yesNoInput = z.preprocess((v) => {
  if (v === undefined || v === '' || v === null) return null;
  const text = typeof v === 'string' ? v.trim().toLowerCase() : v;
  if (text === true || text === 'yes' || text === '1') return 1;
  if (text === false || text === 'no' || text === '0') return 0;
  return v;
}, yesNo);

/** The answers: an object keyed by question id, or the e-mail payload's list of `{id, answer}` lines. */
export const qualifierAnswersSchema = z.preprocess(
  (value) => {
    if (!Array.isArray(value)) return value;
    const map: Record<string, unknown> = {};
    for (const line of value) {
      if (!line || typeof line !== 'object') continue;
      const { id, value: raw, answer, extraValue } = line as Record<string, unknown>;
      if (typeof id !== 'string') continue;
      map[id] = raw ?? answer;
      if (id === 'standard' && extraValue !== undefined) map['average-points'] = extraValue;
    }
    return map;
  },
  z.object(
    {
      keyword: yesNoInput,
      volume: z.preprocess(
        (v) => (v === undefined || v === null || v === '' ? 0 : typeof v === 'string' ? Number(v) : v),
        z
          .number({ error: 'Must be a number' })
          .int('Must be a whole number')
          .min(0, 'Cannot be negative')
          .max(VOLUME_MAX, `At most ${VOLUME_MAX}`),
      ),
      searches: yesNoInput,
      sellers: yesNoInput,
      units: yesNoInput,
      competitors: yesNoInput,
      alibaba: yesNoInput,
      standard: z.preprocess(
        (v) => (v === undefined || v === null || v === '' ? null : typeof v === 'string' ? Number(v) : v),
        z.union([z.literal(0), z.literal(1), z.literal(2)], { error: 'Choose a size tier (0, 1 or 2)' }).nullable(),
      ),
      'average-points': yesNoInput,
      'estimated-profit': yesNoInput,
      improve: yesNoInput,
    },
    { error: 'Answers are required' },
  ),
);

/** POST /api/product-qualifier/save: {score, answers}; the score sent is ignored (recomputed). */
export const qualifierSaveSchema = z.object({
  score: z.unknown().optional(),
  answers: qualifierAnswersSchema,
});

/** POST /api/product-qualifier/send: {score, answers, result, email, keywords}. */
/** The qualifier's results go to the member's own address only: any other `email` is refused with this. */
export const QUALIFIER_OWN_EMAIL_ONLY = 'Results can only be sent to your own e-mail address';
/** A member who sent the results e-mail as often as a day allows (429, with Retry-After). */
export const QUALIFIER_SEND_LIMIT = 'You have e-mailed your results too many times today. Please try again later.';

export const qualifierSendSchema = z.object({
  score: z.unknown().optional(),
  result: z.unknown().optional(),
  answers: qualifierAnswersSchema,
  email: emailField,
  keywords: requiredText(200),
});

export interface QualifierResultBody {
  id: number;
  score: number;
  result: Rating;
  createdAt: string;
}

/** Past ratings shown per page unless `limit` says otherwise, and the most one page may hold. */
export const QUALIFIER_HISTORY_PAGE = 10;
export const QUALIFIER_HISTORY_MAX_PAGE = 50;

/** GET /api/product-qualifier/history: `before` (an id: the next page, older ratings) and `limit` (1 to 50). */
export const qualifierHistoryQuerySchema = z.object({
  before: z.coerce
    .number({ error: 'Must be a number' })
    .int('Must be a whole number')
    .positive('Must be positive')
    .max(2_147_483_647, 'Too large')
    .optional(),
  limit: z.coerce
    .number({ error: 'Must be a number' })
    .int('Must be a whole number')
    .min(1, 'Must be at least 1')
    .max(QUALIFIER_HISTORY_MAX_PAGE, `Must be at most ${QUALIFIER_HISTORY_MAX_PAGE}`)
    .default(QUALIFIER_HISTORY_PAGE),
});
export type QualifierHistoryQuery = z.infer<typeof qualifierHistoryQuerySchema>;

/** One past rating: what she answered, with the score and rating the server computed when she rated. */
export interface QualifierRatingBody extends QualifierResultBody {
  answers: QualifierAnswers;
}

/** Her own past ratings, newest first; `nextBefore` asks for the page after this one (null: no more). */
export interface QualifierHistoryResponse {
  ratings: QualifierRatingBody[];
  nextBefore: number | null;
}

// ---------------------------------------------------------------------------------------------------------
// AI Toolkit: POST /api/ai/chat

export const aiChatSchema = z.object({
  assistant: z.enum(ASSISTANT_KEYS, { error: 'Unknown assistant' }),
  conversationId: z.coerce.number().int().positive().max(2_147_483_647).nullish(),
  message: z
    .string({ error: FIELD_REQUIRED })
    .trim()
    .min(1, FIELD_REQUIRED)
    .max(AI_MESSAGE_MAX, `At most ${AI_MESSAGE_MAX} characters`),
});
export type AiChatInput = z.infer<typeof aiChatSchema>;

export const aiPromptSchema = z.object({
  systemPrompt: z.string({ error: FIELD_REQUIRED }).trim().min(1, FIELD_REQUIRED).max(8000),
});
