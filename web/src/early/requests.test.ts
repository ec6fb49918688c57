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
    files: ['/a.js', '/b.js', '/c.js', '/d.js'],
    routes: [
      ['/courses', [0]],
      ['/courses/:slug', [1]],
      ['/courses/:slug/:moduleId', [1, 2]],
      ['/move-the-needle/:id', [3]],
      ['*', [2]],
    ] as [string, number[]][],
  };
  it('picks the best matching route: literal segments first, `*` last', () => {
    expect(preloadsFor(table, '/courses')).toEqual(['/a.js']);
    expect(preloadsFor(table, '/courses/x')).toEqual(['/b.js']);
    expect(preloadsFor(table, '/courses/x/7')).toEqual(['/b.js', '/c.js']);
    expect(preloadsFor(table, '/move-the-needle/3')).toEqual(['/d.js']);
    expect(preloadsFor(table, '/nowhere/at/all')).toEqual(['/c.js']);
    expect(preloadsFor({ files: [], routes: [] }, '/')).toEqual([]);
  });
});
