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
