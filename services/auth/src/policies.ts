import { type Actor, canSwitchDisplayedRole, storedRoleOf } from '@rainmakers/contracts';

/**
 * Who may do what in auth. Each rule looks at the account's own role (accountRole), not the role an admin
 * is previewing the product as, so an admin previewing as "basic" can still switch back or sign in as someone.
 * `impersonatorId` and `secondFactor` must come from auth's own session record (routes pass the live session's
 * values): `secondFactor` is whether the session's sign-in passed the second factor.
 */
type SessionActor = Pick<Actor, 'userId' | 'accountRole' | 'impersonatorId' | 'withheldRole'> & {
  secondFactor: boolean;
};

/**
 * An admin signs in as another person; not from a session that is itself a sign-in-as (no chains), and only from a
 * session that passed the second factor (a phished password alone must not reach every member).
 */
export function canSignInAs(actor: SessionActor): boolean {
  return actor.accountRole === 'admin' && actor.impersonatorId === null && actor.secondFactor;
}

/**
 * An admin account (whatever role she previews, or withheld from a session without the second factor): refused an
 * admin power, she is told what her session lacks.
 */
export const isAdminAccount = (actor: SessionActor) => storedRoleOf(actor) === 'admin';

/** Only a signed-in-as session can go back to the admin who opened it. */
export function canReturnFromSignInAs(actor: SessionActor): boolean {
  return actor.impersonatorId !== null;
}

/** Only admins switch the displayed role (and switch it back), from a session that passed the second factor. */
export function canSwitchRole(actor: SessionActor): boolean {
  return canSwitchDisplayedRole(actor);
}

/** A person sets up, regenerates or disables her own second factor; never an admin signed in as her. */
export function canManageOwnSecondFactor(actor: SessionActor): boolean {
  return actor.impersonatorId === null;
}

/**
 * An admin resets another person's second factor: the rule lives in contracts because users sends it as the
 * person's `abilities.resetSecondFactor`; auth guards the action with the same function.
 */
export { canResetSecondFactor } from '@rainmakers/contracts';

/**
 * A person closes her own account (DELETE /api/account), with her password: never from a sign-in-as session (the
 * admin is not the person). Whether she is the last admin is users' rule, decided with the admins' rows locked.
 */
export function canCloseOwnAccount(actor: SessionActor): boolean {
  return actor.impersonatorId === null;
}
