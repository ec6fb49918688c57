// Placeholder until scripts/start exposes the stack launcher; filled in with the system tests.
export async function startStackForTests(): Promise<void> {}
export async function stopStackForTests(): Promise<void> {}
