import path from 'node:path';
import {
  DEFAULT_PORTS,
  SERVICES,
  type ServiceAddrVar,
  type ServiceName,
  serviceAddrVar,
  UPLOAD_MAX_BYTES,
} from '@rainmakers/contracts';
import { type ConfigProblem, DEV_SECRETS, loadConfig, previousSecretSchema, type SecretKeys } from '@rainmakers/kit';
import { z } from 'zod';
import { admissionConfigShape } from './admission';
import { resilienceConfigShape } from './resilience-config';
import { DEFAULT_UPSTREAM_TIMEOUTS_MS, type UpstreamTimeout } from './routes';

/** The services behind the gateway (contracts' topology). */
export const UPSTREAMS = SERVICES;
export type Upstream = ServiceName;
export type UpstreamAddrVar = ServiceAddrVar;
export const upstreamAddrVar = serviceAddrVar;

/** Sockets per upstream in the keep-alive pool unless UPSTREAM_MAX_SOCKETS says otherwise. */
export const DEFAULT_UPSTREAM_MAX_SOCKETS = 256;

const count = (fallback: number) => z.coerce.number().int().min(1).default(fallback);
const seconds = (fallback: number) => z.coerce.number().int().min(1).default(fallback);
/** MEMBER_OVERVIEW_PART_KEEP_MS's default (member-overview.ts KeptParts). */
export const DEFAULT_OVERVIEW_PART_KEEP_MS = 2_000;

const milliseconds = (fallback: number) => z.coerce.number().int().min(0).default(fallback);
/** Space- or comma-separated list of CSP sources, e.g. "https://widget.example.com https://cdn.example.com". */
const sourceList = z
  .string()
  .default('')
  .transform((value) => value.split(/[\s,]+/).filter((source) => source.length > 0));

const addrShape = Object.fromEntries(UPSTREAMS.map((name) => [upstreamAddrVar(name), z.string().url().optional()])) as {
  [K in UpstreamAddrVar]: z.ZodOptional<z.ZodString>;
};

