/**
 * What every seed module receives. `scripts/seed/index.ts` creates the people and tags, then imports every
 * other module in scripts/seed/ (sorted by file name) that exports `seed(ctx: SeedContext)` and runs it.
 * A seed module must be idempotent: a second run (npm start on an existing .data, or a re-seed) skips what exists.
 */
import type { InternalClient } from '@rainmakers/kit';
import type { ServiceName } from '../lib/topology';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface GatewayResponse<T = unknown> {
  status: number;
  /** Parsed JSON when the response is JSON, else the text (or undefined when empty). */
  body: T;
  headers: Headers;
}

/** Thrown by the throwing helpers (get/post/put/patch/del) on any status >= 400. */
export class GatewayRequestError extends Error {
  constructor(
    readonly method: string,
    readonly path: string,
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`${method} ${path} answered ${status}: ${typeof body === 'string' ? body : JSON.stringify(body)}`);
    this.name = 'GatewayRequestError';
  }
}

/**
 * A browser-like client through the gateway: keeps cookies (the rm_session and rm_csrf cookies), sends the
 * CSRF header (x-csrf-token = rm_csrf cookie) on unsafe methods, and JSON-encodes bodies (FormData is sent as is).
 */
export interface GatewaySession {
  readonly baseUrl: string;
  /** Never throws on an HTTP status; use it to check error answers. */
  request<T = unknown>(method: HttpMethod, path: string, body?: unknown): Promise<GatewayResponse<T>>;
  /** These resolve with the JSON body and throw GatewayRequestError on a status >= 400. */
  get<T = unknown>(path: string): Promise<T>;
  post<T = unknown>(path: string, body?: unknown): Promise<T>;
  put<T = unknown>(path: string, body?: unknown): Promise<T>;
  patch<T = unknown>(path: string, body?: unknown): Promise<T>;
  del<T = unknown>(path: string, body?: unknown): Promise<T>;
  /** A cookie the gateway has set on this session, if any. */
  cookie(name: string): string | undefined;
}

/** The keys of the people `scripts/seed/index.ts` creates. */
export type SeedPersonKey = 'admin' | 'coach' | 'premium' | 'newPremium' | 'courseOnly' | 'basic' | 'blocked';

export interface SeededPerson {
  id: number;
  fullName: string;
  email: string;
  password: string;
  role: 'admin' | 'coach' | 'premium' | 'course only' | 'basic';
  /** The base32 TOTP secret the account is enrolled with (the seeded admin). */
  totpSecret?: string;
}

export interface SeedContext {
  /** e.g. http://127.0.0.1:8080 */
  gatewayUrl: string;
  /** Signs in through the gateway (POST /api/auth/signin); throws when sign-in fails. */
  signInAs(email: string, password: string): Promise<GatewaySession>;
  /** Kit internal client for one service's /internal/* routes, as the service 'seed'. */
  internal(service: ServiceName): InternalClient;
  /**
   * The people created by the base seed (ids are real ids from the users service). newPremium is optional here
   * only so that contexts built by hand in older tests (services/courses/test/seed.test.ts) still type-check.
   */
  people: Record<Exclude<SeedPersonKey, 'newPremium' | 'blocked'>, SeededPerson> &
    Partial<Record<'newPremium' | 'blocked', SeededPerson>>;
  /** The local Stripe stand-in (its control calls make the blocked member's past_due subscription); null with Stripe. */
  stripeStandInUrl?: string | null;
  /**
   * Tag name -> id for the tags created by the base seed ('Mastermind', 'nova', 'teller', 'Wholesale Bootcamp', and
   * 'Webinar Guest', the one allowed on sign-up links).
   */
  tags: Record<string, number>;
  log(message: string): void;
}

/** What a seed module exports. */
export type SeedModule = { seed(ctx: SeedContext): Promise<void> };
