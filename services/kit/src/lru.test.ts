import { describe, expect, it } from '@jest/globals';
import { SingleFlight, TtlLru } from './lru';

describe('TtlLru', () => {
  it('expires entries after their TTL', () => {
    let now = 0;
    const cache = new TtlLru<string, number>(1000, 10, () => now);
    cache.set('a', 1);
    now = 999;
    expect(cache.get('a')).toBe(1);
    now = 1000;
    expect(cache.get('a')).toBeUndefined();
  });

  it('keeps null values (negative caching) apart from misses', () => {
    const cache = new TtlLru<string, number | null>(1000, 10);
    cache.set('gone', null);
    expect(cache.get('gone')).toBeNull();
    expect(cache.get('never')).toBeUndefined();
  });

  it('evicts the least recently used entry when full', () => {
    const cache = new TtlLru<string, number>(10_000, 2);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.get('a');
    cache.set('c', 3);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
    expect(cache.get('c')).toBe(3);
  });
});

describe('SingleFlight', () => {
  it('shares one load between concurrent callers', async () => {
    const flight = new SingleFlight<string, number>();
    let loads = 0;
    const load = async () => {
      loads += 1;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return 42;
    };
    const results = await Promise.all([flight.run('k', load), flight.run('k', load), flight.run('k', load)]);
    expect(results).toEqual([42, 42, 42]);
    expect(loads).toBe(1);
    await flight.run('k', load);
    expect(loads).toBe(2);
  });
});
