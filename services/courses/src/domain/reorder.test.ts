import { describe, expect, it } from '@jest/globals';
import { planCourseReorder, planFlatReorder } from './reorder';

const describeFlat = { unknown: (id: number) => `unknown ${id}`, duplicate: (id: number) => `dup ${id}` };

describe('planFlatReorder', () => {
  const current = [
    { id: 10, position: 0 },
    { id: 11, position: 0 },
    { id: 12, position: 0 },
  ];

  it('renumbers from 1 in the requested order and only reports what changes', () => {
    const plan = planFlatReorder(
      current,
      [
        { id: 12, position: 1 },
        { id: 10, position: 2 },
        { id: 11, position: 3 },
      ],
      describeFlat,
    );
    expect(plan).toEqual({
      ok: true,
      changes: [
        { id: 12, position: 1 },
        { id: 10, position: 2 },
        { id: 11, position: 3 },
      ],
    });
    const again = planFlatReorder(
      [
        { id: 12, position: 1 },
        { id: 10, position: 2 },
        { id: 11, position: 3 },
      ],
      [
        { id: 12, position: 1 },
        { id: 10, position: 2 },
        { id: 11, position: 3 },
      ],
      describeFlat,
    );
    expect(again).toEqual({ ok: true, changes: [] });
  });

  it('keeps the request order on ties and appends items left out, in their current order', () => {
    const plan = planFlatReorder(
      current,
      [
        { id: 11, position: 5 },
        { id: 12, position: 5 },
      ],
      describeFlat,
    );
    expect(plan).toEqual({
      ok: true,
      changes: [
        { id: 11, position: 1 },
        { id: 12, position: 2 },
        { id: 10, position: 3 },
      ],
    });
  });

  it('rejects unknown and duplicate ids', () => {
    expect(planFlatReorder(current, [{ id: 99, position: 1 }], describeFlat)).toEqual({
      ok: false,
      message: 'unknown 99',
    });
    expect(
      planFlatReorder(
        current,
        [
          { id: 10, position: 1 },
          { id: 10, position: 2 },
        ],
        describeFlat,
      ),
    ).toEqual({ ok: false, message: 'dup 10' });
  });
});

describe('planCourseReorder', () => {
  const now = {
    modules: [
      {
        id: 1,
        position: 1,
        lessons: [
          { id: 100, position: 1 },
          { id: 101, position: 2 },
        ],
      },
      { id: 2, position: 2, lessons: [{ id: 200, position: 1 }] },
    ],
  };

  it('swaps modules and reorders lessons inside a module', () => {
    const plan = planCourseReorder(now, {
      modules: [
        { id: 2, position: 1 },
        {
          id: 1,
          position: 2,
          Lessons: [
            { id: 101, position: 1, ModuleId: 1 },
            { id: 100, position: 2, ModuleId: 1 },
          ],
        },
      ],
    });
    expect(plan).toEqual({
      ok: true,
      changes: {
        modules: [
          { id: 2, position: 1 },
          { id: 1, position: 2 },
        ],
        lessons: [
          { id: 101, moduleId: 1, position: 1 },
          { id: 100, moduleId: 1, position: 2 },
        ],
      },
    });
  });

  it('moves a lesson to another module and closes the gap it leaves', () => {
    const plan = planCourseReorder(now, {
      modules: [
        { id: 1, position: 1 },
        {
          id: 2,
          position: 2,
          Lessons: [
            { id: 100, position: 1, ModuleId: 2 },
            { id: 200, position: 2, ModuleId: 2 },
          ],
        },
      ],
    });
    expect(plan.ok).toBe(true);
    if (!plan.ok) return;
    expect(plan.changes.modules).toEqual([]);
    expect(plan.changes.lessons).toEqual([
      { id: 101, moduleId: 1, position: 1 },
      { id: 100, moduleId: 2, position: 1 },
      { id: 200, moduleId: 2, position: 2 },
    ]);
  });

  it('rejects modules and lessons of another course', () => {
    expect(planCourseReorder(now, { modules: [{ id: 3, position: 1 }] })).toEqual({
      ok: false,
      message: 'Module 3 does not belong to this course',
    });
    expect(planCourseReorder(now, { modules: [{ id: 1, position: 1, Lessons: [{ id: 999, position: 1 }] }] })).toEqual({
      ok: false,
      message: 'Lesson 999 does not belong to this course',
    });
  });

  it('rejects a lesson listed twice or under a module its ModuleId contradicts', () => {
    expect(
      planCourseReorder(now, {
        modules: [
          { id: 1, position: 1, Lessons: [{ id: 100, position: 1 }] },
          { id: 2, position: 2, Lessons: [{ id: 100, position: 1 }] },
        ],
      }).ok,
    ).toBe(false);
    expect(
      planCourseReorder(now, { modules: [{ id: 1, position: 1, Lessons: [{ id: 100, position: 1, ModuleId: 2 }] }] }),
    ).toEqual({ ok: false, message: 'Lesson 100 is listed under module 1 but its ModuleId is 2' });
  });
});
