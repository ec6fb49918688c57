import { type Db, sql } from '@rainmakers/kit';
import type { AuthSchema } from './schema';

type Database = Db<AuthSchema>;

export interface Credential {
  userId: number;
  email: string | null;
  passwordHash: string | null;
  version: number;
}

const columns = ['user_id', 'email', 'password_hash', 'version'] as const;
const toCredential = (row: {
  user_id: number;
  email: string | null;
  password_hash: string | null;
  version: number;
}) => ({
  userId: row.user_id,
  email: row.email,
  passwordHash: row.password_hash,
  version: row.version,
});

export async function findCredentialByEmail(db: Database, email: string): Promise<Credential | null> {
  const row = await db
    .selectFrom('credentials')
    .select(columns)
    .where('email', '=', email.toLowerCase())
    .executeTakeFirst();
  return row ? toCredential(row) : null;
}

export async function findCredentialByUserId(db: Database, userId: number): Promise<Credential | null> {
  const row = await db.selectFrom('credentials').select(columns).where('user_id', '=', userId).executeTakeFirst();
  return row ? toCredential(row) : null;
}

/**
 * users is the source of truth for who holds an email. When it gives an address to `userId`, any other row
 * still holding it is stale (that person's own change event is on its way) and lets go of it.
 */
async function releaseEmail(db: Database, email: string, userId: number, now: Date): Promise<void> {
  // Writers of one address take turns (until their transaction ends): two of them (the seed's or an admin's
  // credential write and the consumer of users' change event) could otherwise both find the address free and
  // both insert it, and the second would fail on the unique email instead of taking it over.
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`credential-email:${email}`}))`.execute(db);
  await db
    .updateTable('credentials')
    .set({ email: null, updated_at: now })
    .where('email', '=', email)
    .where('user_id', '!=', userId)
    .execute();
}

/** Sets the sign-in email and password hash of an account (sign-up, admin-set password, reset). Run in a transaction. */
export async function upsertCredential(
  trx: Database,
  input: { userId: number; email: string; passwordHash: string; now: Date },
): Promise<void> {
  const email = input.email.toLowerCase();
  await releaseEmail(trx, email, input.userId, input.now);
  await trx
    .insertInto('credentials')
    .values({ user_id: input.userId, email, password_hash: input.passwordHash, version: 0, updated_at: input.now })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({ email, password_hash: input.passwordHash, updated_at: input.now }),
    )
    .execute();
}

/** Changes only the password hash (reset, rehash after a sign-in). Returns false when the account has no row. */
export async function setPasswordHash(db: Database, userId: number, passwordHash: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('credentials')
    .set({ password_hash: passwordHash, updated_at: now })
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Applies users.user-changed: the account's email, keeping its hash (a new account gets a row without one).
 * An event older than the last one applied is ignored. Run in a transaction.
 */
export async function syncCredentialEmail(
  trx: Database,
  input: { userId: number; email: string; version: number; now: Date },
): Promise<'applied' | 'stale'> {
  const email = input.email.toLowerCase();
  const current = await trx
    .selectFrom('credentials')
    .select(['version'])
    .where('user_id', '=', input.userId)
    .forUpdate()
    .executeTakeFirst();
  if (current && current.version > input.version) return 'stale';
  await releaseEmail(trx, email, input.userId, input.now);
  await trx
    .insertInto('credentials')
    .values({ user_id: input.userId, email, password_hash: null, version: input.version, updated_at: input.now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ email, version: input.version, updated_at: input.now }))
    .execute();
  return 'applied';
}

/**
 * Creates a row without a password for an account users knows but auth has not heard of yet, or gives a row
 * that let go of its email (see releaseEmail) the address users now reports. Only call it for an address no
 * other row holds.
 */
export async function ensureCredential(db: Database, input: { userId: number; email: string; now: Date }) {
  const email = input.email.toLowerCase();
  await db
    .insertInto('credentials')
    .values({ user_id: input.userId, email, password_hash: null, version: 0, updated_at: input.now })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({ email, updated_at: input.now }).where('credentials.email', 'is', null),
    )
    .execute();
}

/** Removes an account's credentials (its open reset links go with them). */
export async function deleteCredential(db: Database, userId: number): Promise<void> {
  await db.deleteFrom('credentials').where('user_id', '=', userId).execute();
}
