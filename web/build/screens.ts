import path from 'node:path';
import type { ChunkingContext } from 'rolldown';

/**
 * The `screens` chunk group of vite.config.ts: each routed page (a lazy import of routes/pages.tsx) in one file with
 * everything only it needs for its first render — its own modules and the MUI parts, icons and helpers no other
 * screen uses. Automatic splitting cut such a page into one file per set of importers (the board: 23 files, most
 * under 1 KB), and every file before the first card counts against the budget of 15 requests.
 *
 * What a page loads later (`lazy()` / `import()` inside it: dialogs, editors, drag and drop, charts) stays out: a
 * module belongs to a page's group only when the page's first render imports it. A module that another page's first
 * render (or the frame) also imports stays where the other groups or automatic splitting put it, so no page
 * downloads another page's file on its first load; a lazy part elsewhere that uses such a module (the review queue's
 * card dialog and the board's move helpers) fetches the page's file when it opens. Nothing here names a screen: a
 * new page in routes/pages.tsx gets its own group.
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

/** Module id -> the name of the one page whose first render imports it (absent: none, or several). */
function screenOwners(ctx: ChunkingContext, mainFile: string, pagesFile: string): Map<string, string | null> {
  const closureOf = (start: string): Set<string> => {
    const seen = new Set<string>();
    const stack = [start];
    while (stack.length > 0) {
      const id = stack.pop() as string;
      if (seen.has(id)) continue;
      seen.add(id);
      for (const next of ctx.getModuleInfo(id)?.importedIds ?? []) stack.push(next);
    }
    return seen;
  };
  // What the entry itself loads (and the frame, which comes with every signed-in page) belongs to no screen.
  const everywhere = closureOf(mainFile);
  const owners = new Map<string, string | null>();
  for (const page of ctx.getModuleInfo(pagesFile)?.dynamicallyImportedIds ?? []) {
    const name = path.basename(page).replace(/\.\w+$/, '');
    for (const id of closureOf(page)) {
      if (everywhere.has(id)) continue;
      owners.set(id, owners.has(id) ? null : name);
    }
  }
  return owners;
}
