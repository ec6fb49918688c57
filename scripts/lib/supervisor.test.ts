import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from '@jest/globals';
import { continueProcess } from './infra';
import {
  type CrashLoop,
  DEFAULT_RESTART_POLICY,
  type Instance,
  type ProcessExit,
  restartDecision,
  Supervisor,
  type Unit,
} from './supervisor';

describe('restartDecision', () => {
  it('doubles the delay from 250 ms up to 5 s within a streak of exits', () => {
    const policy = { ...DEFAULT_RESTART_POLICY, crashLoopExits: 100 };
    const exits: number[] = [];
    const delays: number[] = [];
    for (let i = 0; i < 7; i++) {
      exits.push(i * 1000);
      const decision = restartDecision(exits, policy);
      if (!decision.restart) throw new Error('gave up');
      delays.push(decision.delayMs);
    }
    expect(delays).toEqual([250, 500, 1000, 2000, 4000, 5000, 5000]);
  });

  it('starts over once the process stayed up longer than the window', () => {
    expect(restartDecision([0, 1000, 2000, 200_000])).toEqual({ restart: true, delayMs: 250, streak: 1 });
  });

  it('gives up on the fifth exit within 60 s of each other', () => {
    expect(restartDecision([0, 50_000, 100_000, 150_000]).restart).toBe(true);
    expect(restartDecision([0, 50_000, 100_000, 150_000, 200_000])).toEqual({ restart: false, streak: 5 });
    expect(restartDecision([0, 50_000, 100_000, 170_000, 200_000]).restart).toBe(true);
  });
});

/** A tiny node child: prints "ready" then lives (or exits with `exitCode` right after). */
function nodeUnit(name: string, options: { exitCode?: number } = {}): Unit & { started: number } {
  const unit = {
    name,
    started: 0,
    output: () => 'last words',
    start: (spawned: (pid: number | undefined) => void): Promise<Instance> => {
      unit.started += 1;
      const code =
        options.exitCode === undefined
          ? 'console.log("ready"); setInterval(() => {}, 1000);'
          : `console.log("ready"); setTimeout(() => process.exit(${options.exitCode}), 20);`;
      const child = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'ignore'] });
      spawned(child.pid);
      const exited = new Promise<ProcessExit>((resolve) =>
        child.once('exit', (c, signal) => resolve({ code: c, signal })),
      );
      return new Promise((resolve, reject) => {
        child.stdout.once('data', () =>
          resolve({
            pid: child.pid,
            exited,
            stop: async () => {
              if (child.exitCode !== null || child.signalCode !== null) return;
              continueProcess(child.pid);
              child.kill('SIGTERM');
              await exited;
            },
          }),
        );
        void exited.then(() => reject(new Error('exited before ready')));
      });
    },
  };
  return unit;
}

describe('Supervisor with real processes', () => {
  let supervisor: Supervisor | null = null;
  afterEach(async () => {
    await supervisor?.stop(supervisor.names());
    supervisor = null;
  });

  it('restarts a killed process after a backoff, with a log line, and leaves the others alone', async () => {
    const lines: string[] = [];
    const loops: CrashLoop[] = [];
    supervisor = new Supervisor({ log: (line) => lines.push(line), onCrashLoop: (loop) => loops.push(loop) });
    await supervisor.start(nodeUnit('users'));
    await supervisor.start(nodeUnit('auth'));
    const usersPid = supervisor.pidOf('users');
    const authPid = supervisor.pidOf('auth');
    expect(usersPid).toBeGreaterThan(0);

    const before = supervisor.restarts('users');
    process.kill(usersPid as number, 'SIGKILL');
    const pid = await supervisor.waitReady('users', { restarts: before + 1, timeoutMs: 10_000 });

    expect(pid).not.toBe(usersPid);
    expect(supervisor.pidOf('users')).toBe(pid);
    expect(supervisor.restarts('users')).toBe(1);
    expect(lines).toContain('users exited (SIGKILL); restarting in 250 ms');
    expect(supervisor.pidOf('auth')).toBe(authPid);
    expect(supervisor.restarts('auth')).toBe(0);
    expect(loops).toEqual([]);
  });

  it('leaves a stopped (SIGSTOP) process alone: it is not an exit', async () => {
    supervisor = new Supervisor({ log: () => {}, onCrashLoop: () => {} });
    const unit = nodeUnit('courses');
    await supervisor.start(unit);
    const pid = supervisor.pidOf('courses') as number;
    process.kill(pid, 'SIGSTOP');
    process.kill(pid, 'SIGCONT');
    // A kill after the stop is the first exit the supervisor sees: one restart, the first backoff.
    process.kill(pid, 'SIGKILL');
    await supervisor.waitReady('courses', { restarts: 1, timeoutMs: 10_000 });
    expect(unit.started).toBe(2);
  });

  it('gives up on a crash loop and reports it once, with the last output', async () => {
    const lines: string[] = [];
    const loops: CrashLoop[] = [];
    supervisor = new Supervisor({
      log: (line) => lines.push(line),
      policy: { firstDelayMs: 10, maxDelayMs: 20 },
      onCrashLoop: (loop) => loops.push(loop),
    });
    const unit = nodeUnit('board', { exitCode: 3 });
    await supervisor.start(unit);
    await expect(supervisor.waitReady('board', { restarts: 99, timeoutMs: 20_000 })).rejects.toThrow(/crash loop/);
    expect(loops).toHaveLength(1);
    expect(loops[0]).toMatchObject({ name: 'board', output: 'last words' });
    expect(lines.filter((l) => l.startsWith('board exited (exit code 3); restarting in'))).not.toHaveLength(0);
    expect(lines.at(-1)).toMatch(/board exited .* 5 times in a row .*crash loop/s);
  });
});
