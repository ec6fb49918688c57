import type { ErrorBody } from '@rainmakers/contracts';
import type { ZodError } from 'zod';

/** An error a person may see: it carries its HTTP status and the spec's error body. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fieldErrors?: Record<string, string>,
    readonly code?: string,
    /** Facts the body carries beside the message (a locked lesson's `opensAt`). */
    readonly facts?: Pick<ErrorBody, 'opensAt'>,
  ) {
    super(message);
  }

  toBody(): ErrorBody {
    return {
      error: this.message,
      ...(this.code ? { code: this.code } : {}),
      ...(this.fieldErrors ? { errors: this.fieldErrors } : {}),
      ...this.facts,
    };
  }
}

export const badRequest = (message: string, fieldErrors?: Record<string, string>) =>
  new HttpError(400, message, fieldErrors);
export const fieldError = (field: string, message: string) => new HttpError(400, message, { [field]: message });
export const unauthorized = (message = 'Please sign in to continue') => new HttpError(401, message);
export const forbidden = (message = 'You do not have permission to do that') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string, fieldErrors?: Record<string, string>) =>
  new HttpError(409, message, fieldErrors);
export const tooManyRequests = (message = 'Too many attempts. Please wait a moment and try again.') =>
  new HttpError(429, message);

/** Turns a zod failure into per-field messages keyed by the dotted path of each field (first message wins). */
export function zodFieldErrors(error: ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.join('.') : '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

export function validationError(error: ZodError): HttpError {
  const fields = zodFieldErrors(error);
  const first = Object.values(fields)[0] ?? 'Invalid request';
  return new HttpError(400, first, fields);
}
