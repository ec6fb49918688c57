/**
 * The routes of every service, read from the services' real Express routers: each service's `buildApp` is called
 * with inert dependencies (the app is only built to be read, never called) and its router stack is walked.
 * Used by the OpenAPI route coverage test (a route added tomorrow must be documented tomorrow).
 */
import { createLogger } from '@rainmakers/kit';
import type { Express } from 'express';
import { ROUTE_TABLE } from '../../gateway/src/routes';

export type ServiceName = 'auth' | 'users' | 'courses' | 'board' | 'tools' | 'resources' | 'billing';
export type ServiceRoute = { service: ServiceName; method: string; path: string };

/** Stands in for every dependency of an app while it is only built to be read, never called. */
const inert: unknown = new Proxy(() => undefined, {
  get: (_target, key) => (key === 'then' ? undefined : inert),
  apply: () => inert,
});

export async function serviceApps(): Promise<Record<ServiceName, Express>> {
  const logger = createLogger('routes', 'silent');
  const secret = 'x'.repeat(32);
  const deps = new Proxy({} as Record<string, unknown>, {
    get: (_target, key) =>
      ({
        logger,
        internalTokenKeys: secret,
        readiness: [],
        uploadMaxBytes: 1,
        importMaxBytes: 1024,
        config: { INTERNAL_TOKEN_SECRET: secret },
      })[String(key)] ?? inert,
  });
  const modules = {
    auth: await import('@rainmakers/auth/app'),
    users: await import('@rainmakers/users/app'),
    courses: await import('@rainmakers/courses/app'),
    board: await import('@rainmakers/board/app'),
    tools: await import('@rainmakers/tools/app'),
    resources: await import('@rainmakers/resources/app'),
    billing: await import('@rainmakers/billing/app'),
  };
  return Object.fromEntries(
    Object.entries(modules).map(([name, module]) => [name, (module.buildApp as (d: unknown) => Express)(deps)]),
  ) as Record<ServiceName, Express>;
}

type Layer = {
  route?: { path: string; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
  matchers?: Array<(path: string) => false | { path: string }>;
};

/** Mount points are not kept by Express 5's layers; find which known prefix a mounted router answers under. */
const MOUNT_CANDIDATES = ['/internal', ...ROUTE_TABLE.map(([prefix]) => prefix)];
function mountOf(layer: Layer): string {
  const matcher = layer.matchers?.[0];
  if (!matcher) return '';
  const found = MOUNT_CANDIDATES.filter((prefix) => (matcher(prefix) as { path?: string })?.path === prefix);
  // The longest prefix a router answers to exactly ("/api/product-qualifier" before "/api/product").
  return found.sort((a, b) => b.length - a.length)[0] ?? '';
}

function routesOf(stack: Layer[], prefix = ''): Array<{ method: string; path: string }> {
  const routes: Array<{ method: string; path: string }> = [];
  for (const layer of stack) {
    if (layer.route) {
      for (const method of Object.keys(layer.route.methods)) {
        if (method === '_all') continue;
        const path = `${prefix}${layer.route.path}`;
        routes.push({ method: method.toUpperCase(), path: path.length > 1 ? path.replace(/\/$/, '') : path });
      }
    } else if (layer.handle?.stack) {
      routes.push(...routesOf(layer.handle.stack, prefix + mountOf(layer)));
    }
  }
  return routes;
}

/** Every route of every service (health, readiness and /internal included; HEAD left to GET). */
export async function serviceRoutes(): Promise<ServiceRoute[]> {
  const apps = await serviceApps();
  const all: ServiceRoute[] = [];
  for (const [service, app] of Object.entries(apps) as Array<[ServiceName, Express]>) {
    const stack = (app as unknown as { router: { stack: Layer[] } }).router.stack;
    for (const route of routesOf(stack)) {
      if (route.method === 'HEAD') continue;
      all.push({ service, ...route });
    }
  }
  return all;
}

/** Express' ":id" (and "*name") to OpenAPI's "{id}", so the two can be compared. */
export const openApiPath = (expressPath: string) =>
  expressPath.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*([A-Za-z0-9_]+)/g, '{$1}');
