/**
 * The bare pipe: the ceiling of the gateway's shape on this machine, measured in the same run as the hot paths.
 *
 *   autocannon -> front (Express + the gateway's own http-proxy-middleware and keep-alive agent, nothing else)
 *              -> back (Express answering a fixed `{currentUser}` JSON, the size and shape of a real /api/auth/me)
 *
 * Each half is its own process (like the gateway and a service), started by the benchmark beside the stack on free
 * ports. Both run this file: `node --import tsx scripts/bench/pipe.ts back|front`, configured by environment
 * variables, and print `listening <port>` once they listen.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { createInterface } from 'node:readline';
import { httpMetrics, httpTracing, listen, startTracing } from '@rainmakers/kit';
import express from 'express';
import { DEFAULT_UPSTREAM_MAX_SOCKETS } from '../../gateway/src/config';
import { createBareProxy } from '../../gateway/src/proxy';
import type { Watched } from './procs';
import type { ScenarioPlan } from './scenarios';

export const PIPE_KEY = 'pipe';
export const PIPE_NAME = 'bare pipe (Express -> proxy -> Express)';
export const PIPE_PATH = '/api/auth/me';
export const OBSERVED_PIPE_KEY = 'pipe-observed';
/** Metrics and traces may cost at most a tenth of the pipe's throughput. */
export const OBSERVED_PIPE_AT_LEAST = 0.9;
/** The sampling the target is held to (docs/deploy.md recommends it for production), and the every-trace case. */
export const OBSERVED_PIPE_RATIOS = [0.1, 1] as const;

/** A `currentUser` answer of the usual size, for when no real one is at hand (the bench passes a real one). */
export const SAMPLE_ME_ANSWER = {
  currentUser: {
    id: 42,
    fullName: 'Bench Member 1',
    email: 'bench-member-01@bench.rainmakers.local',
    role: 'premium',
    photoUrl: null,
    city: 'Austin',
    state: 'TX',
    country: 'United States',
    phoneNumber: null,
    stripeStatus: null,
    stripeCustomerId: null,
    alwaysGrantAccess: false,
    createdAt: '2026-11-24T12:00:00.000Z',
    Tags: [],
    Resources: [],
    isAdmin: false,
    impersonatedBy: null,
  },
};

export interface BarePipe {
  /** The front's origin (what autocannon calls). */
  url: string;
  /** The two processes, for the CPU and memory tables. */
  watched: Watched[];
  /** Bytes of the JSON body the back answers with. */
  bodyBytes: number;
  stop(): Promise<void>;
}

function startHalf(
  role: 'back' | 'front',
  env: Record<string, string>,
): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', import.meta.filename, role], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  return new Promise((resolve, reject) => {
    // Generous: tsx compiles the gateway's modules on a loaded machine first.
    const timer = setTimeout(() => fail(new Error('did not listen within 120 s')), 120_000);
    const fail = (error: Error) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`bare pipe ${role}: ${error.message}\n${output.join('\n')}`));
    };
    createInterface({ input: child.stderr }).on('line', (line) => output.push(line));
    createInterface({ input: child.stdout }).on('line', (line) => {
      const port = /^listening (\d+)$/.exec(line)?.[1];
      if (!port) return void output.push(line);
      clearTimeout(timer);
      resolve({ child, port: Number(port) });
    });
    child.once('exit', (code, signal) => fail(new Error(`exited (${signal ?? code}) before listening`)));
    child.once('error', fail);
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * Starts the back, then the front in front of it; `answer` is the JSON the back sends (a real /me answer). With
 * `observed`, both halves also run what every gateway and service runs on each request — the kit's request metrics
 * and server spans, the front passing the trace on — and export their spans over OTLP to `observed.otlpUrl`.
 */
