/**
 * The gateway: the only public entry. For each request, in order:
 *  1. request id, the CSRF cookie for browsers that lack it (or hold one not bound to their session);
 *  2. the routing table (routes.ts): a service, 404 (/internal/* never leaves the cluster), or the web app
 *     (static files and the SPA, with the security headers and CSP);
 *  3. identity and hop-by-hop headers from outside are dropped;
 *  4. CSRF (unsafe methods; the token is bound to the session). Sign-in limits are auth's alone;
 *  5. session -> 401, access profile -> 402 for a blocking payment status;
 *  6. the request goes to its service, unchanged path, with a short-lived internal token naming the actor
 *     and X-Forwarded-For/-Proto/-Host and X-Request-Id set by the gateway.
 */
import {
  ACCOUNT_OWNER_ONLY,
  accountExportFileName,
  CSRF_HEADER,
  cookieNames,
  idParam,
  isSubscriptionBlocked,
  SUBSCRIPTION_BLOCKED,
  UPLOAD_MULTIPART_OVERHEAD_BYTES,
  uploadTooLargeMessage,
  VIDEO_UPLOAD_MAX_BYTES,
  VIDEO_UPLOAD_PATH,
} from '@rainmakers/contracts';
import {
  accessLogMiddleware,
  errorHandler,
  HttpError,
  httpMetrics,
  httpTracing,
  INTERNAL_TOKEN_HEADER,
  type Logger,
  METRICS_ROUTE_LOCAL,
  notFound,
  parse,
  processActivity,
  publicAddresses,
  type ReadinessCheck,
  type Redis,
  readinessHandler,
  type SessionTokenClaims,
  urlGuard,
} from '@rainmakers/kit';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import { gatherAccountExport } from './account-export';
import { admission, admissionSettings } from './admission';
import { gatherCommunityProfile } from './community-profile';
import type { GatewayConfig } from './config';
import { checkCsrf, csrfCookieFrom, csrfSetCookie, newCsrfToken, SessionCsrfTokens } from './csrf';
import { type DashboardGatherer, gatherDashboard, KeptDashboardSources } from './dashboard';
import { apiDocs } from './docs';
import {
  ActorTokenCache,
  actorKey,
  buildActor,
  forwardedFor,
  REQUEST_ID_HEADER,
  requestIdFrom,
  stripIncomingHeaders,
} from './identity';
import { MeAnswers } from './me-answers';
import { gatherMemberOverview, KeptParts, type OverviewGatherer } from './member-overview';
import { canExportOwnData } from './policies';
import type { ProfileStore } from './profile-cache';
import { createProxies, type Proxies, proxyLocals } from './proxy';
import { isUnsafeMethod, matchRoute, metricsRouteOf, normalizePath, type ProxyRoute } from './routes';
import { resignedSessionCookie, SessionCookieVerifier, type SessionStore } from './session';
import { securityHeaders, WebBuild, wantsSpa, webApp } from './static';

/** Served with uploaded files (GET /upload/*): no scripts, no plugins, sandboxed if opened directly. */
export const UPLOADED_FILE_CSP = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox";

export const SUBSCRIPTION_BLOCKED_MESSAGE = 'There is a problem with your subscription';

export interface GatewayDeps {
  config: GatewayConfig;
  logger: Logger;
  redis: Redis;
  sessions: SessionStore;
  profiles: ProfileStore;
  /** Built by the runtime when the session and profile lookups share the proxies' breakers; else built here. */
  proxies?: Proxies;
}

export interface Gateway {
  app: Express;
  proxies: Proxies;
}

