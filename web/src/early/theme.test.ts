import { describe, expect, it } from '@jest/globals';
import { parseChoice, resolveMode, storedChoice, THEME_STORAGE_KEY } from './theme';

describe('theme choice', () => {
  it('follows the system only when the choice is system', () => {
    expect(resolveMode('system', true)).toBe('dark');
    expect(resolveMode('system', false)).toBe('light');
    expect(resolveMode('light', true)).toBe('light');
    expect(resolveMode('dark', false)).toBe('dark');
  });

  it('reads the remembered choice, and anything unknown or unreadable as system', () => {
    expect(storedChoice(() => ({ getItem: (key) => (key === THEME_STORAGE_KEY ? 'dark' : null) }))).toBe('dark');
    expect(storedChoice(() => ({ getItem: () => 'purple' }))).toBe('system');
    expect(
      storedChoice(() => {
        throw new Error('denied');
      }),
    ).toBe('system');
    expect(storedChoice(() => undefined)).toBe('system');
    expect(parseChoice(undefined)).toBe('system');
  });
});
