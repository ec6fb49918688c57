/**
 * Billing seed: the blocked member gets a customer in the local Stripe stand-in with a past_due subscription and an
 * open invoice. The stand-in sends its signed webhook through the gateway to billing, which tells users, so she is
 * blocked the way a real failed payment blocks someone; Fix on /blocked then opens the stand-in's portal, where
 * paying the invoice lets her back in. Skipped when the stack talks to Stripe itself (STRIPE_SECRET_KEY), and when
 * she already has a customer id.
 */
import type { User } from '@rainmakers/contracts';
import Stripe from 'stripe';
import { STAND_IN_SECRET_KEY } from '../lib/stripe-stand-in';
import type { SeedContext } from './context';

const WAIT_MS = 20_000;

export async function seed(ctx: SeedContext): Promise<void> {
  const person = ctx.people.blocked;
  if (!person) return;
  if (!ctx.stripeStandInUrl) {
    ctx.log('billing: Stripe is not the local stand-in; the blocked member gets no subscription');
    return;
  }
  const users = ctx.internal('users');
  const read = async () =>
    (await users.request<{ user: User }>('GET', `/internal/users/by-email?email=${encodeURIComponent(person.email)}`))
      .user;
  if ((await read()).stripeCustomerId) return;

  const url = new URL(ctx.stripeStandInUrl);
  const stripe = new Stripe(STAND_IN_SECRET_KEY, { host: url.hostname, port: url.port, protocol: 'http' });
  const customer = await stripe.customers.create(
    { email: person.email, name: person.fullName, metadata: { userId: String(person.id) } },
    { idempotencyKey: `seed-customer-${person.email}` },
  );
  const response = await fetch(`${ctx.stripeStandInUrl}/_stand-in/subscriptions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ customer: customer.id, status: 'past_due' }),
  });
  if (!response.ok) throw new Error(`the Stripe stand-in refused the subscription: ${response.status}`);
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const user = await read();
    if (user.stripeStatus === 'past_due' && user.stripeCustomerId === customer.id) break;
    if (Date.now() > deadline) throw new Error(`${person.email} is not past_due after ${WAIT_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  ctx.log(`billing: ${person.email} has a past_due subscription (customer ${customer.id}) and is blocked`);
}
