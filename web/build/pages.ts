import path from 'node:path';

/**
 * `key: lazy(() => import('../features/x/XPage'))` lines of routes/pages.tsx -> absolute module path (with .tsx),
 * for the early script's preload table (plugins.ts). src/early/pages.test.ts checks that every routed page and the
 * app frame are found, so a new way of writing pages.tsx cannot silently drop a route's preloads.
 */
export function lazyModules(source: string, fromDir: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const match of source.matchAll(/(\w+)\s*[:=]\s*lazy\(\(\)\s*=>\s*import\('([^']+)'\)\)/g)) {
    found.set(match[1] as string, `${path.resolve(fromDir, match[2] as string)}.tsx`);
  }
  return found;
}
