import { startBrowserLock } from './browser-lock';
import { startStackForTests } from './stack';

/** Only the browser project needs the web app built; the system project talks HTTP to the API. */
export default async function setup(_globalConfig: unknown, projectConfig: { displayName?: { name?: string } }) {
  const project = projectConfig.displayName?.name ?? 'tests';
  const browser = project === 'browser';
  await startStackForTests({ buildWeb: browser, project });
  if (browser) await startBrowserLock();
}
