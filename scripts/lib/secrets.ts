/**
 * The secrets of a local stack (`npm start`): generated once per data directory and kept in
 * `<dataDir>/secrets.json` (mode 0600), so no one can mint service tokens or forge sessions from the
 * public development defaults in the source. INTERNAL_TOKEN_SECRET / SESSION_SECRET in the environment win.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface StackSecrets {
  internalToken: string;
  session: string;
}

export const SECRETS_FILE = 'secrets.json';
const MIN_LENGTH = 32;

/** A fresh random secret (48 hex characters). */
export function randomSecret(): string {
  return randomBytes(24).toString('hex');
}

function isSecrets(value: unknown): value is StackSecrets {
  const v = value as Partial<StackSecrets> | null;
  return (
    typeof v?.internalToken === 'string' &&
    v.internalToken.length >= MIN_LENGTH &&
    typeof v.session === 'string' &&
    v.session.length >= MIN_LENGTH
  );
}

/** The secrets kept in dataDir, or null when there are none (or they are unreadable). */
export async function readStackSecrets(dataDir: string): Promise<StackSecrets | null> {
  try {
    const parsed: unknown = JSON.parse(await readFile(path.join(dataDir, SECRETS_FILE), 'utf8'));
    return isSecrets(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * The secrets of the stack on dataDir: the kept ones, else new ones written there (fresh: always new ones).
 * The environment's INTERNAL_TOKEN_SECRET / SESSION_SECRET override what is kept (and are never written).
 */
export async function stackSecrets(
  dataDir: string,
  options: { fresh?: boolean; env?: Record<string, string | undefined> } = {},
): Promise<StackSecrets> {
  const env = options.env ?? process.env;
  const file = path.join(dataDir, SECRETS_FILE);
  let kept = options.fresh ? null : await readStackSecrets(dataDir);
  if (!kept) {
    kept = { internalToken: randomSecret(), session: randomSecret() };
    await mkdir(dataDir, { recursive: true });
    await writeFile(file, `${JSON.stringify(kept, null, 2)}\n`, { mode: 0o600 });
  }
  // An older file (or a copied one) may carry looser permissions.
  if (existsSync(file)) await chmod(file, 0o600);
  return {
    internalToken: env.INTERNAL_TOKEN_SECRET || kept.internalToken,
    session: env.SESSION_SECRET || kept.session,
  };
}

/**
 * The internal-token secret of the stack `npm start` runs on this machine, for scripts that talk to its
 * services directly (seed, bench against a running stack): INTERNAL_TOKEN_SECRET, else .data/secrets.json.
 */
export async function localInternalTokenSecret(
  dataDir = path.resolve(import.meta.dirname, '../../.data'),
): Promise<string> {
  const fromEnv = process.env.INTERNAL_TOKEN_SECRET;
  if (fromEnv) return fromEnv;
  const kept = await readStackSecrets(dataDir);
  if (!kept) {
    throw new Error(
      `No INTERNAL_TOKEN_SECRET set and no ${path.join(dataDir, SECRETS_FILE)}: start the stack with \`npm start\` first, or set INTERNAL_TOKEN_SECRET to the one your services use.`,
    );
  }
  return kept.internalToken;
}
