import { createHmac } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createApp } from '../src/http';
import { silentLogger as logger } from './support';

const SECRET = 'whsec_test';
const sign = (bytes: Buffer | string) => createHmac('sha256', SECRET).update(bytes).digest('hex');

let server: Server;
let base: string;

beforeAll(async () => {
  const app = createApp(
    { name: 'raw-body-test', logger, internalTokenKeys: 'x'.repeat(32), rawBodyPaths: ['/api/stripe/webhook'] },
    (app) => {
      const answer = (req: Parameters<Parameters<typeof app.post>[1]>[0], res: { json(body: unknown): void }) => {
        res.json({
          parsed: req.body,
          raw: req.rawBody?.toString('utf8') ?? null,
          signatureValid: req.rawBody !== undefined && sign(req.rawBody) === req.headers['stripe-signature'],
        });
      };
      app.post('/api/stripe/webhook', answer);
      app.post('/api/other', answer);
    },
  );
  server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

// Spacing, key order and escapes that JSON.stringify(JSON.parse(...)) would not reproduce.
const BODY = '{ "type":"invoice.paid",\n  "data": {"amount": 1.50, "note": "caf\\u00e9 ☕"} }';

async function post(path: string, body: string, signature: string) {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body,
  });
  return {
    status: res.status,
    body: (await res.json()) as { parsed: unknown; raw: string | null; signatureValid: boolean },
  };
}

describe('createApp rawBodyPaths', () => {
  it('keeps the exact bytes on the chosen path, while JSON still parses', async () => {
    const res = await post('/api/stripe/webhook?attempt=2', BODY, sign(BODY));
    expect(res.status).toBe(200);
    expect(res.body.raw).toBe(BODY);
    expect(res.body.signatureValid).toBe(true);
    expect(res.body.parsed).toEqual({ type: 'invoice.paid', data: { amount: 1.5, note: 'café ☕' } });
    // Re-serializing the parsed body gives other bytes: a signature could not be checked without rawBody.
    expect(sign(JSON.stringify(res.body.parsed))).not.toBe(sign(BODY));
  });

  it('refuses a tampered body through the signature', async () => {
    const res = await post('/api/stripe/webhook', BODY.replace('1.50', '9.50'), sign(BODY));
    expect(res.body.signatureValid).toBe(false);
  });

  it('keeps no copy on other paths', async () => {
    const res = await post('/api/other', BODY, sign(BODY));
    expect(res.status).toBe(200);
    expect(res.body.raw).toBeNull();
  });
});
