/**
 * The built web app: hashed files under /assets are cached for a year, everything else (index.html first of all)
 * is revalidated on every load, and any page address the browser asks for as HTML gets index.html (the SPA
 * routes it). Without a build, pages answer a clear 503 instead of a blank screen.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import express, { type NextFunction, type Request, type Response, Router } from 'express';
import helmet from 'helmet';
import { SingleFlight, TtlLru } from './lru';

export const WEB_NOT_BUILT = 'Web app not built: run npm run build:web';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/** Whether a request is a page load the SPA should answer. */
export function wantsSpa(method: string, urlPath: string, accept: string | undefined): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  if (urlPath.startsWith('/assets/')) return false;
  return urlPath === '/' || (accept ?? '').includes('text/html');
}

export function webApp(webDist: string): Router {
  const root = path.resolve(webDist);
  const indexHtml = path.join(root, 'index.html');
  const router = Router();
  router.use(compressedAssets(root));
  router.use(
    express.static(root, {
      index: false,
      redirect: false,
      setHeaders(res, filePath) {
        const relative = path.relative(root, filePath);
        const asset = relative.startsWith(`assets${path.sep}`);
        res.setHeader('Cache-Control', asset ? IMMUTABLE : REVALIDATE);
        if (asset) res.setHeader('Vary', 'Accept-Encoding');
      },
    }),
  );
  router.use((req: Request, res: Response, next: NextFunction) => {
    if (!wantsSpa(req.method, req.path, req.headers.accept)) return next();
    res.setHeader('Cache-Control', REVALIDATE);
    res.sendFile(indexHtml, (error?: Error & { code?: string; status?: number }) => {
      if (!error) return;
      if (res.headersSent) return;
      if (error.code === 'ENOENT' || error.status === 404) {
        res.status(503).type('text/plain').send(WEB_NOT_BUILT);
        return;
      }
      next(error);
    });
  });
  return router;
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text assets worth compressing, with their content types. */
const COMPRESSIBLE: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
};
const MIN_COMPRESS_BYTES = 1024;

/** Picks brotli, else gzip, from an Accept-Encoding header (q=0 means "not acceptable"). */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase())
      .filter((part) => !/;\s*q=0(\.0*)?$/.test(part))
      .map((part) => part.split(';')[0]?.trim()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
}

/**
 * Hashed files under /assets, compressed once per process (brotli or gzip, by what the browser accepts) and kept
 * in memory: they never change under the same name. The first load of the app is measured gzipped; without
 * this the browser would download it whole.
 */
function compressedAssets(root: string) {
  const assetsDir = path.join(root, 'assets');
  const cache = new TtlLru<string, Buffer>(24 * 60 * 60 * 1000, 2000);
  const flights = new SingleFlight<string, Buffer | null>();
  return async (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !req.path.startsWith('/assets/')) return next();
    const type = COMPRESSIBLE[path.extname(req.path).toLowerCase()];
    const encoding = pickEncoding(req.headers['accept-encoding']);
    if (!type || !encoding) return next();
    let relative: string;
    try {
      relative = decodeURIComponent(req.path.slice('/assets/'.length));
    } catch {
      return next();
    }
    const filePath = path.join(assetsDir, relative);
    if (!filePath.startsWith(`${assetsDir}${path.sep}`)) return next();
    const key = `${encoding}:${filePath}`;
    let body = cache.get(key);
    if (!body) {
      const loaded = await flights.run(key, async () => {
        const info = await stat(filePath).catch(() => null);
        if (!info?.isFile() || info.size < MIN_COMPRESS_BYTES) return null;
        const raw = await readFile(filePath);
        return encoding === 'br'
          ? brotli(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } })
          : gzip(raw, { level: 9 });
      });
      if (!loaded) return next();
      cache.set(key, loaded);
      body = loaded;
    }
    res.setHeader('Content-Type', type);
    res.setHeader('Content-Encoding', encoding);
    res.setHeader('Content-Length', body.length);
    res.setHeader('Cache-Control', IMMUTABLE);
    res.setHeader('Vary', 'Accept-Encoding');
    res.status(200).end(req.method === 'HEAD' ? undefined : body);
  };
}

export interface CspOptions {
  /** Whether the product is served over https (then browsers are also told to upgrade and remember it). */
  https: boolean;
  extraScriptSrc: string[];
  extraImgSrc: string[];
  extraFrameSrc: string[];
  extraConnectSrc: string[];
}

const VIDEO_SOURCES = [
  'https://www.youtube.com',
  'https://www.youtube-nocookie.com',
  'https://*.ytimg.com',
  'https://player.vimeo.com',
  'https://*.vimeocdn.com',
];

/** The Content-Security-Policy directives: the app itself, inline styles (MUI/emotion), sign-up videos. */
export function cspDirectives(options: CspOptions): Record<string, string[] | null> {
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'script-src': ["'self'", ...options.extraScriptSrc],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...options.extraImgSrc],
    'font-src': ["'self'", 'data:'],
    'media-src': ["'self'", 'blob:', ...VIDEO_SOURCES],
    'frame-src': ["'self'", ...VIDEO_SOURCES, ...options.extraFrameSrc],
    'connect-src': ["'self'", ...options.extraConnectSrc],
    'object-src': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'self'"],
    'upgrade-insecure-requests': options.https ? [] : null,
  };
}

export function securityHeaders(options: CspOptions) {
  return helmet({
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(options) },
    strictTransportSecurity: options.https ? { maxAge: 15_552_000, includeSubDomains: false } : false,
    crossOriginEmbedderPolicy: false,
  });
}
