import { describe, expect, it } from '@jest/globals';
import { DASHBOARD_CONTENT_KEEP_MS, KeptDashboardSources } from './dashboard';

describe('KeptDashboardSources', () => {
  it('keeps an answer for its keep time, then asks again', () => {
    const kept = new KeptDashboardSources();
    kept.set('banners:premium', { premium: null }, 1_000);
    expect(kept.get('banners:premium', 1_000 + DASHBOARD_CONTENT_KEEP_MS - 1)).toEqual({ premium: null });
    expect(kept.get('banners:premium', 1_000 + DASHBOARD_CONTENT_KEEP_MS)).toBeUndefined();
    expect(kept.get('banners:basic', 1_000)).toBeUndefined();
  });

  it('keeps nothing with a keep time of 0, and at most `max` answers', () => {
    const off = new KeptDashboardSources(0);
    off.set('a', 1, 0);
    expect(off.get('a', 0)).toBeUndefined();
    const small = new KeptDashboardSources(1_000, 2);
    small.set('a', 1, 0);
    small.set('b', 2, 0);
    small.set('c', 3, 0);
    expect([small.get('a', 0), small.get('b', 0), small.get('c', 0)]).toEqual([undefined, 2, 3]);
  });
});