export function buildGatewayApp(deps: GatewayDeps): Gateway {
  const { config, logger, sessions, profiles } = deps;
  const publicUrl = new URL(config.PUBLIC_URL);
  // Every configured address of the product (PUBLIC_URL, PUBLIC_URLS): a page on any of them may call.
  const publicOrigins = new Set(publicAddresses(config).map((address) => new URL(address).origin));
  const https = publicUrl.protocol === 'https:';
  // `__Host-` names over https (contracts' cookieNames): auth sets them with the same rule.
  const names = cookieNames(https);
  const secondFactorSettings = { requiredForCoaches: config.SECOND_FACTOR_REQUIRED_FOR_COACHES };
  const tokens = new ActorTokenCache(config.INTERNAL_TOKEN_SECRET, secondFactorSettings);
  const cookies = new SessionCookieVerifier(config.sessionKeys, names.session);
  const csrfTokens = new SessionCsrfTokens(config.sessionKeys);
  const meAnswers = new MeAnswers(config.ME_ANSWER_TTL_MS);
  const proxies = deps.proxies ?? createGatewayProxies(config, logger);

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);

  app.use((req, res, next) => {
    const id = requestIdFrom(req.headers[REQUEST_ID_HEADER]);
    req.headers[REQUEST_ID_HEADER] = id;
    res.setHeader(REQUEST_ID_HEADER, id);
    next();
  });
  // The trace of every request starts here (or continues the caller's); the proxy passes it on (kit tracing.ts).
  app.use(httpTracing());
  app.use(httpMetrics());
  // One line per answer, the gateway's own 4xx (CSRF, sign-in, admission) included: the route-table prefix, never
  // the path or its query (search terms are personal data); 2xx sampled by ACCESS_LOG_SAMPLE_RATE (kit http.ts).
  app.use(
    accessLogMiddleware(logger, {
      sampleRate: config.ACCESS_LOG_SAMPLE_RATE,
      userId: (_req, res) => sessionLocals(res).claims?.userId,
      path: false,
    }),
  );

  // The same hostile-URL check as every service (kit input guard), for the paths the gateway answers itself.
  app.use(urlGuard());

  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok', service: 'gateway' });
  });
  app.get('/readyz', readinessHandler(readinessChecks(deps.redis)));
  // Anything past the probes is someone using the product: the watchers tick at their serving pace (kit activity.ts).
  app.use((_req, _res, next) => {
    processActivity.touch();
    next();
  });
  // Past what the machine serves, a fast 503 with Retry-After instead of a queue (admission.ts).
  app.use(admission(admissionSettings(config), logger));

  // Every browser gets a CSRF token cookie on its first response (the SPA's index.html included): bound to its
  // session when it has one (auth sets that one at sign-in; this repairs a browser holding another), random
  // before sign-in.
  // A session cookie signed with the previous SESSION_SECRET is signed again with the current one (and its CSRF
  // token follows), so removing the previous secret later signs out nobody who used the product meanwhile.
  app.use((req, res, next) => {
    const claims = cookies.claims(req.headers.cookie);
    sessionLocals(res).claims = claims;
    const bound = claims ? csrfTokens.for(claims.sid) : undefined;
    const current = csrfCookieFrom(req.headers.cookie, names.csrf);
    const gatewayCookies: string[] = [];
    if (claims?.previousKey) {
      gatewayCookies.push(resignedSessionCookie(names.session, claims, config.sessionKeys.current, https));
    }
    if (bound ? current !== bound : !current)
      gatewayCookies.push(csrfSetCookie(names.csrf, bound ?? newCsrfToken(), https));
    if (gatewayCookies.length > 0) {
      for (const cookie of gatewayCookies) res.append('Set-Cookie', cookie);
      proxyLocals(res).gatewayCookies = gatewayCookies;
    }
    next();
  });

  // The dashboard's data in one round trip (dashboard.ts): the gateway's own call, gathered from the services.
  const dashboard: DashboardGatherer = {
    upstreams: config.upstreams,
    agents: proxies.agents,
    isUp: (service) => proxies.health[service].breaker.state !== 'open',
    deadlineMs: config.DASHBOARD_SOURCE_DEADLINE_MS,
    kept: new KeptDashboardSources(),
  };
  /**
   * The person behind a call the gateway answers itself (dashboard, member page): 401 without a live session, 402
   * while a blocking payment status shuts her out, else her actor, its token and the request id to pass on.
   */
  async function signedInCaller(req: Request, res: Response, options: { blockable: boolean } = { blockable: true }) {
    const claims = sessionLocals(res).claims ?? null;
    const session = claims ? await sessions.get(claims.sid) : null;
    const profile = session && session.userId === claims?.userId ? await profiles.get(session.userId) : null;
    if (!claims || !session || !profile) throw new HttpError(401, 'Please sign in to continue');
    if (options.blockable && isSubscriptionBlocked(profile)) {
      throw new HttpError(402, SUBSCRIPTION_BLOCKED_MESSAGE, undefined, SUBSCRIPTION_BLOCKED);
    }
    const requestId = req.headers[REQUEST_ID_HEADER];
    return {
      actor: buildActor(claims.sid, session, profile, secondFactorSettings),
      token: tokens.tokenFor(claims.sid, session, profile),
      requestId: typeof requestId === 'string' ? requestId : undefined,
    };
  }

  app.get('/api/dashboard', async (req: Request, res: Response) => {
    const { actor, token, requestId } = await signedInCaller(req, res);
    res.set('Cache-Control', 'no-store').json(await gatherDashboard(dashboard, actor, token, requestId));
  });

  // A member's page for staff (member-overview.ts): users decides who may look, the owning services add their parts.
  const overview: OverviewGatherer = {
    ...dashboard,
    deadlineMs: config.MEMBER_OVERVIEW_PART_DEADLINE_MS,
    coreDeadlineMs: config.upstreamTimeouts.api,
    internalTokenSecret: config.INTERNAL_TOKEN_SECRET,
    keptParts: new KeptParts(config.MEMBER_OVERVIEW_PART_KEEP_MS),
  };
  app.get('/api/user/overview/:id', async (req: Request, res: Response) => {
    const { actor, token, requestId } = await signedInCaller(req, res);
    const userId = parse(idParam, req.params.id);
    res.set('Cache-Control', 'no-store').json(await gatherMemberOverview(overview, actor, userId, token, requestId));
  });

  // A member's community profile (community-profile.ts): users decides who may look, courses adds her courses.
  app.get('/api/user/community/:id', async (req: Request, res: Response) => {
    const { token, requestId } = await signedInCaller(req, res);
    const userId = parse(idParam, req.params.id);
    res
      .set('Cache-Control', 'no-store')
      .json({ profile: await gatherCommunityProfile(overview, userId, token, requestId) });
  });

  // Her own data as one file (account-export.ts): every service's part, or 503; never another person's id.
  app.get('/api/account/export', async (req: Request, res: Response) => {
    const { actor, requestId } = await signedInCaller(req, res, { blockable: false });
    if (!canExportOwnData(actor)) throw new HttpError(403, ACCOUNT_OWNER_ONLY);
    const file = await gatherAccountExport(
      { ...overview, deadlineMs: config.ACCOUNT_EXPORT_PART_DEADLINE_MS },
      actor.userId,
      requestId,
    );
    res
      .set('Cache-Control', 'no-store')
      .attachment(accountExportFileName(actor.userId, new Date(file.exportedAt)))
      .json(file);
  });

  // The API reference (docs.ts): GET /api/docs/openapi.json for anyone, the Swagger UI page for admins.
  app.use(apiDocs({ sessions, profiles, https }));

  app.use(async (req: Request, res: Response, next: NextFunction) => {
    const route = matchRoute(req.method, req.path);
    res.locals[METRICS_ROUTE_LOCAL] = metricsRouteOf(req.path);
    if (route.kind === 'web') return next();
    if (route.kind === 'not-found') throw notFound('Not found');
    await forward(route, req, res, next);
  });

  async function forward(route: ProxyRoute, req: Request, res: Response, next: NextFunction) {
    const headers = req.headers;
    stripIncomingHeaders(headers);

    if (route.csrf) {
      const claims = sessionLocals(res).claims ?? null;
      checkCsrf({
        cookieHeader: headers.cookie,
        cookieName: names.csrf,
        headerToken: headers[CSRF_HEADER],
        sessionTokens: claims ? csrfTokens.accepted(claims.sid) : null,
        origin: headers.origin,
        host: headers.host,
        publicOrigin:
          typeof headers.origin === 'string' && publicOrigins.has(headers.origin) ? headers.origin : publicUrl.origin,
      });
    }

    if (route.session !== 'none') {
      const claims = sessionLocals(res).claims ?? null;
      const session = claims ? await sessions.get(claims.sid) : null;
      const profile = session && session.userId === claims?.userId ? await profiles.get(session.userId) : null;
      if (claims && session && profile) {
        if (route.blockable && isSubscriptionBlocked(profile)) {
          throw new HttpError(402, SUBSCRIPTION_BLOCKED_MESSAGE, undefined, SUBSCRIPTION_BLOCKED);
        }
        const kept = route.service === 'auth' ? meAnswers.mode(req, normalizePath(req.path), session) : null;
        if (kept) {
          // The session check on every page load: auth's last answer while session and profile are unchanged.
          const key = actorKey(claims.sid, session, profile);
          // Not while auth's breaker is open or on trial: then the call answers like any other of auth's (503).
          const authUp = proxies.health.auth.breaker.state === 'closed';
          if (kept === 'replay' && authUp && meAnswers.replay(key, res)) return;
          proxyLocals(res).watchAnswer = (upstream) => meAnswers.watch(key, profile.version, upstream);
        }
        headers[INTERNAL_TOKEN_HEADER] = tokens.tokenFor(claims.sid, session, profile);
        if (route.service === 'auth' && isUnsafeMethod(req.method)) {
          // Sign-out, role switch, sign-in as: auth changes the session; forget this process' copy once it answered.
          const sid = claims.sid;
          const previous = proxyLocals(res).onUpstreamResponse;
          proxyLocals(res).onUpstreamResponse = (status) => {
            sessions.evictLocal(sid);
            previous?.(status);
          };
        }
      } else if (route.session === 'required') {
        throw new HttpError(401, 'Please sign in to continue');
      }
    }

    if (route.session === 'none' && route.service === 'resources') {
      // Uploaded files: whatever one turns out to contain, it cannot run script in our origin. Set now for the
      // gateway's own answers (502), and over the service's headers once it answered.
      const fileHeaders = { 'Content-Security-Policy': UPLOADED_FILE_CSP, 'X-Content-Type-Options': 'nosniff' };
      res.set(fileHeaders);
      proxyLocals(res).overrideHeaders = fileHeaders;
    }
    if (req.method === 'POST' && req.path === '/upload') refuseAnnouncedOversizedUpload(req, config.UPLOAD_MAX_BYTES);
    if (req.method === 'POST' && req.path === VIDEO_UPLOAD_PATH) {
      refuseAnnouncedOversizedUpload(req, VIDEO_UPLOAD_MAX_BYTES);
    }
    proxyLocals(res).upstreamTimeout = route.timeout;
    setForwardedHeaders(req);
    // Only auth reads cookies (the session cookie on sign-out); other services trust the internal token alone.
    if (route.service !== 'auth') delete headers.cookie;
    await proxies.handlers[route.service](req, res, next);
  }

  // Security headers with the CSP for the web app; API answers carry the services' own (kit helmet) headers.
  const web = new WebBuild(config.WEB_DIST);
  const webSecurity = securityHeaders({
    https,
    extraScriptSrc: config.CSP_EXTRA_SCRIPT_SRC,
    extraImgSrc: config.CSP_EXTRA_IMG_SRC,
    extraFrameSrc: config.CSP_EXTRA_FRAME_SRC,
    extraConnectSrc: config.CSP_EXTRA_CONNECT_SRC,
    inlineScriptHashes: () => web.scriptHashes(),
  });
  // index.html is (re)read before its CSP is written: the header must carry the hashes of the build being served.
  app.use(async (req, _res, next) => {
    if (wantsSpa(req.method, req.path, req.headers.accept)) await web.refresh();
    next();
  });
  app.use(webSecurity, webApp(web));
  app.use((_req, _res, next) => next(notFound('Not found')));
  app.use(errorHandler(logger));
  return { app, proxies };
}

