/**
 * What billing sends to clients: allow-lists of fields, so nothing of a Stripe object (its metadata, amounts, the
 * customer) leaks by being passed on whole.
 */
import {
  jobStatusPath,
  type MemberPurchase,
  type PaymentIntentAnswer,
  type Purchase,
  type Receipt,
  receiptPath,
  type StripeSyncAnswer,
  type StripeSyncSummary,
  stripeSyncJobId,
} from '@rainmakers/contracts';
import type Stripe from 'stripe';

/** The browser's Stripe.js configuration (GET /api/stripe/config). */
export const presentStripeConfig = (config: { publishableKey: string; jsUrl: string }) => ({
  publishableKey: config.publishableKey,
  jsUrl: config.jsUrl,
});

/** The customer portal's address (POST /api/stripe/create-customer-portal/{customerId}). */
export const presentPortal = (session: Pick<Stripe.BillingPortal.Session, 'url'>) => ({ url: session.url });

/** Where a sync job stands (POST /api/stripe/sync and GET /api/stripe/sync/{jobId}). */
export const presentSyncJob = (
  jobId: string,
  state: string,
  summary: StripeSyncSummary,
  failedReason: string | null,
): StripeSyncAnswer => ({
  data: { jobId, state, summary, failedReason, statusUrl: jobStatusPath(stripeSyncJobId(jobId)) },
});

/**
 * A payment as the buyer's browser needs it: its status, the client secret only while 3-D Secure waits for her,
 * and the resource it buys (from the intent's metadata).
 */
export function presentPaymentIntent(intent: Stripe.PaymentIntent, resourceId: number | null): PaymentIntentAnswer {
  return {
    paymentIntentId: intent.id,
    status: intent.status,
    clientSecret: intent.status === 'requires_action' ? intent.client_secret : null,
    resourceId,
  };
}

/** A purchase as the member page shows it (staff): no customer or card details. */
export function presentMemberPurchase(purchase: {
  paymentIntentId: string;
  resourceId: number;
  resourceTitle: string;
  amountCents: number;
  currency: string;
  status: string;
  createdAt: Date;
  completedAt: Date | null;
}): MemberPurchase {
  return {
    paymentIntentId: purchase.paymentIntentId,
    resourceId: purchase.resourceId,
    resourceTitle: purchase.resourceTitle,
    amountCents: purchase.amountCents,
    currency: purchase.currency,
    status: purchase.status,
    createdAt: purchase.createdAt.toISOString(),
    completedAt: purchase.completedAt ? purchase.completedAt.toISOString() : null,
  };
}

type PaidPurchase = {
  paymentIntentId: string;
  userId: number;
  resourceId: number;
  resourceTitle: string;
  amountCents: number;
  currency: string;
  createdAt: Date;
  completedAt: Date | null;
};

/** A paid purchase on My Purchases (amount in cents; the receipt page's address in the web). */
export function presentPurchase(purchase: PaidPurchase): Purchase {
  return {
    id: purchase.paymentIntentId,
    resourceId: purchase.resourceId,
    title: purchase.resourceTitle,
    amount: purchase.amountCents,
    currency: purchase.currency,
    paidAt: (purchase.completedAt ?? purchase.createdAt).toISOString(),
    receiptUrl: receiptPath(purchase.paymentIntentId),
  };
}

export function presentReceipt(purchase: PaidPurchase): Receipt {
  return { ...presentPurchase(purchase), userId: purchase.userId, paymentReference: purchase.paymentIntentId };
}
