import { randomUUID } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import {
  ACCEPTED_IMAGE_TYPES,
  ACCEPTED_VIDEO_TYPES,
  IMAGE_EXTENSIONS,
  UPLOAD_ERRORS,
  UPLOAD_FIELD,
  UPLOAD_FILE_NAME_PATTERN,
  UPLOAD_FILES_PATH,
  UPLOAD_MAX_IMAGE_PIXELS,
  UPLOAD_MAX_IMAGE_SIDE,
  UPLOAD_MULTIPART_OVERHEAD_BYTES,
  type UploadResponse,
  uploadTooLargeMessage,
  VIDEO_EXTENSIONS,
  VIDEO_UPLOAD_ERRORS,
  VIDEO_UPLOAD_FIELD,
  VIDEO_UPLOAD_MAX_BYTES,
} from '@rainmakers/contracts';
import {
  badRequest,
  fieldError,
  forbidden,
  HttpError,
  notFound,
  RangeNotSatisfiable,
  requireActor,
  type Storage,
  type StoredObject,
} from '@rainmakers/kit';
import { type Request, type RequestHandler, type Response, Router } from 'express';
import multer from 'multer';
import { readImageSize, withinPixelLimits } from '../domain/image-size';
import { detectImageType, detectVideoType } from '../domain/image-type';
import { canUploadImage, canUploadVideo } from '../policies';

/** Where an upload named `<uuid>.<ext>` is kept in the bucket. */
export const uploadKey = (name: string) => `uploads/${name}`;

/**
 * `POST /upload` (one image in the field `image`, checked by its content) and `GET /upload/files/:name`.
 * Files are served to anyone who has the URL: the name is an unguessable UUID, so avatars and lesson
 * pictures render wherever the app shows them, and the answer can be cached for good.
 */
