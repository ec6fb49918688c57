/**
 * The OpenAPI 3.1 document of the public API, generated from the route catalogue (catalogue.ts) and the contracts'
 * zod schemas. Served at GET /api/docs/openapi.json (docs.ts) and rendered to docs/api.md (scripts/docs-api.ts).
 *
 * Per operation: `x-roles` (who may call it: 'visitor' for anyone without a session, else the roles), `x-policy` (the
 * policy function that admits those roles, where one guards the route), `x-service`
 * (which service answers), and every error it can answer with the one error body of every service
 * (contracts/errors.ts). The gateway's own errors come from its routing table (routes.ts): 401 without a session,
 * 402 for a blocking payment status, 403 for a missing CSRF token, 503 while the service is down. Every
 * operation can also answer 400 (the gateway's URL check) and 503 (its admission: OVERLOADED with Retry-After).
 *
 * Every answer body is a named component schema (a contract's schema under its export's name, see `schemaNames`),
 * with an example (examples.ts); the headers every caller meets (x-request-id, Retry-After, Idempotency-Key,
 * Idempotent-Replayed) and the CSRF header (a security scheme on the unsafe methods) are components too. The
 * document lints clean under @redocly/cli's recommended rules (scripts/openapi.test.ts), and the web's API layer
 * types its answers from it (web/src/api/schema.gen.ts, written by `npm run docs:api`).
 */
import { OpenAPIRegistry, OpenApiGeneratorV31, type RouteConfig } from '@asteasolutions/zod-to-openapi';
import * as contracts from '@rainmakers/contracts';
import { CSRF_HEADER, errorBodySchema, ROLES } from '@rainmakers/contracts';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER, REQUEST_ID_HEADER } from '@rainmakers/kit';
import { z } from 'zod';
import { matchRoute } from '../routes';
import * as answers from './answers';
import { API_ROUTES, type ApiRoute, ERROR_STATUSES, type ErrorStatus, policyKey } from './catalogue';
import { exampleOf, type JsonSchema } from './examples';
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

/** The 400 of an operation without input: the URL check of the gateway and every service (kit input-guard.ts). */
export const URL_ERROR =
  'The address is not valid (malformed percent-encoding or a NUL character in the path or query)';

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
  503: 'Service unavailable: the service or one of its dependencies is down (code SERVICE_UNAVAILABLE), or the gateway sheds load (code OVERLOADED); Retry-After says when to try again',
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
  // Every call passes the URL check (a 4xx every operation can meet) and the gateway's admission (503 OVERLOADED).
  add(400, URL_ERROR);
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
  add(503);
  return Object.fromEntries(ERROR_STATUSES.filter((status) => errors[status]).map((s) => [s, errors[s]]));
}

/** A path with every `{param}` filled in, for the gateway's routing table. */
const concretePath = (path: string) => path.replace(/\{[^}]+\}/g, 'x1');

const paramsOf = (path: string) => [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] as string);

/**
 * The component name of every exported zod schema of the contracts and of answers.ts, by schema: its export's name
 * without `Schema`, capitalised (`coursePageResponseSchema` -> `CoursePageResponse`, `dashboardAnswer` ->
 * `DashboardAnswer`). A route's answer schema defined elsewhere is named after the route (`answerName`).
 */
const schemaNames = new Map<z.ZodType, string>();
for (const [exported, value] of [...Object.entries(contracts), ...Object.entries(answers)]) {
  if (!(value instanceof z.ZodType) || schemaNames.has(value)) continue;
  const name = exported.replace(/Schema$/, '');
  schemaNames.set(value, name.charAt(0).toUpperCase() + name.slice(1));
}

/** "GET /api/user/overview/{id}" -> "UserOverviewAnswer", "DELETE /api/course/{slugOrId}" -> "DeleteCourseAnswer". */
export function answerName(route: Pick<ApiRoute, 'method' | 'path'>): string {
  const words = route.path
    .split('/')
    .filter((part) => part && part !== 'api' && !part.startsWith('{'))
    .flatMap((part) => part.split(/[^A-Za-z0-9]+/));
  if (route.method !== 'GET') words.unshift(route.method.toLowerCase());
  return `${words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('')}Answer`;
}

/** The answer's schema under its component name (zod-to-openapi makes a component of a schema with a meta id). */
const named = new Map<z.ZodType, z.ZodType>();
const namedBy = new Map<string, z.ZodType>();
function namedSchema(route: ApiRoute, schema: z.ZodType): z.ZodType {
  let copy = named.get(schema);
  if (!copy) {
    const id = schemaNames.get(schema) ?? answerName(route);
    // Two schemas under one name would leave one answer described by the other's component.
    if (namedBy.has(id)) throw new Error(`${route.method} ${route.path}: another answer schema is named ${id}`);
    copy = schema.meta({ id });
    named.set(schema, copy);
    namedBy.set(id, schema);
  }
  return copy;
}

/**
 * Unsafe methods send the CSRF header, except the Stripe webhook and the one-click unsubscribe (the gateway's routing
 * table, routes.ts).
 */
export function sendsCsrf(route: Pick<ApiRoute, 'method' | 'path' | 'service'>): boolean {
  if (route.service === 'gateway') return route.method !== 'GET';
  const match = matchRoute(route.method, concretePath(route.path));
  return match.kind === 'proxy' && match.csrf;
}

const ref = (kind: 'headers' | 'parameters' | 'schemas', name: string) => ({ $ref: `#/components/${kind}/${name}` });

