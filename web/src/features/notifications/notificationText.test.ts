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

  it('say which module opened and who replied or mentioned her on which lesson', () => {
    expect(notificationHeadline({ actorName: '', cardTitle: 'Week 2', kind: 'module-opened' })).toBe(
      '"Week 2" is open now',
    );
    const base = { actorName: 'Ada Coach', cardTitle: 'Pricing' };
    expect(notificationHeadline({ ...base, kind: 'lesson-reply' })).toBe('Ada Coach replied on "Pricing"');
    expect(notificationHeadline({ ...base, kind: 'lesson-mention' })).toBe('Ada Coach mentioned you on "Pricing"');
  });

  it('lead where the service says, and never off the app', () => {
    expect(notificationHref({ link: '/move-the-needle/12?card=345' })).toBe('/move-the-needle/12?card=345');
    expect(notificationHref({ link: '/courses/fba/3/9' })).toBe('/courses/fba/3/9');
    expect(notificationHref({ link: 'https://elsewhere.example' })).toBe('/');
    expect(notificationHref({ link: '//elsewhere.example' })).toBe('/');
  });
});
