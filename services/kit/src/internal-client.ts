import type { ErrorBody } from '@rainmakers/contracts';
import { HttpError } from './errors';
import { INTERNAL_TOKEN_HEADER, signServiceToken } from './internal-token';
import { endClientSpan, injectTraceHeaders, startClientSpan, TRACEPARENT_HEADER } from './tracing';

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
      const url = new URL(path, options.baseUrl);
      // A CLIENT span, parent of the callee's server span (tracing on, inside a sampled trace).
      const client = startClientSpan(method, url);
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        [INTERNAL_TOKEN_HEADER]: signServiceToken(options.service, options.secret),
      };
      if (client?.traceparent) headers[TRACEPARENT_HEADER] = client.traceparent;
      else injectTraceHeaders(headers);
      let response: Response;
      try {
        response = await fetch(url, {
          method,
          headers,
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(options.timeoutMs ?? 5000),
        });
      } catch (error) {
        endClientSpan(client, undefined, error);
        throw error;
      }
      endClientSpan(client, response.status);
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
