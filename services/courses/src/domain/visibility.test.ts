import { describe, expect, it } from '@jest/globals';
import type { Role } from '@rainmakers/contracts';
import { audienceOf, canOpenLesson, canSeeCourse, canSeeLesson, canSeeModule, holdsAnyTag } from './visibility';

const viewer = (role: Role, tagIds: number[] = []) => ({ role, tagIds });
const course = (over: Partial<Parameters<typeof canSeeCourse>[1]> = {}) => ({
  status: 'PUBLISHED' as const,
  visibleToBasic: true,
  visibleToPremium: true,
  tagIds: [] as number[],
  ...over,
});
const module = (over: Partial<Parameters<typeof canSeeModule>[1]> = {}) => ({
  courseId: 1 as number | null,
  visibleToBasic: true,
  visibleToPremium: true,
  tagIds: [] as number[],
  ...over,
});

describe('audienceOf', () => {
  it('maps roles onto the role flags (course only like basic)', () => {
    expect(audienceOf('admin')).toBe('all');
    expect(audienceOf('coach')).toBe('premium');
    expect(audienceOf('premium')).toBe('premium');
    expect(audienceOf('course only')).toBe('basic');
    expect(audienceOf('basic')).toBe('basic');
  });
});

describe('canSeeCourse', () => {
  // [role, visibleToBasic, visibleToPremium, expected]
  const matrix: [Role, boolean, boolean, boolean][] = [
    ['admin', false, false, true],
    ['coach', false, true, true],
    ['coach', true, false, false],
    ['premium', false, true, true],
    ['premium', true, false, false],
    ['basic', true, false, true],
    ['basic', false, true, false],
    ['course only', true, false, true],
    ['course only', false, true, false],
  ];
  it.each(matrix)('%s with basic=%s premium=%s -> %s', (role, visibleToBasic, visibleToPremium, expected) => {
    expect(canSeeCourse(viewer(role), course({ visibleToBasic, visibleToPremium }))).toBe(expected);
  });

  it('hides DRAFT courses from everyone but admins, even with a required tag', () => {
    const draft = course({ status: 'DRAFT', tagIds: [7] });
    expect(canSeeCourse(viewer('admin'), draft)).toBe(true);
    for (const role of ['coach', 'premium', 'course only', 'basic'] as const) {
      expect(canSeeCourse(viewer(role, [7]), draft)).toBe(false);
    }
  });

  it('opens a tag-gated course to any holder of one of its tags, whatever the flags', () => {
    const gated = course({ visibleToBasic: false, visibleToPremium: false, tagIds: [3, 7] });
    expect(canSeeCourse(viewer('basic', [7]), gated)).toBe(true);
    expect(canSeeCourse(viewer('course only', [3]), gated)).toBe(true);
    expect(canSeeCourse(viewer('premium', [1]), gated)).toBe(false);
    expect(canSeeCourse(viewer('coach'), gated)).toBe(false);
  });
});

describe('canSeeModule', () => {
  it('follows the module flags and tags, and keeps free modules for admins', () => {
    expect(canSeeModule(viewer('basic'), module({ visibleToBasic: false }))).toBe(false);
    expect(canSeeModule(viewer('basic', [5]), module({ visibleToBasic: false, tagIds: [5] }))).toBe(true);
    expect(canSeeModule(viewer('premium'), module({ visibleToPremium: false }))).toBe(false);
    expect(canSeeModule(viewer('premium'), module({ courseId: null }))).toBe(false);
    expect(canSeeModule(viewer('admin'), module({ courseId: null, visibleToPremium: false }))).toBe(true);
  });
});

describe('canSeeLesson', () => {
  it("needs one of a lesson's tags when it has any", () => {
    expect(canSeeLesson(viewer('basic'), { tagIds: [] })).toBe(true);
    expect(canSeeLesson(viewer('premium'), { tagIds: [9] })).toBe(false);
    expect(canSeeLesson(viewer('basic', [9]), { tagIds: [8, 9] })).toBe(true);
    expect(canSeeLesson(viewer('admin'), { tagIds: [9] })).toBe(true);
  });
});

describe('canOpenLesson', () => {
  it('checks course, module and lesson in turn', () => {
    const chain = { course: course(), module: module(), lesson: { tagIds: [] } };
    expect(canOpenLesson(viewer('basic'), chain)).toBe(true);
    expect(canOpenLesson(viewer('basic'), { ...chain, course: course({ status: 'DRAFT' }) })).toBe(false);
    expect(canOpenLesson(viewer('basic'), { ...chain, module: module({ visibleToBasic: false }) })).toBe(false);
    expect(canOpenLesson(viewer('basic'), { ...chain, lesson: { tagIds: [4] } })).toBe(false);
    expect(canOpenLesson(viewer('basic'), { ...chain, course: null, module: module({ courseId: null }) })).toBe(false);
    expect(canOpenLesson(viewer('admin'), { ...chain, course: null, module: module({ courseId: null }) })).toBe(true);
  });
});

describe('holdsAnyTag', () => {
  it('is false without tags on either side', () => {
    expect(holdsAnyTag(viewer('basic'), [1])).toBe(false);
    expect(holdsAnyTag(viewer('basic', [1]), [])).toBe(false);
    expect(holdsAnyTag(viewer('basic', [1, 2]), [2])).toBe(true);
  });
});