export function buildOpenApiDocument(policyRoles: PolicyRoles = POLICY_ROLES) {
  const registry = new OpenAPIRegistry();
  // One component for the error body of every service (contracts/errors.ts), referenced by every error answer.
  const { $schema: _dialect, ...errorJson } = z.toJSONSchema(errorBodySchema, { target: 'draft-2020-12' });
  registry.registerComponent('schemas', 'ErrorBody', errorJson as never);
  const errorBody = ref('schemas', 'ErrorBody');
  registry.registerComponent('securitySchemes', 'session', {
    type: 'apiKey',
    in: 'cookie',
    name: 'rm_session',
    description: '`__Host-rm_session` when PUBLIC_URL is https: set by sign-in, sign-up and the second step.',
  });
  registry.registerComponent('securitySchemes', 'csrf', {
    type: 'apiKey',
    in: 'header',
    name: CSRF_HEADER,
    description:
      'Unsafe methods (POST, PUT, PATCH, DELETE) send the value of the CSRF cookie (`__Host-rm_csrf` when PUBLIC_URL is https, else `rm_csrf`), which every answer of the gateway sets; with a session the token is bound to it. Missing or wrong: 403 code CSRF.',
  });
  registry.registerComponent('headers', 'RequestId', {
    description:
      "The request's id, in the logs and traces of the gateway and every service: the caller's own `x-request-id` when it is 1 to 100 of `A-Za-z0-9_.:@/+=-`, else a new UUID. Quote it when reporting a problem.",
    schema: { type: 'string' },
  });
  registry.registerComponent('headers', 'RetryAfter', {
    description: 'Seconds to wait before trying again.',
    schema: { type: 'integer', minimum: 0 },
  });
  registry.registerComponent('headers', 'IdempotentReplayed', {
    description: 'Present (`true`) when the answer is the one recorded for this `Idempotency-Key`, not a new create.',
    schema: { type: 'string', enum: ['true'] },
  });
  registry.registerComponent('parameters', 'IdempotencyKey', {
    name: IDEMPOTENCY_KEY_HEADER,
    in: 'header',
    required: false,
    description:
      'Applies a create once (docs/decisions.md, "Idempotent creates"): a retry with the same key and body by the same person gets the first answer (`Idempotent-Replayed: true`); the same key with another body or route is 422. Keys are kept a day.',
    schema: { type: 'string', maxLength: 255 },
  });
  const requestId = { [REQUEST_ID_HEADER]: ref('headers', 'RequestId') };
  const retryAfter = { 'Retry-After': ref('headers', 'RetryAfter') };

  for (const route of API_ROUTES) {
    const params = paramsOf(route.path);
    const request: RouteConfig['request'] = {};
    if (params.length) {
      request.params = z.object(
        Object.fromEntries(
          params.map((name) => {
            const description = route.params?.[name];
            return [name, description ? z.string().meta({ description }) : z.string()];
          }),
        ),
      );
    }
    if (route.query) request.query = route.query;
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
        headers: route.idempotent
          ? { ...requestId, [IDEMPOTENT_REPLAYED_HEADER]: ref('headers', 'IdempotentReplayed') }
          : requestId,
        ...(answer.schema
          ? { content: { 'application/json': { schema: namedSchema(route, answer.schema) } } }
          : answer.type
            ? { content: { [answer.type]: { schema: { type: 'string' } } } }
            : {}),
      },
    };
    for (const [status, description] of Object.entries(errorsOf(route))) {
      // An Idempotency-Key's first request still running is a 409 with Retry-After too (kit idempotency.ts).
      const waits = status === '429' || status === '503' || (status === '409' && route.idempotent);
      const headers = waits ? { ...requestId, ...retryAfter } : requestId;
      responses[status] = { description, headers, content: { 'application/json': { schema: errorBody } } };
    }
    // Both schemes in one requirement: a signed-in unsafe call sends the session cookie AND the CSRF header.
    const security: Record<string, string[]> = {};
    if (route.access !== 'anyone') security.session = [];
    if (sendsCsrf(route)) security.csrf = [];
    registry.registerPath({
      method: route.method.toLowerCase() as RouteConfig['method'],
      path: route.path,
      operationId: operationId(route),
      tags: [route.tag],
      summary: route.summary,
      description: route.description,
      security: Object.keys(security).length ? [security] : [],
      ...(route.idempotent ? { parameters: [ref('parameters', 'IdempotencyKey')] } : {}),
      request,
      responses,
      'x-roles': rolesOf(route, policyRoles),
      ...(typeof route.access === 'object' ? { 'x-policy': policyKey(route.access) } : {}),
      'x-service': route.service,
    });
  }

  const document = new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Rainmakers API',
      version: '1',
      description:
        'Every public route, through the gateway. Generated from the zod contracts (gateway/src/openapi); docs/api.md is generated from this document.',
      license: {
        name: 'Proprietary: for the members and staff of the community',
        identifier: 'LicenseRef-Proprietary',
      },
    },
    servers: [{ url: '/' }],
  });
  addExamples(document);
  return document;
}

type Document = ReturnType<InstanceType<typeof OpenApiGeneratorV31>['generateDocument']>;

/** An example on every JSON answer that succeeds: the route's own, else one made from its schema (examples.ts). */
function addExamples(document: Document): void {
  const components = (document.components?.schemas ?? {}) as Record<string, JsonSchema>;
  for (const route of API_ROUTES) {
    const operation = document.paths?.[route.path]?.[route.method.toLowerCase() as 'get'];
    const response = operation?.responses?.[String(route.answer.status)];
    const media = response && 'content' in response ? response.content?.['application/json'] : undefined;
    if (!media?.schema) continue;
    media.example = route.answer.example ?? exampleOf(media.schema as JsonSchema, components);
  }
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
