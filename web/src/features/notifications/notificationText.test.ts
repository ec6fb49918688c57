import { describe, expect, it } from '@jest/globals';
import { notificationHeadline, notificationHref } from './notificationText';

describe('notification rows', () => {
  it('say who did what on which card', () => {
    const base = { actorName: 'Ada Coach', cardTitle: 'Find a supplier' };
    expect(notificationHeadline({ ...base, kind: 'mention' })).toBe('Ada Coach mentioned you on "Find a supplier"');
    expect(notificationHeadline({ ...base, kind: 'reply' })).toBe('Ada Coach commented on "Find a supplier"');
    expect(notificationHeadline({ ...base, kind: 'review' })).toBe('Ada Coach put "Find a supplier" in FOR REVIEW');
    expect(notificationHeadline({ ...base, kind: 'reviewed' })).toBe('Ada Coach reviewed "Find a supplier"');
  });

  it("link to the card on its owner's board", () => {
    expect(notificationHref({ boardOwnerId: 12, cardId: 345 })).toBe('/move-the-needle/12?card=345');
  });
});
