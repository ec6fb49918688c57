import { z } from 'zod';

/**
 * What billing needs to know to sell a resource, answered by the resources service at
 * `GET /internal/resources/{id}/offer` (service token). The server decides the amount: a price sent by a client is
 * never used. `forSale` is false for resources that cannot be bought (Free, Included with Premium, hidden);
 * `priceCents` is null when the resource is sold only through its external purchaseUrl.
 */
export const resourceOfferSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  forSale: z.boolean(),
  priceCents: z.number().int().nonnegative().nullable(),
  purchaseUrl: z.string().nullable(),
});
export type ResourceOffer = z.infer<typeof resourceOfferSchema>;

/**
 * A person's subscription status as Stripe holds it now (read from Stripe, not trusted from the event's order).
 * `status` is null when the customer has no subscription left. Users stores it on the person (stripeStatus,
 * stripeCustomerId), and the gateway blocks or unblocks them from the resulting users.user-changed.
 */
export const subscriptionChangedSchema = z.object({
  /** Null when billing could not tie the Stripe customer to a person (users then matches by customer id). */
  userId: z.number().int().nullable(),
  stripeCustomerId: z.string(),
  subscriptionId: z.string().nullable(),
  status: z.string().nullable(),
  /**
   * What the current subscription brings in a month (its prices' amounts times quantities, yearly ones divided by
   * 12), integer cents of `currency`; absent from events published before analytics and when Stripe says no price.
   */
  monthlyAmountCents: z.number().int().nonnegative().nullable().optional(),
  currency: z.string().nullable().optional(),
});

/** A payment failed at Stripe (a declined purchase, an invoice not paid): analytics counts it. */
export const paymentFailedSchema = z.object({
  /** The Stripe event id: one failure per event. */
  stripeEventId: z.string(),
  userId: z.number().int().nullable(),
  stripeCustomerId: z.string().nullable(),
  amountCents: z.number().int().nonnegative(),
  currency: z.string(),
  at: z.string(),
});

/** A one-time purchase of a resource succeeded: resources records it, users adds it to the person's Resources. */
export const purchaseCompletedSchema = z.object({
  /** The Stripe payment intent id: one purchase per intent. */
  paymentIntentId: z.string(),
  userId: z.number().int(),
  resourceId: z.number().int(),
  resourceTitle: z.string(),
  amountCents: z.number().int().nonnegative(),
  currency: z.string(),
  purchasedAt: z.string(),
  /** The card's last four digits, for the receipt; null or absent when Stripe did not say. */
  cardLast4: z.string().nullable().optional(),
  /** The configured public address the purchase was made from (the receipt's link); absent: PUBLIC_URL. */
  publicUrl: z.string().optional(),
});

/** POST /api/stripe/create-payment-intent: the resource and the payment method made in the browser; no price. */
export const createPaymentIntentSchema = z.strictObject({
  userId: z.number().int().positive(),
  resourceId: z.number().int().positive(),
  paymentMethodId: z
    .string({ error: 'Please enter a card' })
    .trim()
    .min(1, 'Please enter a card')
    .max(255)
    .regex(/^pm_[A-Za-z0-9_]+$/, 'Not a payment method'),
});
export type CreatePaymentIntentInput = z.infer<typeof createPaymentIntentSchema>;

/**
 * The answer of create-payment-intent and of GET /api/stripe/payment-intent/{id}: `succeeded` (the purchase is
 * recorded), `requires_action` (the browser finishes 3-D Secure with `clientSecret`, then checks again), or
 * `processing`. A declined card answers 400 with the card's message instead.
 */
export const paymentIntentAnswerSchema = z.object({
  paymentIntentId: z.string(),
  status: z.string(),
  clientSecret: z.string().nullable(),
  resourceId: z.number().int().nullable(),
});
export type PaymentIntentAnswer = z.infer<typeof paymentIntentAnswerSchema>;

/** What the sync job reports (its progress while it runs, its result at the end). */
export const stripeSyncSummarySchema = z.object({
  pages: z.number().int(),
  subscriptions: z.number().int(),
  customers: z.number().int(),
  /** Customers whose status differed from the one billing last published. */
  changed: z.number().int(),
  done: z.boolean(),
});
export type StripeSyncSummary = z.infer<typeof stripeSyncSummarySchema>;

/**
 * POST /api/stripe/sync and GET /api/stripe/sync/{jobId}: `data` is the job and its summary so far. `statusUrl` is
 * the sync's status in the job table (GET /api/user/jobs/{id}), which the screens follow like every other job.
 */
export const stripeSyncAnswerSchema = z.object({
  data: z.object({
    jobId: z.string(),
    state: z.string(),
    summary: stripeSyncSummarySchema,
    failedReason: z.string().nullable(),
    statusUrl: z.string(),
  }),
});
export type StripeSyncAnswer = z.infer<typeof stripeSyncAnswerSchema>;

/** GET /api/stripe/config: what the browser needs to load Stripe.js (or the local stand-in of it). */
export const stripeConfigSchema = z.object({ publishableKey: z.string(), jsUrl: z.string() });
export type StripeConfig = z.infer<typeof stripeConfigSchema>;

/**
 * GET /api/purchases: the signed-in member's paid purchases, newest first (at most PURCHASES_LIMIT). `amount` is in
 * cents, as every amount of the API (amountCents elsewhere); `receiptUrl` is the web's receipt page.
 */
export const PURCHASES_LIMIT = 100;
export const receiptPath = (paymentIntentId: string) => `/purchases/${encodeURIComponent(paymentIntentId)}/receipt`;

export const purchaseSchema = z.object({
  /** The payment's reference (its Stripe payment intent id). */
  id: z.string(),
  resourceId: z.number().int(),
  title: z.string(),
  /** In cents. */
  amount: z.number().int(),
  /** ISO 4217, lower case as Stripe gives it. */
  currency: z.string(),
  paidAt: z.string(),
  receiptUrl: z.string(),
});
export type Purchase = z.infer<typeof purchaseSchema>;
export const purchasesAnswerSchema = z.object({ purchases: z.array(purchaseSchema) });
export type PurchasesAnswer = z.infer<typeof purchasesAnswerSchema>;

/** GET /api/purchases/{id}/receipt: one paid purchase's receipt, for its buyer or an admin (404 for anyone else). */
export const receiptSchema = purchaseSchema.extend({
  /** The buyer's id (an admin reading it sees whose it is). */
  userId: z.number().int(),
  paymentReference: z.string(),
});
export type Receipt = z.infer<typeof receiptSchema>;
export const receiptAnswerSchema = z.object({ receipt: receiptSchema });
export const purchaseIdParam = z.string().regex(/^pi_[A-Za-z0-9_]{1,250}$/, 'Not a purchase reference');
export const RECEIPT_NOT_FOUND = 'Receipt not found';
