import { createSecretKey, type KeyObject } from 'node:crypto';
import { type Actor, actorSchema, type SecondFactorSettings, withSecondFactorRule } from '@rainmakers/contracts';
import type { NextFunction, Request, Response } from 'express';
import jwt from 'jsonwebtoken';
import { forbidden, unauthorized } from './errors';
import { TtlLru } from './lru';
import { keysToTry, type SecretKeys } from './secret-keys';

export const INTERNAL_TOKEN_HEADER = 'x-internal-token';
const AUDIENCE = 'rainmakers-services';
const ACTOR_TTL_SECONDS = 60;

declare global {
  namespace Express {
    interface Request {
      /** The person behind the request, from the gateway's internal token; undefined for anonymous calls. */
      actor?: Actor;
      /** Set when the caller is another service (an /internal/* call). */
      callerService?: string;
    }
  }
}

const keys = new Map<string, KeyObject>();

/**
 * The HMAC key of a secret, built once. Given a string, jsonwebtoken first tries to parse it as a private key
 * (and throws) on every sign and verify: ~0.5 ms per call, a third of a cheap request's CPU.
 */
export function hmacKey(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(Buffer.from(secret, 'utf8'));
    keys.set(secret, key);
  }
  return key;
}

type TokenClaims = { kind: 'actor'; actor: Actor } | { kind: 'service'; service: string };

/** Minted by the gateway for every request from a signed-in person. */
export function signActorToken(actor: Actor, secret: string, ttlSeconds = ACTOR_TTL_SECONDS): string {
  return jwt.sign({ kind: 'actor', actor } satisfies TokenClaims, hmacKey(secret), {
    algorithm: 'HS256',
    audience: AUDIENCE,
    expiresIn: ttlSeconds,
  });
}

/** Minted by a service calling another service's /internal/* routes. */
export function signServiceToken(service: string, secret: string, ttlSeconds = ACTOR_TTL_SECONDS): string {
  return jwt.sign({ kind: 'service', service } satisfies TokenClaims, hmacKey(secret), {
    algorithm: 'HS256',
    audience: AUDIENCE,
    expiresIn: ttlSeconds,
  });
}

/**
 * The process's second-factor setting (SECOND_FACTOR_REQUIRED_FOR_COACHES), set once at boot by `runService`,
 * `runWorker` and the gateway; admins need the factor whatever it says.
 */
const secondFactorSettings: SecondFactorSettings = { requiredForCoaches: false };

export function configureSecondFactorRule(settings: SecondFactorSettings): void {
  secondFactorSettings.requiredForCoaches = settings.requiredForCoaches;
  for (const kept of verifiedTokens.values()) kept.clear();
}

/**
 * An actor a service may act on: parsed, then put under the one rule for staff powers (contracts
 * `withSecondFactorRule`), so a session that has not passed the second factor holds no staff role in any policy,
 * whoever minted the token. Job workers that act for a person read their actor through this too.
 */
export function trustedActor(raw: unknown): Actor | null {
  const actor = actorSchema.safeParse(raw);
  return actor.success ? withSecondFactorRule(actor.data, secondFactorSettings) : null;
}

/**
 * Tokens this process verified (per secret), by their whole text (signature included, so only a token that passed the check can
 * match), kept until a few seconds before their own expiry: the gateway reuses one token per person for 30 s, so a
 * service checked the same HMAC and parsed the same actor on every call (jsonwebtoken, jws and the actor's schema
 * were ~4 % of a course page's CPU in the courses service). The bound holds about a minute of a busy hour's people.
 */
const verifiedTokens = new Map<string, TtlLru<string, TokenClaims>>();
/** A kept token leaves this long before its `exp`, so clock rounding never honours one past it. */
const KEEP_MARGIN_MS = 2000;

function keptFor(secret: string): TtlLru<string, TokenClaims> {
  let verified = verifiedTokens.get(secret);
  if (!verified) {
    verified = new TtlLru<string, TokenClaims>(ACTOR_TTL_SECONDS * 1000, 10_000);
    verifiedTokens.set(secret, verified);
  }
  return verified;
}

function verifyWith(token: string, secret: string): TokenClaims | null {
  try {
    const claims = jwt.verify(token, hmacKey(secret), { algorithms: ['HS256'], audience: AUDIENCE }) as TokenClaims & {
      exp?: number;
    };
    let trusted: TokenClaims | null = null;
    if (claims.kind === 'actor') {
      const actor = trustedActor(claims.actor);
      trusted = actor ? { kind: 'actor', actor } : null;
    } else if (claims.kind === 'service' && typeof claims.service === 'string') {
      trusted = { kind: 'service', service: claims.service };
    }
    if (trusted && typeof claims.exp === 'number') {
      keptFor(secret).set(token, trusted, claims.exp * 1000 - Date.now() - KEEP_MARGIN_MS);
    }
    return trusted;
  } catch {
    return null;
  }
}

/**
 * The claims of a token signed with one of `secrets` (current first, then the previous one during a rotation).
 * A token is kept under the secret that verified it and looked up only under the secrets given, so once the
 * previous secret is gone from the list nothing it signed is honoured, kept or not.
 */
function verify(token: string, secrets: readonly string[]): TokenClaims | null {
  for (const secret of secrets) {
    const kept = keptFor(secret).get(token);
    if (kept) return kept;
  }
  for (const secret of secrets) {
    const claims = verifyWith(token, secret);
    if (claims) return claims;
  }
  return null;
}

/**
 * Reads the internal token into req.actor / req.callerService. A missing token means an anonymous call;
 * a bad one is refused, since only the gateway and our services can reach us. Tokens are signed with the current
 * secret; one signed with the previous secret (INTERNAL_TOKEN_SECRET_PREVIOUS) passes too, so pods of a rollout
 * that still sign with the old secret are not refused while the new one spreads.
 */
export function internalTokenMiddleware(keys: SecretKeys | string) {
  const secrets = keysToTry(keys);
  return (req: Request, _res: Response, next: NextFunction) => {
    const header = req.headers[INTERNAL_TOKEN_HEADER];
    if (typeof header !== 'string' || header === '') return next();
    const claims = verify(header, secrets);
    if (!claims) return next(unauthorized('Invalid internal token'));
    if (claims.kind === 'actor') req.actor = claims.actor;
    else req.callerService = claims.service;
    next();
  };
}

/** The signed-in person, or 401. */
export function requireActor(req: Request): Actor {
  if (!req.actor) throw unauthorized();
  return req.actor;
}

/** Guards /internal/* routers: only other services, never the gateway's forwarded people. */
export function requireService(req: Request, _res: Response, next: NextFunction) {
  if (!req.callerService) return next(forbidden('Internal route'));
  next();
}
