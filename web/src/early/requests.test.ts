import { describe, expect, it } from '@jest/globals';
import { catalogueUrl, earlyRequests, firstCatalogueRequest, preloadsFor, SESSION_URL, withQuery } from './requests';

describe('earlyRequests', () => {
  it('starts the session check on every page and the catalogue on /courses, with the search of the address', () => {
    expect(earlyRequests('/', '')).toEqual([SESSION_URL]);
    expect(earlyRequests('/profile', '?x=1')).toEqual([SESSION_URL]);
    expect(earlyRequests('/courses', '')).toEqual([SESSION_URL, catalogueUrl(firstCatalogueRequest(''))]);
    expect(earlyRequests('/courses/', '?search=%20amazon%20&tab=courses')).toEqual([
      SESSION_URL,
      catalogueUrl(firstCatalogueRequest('amazon')),
    ]);
    expect(earlyRequests('/courses/some-course', '')).toEqual([SESSION_URL]);
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
