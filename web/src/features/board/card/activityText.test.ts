import { describe, expect, it } from '@jest/globals';
import type { CardActivityEntry } from '../../../api/board';
import { activityLine, reviewedLine } from './activityText';

const now = Date.parse('2026-11-29T14:00:00Z');
const at = '2026-11-29T12:00:00Z';
const actor = { id: 1, fullName: 'Ana Member' };

describe('card history lines', () => {
  it('say who did what and when, for every kind', () => {
    const lines = (
      [
        { type: 'created', at, actor, details: { list: 'To do' } },
        { type: 'moved', at, actor, details: { from: 'To do', to: 'Doing' } },
        { type: 'renamed', at, actor, details: { from: 'Draft', to: 'Final' } },
        { type: 'due.set', at, actor, details: { from: null, to: '2026-12-01T12:00:00Z' } },
        { type: 'due.changed', at, actor, details: { from: '2026-12-01T12:00:00Z', to: '2026-12-05T12:00:00Z' } },
        { type: 'due.cleared', at, actor, details: { from: '2026-12-05T12:00:00Z', to: null } },
        { type: 'reviewed', at, actor, details: { comment: null } },
        { type: 'comment.added', at, actor, details: { excerpt: 'Looks good' } },
        { type: 'checklist.item-done', at, actor, details: { item: 'Photos', checklist: 'Launch' } },
        { type: 'attachment.added', at, actor, details: { fileName: 'hero.png' } },
      ] satisfies CardActivityEntry[]
    ).map((e) => activityLine(e, now));
    expect(lines).toEqual([
      'Ana Member added this card to To do · 2 hours ago',
      'Ana Member moved this from To do to Doing · 2 hours ago',
      'Ana Member renamed this from "Draft" to "Final" · 2 hours ago',
      'Ana Member set the due date to Dec 1, 2026 · 2 hours ago',
      'Ana Member changed the due date from Dec 1, 2026 to Dec 5, 2026 · 2 hours ago',
      'Ana Member removed the due date · 2 hours ago',
      'Ana Member marked this reviewed · 2 hours ago',
      'Ana Member commented: "Looks good" · 2 hours ago',
      'Ana Member completed "Photos" in Launch · 2 hours ago',
      'Ana Member attached hero.png · 2 hours ago',
    ]);
  });

  it('names a reviewer and the day, or nothing before a review', () => {
    expect(reviewedLine({ reviewedAt: '2026-11-29T12:00:00Z', reviewedBy: { fullName: 'Cora Coach' } })).toBe(
      'Reviewed by Cora Coach on Nov 29, 2026',
    );
    expect(reviewedLine({ reviewedAt: null, reviewedBy: null })).toBe('');
  });
});
