import type { ErrorBody } from '@rainmakers/contracts';
import { HttpError } from './errors';
import { INTERNAL_TOKEN_HEADER, signServiceToken } from './internal-token';
import { injectTraceHeaders } from './tracing';

export interface InternalClient {
  request<T>(method: string, path: string, body?: unknown): Promise<T>;
}

/**
 * Calls another service's /internal/* routes as this service. A 4xx from the callee comes back as an
 * HttpError with the same status and field errors, so a caller can pass a person's mistake straight on.
 */
export function createInternalClient(options: {
  baseUrl: string;
  service: string;
  secret: string;
  timeoutMs?: number;
}): InternalClient {
  return {
    async request<T>(method: string, path: string, body?: unknown): Promise<T> {
      const response = await fetch(new URL(path, options.baseUrl), {
        method,
        headers: injectTraceHeaders({
          'content-type': 'application/json',
          [INTERNAL_TOKEN_HEADER]: signServiceToken(options.service, options.secret),
        }),
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs ?? 5000),
      });
      const text = await response.text();
      const json = text ? (JSON.parse(text) as unknown) : undefined;
      if (!response.ok) {
        const err = (json ?? {}) as Partial<ErrorBody>;
        if (response.status < 500)
          throw new HttpError(response.status, err.error ?? 'Request failed', err.errors, err.code);
        throw new Error(`${method} ${path} failed with ${response.status}: ${err.error ?? text}`);
      }
      return json as T;
    },
  };
}
