import { describe, expect, it } from '@jest/globals';
import {
  DEFAULT_PAGE_SIZE,
  listFilters,
  matchQuery,
  nextSort,
  pageCount,
  pagerState,
  rangeText,
  readListState,
  writeListState,
} from './listState';

const params = (query: string) => new URLSearchParams(query);

describe('user dashboard address state', () => {
  it('reads defaults and ignores what is not allowed', () => {
    const defaults = {
      page: 1,
      size: DEFAULT_PAGE_SIZE,
      search: '',
      filter: null,
      role: null,
      tagId: null,
      from: null,
      to: null,
      sort: 'joined',
      order: 'desc',
    };
    expect(readListState(params(''))).toEqual(defaults);
    expect(readListState(params('page=0&size=7&filter=paid&search=%20ann%20'))).toEqual({ ...defaults, search: 'ann' });
    expect(readListState(params('role=emperor&tag=-2&from=yesterday&to=2026-1-1&sort=age&order=up'))).toEqual(defaults);
    expect(
      readListState(
        params('filter=problems&role=course%20only&tag=4&from=2026-01-01&to=2026-01-31&sort=name&order=asc'),
      ),
    ).toMatchObject({
      filter: 'problems',
      role: 'course only',
      tagId: 4,
      from: '2026-01-01',
      to: '2026-01-31',
      sort: 'name',
      order: 'asc',
    });
    expect(readListState(params('page=3&size=25&filter=unpaid'))).toMatchObject({
      page: 3,
      size: 25,
      filter: 'unpaid',
    });
    expect(readListState(params('page=2.5')).page).toBe(1);
  });

  it('writes only what differs from the defaults, and starts again at page 1 on a new search, size or filter', () => {
    expect(writeListState(params('page=3'), { page: 4 }).toString()).toBe('page=4');
    expect(writeListState(params('page=3'), { page: 1 }).toString()).toBe('');
    expect(writeListState(params('page=3&size=5'), { search: 'bo' }).toString()).toBe('size=5&search=bo');
    expect(writeListState(params('page=3'), { size: 25 }).toString()).toBe('size=25');
    expect(writeListState(params('page=3'), { filter: 'unpaid' }).toString()).toBe('filter=unpaid');
    expect(writeListState(params('page=3&search=bo'), { search: 'bo ' }).toString()).toBe('page=3&search=bo');
    expect(writeListState(params('other=x&filter=unpaid'), { filter: null }).toString()).toBe('other=x');
  });

  it('keeps filters and sort in the address and starts again at page 1 when they change', () => {
    expect(writeListState(params('page=3'), { role: 'premium', tagId: 4 }).toString()).toBe('role=premium&tag=4');
    expect(writeListState(params('page=3&role=premium'), { sort: 'name', order: 'asc' }).toString()).toBe(
      'role=premium&sort=name&order=asc',
    );
    expect(writeListState(params('page=2&role=premium'), { page: 3 }).toString()).toBe('page=3&role=premium');
    expect(writeListState(params('sort=name&order=asc'), { sort: 'joined', order: 'desc' }).toString()).toBe('');
  });

  it('turns the state into the list filters and the export query', () => {
    const state = readListState(params('search=ann&filter=problems&role=premium&tag=4&from=2026-01-01'));
    expect(listFilters(state)).toEqual({ role: ['premium'], payment: 'problems', tagId: 4, joinedFrom: '2026-01-01' });
    expect(listFilters(readListState(params('filter=unpaid')))).toEqual({ stripeStatus: 'unpaid' });
    expect(decodeURIComponent(matchQuery(state))).toBe(
      'search=ann&filters[role]=premium&filters[payment]=problems&filters[tagId]=4&filters[joinedFrom]=2026-01-01',
    );
  });

  it('flips the order on the same column and starts a new column ascending (date joined: newest first)', () => {
    const state = readListState(params(''));
    expect(nextSort(state, 'joined')).toEqual({ sort: 'joined', order: 'asc' });
    expect(nextSort(state, 'name')).toEqual({ sort: 'name', order: 'asc' });
    expect(nextSort(readListState(params('sort=name&order=asc')), 'name')).toEqual({ sort: 'name', order: 'desc' });
    expect(nextSort(readListState(params('sort=name')), 'joined')).toEqual({ sort: 'joined', order: 'desc' });
  });

  it('counts numbered pages', () => {
    expect(pageCount(10, 92)).toBe(10);
    expect(pageCount(10, 0)).toBe(1);
    expect(pageCount(25, 50)).toBe(2);
  });

  it('disables Previous on page 1 and Next when page times size is not below the count', () => {
    expect(pagerState(1, 10, 25)).toEqual({ previousDisabled: true, nextDisabled: false });
    expect(pagerState(2, 10, 25)).toEqual({ previousDisabled: false, nextDisabled: false });
    expect(pagerState(3, 10, 25)).toEqual({ previousDisabled: false, nextDisabled: true });
    expect(pagerState(2, 10, 20)).toEqual({ previousDisabled: false, nextDisabled: true });
    expect(pagerState(1, 10, 0)).toEqual({ previousDisabled: true, nextDisabled: true });
  });

  it('describes the range shown', () => {
    expect(rangeText(2, 10, 10, 42)).toBe('Showing 11–20 of 42');
    expect(rangeText(1, 10, 0, 0)).toBe('No users');
  });
});
