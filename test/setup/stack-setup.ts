import { startStackForTests } from './stack';

/** Only the browser project needs the web app built; the system project talks HTTP to the API. */
export default async function setup(_globalConfig: unknown, projectConfig: { displayName?: { name?: string } }) {
  await startStackForTests({ buildWeb: projectConfig.displayName?.name === 'browser' });
}
