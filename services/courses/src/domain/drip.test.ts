import { describe, expect, it } from '@jest/globals';
import { accessStartOf, type Learner, lockedUntil, mergeTagGrants, opensAtOf } from './drip';

const open = { visibleToBasic: true, visibleToPremium: true, tagIds: [] as number[] };
const tagged = (tagId: number) => ({ visibleToBasic: false, visibleToPremium: false, tagIds: [tagId] });
const learner = (overrides: Partial<Learner> = {}): Learner => ({
  role: 'basic',
  tagIds: [],
  createdAt: new Date('2026-03-02T04:30:00Z'),
  timeZone: 'America/New_York',
  tagGrants: new Map(),
  ...overrides,
});

describe('when a dripped module opens', () => {
  it('counts days from her local date, opening at her midnight', () => {
    // 04:30 UTC on March 2 is 23:30 on March 1 in New York: 2 days later is March 3, 00:00 there (05:00 UTC).
    const at = opensAtOf({ releaseAfterDays: 2, releaseAt: null }, learner(), learner().createdAt);
    expect(at?.toISOString()).toBe('2026-03-03T05:00:00.000Z');
    // The same instant in Tokyo is already March 2: she waits until March 4 there (March 3, 15:00 UTC).
    const tokyo = opensAtOf({ releaseAfterDays: 2, releaseAt: null }, { timeZone: 'Asia/Tokyo' }, learner().createdAt);
    expect(tokyo?.toISOString()).toBe('2026-03-03T15:00:00.000Z');
  });

  it('opens a fixed date at the start of that day where she is (UTC without a zone)', () => {
    const rule = { releaseAfterDays: null, releaseAt: '2026-06-01' };
    expect(opensAtOf(rule, { timeZone: 'America/Los_Angeles' }, new Date())?.toISOString()).toBe(
      '2026-06-01T07:00:00.000Z',
    );
    expect(opensAtOf(rule, { timeZone: null }, new Date())?.toISOString()).toBe('2026-06-01T00:00:00.000Z');
    expect(opensAtOf({ releaseAfterDays: null, releaseAt: null }, { timeZone: null }, new Date())).toBeNull();
  });

  it('is locked until the very start of that day, and open from it', () => {
    const rule = { releaseAfterDays: null, releaseAt: '2026-06-01' };
    const chain = { course: open, module: open };
    const who = learner({ timeZone: 'America/Los_Angeles' });
    expect(lockedUntil(rule, who, chain, new Date('2026-06-01T06:59:59Z'))?.toISOString()).toBe(
      '2026-06-01T07:00:00.000Z',
    );
    expect(lockedUntil(rule, who, chain, new Date('2026-06-01T07:00:00Z'))).toBeNull();
    // Coaches and admins are never held back.
    expect(lockedUntil(rule, { ...who, role: 'coach' }, chain, new Date('2026-05-01T00:00:00Z'))).toBeNull();
    expect(lockedUntil(rule, { ...who, role: 'admin' }, chain, new Date('2026-05-01T00:00:00Z'))).toBeNull();
  });

  it('starts her access at the later of course and module, each from creation or the earliest held tag', () => {
    const now = new Date('2026-09-01T00:00:00Z');
    const grants = new Map([
      [7, new Date('2026-05-10T12:00:00Z')],
      [8, new Date('2026-04-01T12:00:00Z')],
    ]);
    const who = learner({ tagIds: [7, 8], tagGrants: grants });
    // Open by her role's flag: her account's creation.
    expect(accessStartOf(who, open, open, now)).toEqual(who.createdAt);
    // The course by tag 7: the day she gained it.
    expect(accessStartOf(who, tagged(7), open, now)).toEqual(grants.get(7));
    // Both tags open the course: the earliest.
    expect(accessStartOf(who, { ...tagged(7), tagIds: [7, 8] }, open, now)).toEqual(grants.get(8));
    // The course by tag 8, the module by tag 7: the later of the two.
    expect(accessStartOf(who, tagged(8), tagged(7), now)).toEqual(grants.get(7));
    // A held tag without a known date counts from now (closed rather than opened early).
    expect(accessStartOf(learner({ tagIds: [9] }), tagged(9), open, now)).toEqual(now);
  });

  it('keeps the day each tag was gained across changes', () => {
    const kept = new Map([[1, new Date('2026-01-01T00:00:00Z')]]);
    const changedAt = new Date('2026-02-01T00:00:00Z');
    const merged = mergeTagGrants([1, 2, 3], [{ id: 3, grantedAt: '2026-01-15T00:00:00.000Z' }], kept, changedAt);
    expect([...merged].map(([id, at]) => [id, at.toISOString()])).toEqual([
      [1, '2026-01-01T00:00:00.000Z'],
      [2, '2026-02-01T00:00:00.000Z'],
      [3, '2026-01-15T00:00:00.000Z'],
    ]);
  });
});
