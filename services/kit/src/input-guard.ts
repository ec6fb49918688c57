import type { RequestHandler } from 'express';
import { HttpError } from './errors';

/**
 * Hostile-input checks every service runs before its routes, so a route never has to think about them:
 * a URL whose percent-encoding does not decode, a NUL character in the path, query or JSON body (PostgreSQL
 * refuses NUL in text: it would surface as a 500), and JSON nested deeper than any of our payloads.
 * Everything else (types, lengths, ranges) is the route's schema's job.
 */

export const MALFORMED_URL_MESSAGE = 'The address is not valid';
export const NUL_MESSAGE = 'Text must not contain NUL characters';
export const TOO_DEEP_MESSAGE = 'Request body is nested too deeply';

/** Deeper than any payload of the API (a few levels) by a wide margin, shallow enough for any recursive reader. */
export const MAX_JSON_DEPTH = 32;

/** Decodes every percent-escape of a path or query; null when one is malformed or not UTF-8. */
function decodeStrict(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

/** The URL check: 400 for malformed percent-encoding or a NUL, in the path or the query. */
export function urlProblem(url: string): string | null {
  const decoded = decodeStrict(url);
  if (decoded === null) return MALFORMED_URL_MESSAGE;
  if (decoded.includes('\0')) return NUL_MESSAGE;
  return null;
}

/**
 * Where a parsed JSON body breaks the rules, as the dotted path of the first offending field ('_' for the
 * body itself) and its message; null when it is fine. Iterative, so a deep body cannot overflow the stack here.
 */
export function bodyProblem(body: unknown): { field: string; message: string } | null {
  const stack: Array<{ value: unknown; path: string[] }> = [{ value: body, path: [] }];
  while (stack.length > 0) {
    const { value, path } = stack.pop() as { value: unknown; path: string[] };
    const field = path.length > 0 ? path.join('.') : '_';
    if (typeof value === 'string') {
      if (value.includes('\0')) return { field, message: NUL_MESSAGE };
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (path.length >= MAX_JSON_DEPTH) return { field, message: TOO_DEEP_MESSAGE };
    for (const [key, child] of Object.entries(value)) {
      const childPath = [...path, key.replaceAll('\0', '')];
      if (key.includes('\0')) return { field: childPath.join('.') || '_', message: NUL_MESSAGE };
      stack.push({ value: child, path: childPath });
    }
  }
  return null;
}

/** Before anything reads the URL (routers decode path parameters and would throw a 500 on `%ff`). */
export function urlGuard(): RequestHandler {
  return (req, _res, next) => {
    const problem = urlProblem(req.url);
    next(problem ? new HttpError(400, problem) : undefined);
  };
}

/** After the JSON parser: NUL characters and absurd nesting in any string or key of the body. */
export function jsonBodyGuard(): RequestHandler {
  return (req, _res, next) => {
    // Raw bodies (Buffers, for signature checks) and multipart forms are their routes' business.
    const body: unknown = req.body;
    if (body === undefined || Buffer.isBuffer(body)) return next();
    const problem = bodyProblem(body);
    next(problem ? new HttpError(400, problem.message, { [problem.field]: problem.message }) : undefined);
  };
}
