/**
 * Idempotent creates. A create sent with an `Idempotency-Key` header is answered once: the key is recorded in the
 * service's own database (table idempotency_keys, kit migration 002) in the SAME transaction as the record it
 * creates, and the answer (status and body) right after. A retry with the same key by the same person returns that
 * first answer (header `Idempotent-Replayed: true`) instead of creating a duplicate, even when the first request was
 * applied after the gateway had given up on it (a frozen service answered 503 by the gateway).
 *
 *   router.post('/upsert', async (req, res) => {
 *     const actor = requireActor(req);
 *     const input = parse(schema, req.body);
 *     if (!canCreate(actor)) throw forbidden();
 *     await answerOnce(req, res, deps.db, async () => {
 *       const thing = await createThing(deps, input);      // its transaction calls recordIdempotencyKey(trx)
 *       return { status: 201, body: { thing: present(thing) } };
 *     });
 *   });
 *
 * The route hands the key over by running the command inside `answerOnce`; the command's transaction records it:
 * `withEvents` does so by itself, a plain transaction calls `recordIdempotencyKey(trx)` first. Only the first
 * transaction of the request records the key. Without the header nothing changes.
 *
 * - same key, same person, same route and body: the first answer (a still-running first request is waited for
 *   briefly, then 409 with Retry-After);
 * - same key with another body or on another route: 422 in the error shape;
 * - another person's key of the same text: independent (keys are per person);
 * - a create that failed (rolled back) recorded nothing: the retry runs again;
 * - a request that failed after its change committed (a 5xx while reading the answer) left a key without an
 *   answer: after 30 s a retry gets 409 IDEMPOTENCY_KEY_APPLIED (reload), never a second change;
 * - keys expire after a day and are purged in batches by `idempotencyPurgeTask`.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { BackgroundTask } from './bootstrap';
import { HttpError } from './errors';
import { requireActor } from './internal-token';
import type { Logger } from './logger';

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';
/** Letters, digits and `-_.:`, 1 to 100 of them (a UUID fits; nothing that could smuggle anything does). */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9._:-]{1,100}$/;
export const IDEMPOTENCY_KEY_INVALID = 'Idempotency-Key must be 1 to 100 letters, digits or - _ . :';
export const IDEMPOTENCY_KEY_MISMATCH = 'This Idempotency-Key was already used for a different request';
export const IDEMPOTENCY_KEY_IN_PROGRESS = 'This request is still being processed. Please try again in a moment.';
export const IDEMPOTENCY_KEY_APPLIED = 'This request was already applied. Reload the page to see the result.';
/** A recorded key without an answer after this long: its request failed after its change was committed. */
const ANSWER_LOST_AFTER_S = 30;
/** How long a retry waits for a first request that is still running (its answer not recorded yet). */
const IN_PROGRESS_WAIT_MS = 2_000;
const IN_PROGRESS_POLL_MS = 50;

/** What a create answers: kept as is and sent again to a retry. */
export interface IdempotentAnswer {
  status: number;
  body: unknown;
}

interface Claim {
  actorId: number;
  key: string;
  route: string;
  fingerprint: string;
  recorded: boolean;
}

interface KeyRow {
  route: string;
  fingerprint: string;
  status: number | null;
  body: unknown;
  /** Seconds since the key was recorded. */
  age: number;
}

const pending = new AsyncLocalStorage<Claim>();

/** Thrown inside the create's transaction when another request holds the key: rolls the create back. */
class KeyTaken extends Error {}

/**
 * Records the key of the request being answered by `answerOnce`, in the caller's transaction (once per request;
 * a no-op without a key). A concurrent request with the same key waits on the key's unique index until the first
 * transaction ends; when the first committed, this one is rolled back and answered with the first answer.
 */
export async function recordIdempotencyKey<DB>(trx: Transaction<DB>): Promise<void> {
  const claim = pending.getStore();
  if (!claim || claim.recorded) return;
  const { rows } = await sql<{ recorded: number }>`
    INSERT INTO idempotency_keys (actor_id, key, route, fingerprint)
    VALUES (${claim.actorId}, ${claim.key}, ${claim.route}, ${claim.fingerprint})
    ON CONFLICT (actor_id, key) DO UPDATE
      SET route = excluded.route, fingerprint = excluded.fingerprint, status = NULL, body = NULL,
          created_at = now(), expires_at = now() + interval '1 day'
      WHERE idempotency_keys.expires_at <= now()
    RETURNING 1 AS recorded`.execute(trx);
  if (rows.length === 0) throw new KeyTaken();
  claim.recorded = true;
}

/** The header's key, or null without one; a malformed key is a 400 keyed by the header's name. */
export function idempotencyKeyOf(req: Request): string | null {
  const key = req.get(IDEMPOTENCY_KEY_HEADER);
  if (key === undefined) return null;
  if (!IDEMPOTENCY_KEY_PATTERN.test(key)) {
    throw new HttpError(400, IDEMPOTENCY_KEY_INVALID, { [IDEMPOTENCY_KEY_HEADER]: IDEMPOTENCY_KEY_INVALID });
  }
  return key;
}

