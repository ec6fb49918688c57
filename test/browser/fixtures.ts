/**
 * Data set-up for the browser suite, done the way the product does it (admin calls through the gateway) or, for
 * payment fields that only billing writes, in the users database followed by an admin edit so that users publishes
 * users.user-changed and the gateway's access profile follows. Seeded people are never modified: every test that
 * changes a person creates its own.
 */
import { randomUUID } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { waitFor } from '@rainmakers/kit/testing';
import pg from 'pg';
import { type GatewaySession, signIn, stackInfo } from '../support/stack-client';

export type MemberRole = 'admin' | 'coach' | 'premium' | 'course only' | 'basic';

export interface TestPerson {
  id: number;
  fullName: string;
  email: string;
  password: string;
  role: MemberRole;
}

interface UserBody {
  id: number;
  fullName: string;
  email: string;
  role: MemberRole;
  photoUrl: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  phoneNumber: string | null;
  stripeStatus: string | null;
  stripeCustomerId: string | null;
  alwaysGrantAccess: boolean;
  /** The colour scheme chosen on /profile. */
  theme?: string;
  /** Her time zone (IANA name), the one dates are shown in; null while she has none. */
  timeZone?: string | null;
  createdAt: string;
  Tags: { id: number; name: string }[];
}

let adminSession: Promise<GatewaySession> | null = null;

/** One admin session per test file (a new admin of the file's own, who passes the second factor; through the gateway). */
export function admin(): Promise<GatewaySession> {
  adminSession ??= signIn('admin');
  return adminSession;
}

/** A unique address on the reserved test domain. */
export function uniqueEmail(label: string): string {
  return `${label}-${randomUUID().slice(0, 8)}@browser.test`;
}

/** A new person created by the admin (POST /api/user/upsert with a password), able to sign in at once. */
export async function createPerson(
  role: MemberRole,
  label: string,
  fullName = 'Taylor Brooks',
  tagIds: number[] = [],
): Promise<TestPerson> {
  const email = uniqueEmail(label);
  const password = `Browser-${randomUUID().slice(0, 8)}!`;
  const { user } = await (await admin()).post<{ user: UserBody }>('/api/user/upsert', {
    fullName,
    email,
    role,
    password,
    Tags: tagIds,
  });
  // An admin is enrolled at once (her first sign-in, through the API): this test process then knows her
  // codes, so the UI's second step can be passed like an authenticator app would.
  if (role === 'admin') await signIn({ email, password });
  return { id: user.id, fullName, email, password, role };
}

/** The person as the admin reads it (GET /api/user/{id}). */
export async function readUser(id: number): Promise<UserBody> {
  return (await (await admin()).get<{ user: UserBody }>(`/api/user/${id}`)).user;
}

/** An admin edit of the person (a real change, so users publishes users.user-changed). */
export async function adminEdit(
  id: number,
  changes: Partial<Omit<UserBody, 'id' | 'Tags' | 'createdAt'>>,
): Promise<UserBody> {
  return (await (await admin()).post<{ user: UserBody }>('/api/user/upsert', { id, ...changes })).user;
}

/**
 * Gives the person a payment status (and optionally a customer id) as billing would: written in the users
 * database, then announced by an admin edit of the city, which publishes users.user-changed with the new fields.
 */
export async function setSubscription(
  id: number,
  stripeStatus: string | null,
  stripeCustomerId: string | null = null,
): Promise<void> {
  const pool = new pg.Pool({ connectionString: stackInfo().databaseUrls.users, max: 1 });
  try {
    await pool.query('UPDATE users SET stripe_status = $2, stripe_customer_id = $3 WHERE id = $1', [
      id,
      stripeStatus,
      stripeCustomerId,
    ]);
  } finally {
    await pool.end();
  }
  await adminEdit(id, { city: `City ${randomUUID().slice(0, 6)}` });
}

/** Back-dates the account (users database) and announces it with an admin edit, e.g. to cross the MTN cut-off. */
export async function setCreatedAt(id: number, createdAt: string): Promise<void> {
  const pool = new pg.Pool({ connectionString: stackInfo().databaseUrls.users, max: 1 });
  try {
    await pool.query('UPDATE users SET created_at = $2 WHERE id = $1', [id, createdAt]);
  } finally {
    await pool.end();
  }
  await adminEdit(id, { city: `City ${randomUUID().slice(0, 6)}` });
}

/** Makes the person's password reset links expire (auth database), as if an hour had passed. */
export async function expireResetLinks(userId: number): Promise<number> {
  const pool = new pg.Pool({ connectionString: stackInfo().databaseUrls.auth, max: 1 });
  try {
    const result = await pool.query(
      "UPDATE password_resets SET expires_at = now() - interval '1 minute' WHERE user_id = $1 AND used_at IS NULL",
      [userId],
    );
    return result.rowCount ?? 0;
  } finally {
    await pool.end();
  }
}

/**
 * Waits until the gateway treats the person's API calls as `expected` (402 while blocked, 200 otherwise): the access
 * profile reaches the gateway through the users.user-changed event.
 */
const personSessions = new Map<string, Promise<GatewaySession>>();

export async function waitForGatewayAccess(person: TestPerson, expected: 200 | 402, timeoutMs = 10_000): Promise<void> {
  // One API session per person (auth counts sign-in attempts per address).
  let pending = personSessions.get(person.email);
  if (!pending) {
    pending = signIn(person);
    personSessions.set(person.email, pending);
  }
  const session = await pending;
  await waitFor(async () => (await session.request('GET', `/api/user/${person.id}`)).status === expected, {
    timeoutMs,
    what: `the gateway to answer ${expected} for ${person.email}`,
  });
}

/** A valid PNG (solid colour, `size` x `size`), made here so the suite needs no binary fixtures. */
export function pngImage(size = 64, rgb: [number, number, number] = [140, 47, 93]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(size * 3)]);
  for (let x = 0; x < size; x++) row.set(rgb, 1 + x * 3);
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
