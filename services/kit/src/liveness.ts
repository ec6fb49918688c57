/**
 * Liveness answered from a worker thread, on a port of its own (docs/decisions.md "A frozen upstream: liveness
 * from a worker thread").
 *
 * From outside, a process whose main loop is held by CPU work and one stopped by SIGSTOP look the same on its
 * HTTP port: the kernel accepts the connection and nothing answers. A thread with its own event loop tells them
 * apart: it answers while the process runs, however busy the main loop, and falls silent only when the whole
 * process is stopped (or refuses once it is gone). The gateway asks it while calls to the service are in flight
 * and answers those calls 503 when it falls silent, instead of letting them wait out their 10 s timeout.
 *
 * The thread also says how long the main loop has left its last ping unanswered (`mainLoopSilentMs`) and answers
 * 503 past `stuckMs`, so a probe of it still catches a loop that never comes back.
 *
 * Idle cost: nothing runs until someone asks; each request posts at most one ping to the main thread.
 */
import { Worker } from 'node:worker_threads';
import { z } from 'zod';

/** Past this long without the main loop answering a ping, the thread answers 503 (the loop is wedged). */
export const LIVENESS_STUCK_MS = 30_000;

export interface LivenessOptions {
  /** 0: any free port (one machine; the gateway learns it from /healthz). */
  port: number;
  host: string;
  stuckMs?: number;
}

export interface Liveness {
  port: number;
  stop(): Promise<void>;
}

// Plain CommonJS, run with `eval`: the thread must start the same under tsx, from the bundled services and in tests.
const THREAD_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
let pingSentAt = 0;
parentPort.on('message', (message) => { if (message === 'pong') pingSentAt = 0; });
const server = http.createServer((req, res) => {
  req.resume();
  const now = Date.now();
  const mainLoopSilentMs = pingSentAt ? now - pingSentAt : 0;
  if (!pingSentAt) {
    pingSentAt = now;
    parentPort.postMessage('ping');
  }
  const stuck = mainLoopSilentMs >= workerData.stuckMs;
  res.writeHead(stuck ? 503 : 200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify({ status: stuck ? 'stuck' : 'alive', mainLoopSilentMs }));
});
server.keepAliveTimeout = 65000;
server.on('error', (error) => parentPort.postMessage({ error: error.message }));
server.listen(workerData.port, workerData.host, () => parentPort.postMessage({ port: server.address().port }));
`;

const threadMessage = z.union([
  z.literal('ping'),
  z.object({ port: z.number().int() }),
  z.object({ error: z.string() }),
]);

let current: Liveness | undefined;

/** The port this process's liveness thread listens on, once started (reported by /healthz). */
export function livenessPort(): number | undefined {
  return current?.port;
}

/** Starts this process's liveness thread; resolves once it listens (rejects when its port cannot be taken). */
export function startLiveness(options: LivenessOptions): Promise<Liveness> {
  const worker = new Worker(THREAD_SOURCE, {
    eval: true,
    workerData: { port: options.port, host: options.host, stuckMs: options.stuckMs ?? LIVENESS_STUCK_MS },
  });
  return new Promise<Liveness>((resolve, reject) => {
    worker.on('error', reject);
    worker.on('message', (raw: unknown) => {
      const message = threadMessage.safeParse(raw);
      if (!message.success) return;
      const value = message.data;
      if (value === 'ping') {
        worker.postMessage('pong');
        return;
      }
      if ('error' in value) {
        void worker.terminate();
        reject(new Error(`liveness thread: ${value.error}`));
        return;
      }
      const liveness: Liveness = {
        port: value.port,
        async stop() {
          if (current === liveness) current = undefined;
          await worker.terminate();
        },
      };
      current = liveness;
      // Never what keeps the process running once it listens.
      worker.unref();
      resolve(liveness);
    });
  });
}

/** The /healthz body's field naming the liveness port; what the gateway reads of it. */
const healthzLiveness = z.object({ livenessPort: z.number().int().min(1).max(65535) });

/** The liveness port a service's /healthz answer names, if any. */
export function livenessPortOf(healthzBody: unknown): number | undefined {
  const parsed = healthzLiveness.safeParse(healthzBody);
  return parsed.success ? parsed.data.livenessPort : undefined;
}
