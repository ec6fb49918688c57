import { describe, expect, it } from '@jest/globals';
import { redirectTarget } from './redirect';

describe('redirectTarget', () => {
  it('returns the remembered path with its query and hash', () => {
    expect(redirectTarget({ from: { pathname: '/courses', search: '?search=ads', hash: '#top' } })).toBe(
      '/courses?search=ads#top',
    );
  });
  it('falls back to home without state or with unsafe targets', () => {
    expect(redirectTarget(undefined)).toBe('/');
    expect(redirectTarget(null)).toBe('/');
    expect(redirectTarget({ from: { pathname: '//evil.example.com' } })).toBe('/');
    expect(redirectTarget({ from: { pathname: 'https://evil.example.com' } })).toBe('/');
    expect(redirectTarget({ from: { pathname: '/signin' } })).toBe('/');
    expect(redirectTarget({ from: { pathname: '/reset-password/abc' } })).toBe('/');
  });
});
