import type { AcceptedImageType } from '@rainmakers/contracts';

export interface ImageSize {
  width: number;
  height: number;
}

const u16be = (b: Uint8Array, at: number) => ((b[at] ?? 0) << 8) | (b[at + 1] ?? 0);
const u16le = (b: Uint8Array, at: number) => (b[at] ?? 0) | ((b[at + 1] ?? 0) << 8);
const u24le = (b: Uint8Array, at: number) => u16le(b, at) | ((b[at + 2] ?? 0) << 16);
const u32be = (b: Uint8Array, at: number) => u16be(b, at) * 0x10000 + u16be(b, at + 2);
const tag = (b: Uint8Array, at: number) => String.fromCharCode(...b.subarray(at, at + 4));

/** PNG: the IHDR chunk comes first, width and height as 32-bit big-endian numbers. */
function pngSize(b: Uint8Array): ImageSize | null {
  if (b.length < 24 || tag(b, 12) !== 'IHDR') return null;
  return { width: u32be(b, 16), height: u32be(b, 20) };
}

/** GIF: the logical screen size right after the signature, 16-bit little-endian. */
function gifSize(b: Uint8Array): ImageSize | null {
  return b.length < 10 ? null : { width: u16le(b, 6), height: u16le(b, 8) };
}

/** WebP: the first chunk is VP8 (lossy), VP8L (lossless) or VP8X (extended, with the canvas size). */
function webpSize(b: Uint8Array): ImageSize | null {
  const chunk = tag(b, 12);
  if (chunk === 'VP8 ' && b.length >= 30 && b[23] === 0x9d && b[24] === 0x01 && b[25] === 0x2a) {
    return { width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff };
  }
  if (chunk === 'VP8L' && b.length >= 25 && b[20] === 0x2f) {
    const bits = (b[21] ?? 0) | ((b[22] ?? 0) << 8) | ((b[23] ?? 0) << 16) | ((b[24] ?? 0) << 24);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X' && b.length >= 30) return { width: u24le(b, 24) + 1, height: u24le(b, 27) + 1 };
  return null;
}

/** Start-of-frame markers (baseline, progressive, lossless, arithmetic); C4, C8 and CC are other segments. */
const JPEG_FRAME_MARKERS = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

/** JPEG: walks the segments up to the first start-of-frame, which holds the height then the width. */
function jpegSize(b: Uint8Array): ImageSize | null {
  let at = 2;
  while (at + 9 <= b.length) {
    if (b[at] !== 0xff) return null;
    const marker = b[at + 1] ?? 0;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      at += 2; // markers without a length
      continue;
    }
    if (marker === 0xda || marker === 0xd9) return null; // scan data or end before any frame header
    if (JPEG_FRAME_MARKERS.has(marker)) return { width: u16be(b, at + 7), height: u16be(b, at + 5) };
    at += 2 + u16be(b, at + 2);
  }
  return null;
}

/**
 * The pixel size an image declares in its header, read without decoding it; null when the header does not say
 * (a decoder would then fail on the file anyway). A few bytes can declare a picture that takes gigabytes to
 * decode, so the size is checked before anyone (a browser, a thumbnailer) tries.
 */
export function readImageSize(type: AcceptedImageType, bytes: Uint8Array): ImageSize | null {
  switch (type) {
    case 'image/png':
      return pngSize(bytes);
    case 'image/gif':
      return gifSize(bytes);
    case 'image/webp':
      return webpSize(bytes);
    case 'image/jpeg':
      return jpegSize(bytes);
  }
}

/** Whether a declared size is within the limits (each side, and the pixel count). */
export function withinPixelLimits(size: ImageSize, limits: { maxSide: number; maxPixels: number }): boolean {
  return size.width <= limits.maxSide && size.height <= limits.maxSide && size.width * size.height <= limits.maxPixels;
}
