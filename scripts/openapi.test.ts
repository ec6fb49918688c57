/**
 * The API reference stays true:
 *  - the OpenAPI document validates as OpenAPI 3.1;
 *  - every route of every service's real Express router (public ones: not /internal, health or readiness) is in the
 *    document, every service operation of the document is in a router, and the gateway sends it to that service;
 *  - every API path of both spec parts (scripts/spec-routes.json, copied from the spec) is in the document;
 *  - docs/api.md and web/src/api/schema.gen.ts are what `npm run docs:api` writes;
 *  - @redocly/cli's recommended rules find nothing to say: no error and no warning;
 *  - every answer body is a named schema with an example its zod schema accepts; every answer names x-request-id,
 *    429 and 503 Retry-After, the creates that honour it Idempotency-Key, and the unsafe methods the CSRF header.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { Validator } from '@seriousme/openapi-schema-validator';
import { API_ROUTES } from '../gateway/src/openapi/catalogue';
import { buildOpenApiDocument } from '../gateway/src/openapi/document';
import { renderApiMarkdown } from '../gateway/src/openapi/markdown';
import { matchRoute } from '../gateway/src/routes';
import { openApiPath, serviceRoutes } from '../test/support/service-routes';
import { API_TYPES_TS, renderApiTypes } from './lib/api-types';

const root = path.resolve(import.meta.dirname, '..');
const document = buildOpenApiDocument();
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

type Operation = { method: string; path: string; service: string };
const operations: Operation[] = Object.entries(document.paths ?? {}).flatMap(([apiPath, item]) =>
  METHODS.filter((method) => item[method]).map((method) => ({
    method: method.toUpperCase(),
    path: apiPath,
    service: String((item[method] as Record<string, unknown>)['x-service']),
  })),
);

/** "GET /api/user/{id}" with parameter names dropped ("{}"), the way two routers written apart can still agree. */
const key = (method: string, apiPath: string) => `${method} ${apiPath.replace(/\{[^}]*\}/g, '{}')}`;

