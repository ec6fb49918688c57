import { z } from 'zod';

/**
 * A signing or encryption secret while it is rotated: everything new is signed (or encrypted) with `current`, and
 * what was made with `previous` is still accepted until the operator removes it (docs/deploy.md "Rotating secrets",
 * docs/decisions.md "Secrets rotate with a previous key").
 */
export interface SecretKeys {
  current: string;
  previous?: string | undefined;
}

/** The secrets to try, current first; a bare string is a secret without a previous one. */
export function keysToTry(keys: SecretKeys | string): string[] {
  if (typeof keys === 'string') return [keys];
  return keys.previous && keys.previous !== keys.current ? [keys.current, keys.previous] : [keys.current];
}

/**
 * `<NAME>_PREVIOUS`: optional, and an empty value counts as unset (a Secret's key emptied to end the rotation reads
 * as "" through an optional secretKeyRef).
 */
export const previousSecretSchema = <T extends z.ZodType<string>>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());
