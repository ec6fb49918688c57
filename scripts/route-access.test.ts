/**
 * Who may call a route is stated once, in the policy function that guards it. The API catalogue names that function
 * (gateway/src/openapi/catalogue.ts, `policy('users.canManageUsers')`), the roles in the OpenAPI document and
 * docs/api.md are what it admits (evaluated into gateway/src/openapi/policy-roles.ts by `npm run docs:api`), and this
 * test fails when the table is stale, when a name is not a policy, or when the route's handler is guarded by other
 * policies than the one named. docs/decisions.md, "Route roles from the policies".
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import type { Actor } from '@rainmakers/contracts';
import type { Express } from 'express';
import { API_ROUTES, type ApiRoute, type PolicyAccess } from '../gateway/src/openapi/catalogue';
import { buildOpenApiDocument } from '../gateway/src/openapi/document';
import { ROUTE_TABLE } from '../gateway/src/routes';
import { openApiPath, serviceApps } from '../test/support/service-routes';
import {
  admittedRoles,
  evaluatePolicyRoles,
  POLICY_MODULES,
  policyFunction,
  renderPolicyRoles,
} from './lib/policy-roles';

const ROOT = path.resolve(import.meta.dirname, '..');
const guarded = API_ROUTES.filter(
  (route): route is ApiRoute & { access: PolicyAccess } => typeof route.access === 'object',
);
const at = (route: ApiRoute) => `${route.method} ${route.path}`;

type Handler = (...args: never[]) => unknown;
type Layer = {
  route?: { path: string; methods: Record<string, boolean>; stack: { handle: Handler }[] };
  handle?: { stack?: Layer[] };
  matchers?: Array<(path: string) => false | { path: string }>;
};

const MOUNTS = ['/internal', ...ROUTE_TABLE.map(([prefix]) => prefix)];
function mountOf(layer: Layer): string {
  const matcher = layer.matchers?.[0];
  if (!matcher) return '';
  const found = MOUNTS.filter((prefix) => (matcher(prefix) as { path?: string })?.path === prefix);
  return found.sort((a, b) => b.length - a.length)[0] ?? '';
}

const routeKey = (service: string, method: string, apiPath: string) =>
  `${service} ${method} ${apiPath.replace(/\{[^}]*\}/g, '{}')}`;

/** The source of every route handler of the services' real routers, by service, method and path. */
function handlerSources(apps: Record<string, Express>): Map<string, string> {
  const sources = new Map<string, string>();
  const walk = (service: string, stack: Layer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        const full = `${prefix}${layer.route.path}`.replace(/(.)\/$/, '$1');
        const text = layer.route.stack.map((step) => step.handle.toString()).join('\n');
        for (const method of Object.keys(layer.route.methods)) {
          sources.set(routeKey(service, method.toUpperCase(), openApiPath(full)), text);
        }
      } else if (layer.handle?.stack) {
        walk(service, layer.handle.stack, prefix + mountOf(layer));
      }
    }
  };
  for (const [service, app] of Object.entries(apps)) {
    walk(service, (app as unknown as { router: { stack: Layer[] } }).router.stack, '');
  }
  return sources;
}