export function uploadRoutes(deps: { storage: Storage; maxBytes: number }): Router {
  const { storage, maxBytes } = deps;
  /**
   * The rest of an oversized body is never read: closing the connection after the answer frees it at once,
   * where draining could take as long as the sender likes (the next request on a kept-alive socket would wait).
   */
  const tooLarge = (res: Response) => {
    res.setHeader('Connection', 'close');
    return new HttpError(413, uploadTooLargeMessage(maxBytes));
  };
  const parseImage = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: maxBytes, files: 1, fields: 10, parts: 20, fieldSize: 16 * 1024 },
  }).single(UPLOAD_FIELD);

  const router = Router();

  router.post('/', async (req, res) => {
    const actor = requireActor(req);
    if (!canUploadImage(actor)) throw forbidden();
    // Refuse an announced oversized body before reading it.
    if (Number(req.headers['content-length'] ?? 0) > maxBytes + UPLOAD_MULTIPART_OVERHEAD_BYTES) throw tooLarge(res);
    await runMulter(parseImage, req, res, () => tooLarge(res));
    const file = req.file;
    if (!file || file.size === 0) throw badRequest(UPLOAD_ERRORS.missing);
    const type = detectImageType(file.buffer);
    if (!type) throw badRequest(UPLOAD_ERRORS.notImage);
    const size = readImageSize(type, file.buffer);
    if (size && !withinPixelLimits(size, { maxSide: UPLOAD_MAX_IMAGE_SIDE, maxPixels: UPLOAD_MAX_IMAGE_PIXELS })) {
      throw fieldError(UPLOAD_FIELD, UPLOAD_ERRORS.tooManyPixels);
    }
    const name = `${randomUUID()}.${IMAGE_EXTENSIONS[type]}`;
    await storage.put(uploadKey(name), file.buffer, type);
    req.log.info({ userId: actor.userId, name, type, size: file.size }, 'image uploaded');
    res.status(201).json({ latestUploadedFileUrl: `${UPLOAD_FILES_PATH}${name}` } satisfies UploadResponse);
  });

  const parseVideo = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: VIDEO_UPLOAD_MAX_BYTES, files: 1, fields: 10, parts: 20, fieldSize: 16 * 1024 },
  }).single(VIDEO_UPLOAD_FIELD);
  const videoTooLarge = (res: Response) => {
    res.setHeader('Connection', 'close');
    return new HttpError(413, VIDEO_UPLOAD_ERRORS.tooLarge);
  };

  /** `POST /upload/video`: one MP4 or WebM in the field `video` (admins: site content and lesson videos). */
  router.post('/video', async (req, res) => {
    const actor = requireActor(req);
    if (!canUploadVideo(actor)) throw forbidden();
    if (Number(req.headers['content-length'] ?? 0) > VIDEO_UPLOAD_MAX_BYTES + UPLOAD_MULTIPART_OVERHEAD_BYTES) {
      throw videoTooLarge(res);
    }
    await runMulter(parseVideo, req, res, () => videoTooLarge(res), VIDEO_UPLOAD_FIELD);
    const file = req.file;
    if (!file || file.size === 0) throw badRequest(VIDEO_UPLOAD_ERRORS.missing);
    const type = detectVideoType(file.buffer);
    if (!type) throw badRequest(VIDEO_UPLOAD_ERRORS.notVideo);
    const name = `${randomUUID()}.${VIDEO_EXTENSIONS[type]}`;
    await storage.put(uploadKey(name), file.buffer, type);
    req.log.info({ userId: actor.userId, name, type, size: file.size }, 'video uploaded');
    res.status(201).json({ latestUploadedFileUrl: `${UPLOAD_FILES_PATH}${name}` } satisfies UploadResponse);
  });

  router.get('/files/:name', async (req, res) => {
    const name = req.params.name;
    if (typeof name !== 'string' || !UPLOAD_FILE_NAME_PATTERN.test(name)) throw notFound('File not found');
    // Videos are read in byte ranges: without them a browser cannot seek, so a lesson could not resume mid-video.
    const range = typeof req.headers.range === 'string' ? req.headers.range : undefined;
    let object: StoredObject | null;
    try {
      object = await storage.get(uploadKey(name), { range });
    } catch (error) {
      if (!(error instanceof RangeNotSatisfiable)) throw error;
      res.status(416).set({ 'Accept-Ranges': 'bytes', 'Content-Range': `bytes */${error.size ?? '*'}` });
      res.end();
      return;
    }
    if (!object) throw notFound('File not found');
    const stored = object.contentType ?? '';
    const known =
      (ACCEPTED_IMAGE_TYPES as readonly string[]).includes(stored) ||
      (ACCEPTED_VIDEO_TYPES as readonly string[]).includes(stored);
    res.status(object.contentRange ? 206 : 200).set({
      'Content-Type': known ? stored : 'application/octet-stream',
      'Accept-Ranges': 'bytes',
      ...(object.contentRange ? { 'Content-Range': object.contentRange } : {}),
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'",
      ...(object.contentLength !== undefined ? { 'Content-Length': String(object.contentLength) } : {}),
      ...(object.etag ? { ETag: object.etag } : {}),
    });
    try {
      await pipeline(object.body, res);
    } catch (error) {
      // The browser went away or S3 broke off mid-file; the socket is closed either way.
      req.log.warn({ err: error, name }, 'file stream ended early');
    }
  });

  return router;
}

/** Runs multer as a promise and turns its errors into the upload's answers. */
function runMulter(
  middleware: RequestHandler,
  req: Request,
  res: Response,
  tooLarge: () => HttpError,
  field: string = UPLOAD_FIELD,
): Promise<void> {
  return new Promise((resolve, reject) => {
    middleware(req, res, (error?: unknown) => {
      if (!error) return resolve();
      if (error instanceof multer.MulterError) {
        if (error.code === 'LIMIT_FILE_SIZE') return reject(tooLarge());
        if (error.code === 'LIMIT_FILE_COUNT') return reject(badRequest(UPLOAD_ERRORS.tooMany));
        if (error.code === 'LIMIT_UNEXPECTED_FILE') {
          return reject(badRequest(error.field === field ? UPLOAD_ERRORS.tooMany : UPLOAD_ERRORS.missing));
        }
        return reject(badRequest(UPLOAD_ERRORS.invalid));
      }
      // Malformed multipart bodies (busboy): the client's fault, not ours.
      if (error instanceof Error) return reject(badRequest(UPLOAD_ERRORS.invalid));
      reject(error);
    });
  });
}
