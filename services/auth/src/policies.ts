import type { Actor } from '@rainmakers/contracts';

/**
 * Who may do what in auth. Each rule looks at the account's own role (accountRole), not the role an admin
 * is previewing the product as, so an admin previewing as "basic" can still switch back or sign in as someone.
 * `impersonatorId` must come from auth's own session record (routes pass the live session's value).
 */
type SessionActor = Pick<Actor, 'userId' | 'accountRole' | 'impersonatorId'>;

/** An admin signs in as another person; not from a session that is itself a sign-in-as (no chains). */
export function canSignInAs(actor: SessionActor): boolean {
  return actor.accountRole === 'admin' && actor.impersonatorId === null;
}

/** Only a signed-in-as session can go back to the admin who opened it. */
export function canReturnFromSignInAs(actor: SessionActor): boolean {
  return actor.impersonatorId !== null;
}

/** Only admins switch the displayed role (and switch it back). */
export function canSwitchRole(actor: SessionActor): boolean {
  return actor.accountRole === 'admin';
}
