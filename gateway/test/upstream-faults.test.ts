/**
 * A service behind the gateway that is down (nothing listens) is answered for at once with 503
 * SERVICE_UNAVAILABLE, for that service's routes only. A service process that is stopped (SIGSTOP) is told from a
 * busy one by its liveness thread (kit liveness.ts): the calls in flight to it answer 503 within 2 s, later ones at
 * once, while one whose main loop is held by CPU work keeps being served. Without a liveness thread the gateway
 * knows of, a frozen service (connections accepted, nothing answered) is answered for with fast 503s once it has
 * been silent for the silence window (UPSTREAM_SILENCE_MS), while the calls already in flight keep their own
 * timeouts; one busy for less than that window keeps being served. Either is served again once it recovers.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { waitFor } from '@rainmakers/kit/testing';
import { type GatewayForTest, startGatewayForTest } from '../src/testing';

// Recovery waits on probes and reconnects; a loaded 2-core machine needs more than jest's default 5 s.
jest.setTimeout(30_000);

/** A stand-in service whose behaviour a test switches: answering, frozen, or (after stop()) gone. */
class FakeService {
  mode: 'answering' | 'frozen' = 'answering';
  /** Until this Date.now(), every call (probes too) waits, like an event loop held by one heavy request. */
  busyUntil = 0;
  /** Calls that reached the service (probes excluded). */
  calls = 0;
  /** Extra time the service takes on /upload/slow* before answering. */
  slowMs = 1500;
  private readonly held = new Set<http.ServerResponse>();
  private server: http.Server;
  port = 0;

  constructor(private readonly name: string) {
    this.server = this.create();
  }

  private create(): http.Server {
    return http.createServer((req, res) => this.handle(req, res));
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    const busyFor = this.busyUntil - Date.now();
    if (busyFor > 0) {
      setTimeout(() => this.handle(req, res), busyFor);
      return;
    }
    if (this.mode === 'frozen') {
      this.held.add(res);
      return;
    }
    if (req.url === '/healthz') {
      res.end(JSON.stringify({ status: 'ok' }));
      return;
    }
    this.calls += 1;
    const answer = () => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ service: this.name, url: req.url }));
    };
    if (req.url?.startsWith('/upload/slow')) setTimeout(answer, this.slowMs);
    else if (req.url?.startsWith('/upload/hang')) this.held.add(res);
    else answer();
  }

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  /** Like a killed process: the port refuses connections. */
  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.held.clear();
    this.server = this.create();
  }

  /** Like SIGCONT: answers again (the held calls are dropped; the gateway answered them already). */
  thaw(): void {
    this.mode = 'answering';
    for (const res of this.held) res.destroy();
    this.held.clear();
  }
}

const SILENCE_MS = 1500;
/** /upload/* calls get the transfer timeout: shortened so a call left in flight to a frozen service ends. */
const TRANSFER_TIMEOUT_MS = 4000;
const auth = new FakeService('auth');
const resources = new FakeService('resources');
let gateway: GatewayForTest;

beforeAll(async () => {
  await auth.start();
  await resources.start();
  gateway = await startGatewayForTest({
    upstreams: { auth: auth.url, resources: resources.url },
    env: { UPSTREAM_SILENCE_MS: String(SILENCE_MS), UPSTREAM_TRANSFER_TIMEOUT_MS: String(TRANSFER_TIMEOUT_MS) },
  });
});

afterEach(async () => {
  resources.thaw();
  // Back to answering through the gateway before the next case.
  await waitFor(async () => (await fetch(`${gateway.url}/upload/a.png`)).status === 200);
});

afterAll(async () => {
  await gateway?.stop();
  await auth.stop();
  await resources.stop();
});

async function timed(path: string): Promise<{ status: number; ms: number; body: unknown }> {
  const started = Date.now();
  const response = await fetch(gateway.url + path);
  const body = await response.json();
  return { status: response.status, ms: Date.now() - started, body };
}

const UNAVAILABLE = { error: 'Service unavailable', code: 'SERVICE_UNAVAILABLE' };

describe('a service that is down', () => {
  it('answers 503 for its routes at once, while other services keep answering, and serves it again once back', async () => {
    await resources.stop();
    try {
      for (let i = 0; i < 8; i++) {
        const answer = await timed('/upload/a.png');
        expect(answer).toMatchObject({ status: 503, body: UNAVAILABLE });
        expect(answer.ms).toBeLessThan(1000);
      }
      expect(await timed('/api/auth/me')).toMatchObject({ status: 200, body: { service: 'auth' } });
    } finally {
      // Back whatever happened, so one failure here is not every later case's too.
      await resources.start();
    }
    await waitFor(async () => (await timed('/upload/a.png')).status === 200);
  });
});

