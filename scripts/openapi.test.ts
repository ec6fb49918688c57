/**
 * The API reference stays true:
 *  - the OpenAPI document validates as OpenAPI 3.1;
 *  - every route of every service's real Express router (public ones: not /internal, health or readiness) is in the
 *    document, every service operation of the document is in a router, and the gateway sends it to that service;
 *  - every API path of both spec parts (scripts/spec-routes.json, copied from the spec) is in the document;
 *  - docs/api.md is what `npm run docs:api` writes.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { Validator } from '@seriousme/openapi-schema-validator';
import { buildOpenApiDocument } from '../gateway/src/openapi/document';
import { renderApiMarkdown } from '../gateway/src/openapi/markdown';
import { matchRoute } from '../gateway/src/routes';
import { openApiPath, serviceRoutes } from '../test/support/service-routes';

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
