import path from 'node:path';
import type { ChunkingContext } from 'rolldown';

/**
 * The `screens` chunk group of vite.config.ts: each routed page (a lazy import of routes/pages.tsx) in one file with
 * everything only it needs for its first render — its own modules and the MUI parts, icons and helpers no other
 * screen uses. Automatic splitting cut such a page into one file per set of importers (the board: 23 files, most
 * under 1 KB), and every file before the first card counts against the budget of 15 requests.
 *
 * What a page loads later (`lazy()` / `import()` inside it: dialogs, editors, drag and drop, charts) stays out: a
 * module belongs to a page's group only when the page's first render imports it. A module that anything else also
 * imports (the frame and its lazy parts, another page, a lazy part another page loads: the review queue's card
 * dialog) stays where the other groups or automatic splitting put it, so nothing downloads a page's file but the
 * page. Nothing here names a screen: a new page in routes/pages.tsx gets its own group.
 */
export function screenOf(root: string): (moduleId: string, ctx: ChunkingContext) => string | null {
  const pagesFile = path.join(root, 'src/routes/pages.tsx');
  const mainFile = path.join(root, 'src/main.tsx');
  let owners: Map<string, string | null> | null = null;
  return (moduleId, ctx) => {
    owners ??= screenOwners(ctx, mainFile, pagesFile);
    return owners.get(moduleId) ?? null;
  };
}

/**
 * Module id -> the name of the one page whose first render imports it, and which nothing else imports: not the entry
 * or the frame, not another page, not a lazy part another page (or the frame: the bell, the menus) loads.
 */
function screenOwners(ctx: ChunkingContext, mainFile: string, pagesFile: string): Map<string, string | null> {
  const info = (id: string) => ctx.getModuleInfo(id);
  const closures = new Map<string, Set<string>>();
  const closureOf = (start: string): Set<string> => {
    let seen = closures.get(start);
    if (seen) return seen;
    seen = new Set<string>();
    const stack = [start];
    while (stack.length > 0) {
      const id = stack.pop() as string;
      if (seen.has(id)) continue;
      seen.add(id);
      for (const next of info(id)?.importedIds ?? []) stack.push(next);
    }
    closures.set(start, seen);
    return seen;
  };

  // Every place code is loaded from: the app's entry and each dynamically imported module.
  const entries = new Set<string>([mainFile]);
  const queue = [mainFile];
  while (queue.length > 0) {
    for (const id of closureOf(queue.pop() as string)) {
      for (const lazy of info(id)?.dynamicallyImportedIds ?? []) {
        if (!entries.has(lazy)) {
          entries.add(lazy);
          queue.push(lazy);
        }
      }
    }
  }

  // The page each entry belongs to: itself for a page; for a lazy part, the one page that (through its own lazy
  // parts) loads it; null for the app's entry (with the frame) and for parts loaded from several places.
  const pages = new Set(info(pagesFile)?.dynamicallyImportedIds ?? []);
  const pageOf = new Map<string, string | null>([[mainFile, null]]);
  for (const page of pages) pageOf.set(page, page);
  for (let changed = true; changed; ) {
    changed = false;
    for (const entry of entries) {
      if (pages.has(entry) || entry === mainFile) continue;
      const importers = info(entry)?.dynamicImporters ?? [];
      const from = new Set<string | null>();
      for (const [other, owner] of pageOf) {
        if (other !== entry && importers.some((importer) => closureOf(other).has(importer))) from.add(owner);
      }
      if (from.size === 0) continue;
      const owner = from.size === 1 ? ([...from][0] ?? null) : null;
      if (pageOf.get(entry) !== owner) {
        pageOf.set(entry, owner);
        changed = true;
      }
    }
  }

  const owners = new Map<string, string | null>();
  for (const entry of entries) {
    const owner = pageOf.get(entry) ?? null;
    for (const id of closureOf(entry)) owners.set(id, owners.has(id) && owners.get(id) !== owner ? null : owner);
  }
  const named = new Map<string, string | null>();
  for (const [id, owner] of owners) {
    // Only what the page's own first render imports: its lazy parts stay lazy.
    if (owner !== null && closureOf(owner).has(id)) named.set(id, path.basename(owner).replace(/\.\w+$/, ''));
  }
  return named;
}
