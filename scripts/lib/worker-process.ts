/**
 * A service's worker process (its src/worker.ts) started for a test: on a free HEALTH_PORT, with its output kept,
 * resolved once its /readyz answers 200.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { freePort } from './infra';

export interface WorkerProcess {
  child: ChildProcess;
  /** http://127.0.0.1:<HEALTH_PORT> */
  healthUrl: string;
  /** Everything it wrote to stdout and stderr so far. */
  output(): string;
  /** Its exit code once it has exited. */
  exited: Promise<number | null>;
}

export async function startWorkerProcess(
  serviceDir: string,
  env: Record<string, string>,
  readyTimeoutMs = 30_000,
): Promise<WorkerProcess> {
  const healthPort = await freePort();
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/worker.ts'], {
    cwd: serviceDir,
    env: { ...process.env, NODE_ENV: 'test', ...env, HEALTH_PORT: String(healthPort) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const healthUrl = `http://127.0.0.1:${healthPort}`;
  const deadline = Date.now() + readyTimeoutMs;
  for (;;) {
    const answer = await fetch(`${healthUrl}/readyz`).catch(() => null);
    if (answer?.status === 200) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      if (child.exitCode === null) child.kill('SIGKILL');
      throw new Error(`the worker in ${serviceDir} did not become ready:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { child, healthUrl, output: () => output, exited };
}
