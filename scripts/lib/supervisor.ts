/**
 * Keeps the stack's processes running: one that exits while the stack runs is started again after a backoff,
 * the rest keeps serving. A process that keeps dying (a crash loop) ends the supervision of the whole stack.
 * A stopped process (SIGSTOP) has not exited: it is left alone.
 */

export interface ProcessExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** One running instance of a supervised process. */
export interface Instance {
  pid: number | undefined;
  /** Resolves once the process has exited; never rejects. */
  exited: Promise<ProcessExit>;
  /** Stops it cleanly (and for good); resolves once it has exited. */
  stop(): Promise<void>;
}

export interface Unit {
  name: string;
  /**
   * Starts one instance and resolves once it serves; rejects when it exits or is not ready in time (having
   * stopped what it started). `spawned` reports the pid as soon as there is one.
   */
  start(spawned: (pid: number | undefined) => void): Promise<Instance>;
  /** The last lines it printed, to explain an exit. */
  output?(): string;
}

export interface RestartPolicy {
  firstDelayMs: number;
  maxDelayMs: number;
  /** This many exits in a row, each within crashLoopWindowMs of the one before, is a crash loop. */
  crashLoopExits: number;
  crashLoopWindowMs: number;
}

export const DEFAULT_RESTART_POLICY: RestartPolicy = {
  firstDelayMs: 250,
  maxDelayMs: 5000,
  crashLoopExits: 5,
  crashLoopWindowMs: 60_000,
};

export type RestartDecision = { restart: true; delayMs: number; streak: number } | { restart: false; streak: number };

/**
 * What to do after an exit. `exits` are the times of this process's exits, oldest first, the last one being
 * the exit just seen (a failed restart attempt counts as one). The backoff doubles with each exit of the
 * current streak (exits within the window of each other) and starts over once the process has stayed up longer.
 */
export function restartDecision(
  exits: readonly number[],
  policy: RestartPolicy = DEFAULT_RESTART_POLICY,
): RestartDecision {
  let streak = exits.length > 0 ? 1 : 0;
  for (let i = exits.length - 1; i > 0; i--) {
    if ((exits[i] ?? 0) - (exits[i - 1] ?? 0) > policy.crashLoopWindowMs) break;
    streak += 1;
  }
  if (streak >= policy.crashLoopExits) return { restart: false, streak };
  const delayMs = Math.min(policy.firstDelayMs * 2 ** Math.max(streak - 1, 0), policy.maxDelayMs);
  return { restart: true, delayMs, streak };
}

export function describeExit(exit: ProcessExit): string {
  return exit.signal ?? `exit code ${exit.code}`;
}

export interface CrashLoop {
  name: string;
  exit: ProcessExit;
  /** Why the last attempt failed (its error, or the exit). */
  reason: string;
  output: string;
}

interface State {
  unit: Unit;
  instance: Instance | null;
  pid: number | undefined;
  ready: boolean;
  restarts: number;
  exits: number[];
  timer: NodeJS.Timeout | null;
  failed: Error | null;
  changed: Array<() => void>;
}

export interface SupervisorOptions {
  log: (line: string) => void;
  policy?: Partial<RestartPolicy>;
  /** Called once, when a process is in a crash loop: the caller stops everything. */
  onCrashLoop: (loop: CrashLoop) => void;
  /** Called each time a process is ready again after an exit. */
  onRestart?: (name: string, pid: number | undefined) => void;
}

const OUTPUT_LINES_ON_CRASH = 15;

export class Supervisor {
  private readonly states = new Map<string, State>();
  private readonly policy: RestartPolicy;
  private stopping = false;
  private gaveUp = false;

  constructor(private readonly options: SupervisorOptions) {
    this.policy = { ...DEFAULT_RESTART_POLICY, ...options.policy };
  }

  /** First start: a failure rejects (the stack does not start) and is not retried. */
  async start(unit: Unit): Promise<Instance> {
    if (this.states.has(unit.name)) throw new Error(`${unit.name} is already supervised`);
    const state: State = {
      unit,
      instance: null,
      pid: undefined,
      ready: false,
      restarts: 0,
      exits: [],
      timer: null,
      failed: null,
      changed: [],
    };
    this.states.set(unit.name, state);
    const instance = await unit.start((pid) => {
      state.pid = pid;
    });
    this.running(state, instance);
    return instance;
  }

  names(): string[] {
    return [...this.states.keys()];
  }