export async function startBarePipe(
  answer: unknown = SAMPLE_ME_ANSWER,
  observed?: { otlpUrl: string; sampleRatio: number },
): Promise<BarePipe> {
  const body = JSON.stringify(answer);
  const observing = (half: string): Record<string, string> =>
    observed
      ? {
          BENCH_PIPE_OBSERVED: '1',
          OTEL_EXPORTER_OTLP_ENDPOINT: observed.otlpUrl,
          // The receiver reads OTLP/JSON; the SDK's default is protobuf.
          OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
          OTEL_TRACES_SAMPLER_ARG: String(observed.sampleRatio),
          SERVICE_NAME: `pipe-${half}`,
        }
      : {};
  const label = observed ? `observed ${observed.sampleRatio}` : 'pipe';
  const back = await startHalf('back', { BENCH_PIPE_BODY: body, ...observing('back') });
  let front: { child: ChildProcess; port: number };
  try {
    front = await startHalf('front', { BENCH_PIPE_TARGET: `http://127.0.0.1:${back.port}`, ...observing('front') });
  } catch (error) {
    await stopChild(back.child);
    throw error;
  }
  return {
    url: `http://127.0.0.1:${front.port}`,
    watched: [
      { name: `${label} front`, port: front.port },
      { name: `${label} back`, port: back.port },
    ],
    bodyBytes: Buffer.byteLength(body),
    stop: async () => {
      await Promise.all([stopChild(front.child), stopChild(back.child)]);
    },
  };
}

/** The pipe under the same load as a hot path: same connections, duration and warm-up (the bench's defaults). */
export function pipeScenario(pipeUrl: string, bodyBytes: number): ScenarioPlan {
  return {
    key: PIPE_KEY,
    name: PIPE_NAME,
    description:
      `GET ${PIPE_PATH} through an Express app with the gateway's http-proxy-middleware and keep-alive agent ` +
      `(gateway/src/proxy.ts createBareProxy) to an Express app answering a fixed ${bodyBytes}-byte currentUser ` +
      'JSON: the ceiling the hot paths are compared with',
    origin: pipeUrl,
    next: () => ({ method: 'GET', path: PIPE_PATH, headers: { accept: 'application/json' } }),
  };
}

/**
 * The observed pipe under the same load, compared with the bare pipe's throughput in the same run: held to the target
 * at the recommended sampling, shown without one when every trace is recorded.
 */
export function observedPipeScenario(pipeUrl: string, bodyBytes: number, sampleRatio: number): ScenarioPlan {
  const every = sampleRatio >= 1;
  return {
    ...pipeScenario(pipeUrl, bodyBytes),
    key: every ? `${OBSERVED_PIPE_KEY}-all` : OBSERVED_PIPE_KEY,
    name: every ? 'observed pipe (+ metrics, every trace)' : `observed pipe (+ metrics, traces at ${sampleRatio})`,
    description:
      "The bare pipe with the kit's request metrics (prom-client counter and histogram) and server spans in both " +
      `halves, the front passing traceparent on, ${every ? 'every trace' : `a share of ${sampleRatio} of the traces`} ` +
      'recorded and exported in batches over OTLP/HTTP to a sink in the bench',
    targets: every ? [] : [{ ratioOf: PIPE_KEY, atLeast: OBSERVED_PIPE_AT_LEAST }],
  };
}

/** One half of the pipe, in its own process. */
function serve(role: string): void {
  const app = express();
  app.disable('x-powered-by');
  // '1': metrics and traces; 'metrics' or 'traces' alone, to see by hand which costs what.
  const observed = process.env.BENCH_PIPE_OBSERVED;
  if (observed === '1' || observed === 'traces') {
    startTracing({
      SERVICE_NAME: process.env.SERVICE_NAME ?? `pipe-${role}`,
      OTEL_EXPORTER_OTLP_ENDPOINT: process.env.OTEL_EXPORTER_OTLP_ENDPOINT,
      OTEL_TRACES_SAMPLER_ARG: Number(process.env.OTEL_TRACES_SAMPLER_ARG ?? '1'),
    });
    app.use(httpTracing());
  }
  if (observed === '1' || observed === 'metrics') app.use(httpMetrics());
  if (role === 'back') {
    const answer: unknown = JSON.parse(process.env.BENCH_PIPE_BODY ?? JSON.stringify(SAMPLE_ME_ANSWER));
    app.get(PIPE_PATH, (_req, res) => {
      res.json(answer);
    });
  } else if (role === 'front') {
    const target = process.env.BENCH_PIPE_TARGET;
    if (!target) throw new Error('BENCH_PIPE_TARGET is not set');
    app.use(createBareProxy(target, DEFAULT_UPSTREAM_MAX_SOCKETS));
  } else {
    throw new Error(`Unknown role "${role}" (back or front)`);
  }
  // The kit's listen: the same keep-alive settings as the gateway's and the services' servers.
  void listen(app, 0, '127.0.0.1').then((server) => {
    process.stdout.write(`listening ${(server.address() as AddressInfo).port}\n`);
  });
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => process.exit(0));
}

if (process.argv[1] === import.meta.filename) serve(process.argv[2] ?? '');