/** JSON with object keys sorted, so the same body always has the same fingerprint. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export function requestFingerprint(body: unknown): string {
  return createHash('sha256').update(canonicalJson(body)).digest('hex');
}

function send(res: Response, answer: IdempotentAnswer): void {
  if (answer.status === 204 || answer.body === undefined) res.status(answer.status).end();
  else res.status(answer.status).json(answer.body);
}

async function findKey<DB>(db: Kysely<DB>, actorId: number, key: string): Promise<KeyRow | null> {
  const { rows } = await sql<KeyRow>`
    SELECT route, fingerprint, status, body, extract(epoch FROM now() - created_at)::float8 AS age
    FROM idempotency_keys
    WHERE actor_id = ${actorId} AND key = ${key} AND expires_at > now()`.execute(db);
  return rows[0] ?? null;
}

/**
 * Answers a create once per `Idempotency-Key` (see the file's comment): `handle` runs the command (whose
 * transaction records the key) and returns the answer, which this sends and keeps for the retries.
 */
export async function answerOnce<DB>(
  req: Request,
  res: Response,
  db: Kysely<DB>,
  handle: () => Promise<IdempotentAnswer>,
): Promise<void> {
  const key = idempotencyKeyOf(req);
  if (key === null) return send(res, await handle());
  const actor = requireActor(req);
  const claim: Claim = {
    actorId: actor.userId,
    key,
    route: `${req.method} ${req.baseUrl}${(req.route as { path?: string } | undefined)?.path ?? req.path}`,
    fingerprint: requestFingerprint(req.body),
    recorded: false,
  };
  const earlier = await findKey(db, claim.actorId, key);
  if (earlier) return replay(res, db, claim, earlier);
  let answer: IdempotentAnswer;
  try {
    answer = await pending.run(claim, handle);
  } catch (error) {
    if (error instanceof KeyTaken) {
      const first = await findKey(db, claim.actorId, key);
      if (first) return replay(res, db, claim, first);
      // The first request's create rolled back after all: nothing was applied, the retry may try again.
      res.set('Retry-After', '1');
      throw new HttpError(409, IDEMPOTENCY_KEY_IN_PROGRESS, undefined, 'IDEMPOTENCY_KEY_IN_PROGRESS');
    }
    // A refusal after the create committed (a read for the answer found nothing): kept as the answer, so a retry
    // is told the same. A 5xx is not kept (it says nothing final): a retry is told the change was applied.
    if (claim.recorded && error instanceof HttpError && error.status < 500) {
      await saveAnswer(db, claim, error.status, error.toBody());
    }
    throw error;
  }
  if (claim.recorded) await saveAnswer(db, claim, answer.status, answer.body);
  send(res, answer);
}

async function saveAnswer<DB>(db: Kysely<DB>, claim: Claim, status: number, body: unknown): Promise<void> {
  // The create is committed: a failure to keep its answer must not turn its success into an error.
  await sql`
    UPDATE idempotency_keys SET status = ${status}, body = ${JSON.stringify(body ?? null)}::jsonb
    WHERE actor_id = ${claim.actorId} AND key = ${claim.key}`
    .execute(db)
    .catch(() => {});
}

async function replay<DB>(res: Response, db: Kysely<DB>, claim: Claim, found: KeyRow): Promise<void> {
  if (found.route !== claim.route || found.fingerprint !== claim.fingerprint) {
    throw new HttpError(422, IDEMPOTENCY_KEY_MISMATCH, undefined, 'IDEMPOTENCY_KEY_MISMATCH');
  }
  if (found.status === null && found.age > ANSWER_LOST_AFTER_S) {
    throw new HttpError(409, IDEMPOTENCY_KEY_APPLIED, undefined, 'IDEMPOTENCY_KEY_APPLIED');
  }
  let row: KeyRow | null = found;
  const deadline = performance.now() + IN_PROGRESS_WAIT_MS;
  while (row && row.status === null && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, IN_PROGRESS_POLL_MS));
    row = await findKey(db, claim.actorId, claim.key);
  }
  if (!row || row.status === null) {
    res.set('Retry-After', '1');
    throw new HttpError(409, IDEMPOTENCY_KEY_IN_PROGRESS, undefined, 'IDEMPOTENCY_KEY_IN_PROGRESS');
  }
  res.set(IDEMPOTENT_REPLAYED_HEADER, 'true');
  send(res, { status: row.status, body: row.body });
}

/** Deletes expired keys, at most `batch` rows per statement and `maxBatches` statements per run. */
export async function purgeExpiredIdempotencyKeys<DB>(db: Kysely<DB>, batch = 1_000, maxBatches = 10): Promise<number> {
  let deleted = 0;
  for (let i = 0; i < maxBatches; i += 1) {
    const result = await sql`
      DELETE FROM idempotency_keys WHERE ctid IN (
        SELECT ctid FROM idempotency_keys WHERE expires_at <= now() LIMIT ${batch})`.execute(db);
    const count = Number(result.numAffectedRows ?? 0);
    deleted += count;
    if (count < batch) break;
  }
  return deleted;
}

/** Every service's background purge of expired keys (every 10 minutes by default; bounded batches). */
export function idempotencyPurgeTask<DB>(db: Kysely<DB>, logger: Logger, intervalMs = 10 * 60_000): BackgroundTask {
  let timer: NodeJS.Timeout | undefined;
  const run = async () => {
    try {
      const deleted = await purgeExpiredIdempotencyKeys(db);
      if (deleted > 0) logger.info({ deleted }, 'expired idempotency keys purged');
    } catch (error) {
      logger.warn({ err: error }, 'idempotency key purge failed');
    }
  };
  return {
    start: () => {
      timer = setInterval(() => void run(), intervalMs);
      timer.unref();
    },
    stop: async () => {
      clearInterval(timer);
    },
  };
}
