import { stopStackForTests } from './stack';

export default async function teardown(): Promise<void> {
  await stopStackForTests();
}
