/**
 * The built web app: hashed files under /assets are cached for a year, everything else (index.html first of all)
 * is revalidated on every load, and any page address the browser asks for as HTML gets index.html (the SPA
 * routes it). Without a build, pages answer a clear 503 instead of a blank screen.
 *
 * Compression is done at build time (web/build/plugins.ts writes `<asset>.br` and `<asset>.gz`): the gateway picks
 * the variant the browser accepts and sends the file as it is; an asset without variants goes out uncompressed.
 * index.html is read (and compressed) once per build, kept in memory, and its inline scripts' sha256 hashes go
 * into the CSP's script-src, so the early-fetch script runs without 'unsafe-inline'.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import express, { type NextFunction, type Request, type Response, Router } from 'express';
import helmet from 'helmet';

export const WEB_NOT_BUILT = 'Web app not built: run npm run build:web';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
const HTML_TYPE = 'text/html; charset=utf-8';

/** Whether a request is a page load the SPA should answer. */
export function wantsSpa(method: string, urlPath: string, accept: string | undefined): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  if (urlPath.startsWith('/assets/')) return false;
  return urlPath === '/' || (accept ?? '').includes('text/html');
}

type Encoding = 'br' | 'gzip';
const EXTENSION: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

/** The encodings an Accept-Encoding header allows, best first (brotli, then gzip; q=0 means "not acceptable"). */
export function acceptedEncodings(acceptEncoding: string | undefined): Encoding[] {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase())
      .filter((part) => !/;\s*q=0(\.0*)?$/.test(part))
      .map((part) => part.split(';')[0]?.trim()),
  );
  const result: Encoding[] = [];
  if (accepted.has('br')) result.push('br');
  if (accepted.has('gzip') || accepted.has('*')) result.push('gzip');
  return result;
}

/** Picks brotli, else gzip, from an Accept-Encoding header. */
export function pickEncoding(acceptEncoding: string | undefined): Encoding | null {
  return acceptedEncodings(acceptEncoding)[0] ?? null;
}

/** `'sha256-…'` of every inline `<script>` (one without src) of an HTML page, as CSP source expressions. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(match[1] ?? '')) continue;
    const body = match[2] ?? '';
    if (!body) continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/** Text assets and their content types (the only files the build pre-compresses). */
const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
};

interface IndexPage {
  mtimeMs: number;
  etag: string;
  bodies: Record<Encoding | 'identity', Buffer>;
  scriptHashes: string[];
  /** Asset name -> sizes of its pre-compressed variants. */
  variants: Map<string, Partial<Record<Encoding, number>>>;
}

/**
 * One web build (a folder like web/dist) as the gateway serves it: index.html in memory with its script hashes and
 * the list of pre-compressed assets, read again when index.html changes (a new build while the gateway runs).
 */
export class WebBuild {
  readonly root: string;
  private current: IndexPage | null = null;
  private checking: Promise<void> | null = null;
  private checkedAt = 0;

  constructor(webDist: string) {
    this.root = path.resolve(webDist);
    // Read now so the first page load finds it ready; a failure is reported by the request that needs the page.
    this.refresh().catch(() => undefined);
  }

  /** The CSP hashes of index.html's inline scripts (none before the first read, or without a build). */
  scriptHashes(): readonly string[] {
    return this.current?.scriptHashes ?? [];
  }

  /** Reads index.html again when it changed on disk (checked at most once a second; concurrent callers share it). */
  refresh(): Promise<void> {
    if (this.checking) return this.checking;
    if (this.current && Date.now() - this.checkedAt < 1000) return Promise.resolve();
    this.checking = this.reload().finally(() => {
      this.checking = null;
      this.checkedAt = Date.now();
    });
    return this.checking;
  }

  async page(): Promise<IndexPage | null> {
    await this.refresh();
    return this.current;
  }

  variantsOf(name: string): Partial<Record<Encoding, number>> | undefined {
    return this.current?.variants.get(name);
  }

