/**
 * `GET /api/auth/me` runs on every page load. Its answer depends only on the session and the person, and the
 * gateway already knows on every request whether either changed: it checks the session (live, displayed role,
 * sign-in-as) and holds the access profile, whose version moves with every change users makes to the person.
 * So the gateway keeps auth's last answer per actor key (identity.ts actorKey: session, profile version, acting
 * role) and replays it to the same session while nothing in that key changed, for ME_ANSWER_TTL_MS at most (30 s,
 * like the reuse of actor tokens: a bound for when the gateway's consumer of users' events lags behind auth's).
 *
 * Auth stays the only author of the answer (the presenter, the spec's shape): the gateway keeps auth's bytes and
 * headers. It keeps an answer only when auth built it from a copy of the person at least as new as the profile
 * the gateway holds (PERSON_VERSION_HEADER), so auth's consumer lagging behind the gateway's never gets a stale
 * answer kept under a new version. Sign-in-as sessions are never replayed: their answer names the admin, whose
 * changes the key does not follow. A request with `Cache-Control: no-cache` (or `Pragma: no-cache`) goes to auth,
 * as HTTP caches do, and nothing is replayed while auth's breaker is not closed (app.ts). docs/decisions.md,
 * "GET /api/auth/me at the gateway".
 */
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { PERSON_VERSION_HEADER, type SessionRecord } from '@rainmakers/contracts';
import { TtlLru } from '@rainmakers/kit';
import type { Request, Response } from 'express';

export const ME_PATH = '/api/auth/me';

/** Larger answers are not kept (a /me answer is well under 1 KB; a person with many tags stays far below). */
const MAX_BODY_BYTES = 64 * 1024;

/** Headers that describe one response or connection, not the answer: never replayed. */
const NOT_REPLAYED = new Set([
  PERSON_VERSION_HEADER,
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'date',
  'x-request-id',
  'set-cookie',
]);

interface KeptAnswer {
  headers: Array<[string, string | string[]]>;
  body: Buffer;
}

export class MeAnswers {
  private readonly answers: TtlLru<string, KeptAnswer>;

  constructor(
    readonly ttlMs: number,
    maxEntries = 20_000,
  ) {
    this.answers = new TtlLru(ttlMs, maxEntries);
  }

  /**
   * What this call may do with kept answers: 'replay' for the session check in its plain form (GET, this path, no
   * conditional headers, which auth judges itself; not a sign-in-as session); 'refresh' when it asks for a fresh
   * answer (auth answers, and its answer is kept); null for anything else. `path` is the normalized path (routes.ts).
   */
  mode(req: Request, path: string, session: SessionRecord): 'replay' | 'refresh' | null {
    const headers = req.headers;
    if (
      this.ttlMs <= 0 ||
      req.method !== 'GET' ||
      path !== ME_PATH ||
      session.impersonatorId !== null ||
      headers['if-none-match'] !== undefined ||
      headers['if-modified-since'] !== undefined
    ) {
      return null;
    }
    return asksForFresh(headers['cache-control']) || asksForFresh(headers.pragma) ? 'refresh' : 'replay';
  }

  /** Answers from a kept answer; false when there is none for this key. */
  replay(key: string, res: Response): boolean {
    const kept = this.answers.get(key);
    if (!kept) return false;
    for (const [name, value] of kept.headers) res.setHeader(name, value);
    res.setHeader('content-length', kept.body.length);
    res.status(200).end(kept.body);
    return true;
  }

  /**
   * Called with auth's answer as soon as its headers arrive (the proxy's response hook, before it removes the
   * internal header): keeps the body as it streams by when the answer can be replayed as is.
   */
  watch(key: string, profileVersion: number, upstream: IncomingMessage): void {
    if (!replayable(upstream.statusCode, upstream.headers, profileVersion)) return;
    const headers = Object.entries(upstream.headers).filter(
      (entry): entry is [string, string | string[]] => entry[1] !== undefined && !NOT_REPLAYED.has(entry[0]),
    );
    const chunks: Buffer[] = [];
    let size = 0;
    upstream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    upstream.once('end', () => {
      if (size <= MAX_BODY_BYTES && upstream.complete) this.answers.set(key, { headers, body: Buffer.concat(chunks) });
    });
  }

  clear(): void {
    this.answers.clear();
  }
}

const asksForFresh = (value: string | undefined) => value !== undefined && /no-cache|no-store|max-age=0/i.test(value);

/**
 * A 200 without cookies or content encoding (replayed to anyone of the session, whatever they accept), built from
 * a copy of the person at least as new as the gateway's profile.
 */
export function replayable(status: number | undefined, headers: IncomingHttpHeaders, profileVersion: number): boolean {
  if (status !== 200 || headers['set-cookie'] !== undefined || headers['content-encoding'] !== undefined) return false;
  const raw = headers[PERSON_VERSION_HEADER];
  const version = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  return version >= profileVersion;
}
