/**
 * The browser project's jest environment: Node's, plus the file lock of test/setup/browser-lock.ts, taken when the
 * file starts (before its first beforeAll) and given back when it has finished (after its last afterAll, so a file's
 * own clean-up still runs alone). `@runs-alone` in the file's first docblock asks for the lock alone.
 */
import type { EnvironmentContext, JestEnvironmentConfig } from '@jest/environment';
import type { Circus } from '@jest/types';
import { TestEnvironment } from 'jest-environment-node';
import { acquireFileLock, releaseFileLock } from './browser-lock';

export const RUNS_ALONE_PRAGMA = 'runs-alone';

export default class BrowserTestEnvironment extends TestEnvironment {
  private readonly lockId: string;
  private readonly alone: boolean;
  private held = false;

  constructor(config: JestEnvironmentConfig, context: EnvironmentContext) {
    super(config, context);
    this.lockId = `${process.pid} ${context.testPath}`;
    this.alone = RUNS_ALONE_PRAGMA in context.docblockPragmas;
  }

  async handleTestEvent(event: Circus.Event): Promise<void> {
    if (event.name === 'run_start') {
      this.held = await acquireFileLock(this.lockId, this.alone ? 'alone' : 'beside');
    } else if (event.name === 'run_finish') {
      await this.release();
    }
  }

  override async teardown(): Promise<void> {
    await this.release();
    await super.teardown();
  }

  private async release(): Promise<void> {
    if (!this.held) return;
    this.held = false;
    await releaseFileLock(this.lockId);
  }
}
