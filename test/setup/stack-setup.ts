import { startStackForTests } from './stack';

export default async function setup(): Promise<void> {
  await startStackForTests();
}