/** The policy functions (can.../has...) of a service that a piece of source calls. */
function guardsIn(service: string, source: string): Set<string> {
  const policies = POLICY_MODULES[service] ?? {};
  const called = [...source.matchAll(/\b((?:can|has)[A-Z]\w*)\(/g)].map((match) => match[1]!);
  return new Set(called.filter((name) => typeof policies[name] === 'function'));
}

/** The guards and every policy of the same module they call, transitively. */
function reachable(service: string, guards: Set<string>): Set<string> {
  const policies = POLICY_MODULES[service] ?? {};
  const seen = new Set(guards);
  const queue = [...guards];
  while (queue.length > 0) {
    const name = queue.pop()!;
    const source = String(policies[name]);
    for (const other of Object.keys(policies)) {
      if (!seen.has(other) && typeof policies[other] === 'function' && source.includes(`${other}(`)) {
        seen.add(other);
        queue.push(other);
      }
    }
  }
  return seen;
}

describe('route roles come from the policies', () => {
  it('evaluates what a policy admits (a planted rule, the second factor passed, a probe)', () => {
    const staff = (actor: Actor) => actor.role === 'admin' || actor.role === 'coach';
    expect(admittedRoles(staff as never, [])).toEqual(['admin', 'coach']);
    const needsSecondFactor = (actor: Actor) => actor.role === 'admin' && actor.secondFactor === true;
    expect(admittedRoles(needsSecondFactor as never, [])).toEqual(['admin']);
    const notOneself = (actor: Actor, other: { id: number }) => actor.role === 'admin' && actor.userId !== other.id;
    expect(admittedRoles(notOneself as never, [{ id: 2 }])).toEqual(['admin']);
    expect(admittedRoles(notOneself as never, [{ id: 1 }])).toEqual([]);
  });

  it('names a policy function of the answering service for every route that is not open to all', () => {
    expect(guarded.length).toBeGreaterThan(40);
    const wrong = guarded
      .filter((route) => {
        const [service] = route.access.policy.split('.');
        const policy = policyFunction(route.access.policy);
        return service !== route.service || !policy || policy.length > 1 + route.access.probe.length;
      })
      .map(at);
    expect(wrong).toEqual([]);
  });

  it('serves the roles the policies admit (gateway/src/openapi/policy-roles.ts is what npm run docs:api writes)', () => {
    const written = readFileSync(path.join(ROOT, 'gateway/src/openapi/policy-roles.ts'), 'utf8');
    expect(written).toBe(renderPolicyRoles(evaluatePolicyRoles()));
    const document = buildOpenApiDocument(evaluatePolicyRoles());
    for (const route of guarded) {
      const operation = document.paths?.[route.path]?.[route.method.toLowerCase() as 'get'] as Record<string, unknown>;
      const policy = policyFunction(route.access.policy)!;
      expect({ at: at(route), roles: operation['x-roles'] }).toEqual({
        at: at(route),
        roles: admittedRoles(policy, route.access.probe),
      });
    }
  });

  it("names the policy the route's handler is guarded by", async () => {
    const sources = handlerSources(await serviceApps());
    const docs = readFileSync(path.join(ROOT, 'gateway/src/docs.ts'), 'utf8');
    const disagreements: string[] = [];
    let checked = 0;
    for (const route of guarded) {
      const [, name = ''] = route.access.policy.split('.');
      const source =
        route.service === 'gateway' ? docs : sources.get(routeKey(route.service, route.method, route.path));
      if (source === undefined) {
        disagreements.push(`${at(route)}: no handler`);
        continue;
      }
      const guards = route.service === 'gateway' ? new Set([name]) : guardsIn(route.service, source);
      // Routes guarded once for a whole router (the audit log, job files) show no policy call of their own.
      if (guards.size === 0) continue;
      checked++;
      if (!reachable(route.service, guards).has(name)) {
        disagreements.push(`${at(route)}: names ${name}, the handler calls ${[...guards].join(', ')}`);
      }
    }
    expect(disagreements).toEqual([]);
    expect(checked).toBeGreaterThanOrEqual(64);
  });

  it('catches a route documented with another policy than its handler calls', () => {
    const source = 'async (req, res) => { if (!canManageTags(actor)) throw forbidden(); }';
    expect(reachable('users', guardsIn('users', source)).has('canManageUsers')).toBe(false);
    expect(reachable('users', guardsIn('users', source)).has('canManageTags')).toBe(true);
    const board = 'async (req, res) => { if (!canEditBoard(actor, board)) throw forbidden(); }';
    expect(reachable('board', guardsIn('board', board)).has('hasBoardAccess')).toBe(true);
  });
});
