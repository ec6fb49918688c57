export default async function teardown(): Promise<void> {
  for (const running of (globalThis.__testInfra ?? []).reverse()) await running.stop();
}
