import { describe, expect, it } from '@jest/globals';
import { readImageSize, withinPixelLimits } from './image-size';

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));
const be32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const png = (w: number, h: number) =>
  bytes([0x89], 'PNG\r\n\x1a\n', [0, 0, 0, 13], 'IHDR', be32(w), be32(h), [8, 6, 0, 0, 0]);

describe('readImageSize', () => {
  it('reads PNG sizes from IHDR', () => {
    expect(readImageSize('image/png', png(2, 3))).toEqual({ width: 2, height: 3 });
    expect(readImageSize('image/png', png(65535, 65535))).toEqual({ width: 65535, height: 65535 });
    expect(readImageSize('image/png', png(0x7fffffff, 1))).toEqual({ width: 0x7fffffff, height: 1 });
  });

  it('reads GIF sizes from the logical screen', () => {
    expect(readImageSize('image/gif', bytes('GIF89a', [0x10, 0x27, 0x01, 0x00]))).toEqual({ width: 10000, height: 1 });
  });

  it('reads JPEG sizes from the first frame header, past other segments', () => {
    const app0 = [0xff, 0xe0, 0x00, 0x06, 0x4a, 0x46, 0x49, 0x46];
    const dht = [0xff, 0xc4, 0x00, 0x03, 0x00];
    const sof2 = [0xff, 0xc2, 0x00, 0x11, 0x08, 0x01, 0x2c, 0x02, 0x58, 0x03];
    expect(readImageSize('image/jpeg', bytes([0xff, 0xd8], app0, dht, sof2))).toEqual({ width: 600, height: 300 });
    expect(readImageSize('image/jpeg', bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF'))).toBeNull();
  });

  it('reads WebP sizes from VP8, VP8L and VP8X', () => {
    const lossy = bytes(
      'RIFF',
      [0, 0, 0, 0],
      'WEBPVP8 ',
      [0, 0, 0, 0],
      [0, 0, 0],
      [0x9d, 0x01, 0x2a],
      [0x80, 0x02, 0xe0, 0x01],
    );
    expect(readImageSize('image/webp', lossy)).toEqual({ width: 640, height: 480 });
    // 14 bits width-1, 14 bits height-1: 100x50
    const bits = 99 | (49 << 14);
    const lossless = bytes(
      'RIFF',
      [0, 0, 0, 0],
      'WEBPVP8L',
      [0, 0, 0, 0],
      [0x2f],
      [bits & 255, (bits >> 8) & 255, (bits >> 16) & 255, (bits >>> 24) & 255],
    );
    expect(readImageSize('image/webp', lossless)).toEqual({ width: 100, height: 50 });
    const extended = bytes(
      'RIFF',
      [0, 0, 0, 0],
      'WEBPVP8X',
      [10, 0, 0, 0],
      [0, 0, 0, 0],
      [0xff, 0xff, 0xff],
      [0, 0, 0],
    );
    expect(readImageSize('image/webp', extended)).toEqual({ width: 16777216, height: 1 });
  });
});

describe('withinPixelLimits', () => {
  const limits = { maxSide: 10_000, maxPixels: 40_000_000 };
  it('allows up to 10,000 px a side and 40 megapixels', () => {
    expect(withinPixelLimits({ width: 10_000, height: 4_000 }, limits)).toBe(true);
    expect(withinPixelLimits({ width: 10_001, height: 1 }, limits)).toBe(false);
    expect(withinPixelLimits({ width: 8_000, height: 6_000 }, limits)).toBe(false);
    expect(withinPixelLimits({ width: 65535, height: 65535 }, limits)).toBe(false);
  });
});
