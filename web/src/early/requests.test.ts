import { describe, expect, it } from '@jest/globals';
import { catalogueUrl, earlyRequests, preloadsFor, SESSION_URL, withQuery } from './requests';

describe('earlyRequests', () => {
  it('starts the session check on every page and the catalogue on /courses, with the search of the address', () => {
    expect(earlyRequests('/', '')).toEqual([SESSION_URL]);
    expect(earlyRequests('/profile', '?x=1')).toEqual([SESSION_URL]);
    expect(earlyRequests('/courses', '')).toEqual([SESSION_URL, catalogueUrl('')]);
    expect(earlyRequests('/courses/', '?search=%20amazon%20&tab=courses')).toEqual([
      SESSION_URL,
      catalogueUrl('amazon'),
    ]);
    expect(earlyRequests('/courses/some-course', '')).toEqual([SESSION_URL]);
  });

  it('builds URLs the way the API client does (empty values left out)', () => {
    expect(catalogueUrl('')).toBe('/api/course/read-many?itemsPerPage=1000');
    expect(catalogueUrl('a b')).toBe('/api/course/read-many?search=a+b&itemsPerPage=1000');
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
