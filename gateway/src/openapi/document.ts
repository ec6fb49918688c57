/**
 * The OpenAPI 3.1 document of the public API, generated from the route catalogue (catalogue.ts) and the contracts'
 * zod schemas. Served at GET /api/docs/openapi.json (docs.ts) and rendered to docs/api.md (scripts/docs-api.ts).
 *
 * Per operation: `x-roles` (who may call it: 'visitor' for anyone without a session, else the roles), `x-policy` (the
 * policy function that admits those roles, where one guards the route), `x-service`
 * (which service answers), and every error it can answer with the one error body of every service
 * (contracts/errors.ts). The gateway's own errors come from its routing table (routes.ts): 401 without a session,
 * 402 for a blocking payment status, 403 for a missing CSRF token, 503 while the service is down.
 */
import { OpenAPIRegistry, OpenApiGeneratorV31, type RouteConfig } from '@asteasolutions/zod-to-openapi';
import { errorBodySchema, ROLES } from '@rainmakers/contracts';
import { z } from 'zod';
import { matchRoute } from '../routes';
import { API_ROUTES, type ApiRoute, ERROR_STATUSES, type ErrorStatus, policyKey } from './catalogue';
import { POLICY_ROLES, type PolicyRoles } from './policy-roles';

export const OPENAPI_PATH = '/api/docs/openapi.json';
export const DOCS_PATH = '/api/docs';

/**
 * The roles an operation names in `x-roles`: 'visitor' stands for a caller without a session; a route guarded by a
 * policy gets the roles that policy admits (policy-roles.ts, evaluated from the services' policies).
 */
export function rolesOf(route: ApiRoute, policyRoles: PolicyRoles = POLICY_ROLES): string[] {
  if (route.access === 'anyone') return ['visitor', ...ROLES];
  if (route.access === 'signed-in') return [...ROLES];
  const key = policyKey(route.access);
  const roles = policyRoles[key];
  if (!roles) throw new Error(`${key} is not in gateway/src/openapi/policy-roles.ts: run npm run docs:api`);
  return [...roles];
}

export const GENERIC_ERRORS: Record<ErrorStatus, string> = {
  400: 'Invalid input: `errors` holds a message per field (field name -> message), or `error` alone',
  401: 'Please sign in to continue (no session)',
  402: 'There is a problem with your subscription (code SUBSCRIPTION_BLOCKED: a blocking payment status)',
  403: 'Not allowed (or code CSRF: a missing or wrong x-csrf-token / Origin)',
  404: 'Not found (also what a record the caller may not see answers)',
  409: 'Conflict',
  413: 'Too large',
  422: 'Idempotency-Key reused with another body or route (code IDEMPOTENCY_KEY_MISMATCH)',
  429: 'Too many requests',
  503: 'Service unavailable (code SERVICE_UNAVAILABLE): the service or one of its dependencies is down',
};

/** Every error an operation can answer, with what it means there. */
export function errorsOf(route: ApiRoute): Partial<Record<ErrorStatus, string>> {
  const gateway = route.service === 'gateway' ? null : matchRoute(route.method, concretePath(route.path));
  const errors: Partial<Record<ErrorStatus, string>> = {};
  const add = (status: ErrorStatus, text = GENERIC_ERRORS[status]) => {
    errors[status] ??= text;
  };
  for (const [status, text] of Object.entries(route.errors ?? {})) add(Number(status) as ErrorStatus, text);
  if (route.body || route.query || route.multipartField || route.path.includes('{')) add(400);
  if (route.access !== 'anyone') add(401);
  if (gateway?.kind === 'proxy' && gateway.blockable) add(402);
  if (route.service === 'gateway' && route.path === '/api/dashboard') add(402);
  if (gateway?.kind === 'proxy' && gateway.csrf) add(403);
  if (typeof route.access === 'object' && route.service !== 'gateway') add(403, 'Not allowed for this role');
  if (route.path.includes('{')) add(404);
  if (route.idempotent) {
    add(
      409,
      'Idempotency-Key: the first request is still running (IDEMPOTENCY_KEY_IN_PROGRESS, Retry-After) or was applied without an answer (IDEMPOTENCY_KEY_APPLIED)',
    );
    add(422);
  }
  if (route.service !== 'gateway' || route.path === '/api/dashboard') add(503);
  return Object.fromEntries(ERROR_STATUSES.filter((status) => errors[status]).map((s) => [s, errors[s]]));
}

