/**
 * What the gateway tells a service about the person behind a request: nothing that came from outside, only
 * a short-lived internal token carrying the actor built from the live session and the fresh access profile.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import {
  type AccessProfile,
  type Actor,
  type SecondFactorSettings,
  type SessionRecord,
  sessionRoles,
} from '@rainmakers/contracts';
import { INTERNAL_TOKEN_HEADER, signActorToken, TtlLru } from '@rainmakers/kit';

/** Headers that claim an identity or a gateway decision; only the gateway itself may set them upstream. */
const IDENTITY_HEADER_PREFIXES = [
  'x-internal-',
  'x-user-',
  'x-actor',
  'x-service-',
  'x-gateway-',
  'x-auth-',
  'x-forwarded-user',
  'x-forwarded-email',
  'x-forwarded-groups',
  'x-forwarded-preferred-username',
  'x-forwarded-access-token',
  'x-remote-',
  'remote-user',
];
const IDENTITY_HEADERS = new Set([INTERNAL_TOKEN_HEADER, 'x-user', 'x-userid', 'x-user-id', 'x-role', 'x-roles']);
/** Hop-by-hop headers: they describe the client's connection, not the request (keep-alive to upstreams stays on). */
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'proxy-authorization', 'te', 'upgrade'];

export function isIdentityHeader(name: string): boolean {
  const lower = name.toLowerCase();
  return IDENTITY_HEADERS.has(lower) || IDENTITY_HEADER_PREFIXES.some((prefix) => lower.startsWith(prefix));
}

/** Removes identity claims and hop-by-hop headers from an incoming request's headers (in place). */
export function stripIncomingHeaders(headers: IncomingHttpHeaders): void {
  for (const name of Object.keys(headers)) {
    if (isIdentityHeader(name)) delete headers[name];
  }
  for (const name of HOP_BY_HOP) delete headers[name];
}

/**
 * The actor services receive, as the architecture fixes it. Its roles follow the one rule for staff powers
 * (contracts `sessionRoles`): an account whose role needs a second factor, in a session that has not passed it,
 * acts with the stand-in role and no switched role until its owner signs in with the factor.
 */
export function buildActor(
  sid: string,
  session: SessionRecord,
  profile: AccessProfile,
  settings: SecondFactorSettings,
): Actor {
  const secondFactor = session.secondFactor === true;
  const roles = sessionRoles(profile.role, session.actingRole, secondFactor, settings);
  return {
    userId: session.userId,
    sessionId: sid,
    role: roles.role,
    accountRole: roles.accountRole,
    isAdmin: roles.isAdmin,
    tagIds: profile.tagIds,
    tagNames: profile.tagNames,
    stripeStatus: profile.stripeStatus,
    alwaysGrantAccess: profile.alwaysGrantAccess,
    impersonatorId: session.impersonatorId,
    // Never changes for an account, so the token cache key below need not carry it.
    createdAt: profile.createdAt ?? null,
    // Changes only with the profile's version, which the token cache key carries.
    email: profile.email ?? null,
    secondFactor,
    withheldRole: roles.withheldRole,
  };
}

/**
 * Names everything the actor (and auth's answer to /api/auth/me) is built from that can change: the session, the
 * profile's version, the displayed role and the admin behind a sign-in-as. Equal keys, equal actors.
 */
export function actorKey(sid: string, session: SessionRecord, profile: AccessProfile): string {
  return `${sid}|${profile.userId}|${profile.version}|${session.actingRole ?? ''}|${session.impersonatorId ?? ''}|${session.secondFactor === true ? 2 : 1}`;
}

/**
 * Mints internal tokens (valid 60 s) and reuses one for 30 s per (session, profile version, acting role),
 * so a busy person costs one HMAC every half minute instead of one per request.
 */
export class ActorTokenCache {
  private readonly tokens: TtlLru<string, string>;

  constructor(
    private readonly secret: string,
    private readonly settings: SecondFactorSettings,
    private readonly options: { tokenTtlSeconds: number; reuseMs: number; maxEntries: number } = {
      tokenTtlSeconds: 60,
      reuseMs: 30_000,
      maxEntries: 20_000,
    },
  ) {
    this.tokens = new TtlLru(options.reuseMs, options.maxEntries);
  }

  tokenFor(sid: string, session: SessionRecord, profile: AccessProfile): string {
    const key = actorKey(sid, session, profile);
    const cached = this.tokens.get(key);
    if (cached) return cached;
    const token = signActorToken(
      buildActor(sid, session, profile, this.settings),
      this.secret,
      this.options.tokenTtlSeconds,
    );
    this.tokens.set(key, token);
    return token;
  }
}

export const REQUEST_ID_HEADER = 'x-request-id';
const REQUEST_ID_PATTERN = /^[\w.:@/+=-]{1,100}$/;

/** The incoming request id when it is a sane token, else a new one. */
export function requestIdFrom(incoming: string | string[] | undefined): string {
  return typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID();
}

/**
 * X-Forwarded-For as upstreams should see it: the addresses the gateway trusts (per `trust proxy`), from the
 * client to the nearest hop, then the address that connected to the gateway. Anything a client wrote before
 * the first untrusted address is dropped.
 * `trustedChain` is Express' `req.ips` (client first, connecting peer excluded).
 */
export function forwardedFor(trustedChain: string[], peerAddress: string | undefined): string {
  return [...trustedChain, ...(peerAddress ? [peerAddress] : [])].join(', ');
}
