/** The Stripe customer portal ('Fix' on a blocked account, 'Manage subscription'). */
import type { Actor } from '@rainmakers/contracts';
import { notFound } from '@rainmakers/kit';
import Stripe from 'stripe';
import type { BillingDeps } from '../deps';
import { canOpenPortal } from '../policies';
import { findCustomer } from '../store/billing';

export const CUSTOMER_NOT_FOUND = 'Customer not found';

const CUSTOMER_ID = /^cus_[A-Za-z0-9_]{1,250}$/;

/**
 * A portal session for a customer the person may open (her own; any for an admin), returning to the product's
 * home. A customer she may not open answers exactly like an unknown one (404).
 */
export async function openCustomerPortal(
  deps: BillingDeps & { publicUrl: string },
  actor: Actor,
  customerId: string,
): Promise<Stripe.BillingPortal.Session> {
  if (!CUSTOMER_ID.test(customerId)) throw notFound(CUSTOMER_NOT_FOUND);
  const known = await findCustomer(deps.db, customerId);
  if (!canOpenPortal(actor, known?.userId ?? null)) throw notFound(CUSTOMER_NOT_FOUND);
  try {
    return await deps.stripe.billingPortal.sessions.create({
      customer: customerId,
      return_url: `${deps.publicUrl.replace(/\/$/, '')}/`,
    });
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) {
      throw notFound(CUSTOMER_NOT_FOUND);
    }
    throw error;
  }
}
