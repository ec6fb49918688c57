import { describe, expect, it } from '@jest/globals';
import { decideCertificate, isCourseComplete, viewerOfPerson } from './certificates';

describe('isCourseComplete', () => {
  it('needs every counted lesson of every module', () => {
    expect(
      isCourseComplete([
        { total: 2, completed: 2 },
        { total: 3, completed: 3 },
      ]),
    ).toBe(true);
    expect(
      isCourseComplete([
        { total: 2, completed: 2 },
        { total: 3, completed: 2 },
      ]),
    ).toBe(false);
  });

  it('a course with no lesson the member can open is never complete', () => {
    expect(isCourseComplete([])).toBe(false);
    expect(isCourseComplete([{ total: 0, completed: 0 }])).toBe(false);
  });

  it('an empty module does not stand in the way', () => {
    expect(
      isCourseComplete([
        { total: 0, completed: 0 },
        { total: 1, completed: 1 },
      ]),
    ).toBe(true);
  });
});

describe('decideCertificate', () => {
  const complete = {
    alreadyIssued: false,
    courseVisible: true,
    modules: [{ total: 2, completed: 2 }],
    lastCompletedAt: new Date('2026-11-20T10:00:00Z'),
  };

  it('issues when the course is complete, visible and not yet certified', () => {
    expect(decideCertificate(complete)).toEqual({ issue: true });
  });

  it('issues once: a certificate already held is never issued again', () => {
    expect(decideCertificate({ ...complete, alreadyIssued: true })).toEqual({ issue: false, reason: 'already-issued' });
  });

  it('not while a lesson is missing', () => {
    expect(decideCertificate({ ...complete, modules: [{ total: 2, completed: 1 }] })).toEqual({
      issue: false,
      reason: 'incomplete',
    });
  });

  it('not for a course the member cannot open', () => {
    expect(decideCertificate({ ...complete, courseVisible: false })).toEqual({ issue: false, reason: 'course-hidden' });
  });

  it('not without a completion date', () => {
    expect(decideCertificate({ ...complete, lastCompletedAt: null })).toEqual({
      issue: false,
      reason: 'no-completion-date',
    });
  });
});

describe('viewerOfPerson', () => {
  it('keeps a known role and the tags', () => {
    expect(viewerOfPerson({ role: 'premium', tagIds: [3] })).toEqual({ role: 'premium', tagIds: [3] });
  });

  it('reads an unknown role as basic, the narrowest', () => {
    expect(viewerOfPerson({ role: 'visitor', tagIds: [] })).toEqual({ role: 'basic', tagIds: [] });
  });
});
