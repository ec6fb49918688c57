/**
 * DELETE /api/account: a person closes her own account. auth proves it is her (the password, and a current code or
 * recovery code when she has a second factor), users deletes her (users.user-deleted then reaches every service),
 * and every session of hers ends at once rather than when auth's consumer gets the event
 * (docs/decisions.md "Closing one's own account").
 */
import {
  CLOSE_ACCOUNT_CODE_NEEDED,
  CLOSE_ACCOUNT_WRONG_PASSWORD,
  SECOND_FACTOR_CODE_WRONG,
} from '@rainmakers/contracts';
import { badRequest } from '@rainmakers/kit';
import type { AuthDeps } from '../deps';
import { verifyPassword } from '../domain/passwords';
import { findCredentialByUserId } from '../store/credentials';
import { isEnrolled, useSecondFactor } from './second-factor';
import { endAllSessions } from './sessions';

export async function closeOwnAccount(
  deps: AuthDeps,
  userId: number,
  proof: { password: string; code?: string | undefined },
): Promise<void> {
  const credential = await findCredentialByUserId(deps.db, userId);
  if (!credential?.passwordHash || !(await verifyPassword(credential.passwordHash, proof.password))) {
    throw badRequest(CLOSE_ACCOUNT_WRONG_PASSWORD, { password: CLOSE_ACCOUNT_WRONG_PASSWORD });
  }
  if (await isEnrolled(deps, userId)) {
    if (!proof.code) throw badRequest(CLOSE_ACCOUNT_CODE_NEEDED, { code: CLOSE_ACCOUNT_CODE_NEEDED });
    if (!(await useSecondFactor(deps, userId, proof.code))) {
      throw badRequest(SECOND_FACTOR_CODE_WRONG, { code: SECOND_FACTOR_CODE_WRONG });
    }
  }
  // users refuses the last admin (409) before anything is deleted; its answer is passed on as it is.
  await deps.users.closeAccount(userId);
  await endAllSessions(deps, userId);
}
