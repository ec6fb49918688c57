import { describe, expect, it } from '@jest/globals';
import { postgresFlags } from './infra';

describe('postgresFlags', () => {
  it('keeps fsync on by default (npm start) and turns it off only when asked (tests)', () => {
    expect(postgresFlags({}).join(' ')).not.toMatch(/fsync/);
    expect(postgresFlags({ fsync: true }).join(' ')).not.toMatch(/fsync/);
    expect(postgresFlags({ fsync: false }).join(' ')).toMatch(/-c fsync=off/);
  });
});
