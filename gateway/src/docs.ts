/**
 * The API reference, served by the gateway itself (docs/decisions.md, "API reference"):
 *  - GET /api/docs/openapi.json: the OpenAPI 3.1 document (openapi/document.ts), open to anyone: it describes the
 *    public routes only, which every service authorizes on its own;
 *  - GET /api/docs: Swagger UI for admin accounts (an admin viewing the product as another role included; a person
 *    signed in as someone else is that person); a visitor gets 401, anyone else 404 as for an unknown path;
 *  - /api/docs/assets/*: Swagger UI's files from node_modules/swagger-ui-dist and our own start script, all from
 *    'self', so the page runs under the web app's CSP without inline script.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { CSRF_HEADER, cookieNames } from '@rainmakers/contracts';
import { HttpError, notFound, type SessionTokenClaims } from '@rainmakers/kit';
import express, { type Request, type Response, Router } from 'express';
import { DOCS_PATH, OPENAPI_PATH, openApiDocument } from './openapi/document';
import { canReadApiConsole } from './policies';
import type { ProfileStore } from './profile-cache';
import type { SessionStore } from './session';
import { securityHeaders } from './static';

export interface ApiDocsDeps {
  sessions: SessionStore;
  profiles: ProfileStore;
  /** Whether PUBLIC_URL is https (cookie names, HSTS). */
  https: boolean;
}

const ASSETS = `${DOCS_PATH}/assets`;
const SWAGGER_FILES = ['swagger-ui-bundle.js', 'swagger-ui.css'] as const;

const swaggerDir = () => path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/** The reference page: markup only, every script a file of ours. */
export const DOCS_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Rainmakers API reference</title>
<link rel="stylesheet" href="${ASSETS}/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="${ASSETS}/swagger-ui-bundle.js"></script>
<script src="${ASSETS}/start.js"></script>
</body>
</html>
`;

/** Starts Swagger UI on our document; "Try it out" sends the CSRF token the gateway asks of unsafe methods. */
export function startScript(csrfCookie: string): string {
  return `window.ui = SwaggerUIBundle({
  url: ${JSON.stringify(OPENAPI_PATH)},
  dom_id: '#swagger-ui',
  deepLinking: true,
  validatorUrl: null,
  requestInterceptor: function (request) {
    var match = document.cookie.match(/(?:^|; )${csrfCookie.replace(/[^A-Za-z0-9_-]/g, '')}=([^;]*)/);
    if (match) request.headers[${JSON.stringify(CSRF_HEADER)}] = decodeURIComponent(match[1]);
    return request;
  },
});
`;
}

export function apiDocs(deps: ApiDocsDeps): Router {
  const router = Router();
  const names = cookieNames(deps.https);
  const security = securityHeaders({
    https: deps.https,
    extraScriptSrc: [],
    extraImgSrc: [],
    extraFrameSrc: [],
    extraConnectSrc: [],
  });
  let documentJson: string | null = null;

  router.get(OPENAPI_PATH, (_req, res) => {
    documentJson ??= JSON.stringify(openApiDocument());
    res.set('Cache-Control', 'no-cache').type('application/json').send(documentJson);
  });

  router.get(DOCS_PATH, security, async (_req: Request, res: Response) => {
    const claims = (res.locals as { claims?: SessionTokenClaims | null }).claims ?? null;
    const session = claims ? await deps.sessions.get(claims.sid) : null;
    const profile = session && session.userId === claims?.userId ? await deps.profiles.get(session.userId) : null;
    if (!claims || !session || !profile) throw new HttpError(401, 'Please sign in to continue');
    // The account's role, under the rule for staff powers (policies.ts).
    if (!canReadApiConsole({ role: profile.role, secondFactor: session.secondFactor })) throw notFound('Not found');
    res.set('Cache-Control', 'no-store').type('html').send(DOCS_PAGE);
  });

  const start = startScript(names.csrf);
  router.get(`${ASSETS}/start.js`, security, (_req, res) => {
    res.set('Cache-Control', 'no-cache').type('text/javascript').send(start);
  });
  const files = express.static(swaggerDir(), { index: false, maxAge: '1d', fallthrough: false });
  for (const file of SWAGGER_FILES) {
    router.get(`${ASSETS}/${file}`, security, (req, res, next) => {
      req.url = `/${file}`;
      files(req, res, next);
    });
  }
  return router;
}
