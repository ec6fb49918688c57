/**
 * Who may do what in the billing service. One function per action; "admin powers" follow the role the person acts
 * in (actor.role), as everywhere else.
 */
import type { Actor } from '@rainmakers/contracts';

const isAdmin = (actor: Actor) => actor.role === 'admin';

/**
 * Opening the customer portal of a Stripe customer: the person the customer belongs to, or an admin. A customer
 * tied to someone else (or to nobody) is hidden from members: it answers like an unknown one.
 */
export const canOpenPortal = (actor: Actor, customerUserId: number | null) =>
  isAdmin(actor) || (customerUserId !== null && customerUserId === actor.userId);

/** Reconciling every subscription with Stripe (the Sync with Stripe option): admins. */
export const canSyncWithStripe = (actor: Actor) => isAdmin(actor);

/** Buying a resource: a person buys only for themselves (admins included: nobody pays for someone else). */
export const canBuyFor = (actor: Actor, userId: number) => actor.userId === userId;

/** Checking a payment's status: the buyer only. */
export const canSeePayment = (actor: Actor, buyerId: number | null) => buyerId !== null && buyerId === actor.userId;

/** Reading a purchase's receipt: its buyer, or an admin; anyone else is told it does not exist. */
export const canReadReceipt = (actor: Actor, buyerId: number) => isAdmin(actor) || buyerId === actor.userId;
