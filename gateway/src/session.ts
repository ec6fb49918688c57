/**
 * Who is behind a request: the session cookie (a JWT signed by auth) names a session id; the session must
 * still be live in Redis (auth mirrors it there and deletes it on revocation) or, on a miss, at auth itself.
 * Live: before its absolute end (expiresAt) and its idle end (idleExpiresAt). A session in use is touched at
 * auth (POST /internal/sessions/{sid}/touch) at most every SESSION_TOUCH_INTERVAL_SECONDS per process, in the
 * background: the idle end moves forward without a write per request.
 *
 * A tiny in-process cache (LOCAL_CACHE_TTL_MS, 1 s) sits in front of Redis to keep the hot path fast:
 * a session revoked elsewhere may therefore still be honoured by this process for up to that long. Calls
 * made through this gateway that change the session (sign-out, role switch, sign-in as) evict it at once.
 *
 * A Redis blip must not turn into 503 on every route (or a stampede on auth): while Redis fails, a session this
 * process checked within REDIS_OUTAGE_GRACE_MS (5 s) is answered from that last check, and only sessions not
 * checked that recently are asked of auth; the same when Redis lacks the session (it came back empty) and auth
 * cannot answer. A session revoked during the outage is therefore honoured by this process for at most that long
 * after its last check (docs/decisions.md "Degrade under load").
 */
import {
  revokedSessionMarkerSchema,
  SESSION_IDLE_DAYS,
  SESSION_TOUCH_INTERVAL_SECONDS,
  type SessionRecord,
  sessionCacheKey,
  sessionRecordSchema,
} from '@rainmakers/contracts';
import {
  HttpError,
  type InternalClient,
  type Logger,
  type Redis,
  readCookie,
  type SecretKeys,
  type SessionTokenClaims,
  SingleFlight,
  serviceUnavailable,
  signSessionToken,
  TtlLru,
  verifySessionToken,
} from '@rainmakers/kit';
import { z } from 'zod';

/**
 * Verifies session cookies, remembering each token's result briefly: a signed-in browser sends the same token
 * on every call, and the claims of a token never change (expiry is 30 days away, revocation is the session's).
 */
export class SessionCookieVerifier {
  private readonly verified = new TtlLru<string, SessionTokenClaims | null>(5000, 20_000);

  constructor(
    private readonly keys: SecretKeys,
    private readonly cookieName: string,
  ) {}

  claims(cookieHeader: string | undefined): SessionTokenClaims | null {
    const token = readCookie(cookieHeader, this.cookieName);
    if (!token) return null;
    const cached = this.verified.get(token);
    if (cached !== undefined) return cached;
    const claims = verifySessionToken(token, this.keys);
    this.verified.set(token, claims);
    return claims;
  }
}

/**
 * The cookie of a token signed with the previous session secret, signed again with the current one (same session,
 * same end), so a rotation signs nobody out: a browser in use moves to the new secret on its next request, and one
 * unused until the previous secret is removed has passed its idle end anyway (docs/deploy.md "Rotating secrets").
 * The attributes are auth's (its sessionCookieOptions): HttpOnly, SameSite=Lax, Path=/, Secure over https.
 */
export function resignedSessionCookie(
  cookieName: string,
  claims: SessionTokenClaims,
  currentSecret: string,
  secure: boolean,
): string {
  const token = signSessionToken({ id: claims.sid, userId: claims.userId, expiresAt: claims.expiresAt }, currentSecret);
  return `${cookieName}=${token}; Path=/; Expires=${claims.expiresAt.toUTCString()}; HttpOnly${secure ? '; Secure' : ''}; SameSite=Lax`;
}

/** auth or users could not be asked: 503 SERVICE_UNAVAILABLE, like the proxy's answer for their routes. */
export { serviceUnavailable } from '@rainmakers/kit';

const internalSessionResponse = z.object({ session: sessionRecordSchema });

export interface SessionStoreOptions {
  redis: Redis;
  prefix: string;
  auth: InternalClient;
  logger: Logger;
  localTtlMs: number;
  recacheMaxSeconds: number;
  /** How long the last check of a session may stand in for Redis while Redis fails (0: never). */
  outageGraceMs?: number;
  now?: () => number;
}

/** A lookup's answer, and whether it came from the last check because Redis failed (not cached locally then). */
interface Loaded<V> {
  value: V;
  stale: boolean;
}

const IDLE_MS = SESSION_IDLE_DAYS * 24 * 60 * 60 * 1000;
const TOUCH_INTERVAL_MS = SESSION_TOUCH_INTERVAL_SECONDS * 1000;

export class SessionStore {
  private readonly local: TtlLru<string, SessionRecord | null>;
  private readonly loads = new SingleFlight<string, Loaded<SessionRecord | null>>();
  /** The last answer Redis or auth gave for each session, kept REDIS_OUTAGE_GRACE_MS (for Redis blips only). */
  private readonly lastChecked: TtlLru<string, SessionRecord | null>;
  /** Sessions this process asked auth to touch lately (one touch per interval, whatever the traffic). */
  private readonly touched = new TtlLru<string, true>(TOUCH_INTERVAL_MS, 50_000);
  private readonly now: () => number;

