import { describe, expect, it } from '@jest/globals';
import { DEFAULT_PAGE_SIZE, pagerState, rangeText, readListState, writeListState } from './listState';

const params = (query: string) => new URLSearchParams(query);

describe('user dashboard address state', () => {
  it('reads defaults and ignores what is not allowed', () => {
    expect(readListState(params(''))).toEqual({ page: 1, size: DEFAULT_PAGE_SIZE, search: '', filter: null });
    expect(readListState(params('page=0&size=7&filter=paid&search=%20ann%20'))).toEqual({
      page: 1,
      size: 10,
      search: 'ann',
      filter: null,
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
