import { describe, expect, it } from '@jest/globals';
import {
  checklistItemActivity,
  commentActivity,
  dueDateActivity,
  movedActivity,
  moveReopensReview,
  renamedActivity,
  reviewedActivity,
  reviewRefusal,
} from './activity';

describe('card history entries', () => {
  it('records a move between lists by name, not a reorder within one', () => {
    expect(movedActivity({ id: 1, name: 'To do' }, { id: 2, name: 'Doing' })).toEqual({
      type: 'moved',
      details: { from: 'To do', to: 'Doing' },
    });
    expect(movedActivity({ id: 1, name: 'To do' }, { id: 1, name: 'To do' })).toBeNull();
  });

  it('records a rename only when the title changes', () => {
    expect(renamedActivity('Old', 'New')).toEqual({ type: 'renamed', details: { from: 'Old', to: 'New' } });
    expect(renamedActivity('Same', 'Same')).toBeNull();
  });

  it('tells a due date set, changed and cleared apart, and ignores the same instant', () => {
    const a = new Date('2026-12-01T10:00:00Z');
    const b = new Date('2026-12-02T10:00:00Z');
    expect(dueDateActivity(null, a)).toEqual({ type: 'due.set', details: { from: null, to: a.toISOString() } });
    expect(dueDateActivity(a, b)?.type).toBe('due.changed');
    expect(dueDateActivity(a, null)).toEqual({ type: 'due.cleared', details: { from: a.toISOString(), to: null } });
    expect(dueDateActivity(a, new Date(a.getTime()))).toBeNull();
    expect(dueDateActivity(null, null)).toBeNull();
  });

  it('records a check item becoming done (new or ticked), never an untick or a done item edited', () => {
    expect(checklistItemActivity(false, true, 'Call', 'Suppliers')).toEqual({
      type: 'checklist.item-done',
      details: { item: 'Call', checklist: 'Suppliers' },
    });
    expect(checklistItemActivity(null, true, 'Call', 'Suppliers')?.type).toBe('checklist.item-done');
    expect(checklistItemActivity(true, true, 'Call', 'Suppliers')).toBeNull();
    expect(checklistItemActivity(true, false, 'Call', 'Suppliers')).toBeNull();
    expect(checklistItemActivity(null, false, 'Call', 'Suppliers')).toBeNull();
  });

  it('keeps an excerpt of comments, and a review says whether it came with one', () => {
    const long = 'word '.repeat(100);
    const entry = commentActivity(long);
    expect(entry.type).toBe('comment.added');
    expect(entry.type === 'comment.added' && entry.details.excerpt.length).toBeLessThanOrEqual(140);
    expect(reviewedActivity(undefined)).toEqual({ type: 'reviewed', details: { comment: null } });
    expect(reviewedActivity('Great work')).toEqual({ type: 'reviewed', details: { comment: 'Great work' } });
  });
});

describe('review rules', () => {
  it('reviews a card waiting in FOR REVIEW once', () => {
    expect(reviewRefusal({ inForReview: true, reviewedAt: null })).toBeNull();
    expect(reviewRefusal({ inForReview: true, reviewedAt: new Date() })).toBe('alreadyReviewed');
    expect(reviewRefusal({ inForReview: false, reviewedAt: null })).toBe('notWaitingForReview');
  });

  it('re-opens the review when the card enters FOR REVIEW from another list, not on a reorder', () => {
    const forReview = { id: 5, name: 'FOR REVIEW', fixed: true };
    expect(moveReopensReview(3, forReview)).toBe(true);
    expect(moveReopensReview(5, forReview)).toBe(false);
    expect(moveReopensReview(3, { id: 6, name: 'FOR REVIEW', fixed: false })).toBe(false);
    expect(moveReopensReview(3, { id: 7, name: 'DONE', fixed: true })).toBe(false);
  });
});
