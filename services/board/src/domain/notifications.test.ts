import { describe, expect, it } from '@jest/globals';
import { commentTargets, entersList, excerpt } from './notifications';

describe('notification rules', () => {
  it('tells mentioned people and, for a reviewer on another board, the owner; never the author or twice', () => {
    expect(commentTargets({ authorId: 1, authorIsReviewer: false, ownerId: 1, mentionedUserIds: [5, 6] })).toEqual([
      { userId: 5, kind: 'mention' },
      { userId: 6, kind: 'mention' },
    ]);
    expect(commentTargets({ authorId: 5, authorIsReviewer: true, ownerId: 1, mentionedUserIds: [5, 6] })).toEqual([
      { userId: 6, kind: 'mention' },
      { userId: 1, kind: 'reply' },
    ]);
    // A coach on her own board replies to nobody; a mentioned owner is told once.
    expect(commentTargets({ authorId: 5, authorIsReviewer: true, ownerId: 5, mentionedUserIds: [] })).toEqual([]);
    expect(commentTargets({ authorId: 5, authorIsReviewer: true, ownerId: 6, mentionedUserIds: [6] })).toEqual([
      { userId: 6, kind: 'mention' },
    ]);
    expect(commentTargets({ authorId: 5, authorIsReviewer: true, ownerId: null, mentionedUserIds: [] })).toEqual([]);
  });

  it('cuts long comments at a word with an ellipsis and flattens whitespace', () => {
    expect(excerpt('  short\n text ')).toBe('short text');
    const long = `${'word '.repeat(40)}end`;
    const cut = excerpt(long, 20);
    expect(cut.length).toBeLessThanOrEqual(20);
    expect(cut).toBe('word word word word…');
    expect(excerpt('x'.repeat(30), 10)).toBe(`${'x'.repeat(9)}…`);
  });

  it('counts a move into the named fixed list from another list only', () => {
    const review = { id: 2, name: 'FOR REVIEW', fixed: true };
    expect(entersList(1, review, 'FOR REVIEW')).toBe(true);
    expect(entersList(2, review, 'FOR REVIEW')).toBe(false);
    expect(entersList(1, { ...review, fixed: false }, 'FOR REVIEW')).toBe(false);
  });
});
