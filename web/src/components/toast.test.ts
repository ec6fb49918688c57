import { describe, expect, it } from '@jest/globals';
import { DUPLICATE_WINDOW_MS, firstInWindow } from './toast';

describe('toast duplicates', () => {
  it('shows the same text once within the window, and again after it', () => {
    const at = 1_000_000;
    expect(firstInWindow('Marked as completed successfully', 'success', at)).toBe(true);
    expect(firstInWindow('Marked as completed successfully', 'success', at + 200)).toBe(false);
    expect(firstInWindow('Marked as completed successfully', 'success', at + DUPLICATE_WINDOW_MS)).toBe(true);
  });

  it('tells other texts and other colours apart', () => {
    const at = 2_000_000;
    expect(firstInWindow('Card updated', 'success', at)).toBe(true);
    expect(firstInWindow('Card updated', 'error', at)).toBe(true);
    expect(firstInWindow('Card moved', 'success', at)).toBe(true);
  });
});