describe('a service that is frozen, without a liveness thread the gateway knows of', () => {
  it('answers new calls 503 within a second once silent for the window, keeps the calls in flight, only for that service', async () => {
    const started = Date.now();
    const inFlight = timed('/upload/hang-1');
    await waitFor(async () => resources.calls > 0);
    resources.mode = 'frozen';
    // Noticed once nothing came back for the silence window (plus a probe round).
    await waitFor(async () => (await timed('/upload/a.png')).status === 503, { timeoutMs: SILENCE_MS + 3000 });
    for (let i = 0; i < 5; i++) {
      const answer = await timed('/upload/a.png');
      expect(answer).toMatchObject({ status: 503, body: UNAVAILABLE });
      expect(answer.ms).toBeLessThan(1000);
    }
    expect(await timed('/api/auth/me')).toMatchObject({ status: 200 });
    // The call in flight was not cut when the breaker opened: it ends at its own timeout.
    const stuck = await inFlight;
    expect(stuck).toMatchObject({ status: 503, body: UNAVAILABLE });
    expect(Date.now() - started).toBeGreaterThanOrEqual(TRANSFER_TIMEOUT_MS - 100);
    resources.thaw();
    await waitFor(async () => (await timed('/upload/a.png')).status === 200, { timeoutMs: 3000 });
  });

  it('lets a slow call of a live service finish (the probe still answers)', async () => {
    const answer = await timed('/upload/slow-1');
    expect(answer).toMatchObject({ status: 200, body: { service: 'resources' } });
    expect(answer.ms).toBeGreaterThanOrEqual(resources.slowMs);
  });
});

