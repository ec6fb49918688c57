/**
 * Reads through the app's query client: a 503 with Retry-After (a server shedding load) is retried after the
 * advised delay and the screen gets the answer that came; a 4xx is not retried. `fetch` and the CSRF cookie are the
 * browser's: stood in here, the client and TanStack Query are real.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { ApiError, api } from './client';
import { queryClient } from './queryClient';

let answers: Response[] = [];
let sent = 0;
const original = { fetch: globalThis.fetch, document: (globalThis as { document?: unknown }).document };

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

const BUSY = { error: 'The service is busy. Please try again in a moment.', code: 'OVERLOADED' };

beforeEach(() => {
  answers = [];
  sent = 0;
  queryClient.clear();
  (globalThis as { document?: unknown }).document = { cookie: 'rm_csrf=token-1' };
  globalThis.fetch = (async () => {
    sent += 1;
    const next = answers.shift();
    if (!next) throw new Error('no answer queued');
    return next;
  }) as typeof fetch;
});

afterEach(() => {
  globalThis.fetch = original.fetch;
  (globalThis as { document?: unknown }).document = original.document;
  queryClient.clear();
});

const read = (key: string) =>
  queryClient.fetchQuery({ queryKey: [key], queryFn: () => api<{ items: number[] }>('/api/things') });

describe('reads answered busy', () => {
  it('retries a 503 with Retry-After after the advised delay and returns the answer that came', async () => {
    answers = [
      json(503, BUSY, { 'retry-after': '0' }),
      json(503, BUSY, { 'retry-after': '0' }),
      json(200, { items: [1, 2] }),
    ];
    await expect(read('busy-twice')).resolves.toEqual({ items: [1, 2] });
    expect(sent).toBe(3);
  });

  it('gives up after a bounded number of busy answers, with the busy error and its Retry-After', async () => {
    answers = Array.from({ length: 20 }, () => json(429, BUSY, { 'retry-after': '0' }));
    const error = await read('always-busy').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 429, retryAfter: '0', code: 'OVERLOADED' });
    expect(sent).toBeGreaterThan(1);
    expect(sent).toBeLessThan(20);
  });

  it('does not retry a 4xx answer', async () => {
    answers = [json(404, { error: 'Not found' }), json(200, { items: [] })];
    await expect(read('missing')).rejects.toMatchObject({ status: 404 });
    expect(sent).toBe(1);
  });
});