/** The session cookie's claims, verified once per request by the CSRF cookie middleware and reused after it. */
const sessionLocals = (res: Response) => res.locals as { claims?: SessionTokenClaims | null };

/** X-Forwarded-For/-Proto/-Host as the gateway established them (see identity.forwardedFor). */
function setForwardedHeaders(req: Request): void {
  const headers = req.headers;
  for (const name of ['forwarded', 'x-real-ip', 'x-forwarded-port', 'x-forwarded-prefix', 'x-forwarded-server']) {
    delete headers[name];
  }
  headers['x-forwarded-for'] = forwardedFor(req.ips, req.socket.remoteAddress);
  headers['x-forwarded-proto'] = req.protocol;
  const host = req.host;
  if (host) headers['x-forwarded-host'] = host;
  else delete headers['x-forwarded-host'];
}

/**
 * The gateway is ready when its own dependency, Redis, answers. Never the services: one service down must not take
 * every gateway replica out of rotation (its routes answer 503 from the breaker while the others keep serving).
 */
function readinessChecks(redis: Redis): ReadinessCheck[] {
  return [{ name: 'redis', check: () => redis.ping() }];
}

/** The proxies with the breaker, timeouts and health probes the configuration sets. */
export function createGatewayProxies(config: GatewayConfig, logger: Logger): Proxies {
  return createProxies({
    upstreams: config.upstreams,
    maxSockets: config.UPSTREAM_MAX_SOCKETS,
    timeoutsMs: config.upstreamTimeouts,
    connectTimeoutMs: config.UPSTREAM_CONNECT_TIMEOUT_MS,
    breaker: { failureThreshold: config.UPSTREAM_BREAKER_FAILURES, openMs: config.UPSTREAM_BREAKER_OPEN_MS },
    probe: {
      intervalMs: config.UPSTREAM_PROBE_INTERVAL_MS,
      timeoutMs: config.UPSTREAM_PROBE_TIMEOUT_MS,
      silenceMs: config.UPSTREAM_SILENCE_MS,
      livenessIntervalMs: config.UPSTREAM_LIVENESS_INTERVAL_MS,
      livenessTimeoutMs: config.UPSTREAM_LIVENESS_TIMEOUT_MS,
    },
    logger,
  });
}

/**
 * Refuses an upload whose Content-Length is over the limit before any of it goes upstream: the service would
 * answer 413 and close while the gateway still writes the body, and that close can overtake its answer (503).
 * Node reads and drops the unread body after this answer, so the client's kept-alive connection stays usable.
 */
function refuseAnnouncedOversizedUpload(req: Request, maxBytes: number): void {
  if (Number(req.headers['content-length'] ?? 0) > maxBytes + UPLOAD_MULTIPART_OVERHEAD_BYTES) {
    throw new HttpError(413, uploadTooLargeMessage(maxBytes));
  }
}
