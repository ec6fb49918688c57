import { describe, expect, it } from '@jest/globals';
import {
  catalogueUrl,
  courseAccessUrl,
  coursePageUrl,
  DASHBOARD_URL,
  earlyRequests,
  firstCatalogueRequest,
  idFromSegment,
  preloadsFor,
  SESSION_URL,
  withQuery,
} from './requests';

describe('earlyRequests', () => {
  it('starts the session check on every page and the catalogue on /courses, with the search of the address', () => {
    expect(earlyRequests('/', '')).toEqual([SESSION_URL, DASHBOARD_URL]);
    expect(earlyRequests('/profile', '?x=1')).toEqual([SESSION_URL]);
    expect(earlyRequests('/courses', '')).toEqual([SESSION_URL, catalogueUrl(firstCatalogueRequest(''))]);
    expect(earlyRequests('/courses/', '?search=%20amazon%20&tab=courses')).toEqual([
      SESSION_URL,
      catalogueUrl(firstCatalogueRequest('amazon')),
    ]);
  });

  it('starts the access check and the outline of a course page, with the lesson its address opens', () => {
    expect(earlyRequests('/courses/some-course', '')).toEqual([
      SESSION_URL,
      '/api/course/access?slug=some-course',
      '/api/course/some-course',
    ]);
    expect(earlyRequests('/courses/some-course/12/345/', '?search=x')).toEqual([
      SESSION_URL,
      courseAccessUrl('some-course'),
      '/api/course/some-course?moduleId=12&lessonId=345',
    ]);
    // The same addresses the app asks (api/courses.ts builds them with these functions).
    expect(coursePageUrl({ slug: 'some-course', search: '', moduleId: 12, lessonId: null })).toBe(
      '/api/course/some-course?moduleId=12',
    );
    // Escapes are normalised the way react-router decodes and the client encodes them; bad ids are left out.
    expect(earlyRequests('/courses/caf%C3%A9/x/0', '')).toEqual([
      SESSION_URL,
      '/api/course/access?slug=caf%C3%A9',
      '/api/course/caf%C3%A9',
    ]);
    expect(earlyRequests('/courses/%E0%A4%A', '')).toEqual([SESSION_URL]);
    expect(earlyRequests('/courses/a/1/2/3', '')).toEqual([SESSION_URL]);
    expect(idFromSegment('7')).toBe(7);
    expect(idFromSegment('-1')).toBeNull();
    expect(idFromSegment(undefined)).toBeNull();
  });

  it('builds catalogue addresses in one fixed form', () => {
    expect(catalogueUrl({ search: '', itemsPerPage: 3 })).toBe('/api/course/read-many?itemsPerPage=3');
    expect(catalogueUrl({ search: 'a b', itemsPerPage: 12, page: 2, only: 'courses' })).toBe(
      '/api/course/read-many?search=a+b&itemsPerPage=12&page=2&only=courses',
    );
    expect(catalogueUrl({ itemsPerPage: 12, page: 1 })).toBe('/api/course/read-many?itemsPerPage=12');
  });

  it('builds other URLs the way the API client does (empty values left out)', () => {
    expect(withQuery('/x?y=1', { z: [1, 2], w: null })).toBe('/x?y=1&z=1&z=2');
  });
});

describe('preloadsFor', () => {
  const table = {
    files: ['/a.js', '/b.js', '/c.js', '/d.js', '/phone.js'],
    phone: [4],
    routes: [
      ['/signin', [3], 0],
      ['/courses', [0], 1],
      ['/courses/:slug', [1], 1],
      ['/courses/:slug/:moduleId', [1, 2], 1],
      ['/move-the-needle/:id', [3], 1],
      ['*', [2], 1],
    ] as [string, number[], 0 | 1][],
  };
  it('picks the best matching route: literal segments first, `*` last', () => {
    expect(preloadsFor(table, '/courses', false)).toEqual(['/a.js']);
    expect(preloadsFor(table, '/courses/x', false)).toEqual(['/b.js']);
    expect(preloadsFor(table, '/courses/x/7', false)).toEqual(['/b.js', '/c.js']);
    expect(preloadsFor(table, '/move-the-needle/3', false)).toEqual(['/d.js']);
    expect(preloadsFor(table, '/nowhere/at/all', false)).toEqual(['/c.js']);
    expect(preloadsFor({ files: [], phone: [], routes: [] }, '/', false)).toEqual([]);
  });
  it("adds the phone frame's files on a narrow screen, for framed routes only", () => {
    expect(preloadsFor(table, '/courses', true)).toEqual(['/a.js', '/phone.js']);
    expect(preloadsFor(table, '/signin', true)).toEqual(['/d.js']);
  });
});
