import type { Db } from '@rainmakers/kit';
import type { AuthSchema } from './schema';

type Database = Db<AuthSchema>;

export interface StoredSecondFactor {
  userId: number;
  secretCiphertext: string;
  confirmedAt: Date | null;
  lastUsedStep: number | null;
}

export async function findSecondFactor(db: Database, userId: number): Promise<StoredSecondFactor | null> {
  const row = await db.selectFrom('second_factors').selectAll().where('user_id', '=', userId).executeTakeFirst();
  if (!row) return null;
  return {
    userId: row.user_id,
    secretCiphertext: row.secret_ciphertext,
    confirmedAt: row.confirmed_at,
    lastUsedStep: row.last_used_step === null ? null : Number(row.last_used_step),
  };
}

/** Begins (or begins again) an enrolment; false when a confirmed one exists (it is never replaced here). */
export async function savePendingSecret(
  db: Database,
  userId: number,
  secretCiphertext: string,
  now: Date,
): Promise<boolean> {
  const row = await db
    .insertInto('second_factors')
    .values({
      user_id: userId,
      secret_ciphertext: secretCiphertext,
      confirmed_at: null,
      last_used_step: null,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet({ secret_ciphertext: secretCiphertext, last_used_step: null, created_at: now, updated_at: now })
        .where('second_factors.confirmed_at', 'is', null),
    )
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Confirms a pending enrolment with the step of its first code and stores the recovery codes' hashes, in one
 * transaction; false when there was nothing pending (confirmed meanwhile, or reset).
 */
export function confirmSecondFactor(
  db: Database,
  input: { userId: number; step: number; recoveryCodeHashes: string[]; now: Date },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('second_factors')
      .set({ confirmed_at: input.now, last_used_step: input.step, updated_at: input.now })
      .where('user_id', '=', input.userId)
      .where('confirmed_at', 'is', null)
      .returning('user_id')
      .executeTakeFirst();
    if (!row) return false;
    await replaceCodes(trx, input.userId, input.recoveryCodeHashes);
    return true;
  });
}

/** Enrols with a given secret at once (the seed's admin), replacing whatever was there, with its recovery codes. */
export function saveConfirmedSecret(
  db: Database,
  input: { userId: number; secretCiphertext: string; recoveryCodeHashes: string[]; now: Date },
): Promise<void> {
  return db.transaction().execute(async (trx) => {
    await trx.deleteFrom('second_factors').where('user_id', '=', input.userId).execute();
    await trx
      .insertInto('second_factors')
      .values({
        user_id: input.userId,
        secret_ciphertext: input.secretCiphertext,
        confirmed_at: input.now,
        last_used_step: null,
        created_at: input.now,
        updated_at: input.now,
      })
      .execute();
    await replaceCodes(trx, input.userId, input.recoveryCodeHashes);
  });
}

async function replaceCodes(db: Database, userId: number, hashes: string[]): Promise<void> {
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  if (hashes.length === 0) return;
  await db
    .insertInto('recovery_codes')
    .values(hashes.map((code_hash) => ({ user_id: userId, code_hash, used_at: null })))
    .execute();
}

/** New recovery codes for a confirmed enrolment (the old ones stop working); false when not enrolled. */
export function replaceRecoveryCodes(db: Database, userId: number, hashes: string[]): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('second_factors')
      .select('user_id')
      .where('user_id', '=', userId)
      .where('confirmed_at', 'is not', null)
      .forUpdate()
      .executeTakeFirst();
    if (!row) return false;
    await replaceCodes(trx, userId, hashes);
    return true;
  });
}

/**
 * Takes a time step as used, atomically: only when it is newer than the last one used, so two requests with the
 * same code cannot both pass. False when it was not (a replay).
 */
export async function useTimeStep(db: Database, userId: number, step: number, now: Date): Promise<boolean> {
  const row = await db
    .updateTable('second_factors')
    .set({ last_used_step: step, updated_at: now })
    .where('user_id', '=', userId)
    .where('confirmed_at', 'is not', null)
    .where((eb) => eb.or([eb('last_used_step', 'is', null), eb('last_used_step', '<', String(step))]))
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Uses one recovery code (once: the update only takes an unused one). */
export async function useRecoveryCode(db: Database, userId: number, codeHash: string, now: Date): Promise<boolean> {
  const row = await db
    .updateTable('recovery_codes')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function countUnusedRecoveryCodes(db: Database, userId: number): Promise<number> {
  const row = await db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Removes the second factor and its recovery codes; whether there was one. */
export async function deleteSecondFactor(db: Database, userId: number): Promise<boolean> {
  const result = await db.deleteFrom('second_factors').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** One page of stored secrets (pending and confirmed), by account, after `afterUserId`. */
export async function listSecretCiphertexts(
  db: Database,
  afterUserId: number,
  limit: number,
): Promise<{ userId: number; secretCiphertext: string }[]> {
  const rows = await db
    .selectFrom('second_factors')
    .select(['user_id', 'secret_ciphertext'])
    .where('user_id', '>', afterUserId)
    .orderBy('user_id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ userId: row.user_id, secretCiphertext: row.secret_ciphertext }));
}

/**
 * Replaces a secret's ciphertext by another of the same secret (a key rotation), only while it is still `from`:
 * an enrolment begun again meanwhile keeps its new secret. False when it changed.
 */
export async function replaceSecretCiphertext(
  db: Database,
  input: { userId: number; from: string; to: string; now: Date },
): Promise<boolean> {
  const result = await db
    .updateTable('second_factors')
    .set({ secret_ciphertext: input.to, updated_at: input.now })
    .where('user_id', '=', input.userId)
    .where('secret_ciphertext', '=', input.from)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
