import type { Db } from '@rainmakers/kit';
import type { AuthSchema, ResetKind } from './schema';

type Database = Db<AuthSchema>;

export interface PasswordReset {
  tokenHash: string;
  /** A forgot-password link or an invitation; a link is only used for what it was made. */
  kind: ResetKind;
  userId: number;
  expiresAt: Date;
  usedAt: Date | null;
  createdAt: Date;
}

export async function insertPasswordReset(db: Database, reset: PasswordReset): Promise<void> {
  await db
    .insertInto('password_resets')
    .values({
      token_hash: reset.tokenHash,
      kind: reset.kind,
      user_id: reset.userId,
      expires_at: reset.expiresAt,
      used_at: reset.usedAt,
      created_at: reset.createdAt,
    })
    .execute();
}

/**
 * Reads a reset link by the hash of its token. With `forUpdate` (inside a transaction) it stays locked until the
 * transaction ends, so two clicks on one link cannot both use it.
 */
export async function findPasswordReset(
  db: Database,
  tokenHash: string,
  options: { forUpdate?: boolean } = {},
): Promise<PasswordReset | null> {
  let query = db.selectFrom('password_resets').selectAll().where('token_hash', '=', tokenHash);
  if (options.forUpdate) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row
    ? {
        tokenHash: row.token_hash,
        kind: row.kind,
        userId: row.user_id,
        expiresAt: row.expires_at,
        usedAt: row.used_at,
        createdAt: row.created_at,
      }
    : null;
}

/** Marks every open reset link of an account used (the one clicked and any older ones). */
export async function markPasswordResetsUsed(trx: Database, userId: number, now: Date): Promise<void> {
  await trx
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}

/** A new invitation retires the person's older open invitation links (reset links stay as they are). */
export async function retireOpenInvitations(trx: Database, userId: number, now: Date): Promise<void> {
  await trx
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('kind', '=', 'invitation')
    .where('used_at', 'is', null)
    .execute();
}

/** Housekeeping: forgets links that expired before `before`. */
export async function deleteExpiredPasswordResets(db: Database, before: Date): Promise<number> {
  const result = await db.deleteFrom('password_resets').where('expires_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
