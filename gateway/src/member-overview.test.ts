import { describe, expect, it } from '@jest/globals';
import type { MemberOverviewCore } from '@rainmakers/contracts';
import { KeptParts, presentMemberOverview } from './member-overview';

const core: MemberOverviewCore = {
  person: { id: 7, fullName: 'Morgan Reyes' } as MemberOverviewCore['person'],
  history: [
    {
      id: 1,
      at: '2026-11-26T10:00:00.000Z',
      actorId: 1,
      actorName: 'Admin',
      action: 'user.create',
      before: null,
      after: null,
    },
  ],
  historyTotal: 1,
};
const board = {
  summary: { exists: true, lists: [{ id: 1, name: 'NOT STARTED', cardCount: 2 }], cardCount: 2, lastActivityAt: null },
};

describe('presentMemberOverview', () => {
  it('gives an admin every part that answered, and names the ones that failed or answered nonsense', () => {
    const answer = presentMemberOverview('admin', core, {
      purchases: { ok: false },
      courses: { ok: true, body: { courses: [] } },
      certificates: { ok: true, body: { nothing: true } },
      board: { ok: true, body: board },
    });
    expect(answer.hidden).toEqual([]);
    expect(answer.unavailable).toEqual(['purchases', 'certificates']);
    expect(answer.purchases).toBeNull();
    expect(answer.certificates).toBeNull();
    expect(answer.courses).toEqual([]);
    expect(answer.board).toEqual(board.summary);
    expect(answer.history).toEqual(core.history);
    expect(answer.historyTotal).toBe(1);
  });

  it("hides a coach's purchases and history even when a source sent them", () => {
    const answer = presentMemberOverview('coach', core, {
      purchases: { ok: true, body: { purchases: [{ paymentIntentId: 'pi_1' }] } },
      courses: { ok: true, body: { courses: [] } },
      certificates: { ok: true, body: { certificates: [] } },
      board: { ok: true, body: board },
    });
    expect(answer.hidden.sort()).toEqual(['history', 'purchases']);
    expect(answer.unavailable).toEqual([]);
    expect(answer.purchases).toBeNull();
    expect(answer.history).toBeNull();
    expect(answer.historyTotal).toBeNull();
  });
});

describe('KeptParts', () => {
  const ok = { status: 200, body: { purchases: [] } };

  it('keeps a successful answer for keepMs, then asks again', () => {
    const kept = new KeptParts(2_000);
    kept.set('billing /internal/users/7/purchases', ok, 1_000);
    expect(kept.get('billing /internal/users/7/purchases', 2_999)).toBe(ok);
    expect(kept.get('billing /internal/users/7/purchases', 3_000)).toBeUndefined();
    expect(kept.get('billing /internal/users/8/purchases', 1_500)).toBeUndefined();
  });

  it('keeps no refusal or failure, and nothing at all with keepMs 0', () => {
    const kept = new KeptParts(2_000);
    kept.set('a', { status: 404, body: { error: 'Not found' } }, 0);
    kept.set('b', { status: 503, body: {} }, 0);
    expect(kept.get('a', 1)).toBeUndefined();
    expect(kept.get('b', 1)).toBeUndefined();
    const off = new KeptParts(0);
    off.set('a', ok, 0);
    expect(off.get('a', 0)).toBeUndefined();
  });

  it('drops the oldest answer beyond its size', () => {
    const kept = new KeptParts(10_000, 2);
    kept.set('a', ok, 0);
    kept.set('b', ok, 1);
    kept.set('c', ok, 2);
    expect(kept.get('a', 3)).toBeUndefined();
    expect(kept.get('b', 3)).toBe(ok);
    expect(kept.get('c', 3)).toBe(ok);
  });
});