  pidOf(name: string): number | undefined {
    return this.states.get(name)?.pid;
  }

  restarts(name: string): number {
    return this.states.get(name)?.restarts ?? 0;
  }

  /**
   * Resolves with the pid once `name` serves and has been restarted at least `restarts` times; rejects when it
   * is given up (crash loop), the supervisor stops, or after timeoutMs.
   */
  waitReady(name: string, options: { restarts?: number; timeoutMs?: number } = {}): Promise<number | undefined> {
    const state = this.states.get(name);
    if (!state) return Promise.reject(new Error(`${name} is not supervised (known: ${this.names().join(', ')})`));
    const wanted = options.restarts ?? 0;
    const timeoutMs = options.timeoutMs ?? 120_000;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        settle(new Error(`${name} was not ready (restarts >= ${wanted}) within ${timeoutMs} ms`));
      }, timeoutMs);
      const settle = (error?: Error) => {
        clearTimeout(timer);
        state.changed = state.changed.filter((f) => f !== check);
        if (error) reject(error);
        else resolve(state.pid);
      };
      const check = () => {
        if (state.ready && state.restarts >= wanted) settle();
        else if (state.failed) settle(state.failed);
        else if (this.stopping) settle(new Error(`the stack is stopping; ${name} will not be ready`));
      };
      state.changed.push(check);
      check();
    });
  }

  /** Stops `names` (all at once) for good: no restart follows. */
  async stop(names: readonly string[]): Promise<void> {
    this.stopping = true;
    await Promise.all(
      names.map(async (name) => {
        const state = this.states.get(name);
        if (!state) return;
        if (state.timer) clearTimeout(state.timer);
        state.timer = null;
        const instance = state.instance;
        state.instance = null;
        state.ready = false;
        this.notify(state);
        await instance?.stop();
      }),
    );
  }

  private notify(state: State): void {
    for (const check of [...state.changed]) check();
  }

  private running(state: State, instance: Instance): void {
    state.instance = instance;
    state.pid = instance.pid;
    state.ready = true;
    state.failed = null;
    this.notify(state);
    void instance.exited.then((exit) => {
      if (state.instance !== instance || this.stopping) return;
      state.instance = null;
      state.ready = false;
      this.notify(state);
      this.exited(state, exit, describeExit(exit));
    });
  }

  private exited(state: State, exit: ProcessExit, reason: string): void {
    const name = state.unit.name;
    const now = Date.now();
    state.exits.push(now);
    // Only the current streak matters; keep the list short.
    if (state.exits.length > this.policy.crashLoopExits) state.exits.shift();
    const decision = restartDecision(state.exits, this.policy);
    const output = state.unit.output?.() ?? '';
    const lastLines = output.trim() ? `\n${output.split('\n').slice(-OUTPUT_LINES_ON_CRASH).join('\n')}` : '';
    // A kill by a signal says why already; a crash's own last words say more.
    const crashed = exit.signal === null && exit.code !== 0;
    const tail = crashed ? lastLines : '';
    if (!decision.restart) {
      this.options.log(
        `${name} exited (${reason}) ${decision.streak} times in a row within ${this.policy.crashLoopWindowMs / 1000} s of each other: a crash loop, stopping everything${lastLines}`,
      );
      state.failed = new Error(`${name} is in a crash loop (${reason})`);
      this.notify(state);
      if (!this.gaveUp) {
        this.gaveUp = true;
        this.options.onCrashLoop({ name, exit, reason, output });
      }
      return;
    }
    this.options.log(`${name} exited (${reason}); restarting in ${decision.delayMs} ms${tail}`);
    state.timer = setTimeout(() => {
      state.timer = null;
      void this.restart(state);
    }, decision.delayMs);
  }

  private async restart(state: State): Promise<void> {
    if (this.stopping) return;
    const name = state.unit.name;
    let instance: Instance;
    try {
      instance = await state.unit.start((pid) => {
        state.pid = pid;
      });
    } catch (error) {
      if (this.stopping) return;
      const message = (error as Error | undefined)?.message?.split('\n')[0] ?? 'it did not start';
      this.exited(state, { code: null, signal: null }, `restart failed: ${message}`);
      return;
    }
    if (this.stopping) {
      await instance.stop();
      return;
    }
    state.restarts += 1;
    this.options.log(`${name} restarted (pid ${instance.pid ?? '?'})`);
    this.running(state, instance);
    this.options.onRestart?.(name, instance.pid);
  }
}
