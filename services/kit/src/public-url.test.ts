import { describe, expect, it } from '@jest/globals';
import { publicAddresses, publicUrlFor, requestOrigin } from './public-url';

const addresses = publicAddresses({
  PUBLIC_URL: 'http://localhost:8080/',
  PUBLIC_URLS: 'http://localhost:8080, http://192.168.1.20:8080 https://rainmakers.example.com nonsense',
});

describe('publicAddresses', () => {
  it('puts PUBLIC_URL first, drops repeats, trailing slashes and what is not an http(s) address', () => {
    expect(addresses).toEqual(['http://localhost:8080', 'http://192.168.1.20:8080', 'https://rainmakers.example.com']);
    expect(publicAddresses({ PUBLIC_URL: 'http://localhost:8080' })).toEqual(['http://localhost:8080']);
  });
});

describe('publicUrlFor', () => {
  it('follows an allowed origin', () => {
    expect(publicUrlFor('http://192.168.1.20:8080', addresses)).toBe('http://192.168.1.20:8080');
    expect(publicUrlFor('https://rainmakers.example.com/resources?x=1', addresses)).toBe(
      'https://rainmakers.example.com',
    );
  });

  it('ignores a foreign or malformed one', () => {
    expect(publicUrlFor('https://evil.example', addresses)).toBe('http://localhost:8080');
    expect(publicUrlFor('http://192.168.1.20:9999', addresses)).toBe('http://localhost:8080');
    expect(publicUrlFor('javascript:alert(1)', addresses)).toBe('http://localhost:8080');
    expect(publicUrlFor(undefined, addresses)).toBe('http://localhost:8080');
    expect(publicUrlFor(['http://192.168.1.20:8080'], addresses)).toBe('http://localhost:8080');
  });

  it('reads Origin, else Referer', () => {
    expect(requestOrigin({ origin: 'http://a', referer: 'http://b/x' })).toBe('http://a');
    expect(requestOrigin({ origin: 'null', referer: 'http://b/x' })).toBe('http://b/x');
    expect(requestOrigin({})).toBeUndefined();
  });
});
