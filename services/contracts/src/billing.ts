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
});
