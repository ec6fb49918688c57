/**
 * Admission at the gateway (admission.ts), with the real gateway and a real upstream server: past the bound of
 * calls in flight, the excess is answered a fast 503 OVERLOADED with Retry-After once its short wait is over,
 * while the admitted calls are served and /healthz still answers; a call that finds a slot freed within its wait
 * is served. No timings are asserted beyond "answered at all".
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { waitFor } from '@rainmakers/kit/testing';
import { type GatewayForTest, startGatewayForTest } from '../src/testing';

jest.setTimeout(30_000);

const OVERLOADED_BODY = { error: 'The service is busy. Please try again in a moment.', code: 'OVERLOADED' };

/** The resources service's place: /upload/held* waits until released, anything else answers at once. */
const held: http.ServerResponse[] = [];
const upstream = http.createServer((req, res) => {
  res.setHeader('content-type', 'application/json');
  if (req.url?.startsWith('/upload/held')) held.push(res);
  else res.end(JSON.stringify({ url: req.url }));
});

let shedding: GatewayForTest;
let patient: GatewayForTest;

beforeAll(async () => {
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const resources = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  const bound = { ADMISSION_MAX_IN_FLIGHT: '3', ADMISSION_MIN_IN_FLIGHT: '3', ADMISSION_MAX_EVENT_LOOP_DELAY_MS: '0' };
  shedding = await startGatewayForTest({
    upstreams: { resources },
    env: { ...bound, ADMISSION_MAX_WAIT_MS: '200', ADMISSION_RETRY_AFTER_SECONDS: '2' },
  });
  // A wait far longer than any test: a queued call is served when a slot frees.
  patient = await startGatewayForTest({ upstreams: { resources }, env: { ...bound, ADMISSION_MAX_WAIT_MS: '60000' } });
});

afterAll(async () => {
  for (const res of held.splice(0)) res.end('{}');
  await shedding?.stop();
  await patient?.stop();
  upstream.closeAllConnections();
  await new Promise<void>((resolve) => upstream.close(() => resolve()));
});

async function get(base: string, path: string) {
  // Generous: a shed answer comes after the short wait; this only guards against a hang.
  const response = await fetch(base + path, { signal: AbortSignal.timeout(10_000) });
  const text = await response.text();
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body: JSON.parse(text) };
}

function releaseAll(): void {
  for (const res of held.splice(0)) res.end(JSON.stringify({ released: true }));
}

describe('admission at the gateway', () => {
  it('answers the excess 503 OVERLOADED with Retry-After while the admitted calls are served', async () => {
    const admitted = [1, 2, 3].map((n) => get(shedding.url, `/upload/held-${n}`));
    await waitFor(() => held.length === 3, { what: 'three calls upstream' });
    const excess = await Promise.all([4, 5, 6].map((n) => get(shedding.url, `/upload/held-${n}`)));
    for (const answer of excess) expect(answer).toEqual({ status: 503, retryAfter: '2', body: OVERLOADED_BODY });
    // Probes are never counted.
    expect((await get(shedding.url, '/healthz')).status).toBe(200);
    expect(held).toHaveLength(3);
    releaseAll();
    expect((await Promise.all(admitted)).map((answer) => answer.status)).toEqual([200, 200, 200]);
    // Back under the bound: served again.
    expect((await get(shedding.url, '/upload/a.png')).status).toBe(200);
  });

  it('serves a queued call in the slot an answered one frees, first come first served', async () => {
    const admitted = [1, 2, 3].map((n) => get(patient.url, `/upload/held-${n}`));
    await waitFor(() => held.length === 3, { what: 'three calls upstream' });
    const queued = get(patient.url, '/upload/a.png');
    // Still held: the fourth call waits at the gateway, not upstream.
    const first = held.shift() as http.ServerResponse;
    first.end(JSON.stringify({ released: true }));
    expect(await queued).toMatchObject({ status: 200, body: { url: '/upload/a.png' } });
    releaseAll();
    expect((await Promise.all(admitted)).map((answer) => answer.status)).toEqual([200, 200, 200]);
  });
});
