import { describe, expect, it } from '@jest/globals';
import { emailFromBody } from './rate-limit';

describe('emailFromBody', () => {
  const json = (value: unknown) => Buffer.from(JSON.stringify(value));
  it('reads and normalizes the e-mail of a JSON body', () => {
    expect(emailFromBody(json({ email: '  Ann@Example.COM ', password: 'x' }), 'application/json')).toBe(
      'ann@example.com',
    );
    expect(emailFromBody(json({ email: 'a@b.c' }), 'application/json; charset=utf-8')).toBe('a@b.c');
  });
  it('finds nothing to count in other bodies', () => {
    expect(emailFromBody(json({ email: 'a@b.c' }), 'text/plain')).toBeNull();
    expect(emailFromBody(json({ email: 5 }), 'application/json')).toBeNull();
    expect(emailFromBody(json({ email: '   ' }), 'application/json')).toBeNull();
    expect(emailFromBody(Buffer.from('{not json'), 'application/json')).toBeNull();
    expect(emailFromBody(json(['a']), 'application/json')).toBeNull();
    expect(emailFromBody(json(null), 'application/json')).toBeNull();
  });
});
