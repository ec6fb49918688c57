import { describe, expect, it } from '@jest/globals';
import {
  coursePageJson,
  pageLessonHead,
  pageModuleJson,
  presentCoursePage,
  presentPageLesson,
  presentPageModule,
} from './presenters';
import type { CourseRecord } from './store/courses';
import type { ModuleRecord } from './store/modules';

const abilities = { edit: false, delete: false, reorder: false };
const course: CourseRecord = {
  id: 7,
  title: 'Launch "Fast" \u2014 ünïcode',
  description: 'Line\nbreak and \\ backslash',
  status: 'PUBLISHED',
  slug: 'launch',
  coverPhotoUrl: null,
  visibleToBasic: false,
  visibleToPremium: true,
  position: 3,
  tags: [{ id: 2, name: 'VIP' }],
};
const module: ModuleRecord & { courseId: number } = {
  id: 11,
  title: 'Week </script> 1',
  position: 0,
  courseId: 7,
  visibleToBasic: true,
  visibleToPremium: true,
  tags: [],
  courseTitle: 'Launch',
  releaseAfterDays: null,
  releaseAt: '2026-12-01',
};
const first = { id: 21, title: 'Intro \u2028 "quoted"', moduleId: 11, position: 0, tags: [] };
const second = { id: 22, title: 'Second', moduleId: 11, position: 1, tags: [{ id: 2, name: 'VIP' }] };

describe('the course page JSON spliced from cached parts (Course page JSON splicing)', () => {
  it('is byte for byte the JSON of the presented page', () => {
    const done = new Set([22]);
    const open = { ...first, content: '<p>Hi</p>', videoUrl: null };
    const openAnswer = presentPageLesson(open, false, { abilities, videoPosition: 12.5 });
    const expected = JSON.stringify({
      course: presentCoursePage(
        course,
        abilities,
        [
          presentPageModule(module, abilities, 50, [openAnswer, presentPageLesson(second, done.has(22))]),
          presentPageModule({ ...module, id: 12 }, abilities, 0, [], new Date('2026-12-01T05:00:00Z')),
        ],
        50,
      ),
    });
    const [pageHead, pageTail] = coursePageJson(course, abilities, 50);
    const [firstHead, firstTail] = pageModuleJson(module, abilities, 50, null);
    const [emptyHead, emptyTail] = pageModuleJson(
      { ...module, id: 12 },
      abilities,
      0,
      new Date('2026-12-01T05:00:00Z'),
    );
    const spliced = Buffer.concat([
      pageHead,
      firstHead,
      Buffer.from(`${JSON.stringify(openAnswer)},${pageLessonHead(second)}${done.has(22) ? 'true' : 'false'}"}`),
      firstTail,
      Buffer.from(','),
      emptyHead,
      emptyTail,
      pageTail,
    ]).toString('utf8');
    expect(spliced).toBe(expected);
  });
});
