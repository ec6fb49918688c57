import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';

/** A screen that outgrows this is several components in one room: split it along its seams (docs/extending.md). */
const MAX_LINES = 500;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    // Generated files (api/schema.gen.ts, written by npm run docs:api) are not read as screens.
    return /\.tsx?$/.test(entry.name) && !/\.gen\.ts$/.test(entry.name) ? [full] : [];
  });
}

describe('web sources', () => {
  it(`keep every file under ${MAX_LINES} lines`, () => {
    const root = import.meta.dirname;
    const tooLong = sourceFiles(root)
      .map((file) => ({ file: path.relative(root, file), lines: readFileSync(file, 'utf8').split('\n').length }))
      .filter((entry) => entry.lines > MAX_LINES);
    expect(tooLong).toEqual([]);
  });
});