describe('a service that is busy for less than the silence window', () => {
  it('keeps its breaker closed: every call, in flight or new, is answered by the service', async () => {
    resources.busyUntil = Date.now() + SILENCE_MS * 0.6;
    const calls = await Promise.all(
      Array.from({ length: 6 }, async (_, i) => {
        await new Promise((resolve) => setTimeout(resolve, i * 150));
        return timed(`/upload/busy-${i}.png`);
      }),
    );
    expect(calls.map((call) => call.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(gateway.running.gateway.proxies.health.resources.breaker.state).toBe('closed');
  });
});

describe('upstream timeouts and the breaker without the probe', () => {
  let strict: GatewayForTest;
  beforeAll(async () => {
    strict = await startGatewayForTest({
      upstreams: { auth: auth.url, resources: resources.url },
      env: {
        UPSTREAM_PROBE_INTERVAL_MS: '0',
        UPSTREAM_TIMEOUT_MS: '300',
        UPSTREAM_BREAKER_FAILURES: '2',
        UPSTREAM_BREAKER_OPEN_MS: '500',
      },
    });
  });
  afterAll(() => strict?.stop());

  it('answers 503 when the call outlives its timeout, opens after failures in a row, and closes after a good trial', async () => {
    const call = async (path: string) => {
      const started = Date.now();
      const response = await fetch(strict.url + path);
      return { status: response.status, ms: Date.now() - started, body: await response.json() };
    };
    const first = await call('/upload/hang-a');
    expect(first).toMatchObject({ status: 503, body: UNAVAILABLE });
    expect(first.ms).toBeGreaterThanOrEqual(280);
    expect(first.ms).toBeLessThan(1000);
    expect((await call('/upload/hang-b')).status).toBe(503);
    // Open: answered without reaching the service.
    const before = resources.calls;
    const fast = await call('/upload/a.png');
    expect(fast).toMatchObject({ status: 503, body: UNAVAILABLE });
    expect(fast.ms).toBeLessThan(250);
    expect(resources.calls).toBe(before);
    // After the open period one trial goes through; it answers, so the breaker closes.
    await waitFor(async () => (await call('/upload/a.png')).status === 200, { timeoutMs: 3000 });
    expect((await call('/upload/b.png')).status).toBe(200);
  });
});

/**
 * A service in a process of its own with the kit's liveness thread, stopped, busy and killed for real, behind a
 * gateway with the product's settings: a stopped process is told from a busy one by its liveness thread, which a
 * busy main loop does not silence and SIGSTOP does.
 */
describe('a service process with its liveness thread', () => {
  /** The bound the product promises for a call in flight to a stopped process. */
  const IN_FLIGHT_BOUND_MS = 2000;
  const fixture = fileURLToPath(new URL('./fixtures/upstream-process.ts', import.meta.url));
  let child: ChildProcess | undefined;
  let output = '';
  let live: GatewayForTest;

  async function startChild(): Promise<string> {
    output = '';
    const started = spawn(process.execPath, ['--import', 'tsx', fixture], { stdio: ['ignore', 'pipe', 'inherit'] });
    child = started;
    started.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const port = await waitFor(() => /listening (\d+)/.exec(output)?.[1], { what: 'the stand-in to listen' });
    return `http://127.0.0.1:${port}`;
  }

  const calls = (prefix: string) => output.split('\n').filter((line) => line.startsWith(`call ${prefix}`)).length;

  async function timedLive(path: string) {
    const started = Date.now();
    const response = await fetch(live.url + path);
    const body = await response.json();
    return { status: response.status, ms: Date.now() - started, body, retryAfter: response.headers.get('retry-after') };
  }

  beforeAll(async () => {
    const url = await startChild();
    live = await startGatewayForTest({ upstreams: { auth: auth.url, resources: url } });
    // The gateway learns where the liveness thread listens from the service's /healthz.
    await waitFor(() => live.running.gateway.proxies.health.resources.knownLivenessPort, {
      what: 'the gateway to learn the liveness port',
    });
  });

  afterAll(async () => {
    child?.kill('SIGCONT');
    child?.kill('SIGKILL');
    await live?.stop();
  });

  it('busy (main loop held 1.5 s by a CPU loop): every call, in flight or new, is answered by it, none cut', async () => {
    const busy = timedLive('/upload/busy-1?ms=1500');
    await waitFor(() => calls('/upload/busy') > 0, { what: 'the busy call to reach the service' });
    // Sent while its loop is held: they wait for it, and the gateway must not cut them.
    const meanwhile = await Promise.all(
      Array.from({ length: 4 }, async (_, i) => {
        await new Promise((resolve) => setTimeout(resolve, i * 250));
        return timedLive(`/upload/while-busy-${i}.png`);
      }),
    );
    expect((await busy).status).toBe(200);
    expect(meanwhile.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect(live.running.gateway.proxies.health.resources.breaker.state).toBe('closed');
  });

  it('stopped (SIGSTOP): every call in flight answers 503 within 2 s, later ones at once, served again after SIGCONT', async () => {
    const before = calls('/upload/hang');
    const hanging = Array.from({ length: 4 }, (_, i) => timedLive(`/upload/hang-stop-${i}`));
    await waitFor(() => calls('/upload/hang') === before + 4, { what: 'the calls to reach the service' });
    child?.kill('SIGSTOP');
    // Sent after the stop, before the gateway can know: in flight as well.
    const afterStop = Array.from({ length: 4 }, async (_, i) => {
      await new Promise((resolve) => setTimeout(resolve, i * 200));
      return timedLive(`/upload/after-stop-${i}.png`);
    });
    const inFlight = await Promise.all([...hanging, ...afterStop]);
    try {
      for (const answer of inFlight) {
        expect(answer).toMatchObject({ status: 503, body: UNAVAILABLE, retryAfter: '1' });
        expect(answer.ms).toBeLessThan(IN_FLIGHT_BOUND_MS);
      }
      for (let i = 0; i < 5; i++) {
        const later = await timedLive('/upload/later.png');
        expect(later).toMatchObject({ status: 503, body: UNAVAILABLE, retryAfter: '1' });
        expect(later.ms).toBeLessThan(1000);
      }
      expect(await timed('/api/auth/me')).toMatchObject({ status: 200 });
    } finally {
      child?.kill('SIGCONT');
    }
    await waitFor(async () => (await timedLive('/upload/a.png')).status === 200, { what: 'served again' });
  });

  it('killed (SIGKILL): the call in flight and later ones answer 503 at once', async () => {
    const before = calls('/upload/hang');
    const hanging = timedLive('/upload/hang-kill');
    await waitFor(() => calls('/upload/hang') === before + 1, { what: 'the call to reach the service' });
    const exited = new Promise((resolve) => child?.once('exit', resolve));
    child?.kill('SIGKILL');
    await exited;
    const answer = await hanging;
    expect(answer).toMatchObject({ status: 503, body: UNAVAILABLE });
    expect(answer.ms).toBeLessThan(IN_FLIGHT_BOUND_MS);
    for (let i = 0; i < 5; i++) {
      const later = await timedLive('/upload/later.png');
      expect(later).toMatchObject({ status: 503, body: UNAVAILABLE });
      expect(later.ms).toBeLessThan(1000);
    }
  });
});
