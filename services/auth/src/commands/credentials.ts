import type { AuthDeps } from '../deps';
import { hashPassword, needsRehash, verifyPassword } from '../domain/passwords';
import { findCredentialByEmail, setPasswordHash, upsertCredential } from '../store/credentials';

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

/** Sets an account's sign-in email and password (sign-up; users' PUT /internal/credentials). */
export async function setCredentials(
  deps: Deps,
  input: { userId: number; email: string; password?: string; passwordHash?: string },
): Promise<void> {
  const passwordHash = input.passwordHash ?? (await hashPassword(input.password ?? ''));
  const now = new Date();
  await deps.db
    .transaction()
    .execute((trx) => upsertCredential(trx, { userId: input.userId, email: input.email, passwordHash, now }));
}
