import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { lazyModules } from '../../build/pages';
import { ROUTES } from '../lib/routes';

describe('lazyModules (the early script preload table reads routes/pages.tsx)', () => {
  const dir = path.resolve(import.meta.dirname, '../routes');
  const modules = lazyModules(readFileSync(path.join(dir, 'pages.tsx'), 'utf8'), dir);

  it('finds every routed page and the app frame, each an existing file', () => {
    const keys = new Set(ROUTES.flatMap((route) => (route.kind === 'redirect' ? [] : [route.page])));
    for (const key of [...keys, 'AppLayout']) {
      const file = modules.get(key);
      expect({ key, found: file !== undefined && existsSync(file) }).toEqual({ key, found: true });
    }
  });
});