export const configShape = {
  SERVICE_NAME: z.string().default('gateway'),
  PORT: z.coerce.number().int().min(0).max(65535).default(DEFAULT_PORTS.gateway),
  /**
   * Port of the gateway's Prometheus endpoint (GET /metrics), apart from the public port so it is never served to
   * the internet (0: off). Services and workers serve /metrics on their own, internal ports.
   */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  /** Verifies the rm_session cookie (a JWT signed by auth with the same secret). */
  SESSION_SECRET: z.string().min(16).default(DEV_SECRETS.SESSION_SECRET),
  /**
   * The session secret being replaced, while a rotation runs (auth reads the same): cookies and CSRF tokens signed
   * with it still pass, and the gateway signs such a cookie again with SESSION_SECRET (docs/deploy.md "Rotating
   * secrets"). Unset outside a rotation.
   */
  SESSION_SECRET_PREVIOUS: previousSecretSchema(z.string().min(16)),
  ...addrShape,
  /** The built web app (Vite output). */
  WEB_DIST: z.string().default(path.resolve(import.meta.dirname, '../../web/dist')),
  /**
   * Express "trust proxy": which hops in front of the gateway may set X-Forwarded-For/-Proto/-Host.
   * Default: none (`npm start`: browsers connect directly, so a sent X-Forwarded-For is ignored and auth's
   * per-address sign-in limits see the real peer). Behind a Kubernetes ingress: "loopback, uniquelocal".
   */
  TRUST_PROXY: z.string().default('false'),
  /** Idle time allowed on an upstream answer to an ordinary API call before the gateway answers 503. */
  UPSTREAM_TIMEOUT_MS: milliseconds(DEFAULT_UPSTREAM_TIMEOUTS_MS.api),
  /** The same for uploads, CSV imports/exports and AI calls (routes.ts TRANSFER_CALLS). */
  UPSTREAM_TRANSFER_TIMEOUT_MS: milliseconds(DEFAULT_UPSTREAM_TIMEOUTS_MS.transfer),
  /** Idle time allowed on a server-sent event stream (routes.ts STREAM_CALLS; the board writes a heartbeat). */
  UPSTREAM_STREAM_TIMEOUT_MS: milliseconds(DEFAULT_UPSTREAM_TIMEOUTS_MS.stream),
  /** A new connection to a service that is not established within this long fails (503). */
  UPSTREAM_CONNECT_TIMEOUT_MS: milliseconds(1000),
  /** Failed calls in a row (refused, reset, timed out) that open a service's breaker. */
  UPSTREAM_BREAKER_FAILURES: count(5),
  /** How long an open breaker answers 503 before it lets one trial call through. */
  UPSTREAM_BREAKER_OPEN_MS: milliseconds(2000),
  /** Each service's /healthz is probed this often (0: never); a probe unanswered for the timeout opens its breaker. */
  UPSTREAM_PROBE_INTERVAL_MS: milliseconds(200),
  UPSTREAM_PROBE_TIMEOUT_MS: count(600),
  /** GET /api/dashboard: each card's source that has not answered within this long shows its error fallback. */
  DASHBOARD_SOURCE_DEADLINE_MS: milliseconds(800),
  /** GET /api/user/overview/{id}: a member page's part that has not answered within this long shows "could not be loaded". */
  MEMBER_OVERVIEW_PART_DEADLINE_MS: milliseconds(800),
  /** GET /api/account/export: every service's part must answer within this long, else the whole file is 503. */
  ACCOUNT_EXPORT_PART_DEADLINE_MS: milliseconds(5_000),
  /**
   * GET /api/user/overview/{id}: how long a part's answer (purchases, courses, certificates, board) is kept per member
   * and shown again without asking its service (0: never). users' part, which decides access, is never kept.
   */
  MEMBER_OVERVIEW_PART_KEEP_MS: milliseconds(DEFAULT_OVERVIEW_PART_KEEP_MS),
  /** Sockets per upstream service in the keep-alive pool. */
  UPSTREAM_MAX_SOCKETS: count(DEFAULT_UPSTREAM_MAX_SOCKETS),
  /**
   * In-process cache of sessions and access profiles in front of Redis. A revoked session or a changed
   * profile can be honoured by another gateway replica for up to this long.
   */
  LOCAL_CACHE_TTL_MS: milliseconds(1000),
  /**
   * Longest the gateway replays auth's answer to GET /api/auth/me for the same session and profile version
   * (me-answers.ts; 0: never, every call goes to auth). A change moves the version and ends the replay before.
   */
  ME_ANSWER_TTL_MS: milliseconds(30_000),
  /** The resources service's upload limit (same variable): a larger announced body is refused here, unread. */
  UPLOAD_MAX_BYTES: count(UPLOAD_MAX_BYTES),
  /** How long Redis keeps an access profile fetched from users (events keep it fresh meanwhile). */
  PROFILE_CACHE_TTL_SECONDS: seconds(24 * 60 * 60),
  /** Upper bound of the TTL the gateway gives a session it re-cached from auth (auth's own mirror lasts to expiry). */
  SESSION_RECACHE_MAX_SECONDS: seconds(60 * 60),
  /** Events left unacknowledged this long by a crashed or stuck consumer are taken over (kit reclaimIdleMs). */
  EVENT_RECLAIM_IDLE_MS: count(30_000),
  ...resilienceConfigShape,
  ...admissionConfigShape,

  // Extra Content-Security-Policy sources (the app itself, YouTube and Vimeo are always allowed).
  CSP_EXTRA_SCRIPT_SRC: sourceList,
  CSP_EXTRA_IMG_SRC: sourceList,
  CSP_EXTRA_FRAME_SRC: sourceList,
  CSP_EXTRA_CONNECT_SRC: sourceList,
};

export type GatewayConfig = ReturnType<typeof loadGatewayConfig>;

/** Reads and validates the gateway's settings once, at boot. */
export function loadGatewayConfig(env: Record<string, string | undefined> = process.env) {
  const upstreams = {} as Record<Upstream, string>;
  // Missing service addresses are listed with every other problem of the environment (kit loadConfig).
  const config = loadConfig(configShape, env, (parsed) => {
    const problems: ConfigProblem[] = [];
    for (const name of UPSTREAMS) {
      const variable = upstreamAddrVar(name);
      const addr = parsed[variable];
      if (addr) upstreams[name] = addr;
      else if (parsed.NODE_ENV === 'production')
        problems.push({ variable, value: env[variable], allowed: 'required in production' });
      else upstreams[name] = `http://127.0.0.1:${DEFAULT_PORTS[name]}`;
    }
    return problems;
  });
  const upstreamTimeouts: Record<UpstreamTimeout, number> = {
    api: config.UPSTREAM_TIMEOUT_MS,
    transfer: config.UPSTREAM_TRANSFER_TIMEOUT_MS,
    stream: config.UPSTREAM_STREAM_TIMEOUT_MS,
  };
  const sessionKeys: SecretKeys = { current: config.SESSION_SECRET, previous: config.SESSION_SECRET_PREVIOUS };
  return { ...config, upstreams, upstreamTimeouts, sessionKeys, trustProxy: parseTrustProxy(config.TRUST_PROXY) };
}

/** "true"/"false", a hop count, or a list of addresses/subnets/names Express understands. */
function parseTrustProxy(value: string): boolean | number | string[] {
  const trimmed = value.trim();
  if (trimmed === 'true') return true;
  if (trimmed === 'false' || trimmed === '') return false;
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  return trimmed
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}
