import { describe, expect, it } from '@jest/globals';
import { detectImageType } from './image-type';

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

describe('detectImageType', () => {
  it('recognises PNG, JPEG, GIF and WebP by their first bytes', () => {
    expect(detectImageType(bytes([0x89], 'PNG\r\n\x1a\n', [0, 0, 0, 13]))).toBe('image/png');
    expect(detectImageType(bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF'))).toBe('image/jpeg');
    expect(detectImageType(bytes('GIF89a', [1, 0, 1, 0]))).toBe('image/gif');
    expect(detectImageType(bytes('GIF87a', [1, 0, 1, 0]))).toBe('image/gif');
    expect(detectImageType(bytes('RIFF', [26, 0, 0, 0], 'WEBPVP8 '))).toBe('image/webp');
  });

  it('refuses text, SVG, other RIFF files and truncated signatures', () => {
    expect(detectImageType(bytes('hello, I am a text file'))).toBeNull();
    expect(
      detectImageType(bytes('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')),
    ).toBeNull();
    expect(detectImageType(bytes('<?xml version="1.0"?><svg/>'))).toBeNull();
    expect(detectImageType(bytes('RIFF', [26, 0, 0, 0], 'WAVEfmt '))).toBeNull();
    expect(detectImageType(bytes([0x89], 'PNG'))).toBeNull();
    expect(detectImageType(bytes('GIF8'))).toBeNull();
    expect(detectImageType(new Uint8Array())).toBeNull();
  });
});
