import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Generated } from 'kysely';
import { createLogger } from '../src/logger';

/** What test handlers write, so a test can count how often an event took effect. */
export interface EffectsSchema {
  effects: { id: Generated<number>; event_id: string; note: string };
}

/** A migrations folder holding the `effects` table (the kit's own outbox tables are applied first). */
export async function effectsMigrations(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'kit-bus-'));
  await writeFile(
    path.join(dir, '001_effects.sql'),
    'CREATE TABLE effects (id serial PRIMARY KEY, event_id uuid NOT NULL, note text NOT NULL);',
  );
  return dir;
}

export const silentLogger = createLogger('kit-test', 'silent');

export function lessonCompleted(lessonId: number, userId = 1) {
  return { userId, lessonId, moduleId: 1, courseId: null };
}
