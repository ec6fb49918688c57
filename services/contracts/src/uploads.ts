import { z } from 'zod';

/**
 * Image uploads (`POST /upload`, multipart): the avatar on /profile, pictures pasted into lessons as markdown,
 * covers and attachments. One image per request, in the form field `image`.
 */
export const UPLOAD_PATH = '/upload';
export const UPLOAD_FIELD = 'image';
/** Where an uploaded file is served from; the rest of the URL is `<uuid>.<ext>`. */
export const UPLOAD_FILES_PATH = '/upload/files/';

/** Largest accepted image, in bytes (5 MiB). The resources service can be configured lower or higher. */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;

/** Multipart headers and boundaries around one file stay well under this (a body over max + this is refused). */
export const UPLOAD_MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/**
 * Image types the server accepts, recognised by their content (magic bytes), never by name or declared type.
 * SVG is left out on purpose: it can carry scripts.
 */
export const ACCEPTED_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export type AcceptedImageType = (typeof ACCEPTED_IMAGE_TYPES)[number];

/** File extension stored and served for each accepted type. */
export const IMAGE_EXTENSIONS: Record<AcceptedImageType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

/** For `<input type="file" accept=...>`: the browser offers only these; the server checks the content anyway. */
export const IMAGE_INPUT_ACCEPT = ACCEPTED_IMAGE_TYPES.join(',');

/** 'File is too large (max 5 MB)' for the default limit; MB here are MiB, as people read them. */
export function uploadTooLargeMessage(maxBytes: number = UPLOAD_MAX_BYTES): string {
  const megabytes = maxBytes / (1024 * 1024);
  const shown = Number.isInteger(megabytes) ? String(megabytes) : megabytes.toFixed(1);
  return `File is too large (max ${shown} MB)`;
}

/** Larger pictures take gigabytes to decode (a 65535x65535 PNG is a few KB on disk): refused at upload. */
export const UPLOAD_MAX_IMAGE_SIDE = 10_000;
export const UPLOAD_MAX_IMAGE_PIXELS = 40_000_000;

export const UPLOAD_ERRORS = {
  missing: 'Choose an image to upload',
  notImage: 'Only image files can be uploaded',
  tooMany: 'Upload one image at a time',
  tooLarge: uploadTooLargeMessage(UPLOAD_MAX_BYTES),
  invalid: 'The upload could not be read',
  tooManyPixels: 'Images can be at most 10,000 pixels wide or high, and 40 megapixels in all',
  /** What the web shows for any failed upload (spec: Upload failure). */
  failed: 'Error uploading file',
} as const;

/** `uploads/<uuid>.<ext>` names: the only file names the server hands out or serves. */
export const UPLOAD_FILE_NAME_PATTERN =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg|gif|webp|mp4|webm)$/;

/**
 * Video uploads (site content and lesson videos), admins only: `POST /upload/video`, one file in the
 * form field `video`, MP4 or WebM recognised by its content. Served from the same `/upload/files/` path.
 */
export const VIDEO_UPLOAD_PATH = '/upload/video';
export const VIDEO_UPLOAD_FIELD = 'video';
/** Largest accepted video, in bytes (50 MiB): short help videos; longer ones belong on YouTube or Vimeo. */
export const VIDEO_UPLOAD_MAX_BYTES = 50 * 1024 * 1024;
export const ACCEPTED_VIDEO_TYPES = ['video/mp4', 'video/webm'] as const;
export type AcceptedVideoType = (typeof ACCEPTED_VIDEO_TYPES)[number];
export const VIDEO_EXTENSIONS: Record<AcceptedVideoType, string> = { 'video/mp4': 'mp4', 'video/webm': 'webm' };
export const VIDEO_INPUT_ACCEPT = ACCEPTED_VIDEO_TYPES.join(',');
export const VIDEO_UPLOAD_ERRORS = {
  missing: 'Choose a video to upload',
  notVideo: 'Only MP4 or WebM videos can be uploaded',
  tooLarge: uploadTooLargeMessage(VIDEO_UPLOAD_MAX_BYTES),
} as const;

export const uploadResponseSchema = z.object({
  /** Path of the stored image on the product's own origin, e.g. `/upload/files/<uuid>.png`. */
  latestUploadedFileUrl: z.string().startsWith(UPLOAD_FILES_PATH),
});
export type UploadResponse = z.infer<typeof uploadResponseSchema>;
