import { CURRENT_PASSWORD_WRONG } from '@rainmakers/contracts';
import { fieldError } from '@rainmakers/kit';
import type { AuthDeps } from '../deps';
import { hashPassword, needsRehash, verifyPassword } from '../domain/passwords';
import { findCredentialByEmail, findCredentialByUserId, setPasswordHash, upsertCredential } from '../store/credentials';
import { revokeUserSessions } from '../store/sessions';

type Deps = Pick<AuthDeps, 'db' | 'logger'>;

/**
 * The account an email and password sign in to, or null. Unknown emails and accounts without a password
 * cost one argon2id verify as well, so timing does not tell them apart from a wrong password.
 */
export async function authenticate(deps: Deps, email: string, password: string): Promise<number | null> {
  const credential = await findCredentialByEmail(deps.db, email);
  const ok = await verifyPassword(credential?.passwordHash, password);
  if (!ok || !credential?.passwordHash) return null;
  if (needsRehash(credential.passwordHash)) {
    // Hashes made under an older cost policy are upgraded while we hold the password.
    try {
      await setPasswordHash(deps.db, credential.userId, await hashPassword(password), new Date());
    } catch (error) {
      deps.logger.warn({ err: error, userId: credential.userId }, 'could not upgrade a password hash');
    }
  }
  return credential.userId;
}

/**
 * Sets an account's sign-in email and password (sign-up; users' PUT /internal/credentials: an admin's form or
 * the person's own profile). With `currentPassword` (the person's own change) it must be the password held now
 * (400 errors.currentPassword). Every other session of the account ends: all of them, or all but
 * `keepSessionId` (the session the person is changing it from). The revocation markers are written to Redis
 * before the commit, so a Redis failure rolls the change back instead of leaving old sessions alive.
 */
export async function setCredentials(
  deps: Deps & Pick<AuthDeps, 'sessionCache'>,
  input: {
    userId: number;
    email: string;
    password?: string;
    passwordHash?: string;
    currentPassword?: string;
    keepSessionId?: string;
  },
): Promise<void> {
  if (input.currentPassword !== undefined) {
    const credential = await findCredentialByUserId(deps.db, input.userId);
    const ok = await verifyPassword(credential?.passwordHash, input.currentPassword);
    if (!ok || !credential?.passwordHash) throw fieldError('currentPassword', CURRENT_PASSWORD_WRONG);
  }
  const passwordHash = input.passwordHash ?? (await hashPassword(input.password ?? ''));
  await deps.db.transaction().execute(async (trx) => {
    const now = new Date();
    await upsertCredential(trx, { userId: input.userId, email: input.email, passwordHash, now });
    const revoked = await revokeUserSessions(trx, input.userId, now, input.keepSessionId);
    await deps.sessionCache.markRevoked(revoked, now);
  });
}
