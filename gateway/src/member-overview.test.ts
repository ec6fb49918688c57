import { describe, expect, it } from '@jest/globals';
import type { MemberOverviewCore } from '@rainmakers/contracts';
import { presentMemberOverview } from './member-overview';

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
