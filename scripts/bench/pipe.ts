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
import { listen } from '@rainmakers/kit';
import express from 'express';
import { DEFAULT_UPSTREAM_MAX_SOCKETS } from '../../gateway/src/config';
import { createBareProxy } from '../../gateway/src/proxy';
import type { Watched } from './procs';
import type { ScenarioPlan } from './scenarios';

export const PIPE_KEY = 'pipe';
export const PIPE_NAME = 'bare pipe (Express -> proxy -> Express)';
export const PIPE_PATH = '/api/auth/me';

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

/** Starts the back, then the front in front of it; `answer` is the JSON the back sends (a real /me answer). */
export async function startBarePipe(answer: unknown = SAMPLE_ME_ANSWER): Promise<BarePipe> {
  const body = JSON.stringify(answer);
  const back = await startHalf('back', { BENCH_PIPE_BODY: body });
  let front: { child: ChildProcess; port: number };
  try {
    front = await startHalf('front', { BENCH_PIPE_TARGET: `http://127.0.0.1:${back.port}` });
  } catch (error) {
    await stopChild(back.child);
    throw error;
  }
  return {
    url: `http://127.0.0.1:${front.port}`,
    watched: [
      { name: 'pipe front', port: front.port },
      { name: 'pipe back', port: back.port },
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

/** One half of the pipe, in its own process. */
function serve(role: string): void {
  const app = express();
  app.disable('x-powered-by');
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
