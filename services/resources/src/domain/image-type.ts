import type { AcceptedImageType, AcceptedVideoType } from '@rainmakers/contracts';

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const GIF87 = ascii('GIF87a');
const GIF89 = ascii('GIF89a');
const RIFF = ascii('RIFF');
const WEBP = ascii('WEBP');

/**
 * The image type of a file, read from its first bytes (its "magic number"); null for anything else.
 * The name and the type the browser declared are never trusted. SVG (text that may carry scripts) is not an image here.
 */
export function detectImageType(bytes: Uint8Array): AcceptedImageType | null {
  if (startsWith(bytes, PNG)) return 'image/png';
  if (startsWith(bytes, JPEG)) return 'image/jpeg';
  if (startsWith(bytes, GIF87) || startsWith(bytes, GIF89)) return 'image/gif';
  if (startsWith(bytes, RIFF) && startsWith(bytes, WEBP, 8)) return 'image/webp';
  return null;
}

const FTYP = ascii('ftyp');
const EBML = [0x1a, 0x45, 0xdf, 0xa3];

/** The video type of a file from its first bytes: MP4 (an ISO box `ftyp` at byte 4) or WebM (EBML); null otherwise. */
export function detectVideoType(bytes: Uint8Array): AcceptedVideoType | null {
  if (startsWith(bytes, FTYP, 4)) return 'video/mp4';
  if (startsWith(bytes, EBML)) return 'video/webm';
  return null;
}