  private async reload(): Promise<void> {
    const indexFile = path.join(this.root, 'index.html');
    const info = await stat(indexFile).catch(() => null);
    if (!info?.isFile()) {
      this.current = null;
      return;
    }
    if (this.current && this.current.mtimeMs === info.mtimeMs) return;
    const raw = await readFile(indexFile);
    const html = raw.toString('utf8');
    const variants = new Map<string, Partial<Record<Encoding, number>>>();
    const assets = await readdir(path.join(this.root, 'assets'), { withFileTypes: true }).catch(() => []);
    for (const entry of assets) {
      if (!entry.isFile()) continue;
      for (const encoding of ['br', 'gzip'] as const) {
        if (!entry.name.endsWith(EXTENSION[encoding])) continue;
        const name = entry.name.slice(0, -EXTENSION[encoding].length);
        const size = (await stat(path.join(this.root, 'assets', entry.name))).size;
        variants.set(name, { ...variants.get(name), [encoding]: size });
      }
    }
    this.current = {
      mtimeMs: info.mtimeMs,
      etag: `"${createHash('sha256').update(raw).digest('base64url').slice(0, 27)}"`,
      bodies: {
        identity: raw,
        br: zlib.brotliCompressSync(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
        gzip: zlib.gzipSync(raw, { level: 9 }),
      },
      scriptHashes: inlineScriptHashes(html),
      variants,
    };
  }
}

export function webApp(web: WebBuild): Router {
  const root = web.root;
  const router = Router();
  router.use(precompressedAssets(web));
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
  router.use(async (req: Request, res: Response, next: NextFunction) => {
    if (!wantsSpa(req.method, req.path, req.headers.accept)) return next();
    const page = await web.page();
    res.setHeader('Cache-Control', REVALIDATE);
    if (!page) {
      res.status(503).type('text/plain').send(WEB_NOT_BUILT);
      return;
    }
    res.setHeader('Vary', 'Accept-Encoding');
    res.setHeader('ETag', page.etag);
    if (req.headers['if-none-match'] === page.etag) {
      res.status(304).end();
      return;
    }
    const encoding = pickEncoding(req.headers['accept-encoding']);
    const body = page.bodies[encoding ?? 'identity'];
    res.setHeader('Content-Type', HTML_TYPE);
    if (encoding) res.setHeader('Content-Encoding', encoding);
    res.setHeader('Content-Length', body.length);
    res.status(200).end(req.method === 'HEAD' ? undefined : body);
  });
  return router;
}

/** /assets/<name> as its `.br` or `.gz` file when the build wrote one and the browser accepts it. */
function precompressedAssets(web: WebBuild) {
  const assetsDir = path.join(web.root, 'assets');
  return async (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !req.path.startsWith('/assets/')) return next();
    const type = CONTENT_TYPES[path.extname(req.path).toLowerCase()];
    if (!type) return next();
    let name: string;
    try {
      name = decodeURIComponent(req.path.slice('/assets/'.length));
    } catch {
      return next();
    }
    if (name.includes('/') || name.includes('\\') || name.startsWith('.')) return next();
    await web.refresh();
    const variants = web.variantsOf(name);
    const encoding = acceptedEncodings(req.headers['accept-encoding']).find((e) => variants?.[e] !== undefined);
    if (!encoding || !variants) return next();
    res.setHeader('Content-Type', type);
    res.setHeader('Content-Encoding', encoding);
    res.setHeader('Content-Length', variants[encoding] as number);
    res.setHeader('Cache-Control', IMMUTABLE);
    res.setHeader('Vary', 'Accept-Encoding');
    res.status(200);
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    try {
      await pipeline(createReadStream(path.join(assetsDir, `${name}${EXTENSION[encoding]}`)), res);
    } catch (error) {
      // The file went away under a new build, or the browser hung up: nothing more to send.
      if (!res.headersSent) next(error);
      else res.destroy();
    }
  };
}

export interface CspOptions {
  /** Whether the product is served over https (then browsers are also told to upgrade and remember it). */
  https: boolean;
  extraScriptSrc: string[];
  extraImgSrc: string[];
  extraFrameSrc: string[];
  extraConnectSrc: string[];
  /** The CSP hashes of index.html's inline scripts, read per response (a new build brings new ones). */
  inlineScriptHashes?: () => readonly string[];
}

/**
 * Where embedded videos play from (contracts/site-content.ts parseVideoSource): YouTube's privacy-enhanced host and
 * Vimeo's player, as frames only. Uploaded videos come from the app's own /upload/files/ ('self' in media-src).
 */
const VIDEO_FRAME_SOURCES = ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'];

/** script-src, computed per response: the hashes change with the build. */
function scriptSources(extra: string[], hashes: () => readonly string[]) {
  return () => ["'self'", ...extra, ...hashes()].join(' ');
}

/** The Content-Security-Policy directives: the app itself, inline styles (MUI/emotion), sign-up videos. */
export function cspDirectives(options: CspOptions): Record<string, (string | (() => string))[] | null> {
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'script-src': options.inlineScriptHashes
      ? [scriptSources(options.extraScriptSrc, options.inlineScriptHashes)]
      : ["'self'", ...options.extraScriptSrc],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...options.extraImgSrc],
    'font-src': ["'self'", 'data:'],
    'media-src': ["'self'", 'blob:'],
    'frame-src': ["'self'", ...VIDEO_FRAME_SOURCES, ...options.extraFrameSrc],
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
