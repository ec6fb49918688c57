/** Builds the web app (`npm run build -w web`) when web/dist is missing or older than its sources. */
import { existsSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';

/** Inputs of the web build, relative to the repository root. */
export const WEB_SOURCES = ['web/src', 'web/build', 'web/index.html', 'web/vite.config.ts', 'services/contracts/src'];

async function newestMtime(target: string): Promise<number> {
  if (!existsSync(target)) return 0;
  const info = await stat(target);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const entry of await readdir(target, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    newest = Math.max(newest, await newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

export type WebBuildState = 'missing-sources' | 'fresh' | 'stale';

export async function webBuildState(root: string): Promise<WebBuildState> {
  if (!existsSync(path.join(root, 'web/index.html'))) return 'missing-sources';
  const built = path.join(root, 'web/dist/index.html');
  if (!existsSync(built)) return 'stale';
  const builtAt = (await stat(built)).mtimeMs;
  for (const source of WEB_SOURCES) {
    if ((await newestMtime(path.join(root, source))) > builtAt) return 'stale';
  }
  return 'fresh';
}
