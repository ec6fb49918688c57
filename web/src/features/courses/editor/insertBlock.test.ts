import { describe, expect, it } from '@jest/globals';
import { insertBlock } from './insertBlock';

const IMAGE = '![map](/upload/files/a.png)';

describe('insertBlock', () => {
  it('puts the block alone in empty content', () => {
    expect(insertBlock('', 0, 0, IMAGE)).toBe(`${IMAGE}\n`);
  });

  it('leaves a blank line after a table the cursor ends', () => {
    const table = '| Source | Cost |\n|---|---|\n| Trade show | $$$ |';
    expect(insertBlock(table, table.length, table.length, IMAGE)).toBe(`${table}\n\n${IMAGE}\n`);
    expect(insertBlock(`${table}\n`, table.length + 1, table.length + 1, IMAGE)).toBe(`${table}\n\n${IMAGE}\n`);
  });

  it('splits a paragraph with blank lines on both sides', () => {
    const text = 'First half second half';
    expect(insertBlock(text, 10, 11, IMAGE)).toBe(`First half\n\n${IMAGE}\n\nsecond half`);
  });

  it('adds no extra blank lines where they already are', () => {
    const text = 'Intro\n\n\n\nOutro';
    expect(insertBlock(text, 7, 7, IMAGE)).toBe(`Intro\n\n${IMAGE}\n\nOutro`);
  });
});
