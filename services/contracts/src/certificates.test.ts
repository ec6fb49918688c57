import { describe, expect, it } from '@jest/globals';
import { certificateDateText, certificateIdSchema, certificateVerificationPath } from './certificates';

describe('certificateDateText', () => {
  it('writes the date in words, in UTC', () => {
    expect(certificateDateText('2026-11-24T23:30:00.000Z')).toBe('24 November 2026');
    expect(certificateDateText('2026-01-01T00:10:00.000Z')).toBe('1 January 2026');
  });

  it('an unreadable date gives an empty text', () => {
    expect(certificateDateText('not a date')).toBe('');
  });
});

describe('certificate ids', () => {
  it('accepts a random UUID and nothing shorter or guessable', () => {
    expect(certificateIdSchema.safeParse(crypto.randomUUID()).success).toBe(true);
    expect(certificateIdSchema.safeParse('1').success).toBe(false);
    expect(certificateIdSchema.safeParse('mine').success).toBe(false);
  });

  it('the verification page lives under /certificates', () => {
    expect(certificateVerificationPath('abc')).toBe('/certificates/abc');
  });
});
