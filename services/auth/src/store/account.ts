/** What auth holds about one person, for her own export (never a hash, a secret or a token). */
import type { Db } from '@rainmakers/kit';
import type { AuthSchema } from './schema';

export async function ownAuthFacts(db: Db<AuthSchema>, userId: number) {
  const [credential, sessions, secondFactor, recoveryCodes, links] = await Promise.all([
    db
      .selectFrom('credentials')
      .select(['email', 'updated_at', (eb) => eb('password_hash', 'is not', null).as('has_password')])
      .where('user_id', '=', userId)
      .executeTakeFirst(),
    db
      .selectFrom('sessions')
      .select(['created_at', 'last_seen_at', 'expires_at', 'revoked_at', 'authentication', 'impersonator_id'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute(),
    db
      .selectFrom('second_factors')
      .select(['confirmed_at', 'created_at'])
      .where('user_id', '=', userId)
      .executeTakeFirst(),
    db.selectFrom('recovery_codes').select('used_at').where('user_id', '=', userId).execute(),
    db
      .selectFrom('password_resets')
      .select(['kind', 'created_at', 'expires_at', 'used_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute(),
  ]);
  return { credential, sessions, secondFactor, recoveryCodes, links };
}

export type OwnAuthFacts = Awaited<ReturnType<typeof ownAuthFacts>>;
