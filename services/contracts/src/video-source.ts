/**
 * What a video address plays, without the site's video keys and labels: the lesson page and the qualifier read
 * it on their first render, so it travels alone in their first load.
 */

/** uploads.ts UPLOAD_FILES_PATH (that file carries zod). */
const UPLOAD_FILES_PATH = '/upload/files/';

export const VIDEO_MESSAGE = 'Enter a YouTube or Vimeo address, or upload a video file';

export type VideoSource =
  | { kind: 'youtube'; id: string; embedUrl: string }
  | { kind: 'vimeo'; id: string; embedUrl: string }
  | { kind: 'file'; url: string };

const YOUTUBE_HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'youtu.be',
  'www.youtube-nocookie.com',
  'youtube-nocookie.com',
]);
const VIMEO_HOSTS = new Set(['vimeo.com', 'www.vimeo.com', 'player.vimeo.com']);
const YOUTUBE_ID = /^[A-Za-z0-9_-]{6,20}$/;
const VIMEO_ID = /^\d{1,12}$/;
/** Uploaded videos: `/upload/files/<uuid>.mp4|webm` on the product's own origin. */
const UPLOADED_VIDEO = /^\/upload\/files\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(mp4|webm)$/;

/**
 * What a video address plays: YouTube and Vimeo through their privacy-friendly embed hosts (youtube-nocookie.com,
 * player.vimeo.com with dnt=1), or a file uploaded to the app. Null for anything else.
 */
export function parseVideoSource(value: string | null | undefined): VideoSource | null {
  const text = value?.trim();
  if (!text) return null;
  if (text.startsWith(UPLOAD_FILES_PATH)) return UPLOADED_VIDEO.test(text) ? { kind: 'file', url: text } : null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase();
  if (YOUTUBE_HOSTS.has(host)) {
    const parts = url.pathname.split('/').filter(Boolean);
    let id: string | null = null;
    if (host === 'youtu.be') id = parts[0] ?? null;
    else if (parts[0] === 'watch') id = url.searchParams.get('v');
    else if (parts[0] === 'embed' || parts[0] === 'shorts' || parts[0] === 'live') id = parts[1] ?? null;
    if (!id || !YOUTUBE_ID.test(id)) return null;
    return { kind: 'youtube', id, embedUrl: `https://www.youtube-nocookie.com/embed/${id}?rel=0&cc_load_policy=1` };
  }
  if (VIMEO_HOSTS.has(host)) {
    const parts = url.pathname.split('/').filter(Boolean);
    const id = host === 'player.vimeo.com' ? (parts[0] === 'video' ? parts[1] : undefined) : parts[0];
    if (!id || !VIMEO_ID.test(id)) return null;
    return { kind: 'vimeo', id, embedUrl: `https://player.vimeo.com/video/${id}?dnt=1` };
  }
  return null;
}