  constructor(private readonly options: SessionStoreOptions) {
    this.now = options.now ?? Date.now;
    this.local = new TtlLru(options.localTtlMs, 50_000, this.now);
    this.lastChecked = new TtlLru(options.outageGraceMs ?? 0, 50_000, this.now);
  }

  /** The live session, or null when it is unknown, revoked, expired or idle too long. */
  async get(sid: string): Promise<SessionRecord | null> {
    let session = this.local.get(sid);
    if (session === undefined) {
      const loaded = await this.loads.run(sid, () => this.load(sid));
      session = loaded.value;
      if (!loaded.stale) this.local.set(sid, session);
    }
    if (!session || !this.isLive(session)) return null;
    this.touchIfDue(sid, session);
    return session;
  }

  /**
   * Last seen (idle end minus the idle timeout) older than the touch interval: ask auth to move it forward, in
   * the background (the request does not wait; a failed touch is retried after the interval).
   */
  private touchIfDue(sid: string, session: SessionRecord): void {
    const lastSeen = Date.parse(session.idleExpiresAt) - IDLE_MS;
    if (this.now() - lastSeen < TOUCH_INTERVAL_MS || this.touched.get(sid)) return;
    this.touched.set(sid, true);
    this.options.auth
      .request('POST', `/internal/sessions/${encodeURIComponent(sid)}/touch`)
      .then(() => this.local.delete(sid))
      .catch((error: unknown) => {
        if (error instanceof HttpError && error.status === 404) this.local.delete(sid);
        else this.options.logger.warn({ err: error }, 'session touch at auth failed');
      });
  }

  /** Forgets what this process remembers about a session (after a call that changed it). */
  evictLocal(sid: string): void {
    this.local.delete(sid);
    this.lastChecked.delete(sid);
  }

  private isLive(session: SessionRecord): boolean {
    const end = Math.min(Date.parse(session.expiresAt), Date.parse(session.idleExpiresAt));
    return Number.isFinite(end) && end > this.now();
  }

  private async load(sid: string): Promise<Loaded<SessionRecord | null>> {
    const key = sessionCacheKey(this.options.prefix, sid);
    let redisUp = true;
    try {
      const raw = await this.options.redis.get(key);
      if (raw !== null) {
        const value = parseJson(raw);
        if (revokedSessionMarkerSchema.safeParse(value).success) return this.checked(sid, null);
        const session = sessionRecordSchema.safeParse(value);
        if (session.success) return this.checked(sid, session.data);
      }
    } catch (error) {
      redisUp = false;
      // A blip: the last check, when recent enough, answers instead of auth.
      const last = this.lastChecked.get(sid);
      if (last !== undefined) return { value: last, stale: true };
      this.options.logger.warn({ err: error }, 'session cache unavailable; asking auth');
    }
    let session: SessionRecord | null;
    try {
      session = await this.fetchFromAuth(sid);
    } catch (error) {
      // auth cannot answer either (busy with everyone's lookups after Redis came back empty, or down): the last
      // check, when recent enough, stands.
      const last = this.lastChecked.get(sid);
      if (last !== undefined) return { value: last, stale: true };
      throw error;
    }
    if (session && redisUp && this.isLive(session)) await this.recache(key, session);
    return this.checked(sid, session);
  }

  private checked(sid: string, session: SessionRecord | null): Loaded<SessionRecord | null> {
    this.lastChecked.set(sid, session);
    return { value: session, stale: false };
  }

  private async fetchFromAuth(sid: string): Promise<SessionRecord | null> {
    try {
      const body = await this.options.auth.request<unknown>('GET', `/internal/sessions/${encodeURIComponent(sid)}`);
      const { session } = internalSessionResponse.parse(body);
      return {
        userId: session.userId,
        actingRole: session.actingRole,
        impersonatorId: session.impersonatorId,
        expiresAt: session.expiresAt,
        idleExpiresAt: session.idleExpiresAt,
        secondFactor: session.secondFactor ?? false,
      };
    } catch (error) {
      if (error instanceof HttpError && error.status === 404) return null;
      this.options.logger.error({ err: error }, 'session lookup at auth failed');
      throw serviceUnavailable();
    }
  }

  /**
   * Writes the session back only if nothing is there (NX), with a bounded TTL: a revocation that lands
   * between auth's answer and this write is never undone: auth replaces the mirror with the revocation marker
   * (it does not delete it), so the NX write finds the key taken. Bounded TTL as a second line of defence.
   */
  private async recache(key: string, session: SessionRecord): Promise<void> {
    const end = Math.min(Date.parse(session.expiresAt), Date.parse(session.idleExpiresAt));
    const ttlMs = Math.min(end - this.now(), this.options.recacheMaxSeconds * 1000);
    if (ttlMs <= 0) return;
    try {
      await this.options.redis.set(key, JSON.stringify(session), 'PX', ttlMs, 'NX');
    } catch (error) {
      this.options.logger.warn({ err: error }, 'could not re-cache session');
    }
  }
}

export function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}