/** A path with every `{param}` filled in, for the gateway's routing table. */
const concretePath = (path: string) => path.replace(/\{[^}]+\}/g, 'x1');

const paramsOf = (path: string) => [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] as string);

export function buildOpenApiDocument(policyRoles: PolicyRoles = POLICY_ROLES) {
  const registry = new OpenAPIRegistry();
  // One component for the error body of every service (contracts/errors.ts), referenced by every error answer.
  const { $schema: _dialect, ...errorJson } = z.toJSONSchema(errorBodySchema, { target: 'draft-2020-12' });
  registry.registerComponent('schemas', 'ErrorBody', errorJson as never);
  const errorBody = { $ref: '#/components/schemas/ErrorBody' };
  registry.registerComponent('securitySchemes', 'session', {
    type: 'apiKey',
    in: 'cookie',
    name: 'rm_session',
    description:
      '`__Host-rm_session` when PUBLIC_URL is https. Unsafe methods also send `x-csrf-token` equal to the CSRF cookie.',
  });

  for (const route of API_ROUTES) {
    const params = paramsOf(route.path);
    const request: RouteConfig['request'] = {};
    if (params.length) request.params = z.object(Object.fromEntries(params.map((name) => [name, z.string()])));
    if (route.query) request.query = route.query;
    if (route.idempotent) {
      request.headers = z.object({
        'Idempotency-Key': z.string().optional().meta({
          description:
            'Applies a create once: a retry with the same key and body gets the first answer (Idempotent-Replayed: true)',
        }),
      });
    }
    if (route.body) request.body = { required: true, content: { 'application/json': { schema: route.body } } };
    if (route.multipartField) {
      request.body = {
        required: true,
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              required: [route.multipartField],
              properties: { [route.multipartField]: { type: 'string', contentMediaType: 'application/octet-stream' } },
            },
          },
        },
      };
    }
    const { answer } = route;
    const responses: RouteConfig['responses'] = {
      [answer.status]: {
        description: answer.description,
        ...(answer.schema
          ? { content: { 'application/json': { schema: answer.schema } } }
          : answer.type
            ? { content: { [answer.type]: { schema: { type: 'string' } } } }
            : {}),
      },
    };
    for (const [status, description] of Object.entries(errorsOf(route))) {
      responses[status] = { description, content: { 'application/json': { schema: errorBody } } };
    }
    registry.registerPath({
      method: route.method.toLowerCase() as RouteConfig['method'],
      path: route.path,
      operationId: operationId(route),
      tags: [route.tag],
      summary: route.summary,
      description: route.description,
      security: route.access === 'anyone' ? [] : [{ session: [] }],
      request,
      responses,
      'x-roles': rolesOf(route, policyRoles),
      ...(typeof route.access === 'object' ? { 'x-policy': policyKey(route.access) } : {}),
      'x-service': route.service,
    });
  }

  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Rainmakers API',
      version: '1',
      description:
        'Every public route, through the gateway. Generated from the zod contracts (gateway/src/openapi); docs/api.md is generated from this document.',
    },
    servers: [{ url: '/' }],
  });
}

/** "GET /api/user/{id}" -> "get_api_user_id": unique and stable. */
export function operationId(route: Pick<ApiRoute, 'method' | 'path'>): string {
  return `${route.method.toLowerCase()}${route.path.replace(/[^A-Za-z0-9]+/g, '_').replace(/_$/, '')}`;
}

let cached: ReturnType<typeof buildOpenApiDocument> | null = null;
/** Built once per process (the catalogue does not change while it runs). */
export function openApiDocument() {
  cached ??= buildOpenApiDocument();
  return cached;
}
