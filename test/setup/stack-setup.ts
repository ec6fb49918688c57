import { startBrowserLock } from './browser-lock';
import { startStackForTests } from './stack';

/** Only the browser project needs the web app built; the system project talks HTTP to the API. */
export default async function setup(_globalConfig: unknown, projectConfig: { displayName?: { name?: string } }) {
  const browser = projectConfig.displayName?.name === 'browser';
  await startStackForTests({ buildWeb: browser });
  if (browser) await startBrowserLock();
}
