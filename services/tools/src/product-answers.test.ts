import { describe, expect, it } from '@jest/globals';
import { ProductListAnswers } from './product-answers';

describe('ProductListAnswers', () => {
  it('replays an answer only for the version and variant it was built for', () => {
    const kept = new ProductListAnswers();
    kept.set(1, { version: '2:100', variant: 'a', json: '{"products":[]}' });
    expect(kept.get(1, '2:100', 'a')).toBe('{"products":[]}');
    expect(kept.get(1, '2:101', 'a')).toBeUndefined();
    expect(kept.get(1, '2:100', 'b')).toBeUndefined();
    expect(kept.get(2, '2:100', 'a')).toBeUndefined();
  });

  it('keeps at most its byte bound, the least recently used leaving first', () => {
    const kept = new ProductListAnswers(10);
    kept.set(1, { version: 'v', variant: 'a', json: '1234' });
    kept.set(2, { version: 'v', variant: 'a', json: '5678' });
    expect(kept.get(1, 'v', 'a')).toBe('1234');
    kept.set(3, { version: 'v', variant: 'a', json: 'abcd' });
    expect(kept.get(2, 'v', 'a')).toBeUndefined();
    expect(kept.get(1, 'v', 'a')).toBe('1234');
    expect(kept.size).toBe(8);
    kept.set(4, { version: 'v', variant: 'a', json: 'x'.repeat(11) });
    expect(kept.get(4, 'v', 'a')).toBeUndefined();
    expect(kept.size).toBe(8);
  });
});
