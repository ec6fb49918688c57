import { describe, expect, it } from '@jest/globals';
import { ACCOUNT_EXPORT_PARTS } from '@rainmakers/contracts';
import { ACCOUNT_EXPORT_CALLS, assembleAccountExport, type ExportPartResult } from './account-export';

const every = (body: unknown): Record<string, ExportPartResult> =>
  Object.fromEntries(ACCOUNT_EXPORT_PARTS.map((part) => [part, { ok: true, body }]));

describe('assembleAccountExport', () => {
  const now = new Date('2026-11-29T10:00:00Z');

  it('puts every part under its name, with when and whose', () => {
    const file = assembleAccountExport(7, every({ a: 1 }), now);
    expect(file).toMatchObject({
      exportedAt: '2026-11-29T10:00:00.000Z',
      userId: 7,
      users: { a: 1 },
      billing: { a: 1 },
    });
    expect(Object.keys(file ?? {}).sort()).toEqual(['exportedAt', 'userId', ...ACCOUNT_EXPORT_PARTS].sort());
  });

  it('gives no file when one part failed, is missing or is not an object', () => {
    expect(assembleAccountExport(7, { ...every({}), tools: { ok: false } }, now)).toBeNull();
    const { board: _board, ...withoutBoard } = every({});
    expect(assembleAccountExport(7, withoutBoard, now)).toBeNull();
    expect(assembleAccountExport(7, { ...every({}), courses: { ok: true, body: [1, 2] } }, now)).toBeNull();
  });

  it("asks each service's own internal route for the caller's id", () => {
    for (const part of ACCOUNT_EXPORT_PARTS) {
      expect(ACCOUNT_EXPORT_CALLS[part]).toMatchObject({ service: part });
      expect(ACCOUNT_EXPORT_CALLS[part].path(42)).toBe('/internal/users/42/export');
    }
  });
});
