/** A pause that `wake()` can cut short: background loops wait between polls but react to nudges and stop(). */
export class Sleeper {
  private wakeCurrent: (() => void) | undefined;
  private wokenEarly = false;

  sleep(ms: number): Promise<void> {
    if (this.wokenEarly) {
      this.wokenEarly = false;
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => {
      const finish = () => {
        clearTimeout(timer);
        this.wakeCurrent = undefined;
        resolve();
      };
      const timer = setTimeout(finish, ms);
      this.wakeCurrent = finish;
    });
  }

  /** Ends the current pause, or the next one if nobody is sleeping right now. */
  wake(): void {
    if (this.wakeCurrent) this.wakeCurrent();
    else this.wokenEarly = true;
  }
}

/**
 * A background task that runs one loop until stopped (the outbox relay, an event consumer): `start()` begins
 * `run()`, `stop()` ends the loop after its current step, then `afterStop()` releases what the task holds.
 */
export abstract class LoopingTask {
  protected readonly sleeper = new Sleeper();
  protected running = false;
  private loop: Promise<void> | undefined;

  protected abstract run(): Promise<void>;
  protected abstract afterStop(): Promise<void>;

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  /** Cuts short a step that only waits (a blocking read), so stop() does not wait it out. */
  protected interrupt(): void {}

  /** Finishes the step in hand, then releases the task's resources. */
  async stop(): Promise<void> {
    this.running = false;
    this.sleeper.wake();
    this.interrupt();
    await this.loop;
    this.loop = undefined;
    await this.afterStop();
  }
}
