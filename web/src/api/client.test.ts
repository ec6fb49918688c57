/**
 * The API client's creates: one Idempotency-Key per call, the same on every retry after a 503 or a network failure,
 * and nothing else retried. `fetch` and the CSRF cookie are the browser's: stood in here, the client itself is real.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { ApiError, api, IDEMPOTENCY_KEY_HEADER } from './client';

type Answer = Response | Error;
let answers: Answer[] = [];
let sent: { url: string; method: string; headers: Headers }[] = [];
const original = { fetch: globalThis.fetch, document: (globalThis as { document?: unknown }).document };

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

beforeEach(() => {
  answers = [];
  sent = [];
  (globalThis as { document?: unknown }).document = { cookie: 'rm_csrf=token-1' };
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    sent.push({ url: String(input), method: init?.method ?? 'GET', headers: new Headers(init?.headers) });
    const next = answers.shift();
    if (!next) throw new Error('no answer queued');
    if (next instanceof Error) throw next;
    return next;
  }) as typeof fetch;
});

afterEach(() => {
  globalThis.fetch = original.fetch;
  (globalThis as { document?: unknown }).document = original.document;
});

const keys = () => sent.map((s) => s.headers.get(IDEMPOTENCY_KEY_HEADER));

describe('api() creates', () => {
  it('retries a create answered 503 with the same key and returns the answer that came', async () => {
    answers = [json(503, { error: 'Service unavailable' }, { 'retry-after': '0' }), json(201, { thing: { id: 7 } })];
    const body = await api<{ thing: { id: number } }>('/api/thing/upsert', { method: 'POST', create: true, body: {} });
    expect(body).toEqual({ thing: { id: 7 } });
    expect(sent).toHaveLength(2);
    const [first, second] = keys();
    expect(first).toMatch(/^[A-Za-z0-9._:-]{1,100}$/);
    expect(second).toBe(first);
    expect(sent[0]?.headers.get('x-csrf-token')).toBe('token-1');
  });

  it('retries a network failure with the same key, at most three attempts, then reports the failure', async () => {
    answers = [new TypeError('Failed to fetch'), new TypeError('Failed to fetch'), new TypeError('Failed to fetch')];
    await expect(api('/api/thing/upsert', { method: 'POST', create: true, body: {} })).rejects.toMatchObject({
      status: 0,
    });
    expect(sent).toHaveLength(3);
    expect(new Set(keys()).size).toBe(1);
  });

  it('uses a new key for the next create', async () => {
    answers = [json(201, {}), json(201, {})];
    await api('/api/thing/upsert', { method: 'POST', create: true, body: {} });
    await api('/api/thing/upsert', { method: 'POST', create: true, body: {} });
    const [a, b] = keys();
    expect(a).not.toBe(b);
  });

  it('does not retry a final answer, nor any call that is not a create', async () => {
    answers = [json(400, { error: 'Title is required', errors: { title: 'Title is required' } })];
    await expect(api('/api/thing/upsert', { method: 'POST', create: true, body: {} })).rejects.toBeInstanceOf(ApiError);
    expect(sent).toHaveLength(1);

    sent = [];
    answers = [json(503, { error: 'Service unavailable' }, { 'retry-after': '0' })];
    await expect(api('/api/card/move', { method: 'POST', body: {} })).rejects.toMatchObject({ status: 503 });
    expect(sent).toHaveLength(1);
    expect(keys()).toEqual([null]);
  });
});
