import { createHash } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { acceptedEncodings, cspDirectives, inlineScriptHashes, pickEncoding, wantsSpa } from './static';

describe('wantsSpa', () => {
  it('answers page loads with index.html', () => {
    expect(wantsSpa('GET', '/', undefined)).toBe(true);
    expect(wantsSpa('GET', '/courses', 'text/html,application/xhtml+xml')).toBe(true);
    expect(wantsSpa('HEAD', '/signin', 'text/html')).toBe(true);
  });
  it('leaves assets, non-HTML requests and other methods alone', () => {
    expect(wantsSpa('GET', '/assets/missing.js', 'text/html')).toBe(false);
    expect(wantsSpa('GET', '/favicon.ico', 'image/*')).toBe(false);
    expect(wantsSpa('GET', '/courses', '*/*')).toBe(false);
    expect(wantsSpa('POST', '/courses', 'text/html')).toBe(false);
  });
});

describe('cspDirectives', () => {
  const base = { https: false, extraScriptSrc: [], extraImgSrc: [], extraFrameSrc: [], extraConnectSrc: [] };
  it('allows the app, inline styles, images from self/data/blob and the sign-up videos', () => {
    const csp = cspDirectives(base);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['style-src']).toContain("'unsafe-inline'");
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:']);
    expect(csp['frame-src']).toEqual(
      expect.arrayContaining(['https://www.youtube-nocookie.com', 'https://player.vimeo.com']),
    );
    expect(csp['connect-src']).toEqual(["'self'"]);
    expect(csp['upgrade-insecure-requests']).toBeNull();
  });
  it('adds configured sources and upgrades requests over https', () => {
    const csp = cspDirectives({ ...base, https: true, extraScriptSrc: ['https://widget.example.com'] });
    expect(csp['script-src']).toEqual(["'self'", 'https://widget.example.com']);
    expect(csp['upgrade-insecure-requests']).toEqual([]);
  });
});

describe('cspDirectives with inline script hashes', () => {
  it('puts the current hashes in script-src, asked per response', () => {
    let hashes = ["'sha256-one'"];
    const csp = cspDirectives({
      https: false,
      extraScriptSrc: ['https://widget.example.com'],
      extraImgSrc: [],
      extraFrameSrc: [],
      extraConnectSrc: [],
      inlineScriptHashes: () => hashes,
    });
    const [source] = csp['script-src'] ?? [];
    if (typeof source !== 'function') throw new Error('script-src should be computed per response');
    expect(source()).toBe("'self' https://widget.example.com 'sha256-one'");
    hashes = [];
    expect(source()).toBe("'self' https://widget.example.com");
  });
});

describe('inlineScriptHashes', () => {
  const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
  it('hashes the exact text of each inline script and skips scripts with src', () => {
    const html = `<head><script>a()</script><script type="module" crossorigin src="/assets/x.js"></script>
<script type="text/javascript">
 b();
</script><script src="/y.js"></script></head>`;
    expect(inlineScriptHashes(html)).toEqual([sha('a()'), sha('\n b();\n')]);
    expect(inlineScriptHashes('<div id="root"></div>')).toEqual([]);
  });
});

describe('acceptedEncodings', () => {
  it('lists what the browser takes, brotli first', () => {
    expect(acceptedEncodings('gzip, deflate, br, zstd')).toEqual(['br', 'gzip']);
    expect(acceptedEncodings('br;q=0, gzip')).toEqual(['gzip']);
    expect(acceptedEncodings(undefined)).toEqual([]);
  });
});

describe('pickEncoding', () => {
  it('prefers brotli, then gzip, and honours q=0', () => {
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('gzip, deflate')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0.8')).toBe('gzip');
    expect(pickEncoding('*')).toBe('gzip');
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding(undefined)).toBeNull();
  });
});
