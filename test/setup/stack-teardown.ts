import { stopBrowserLock } from './browser-lock';
import { stopStackForTests } from './stack';

export default async function teardown(): Promise<void> {
  await stopBrowserLock();
  await stopStackForTests();
}