describe('the OpenAPI document', () => {
  it('validates as OpenAPI 3.1', async () => {
    const validator = new Validator();
    const result = await validator.validate(JSON.parse(JSON.stringify(document)));
    expect(validator.version).toBe('3.1');
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('names roles and an error body for every operation', () => {
    for (const [apiPath, item] of Object.entries(document.paths ?? {})) {
      for (const method of METHODS) {
        const operation = item[method] as Record<string, unknown> | undefined;
        if (!operation) continue;
        const responses = operation.responses as Record<string, { content?: Record<string, { schema?: unknown }> }>;
        const errorBodies = Object.entries(responses)
          .filter(([status]) => Number(status) >= 400)
          .map(([, response]) => response.content?.['application/json']?.schema);
        expect({ at: `${method} ${apiPath}`, roles: (operation['x-roles'] as string[]).length > 0 }).toEqual({
          at: `${method} ${apiPath}`,
          roles: true,
        });
        for (const schema of errorBodies) expect(schema).toEqual({ $ref: '#/components/schemas/ErrorBody' });
      }
    }
  });

  it('lists every route of the real routers, and nothing they lack', async () => {
    const routed = (await serviceRoutes()).filter(
      (route) => route.path.startsWith('/api') || route.path.startsWith('/upload'),
    );
    const inRouters = new Map(routed.map((route) => [key(route.method, openApiPath(route.path)), route.service]));
    const inDocument = new Map(
      operations.filter((op) => op.service !== 'gateway').map((op) => [key(op.method, op.path), op.service]),
    );
    const missingFromDocument = [...inRouters.keys()].filter((route) => !inDocument.has(route));
    const missingFromRouters = [...inDocument.keys()].filter((route) => !inRouters.has(route));
    expect({ missingFromDocument, missingFromRouters }).toEqual({ missingFromDocument: [], missingFromRouters: [] });
    const wrongService = [...inDocument].filter(([route, service]) => inRouters.get(route) !== service);
    expect(wrongService).toEqual([]);
  });

  it("sends every service operation to the service that answers it (the gateway's routing table)", () => {
    const misrouted = operations
      .filter((op) => op.service !== 'gateway')
      .map((op) => ({ op, match: matchRoute(op.method, op.path.replace(/\{[^}]*\}/g, 'x1')) }))
      .filter(({ op, match }) => match.kind !== 'proxy' || match.service !== op.service)
      .map(({ op }) => `${op.method} ${op.path}`);
    expect(misrouted).toEqual([]);
  });

  it('lists every API path of both spec parts', () => {
    const paths = specApiPaths();
    expect(paths.length).toBeGreaterThan(70);
    const documented = new Set(operations.map((op) => key(op.method, op.path)));
    expect(paths.filter((route) => !documented.has(route))).toEqual([]);
  });

  it("has nothing to fix under @redocly/cli's recommended rules", () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'openapi-lint-'));
    try {
      const file = path.join(dir, 'openapi.json');
      writeFileSync(file, JSON.stringify(document, null, 2));
      const cli = path.join(root, 'node_modules', '@redocly', 'cli', 'bin', 'cli.js');
      const run = spawnSync(process.execPath, [cli, 'lint', file, '--extends', 'recommended', '--format', 'json'], {
        cwd: dir,
        encoding: 'utf8',
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', CI: 'true' },
      });
      const report = JSON.parse(run.stdout) as {
        totals: { errors: number; warnings: number };
        problems: { ruleId: string; message: string }[];
      };
      // A warning fails too: no-ambiguous-paths is one, and a path that two templates match is a routing bug
      // waiting for an id that looks like a word (docs/decisions.md, "Unambiguous API paths").
      const problems = report.problems.map((problem) => `${problem.ruleId}: ${problem.message}`);
      expect(problems).toEqual([]);
      expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('names the schema of every answer body and gives an example its zod schema accepts', () => {
    const schemas = document.components?.schemas ?? {};
    const wrong: string[] = [];
    for (const route of API_ROUTES) {
      const at = `${route.method} ${route.path}`;
      const operation = document.paths?.[route.path]?.[route.method.toLowerCase() as 'get'];
      const response = operation?.responses?.[String(route.answer.status)] as
        | { content?: Record<string, { schema?: { $ref?: string }; example?: unknown }> }
        | undefined;
      const media = response?.content?.['application/json'];
      if (!route.answer.schema) {
        if (media) wrong.push(`${at}: a JSON answer without a schema in the catalogue`);
        continue;
      }
      const name = media?.schema?.$ref?.replace('#/components/schemas/', '');
      if (!name || !schemas[name]) wrong.push(`${at}: the answer is not a named component schema`);
      const parsed = route.answer.schema.safeParse(media?.example);
      if (!parsed.success) wrong.push(`${at}: its example is not a valid answer: ${parsed.error.message}`);
    }
    // No answer is an object the document says nothing about (a client would type it `unknown`).
    for (const [name, schema] of Object.entries(schemas)) {
      const { type, properties, additionalProperties } = schema as Record<string, unknown>;
      if (type === 'object' && !properties && (additionalProperties === undefined || additionalProperties === true)) {
        wrong.push(`${name}: an untyped object`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('names x-request-id, Retry-After, Idempotency-Key and the CSRF header where they apply', () => {
    const wrong: string[] = [];
    for (const route of API_ROUTES) {
      const at = `${route.method} ${route.path}`;
      const operation = document.paths?.[route.path]?.[route.method.toLowerCase() as 'get'] as
        | {
            responses: Record<string, { headers?: Record<string, unknown> }>;
            parameters?: { $ref?: string }[];
            security?: Record<string, string[]>[];
          }
        | undefined;
      if (!operation) continue;
      for (const [status, response] of Object.entries(operation.responses)) {
        if (!response.headers?.['x-request-id']) wrong.push(`${at} ${status}: no x-request-id`);
        if ((status === '429' || status === '503') && !response.headers?.['Retry-After']) {
          wrong.push(`${at} ${status}: no Retry-After`);
        }
      }
      const idempotencyKey = (operation.parameters ?? []).some(
        (parameter) => parameter.$ref === '#/components/parameters/IdempotencyKey',
      );
      if (idempotencyKey !== Boolean(route.idempotent)) wrong.push(`${at}: Idempotency-Key ${idempotencyKey}`);
      const csrf = (operation.security ?? []).some((requirement) => 'csrf' in requirement);
      // Posted by Stripe and by mail clients (one-click unsubscribe), without our cookies: no CSRF header.
      const unsafe =
        route.method !== 'GET' && route.path !== '/api/stripe/webhook' && route.path !== '/api/unsubscribe';
      if (csrf !== unsafe) wrong.push(`${at}: CSRF header ${csrf}`);
      const session = (operation.security ?? []).some((requirement) => 'session' in requirement);
      if (session !== (route.access !== 'anyone')) wrong.push(`${at}: session cookie ${session}`);
    }
    expect(wrong).toEqual([]);
    const schemes = document.components?.securitySchemes ?? {};
    expect(schemes.csrf).toMatchObject({ type: 'apiKey', in: 'header', name: 'x-csrf-token' });
  });

  it("is what the web's types say (npm run docs:api writes web/src/api/schema.gen.ts)", async () => {
    const written = readFileSync(API_TYPES_TS, 'utf8');
    expect(written === (await renderApiTypes(document)) ? 'schema.gen.ts is current' : 'run npm run docs:api').toBe(
      'schema.gen.ts is current',
    );
  }, 60_000);

  it('is what docs/api.md says (npm run docs:api writes it)', () => {
    const written = readFileSync(path.join(root, 'docs', 'api.md'), 'utf8');
    expect(written === renderApiMarkdown(document) ? 'docs/api.md is current' : 'run npm run docs:api').toBe(
      'docs/api.md is current',
    );
  });
});

/** Every call of both spec parts, from the fact file copied out of the spec (its `source` says where and when). */
function specApiPaths(): string[] {
  const facts = JSON.parse(readFileSync(path.join(root, 'scripts', 'spec-routes.json'), 'utf8')) as {
    parts: Record<string, string[]>;
  };
  const parts = Object.values(facts.parts);
  expect(parts.length).toBe(2);
  return [
    ...new Set(parts.flat().map((call) => key(call.split(' ')[0] as string, call.split(' ')[1] as string))),
  ].sort();
}
