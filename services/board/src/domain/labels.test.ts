import { describe, expect, it } from '@jest/globals';
import { canAddLabel, colorIsFree } from './labels';

describe('labels', () => {
  it('accepts a new label only under 11 labels', () => {
    expect(canAddLabel(0)).toBe(true);
    expect(canAddLabel(10)).toBe(true);
    expect(canAddLabel(11)).toBe(false);
  });

  it('offers a colour not used by another label, plus the label own', () => {
    const labels = [
      { id: 1, color: 'red-200' },
      { id: 2, color: 'blue-200' },
    ];
    expect(colorIsFree(labels, 'red-200', null)).toBe(false);
    expect(colorIsFree(labels, 'red-200', 1)).toBe(true);
    expect(colorIsFree(labels, 'red-200', 2)).toBe(false);
    expect(colorIsFree(labels, 'green-200', null)).toBe(true);
  });
});
