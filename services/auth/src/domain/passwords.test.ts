import { describe, expect, it } from '@jest/globals';
import { hash } from '@node-rs/argon2';
import { ARGON2_OPTIONS, hashPassword, needsRehash, verifyPassword } from './passwords';

describe('passwords', () => {
  it('are hashed with argon2id, 19 MiB, 2 iterations, 1 lane', async () => {
    const stored = await hashPassword('correct horse battery');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(needsRehash(stored)).toBe(false);
  });

  it('verify only the right password', async () => {
    const stored = await hashPassword('correct horse battery');
    expect(await verifyPassword(stored, 'correct horse battery')).toBe(true);
    expect(await verifyPassword(stored, 'Correct horse battery')).toBe(false);
  });

  it('never let anyone in without a stored hash or with a broken one', async () => {
    expect(await verifyPassword(null, 'anything')).toBe(false);
    expect(await verifyPassword(undefined, '')).toBe(false);
    expect(await verifyPassword('not-a-hash', 'not-a-hash')).toBe(false);
  });

  it('take about as long without a stored hash as with a wrong password', async () => {
    const stored = await hashPassword('correct horse battery');
    await verifyPassword(null, 'warm-up');
    const time = async (fn: () => Promise<unknown>) => {
      const start = process.hrtime.bigint();
      await fn();
      return Number(process.hrtime.bigint() - start) / 1e6;
    };
    // Interleaved, and the fastest of each: other test workers on the machine only ever add time, so the minimum is
    // each path's own cost (a single timing of each once failed on a busy run). Skipping the hash would cost ~0 ms.
    let wrong = Number.POSITIVE_INFINITY;
    let missing = Number.POSITIVE_INFINITY;
    for (let i = 0; i < 7; i += 1) {
      wrong = Math.min(wrong, await time(() => verifyPassword(stored, 'wrong password')));
      missing = Math.min(missing, await time(() => verifyPassword(null, 'wrong password')));
    }
    expect(missing).toBeGreaterThan(wrong * 0.5);
  });

  it('are rehashed when made under another policy', async () => {
    const weak = await hash('pw', { ...ARGON2_OPTIONS, memoryCost: 4096, timeCost: 1 });
    expect(needsRehash(weak)).toBe(true);
    expect(needsRehash('garbage')).toBe(true);
  });
});
