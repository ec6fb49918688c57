import { describe, expect, it } from '@jest/globals';
import { userListQuerySchema } from '@rainmakers/contracts';
import { buildUserSearch, normalizeListQuery } from './listing';

function parse(query: Record<string, unknown>) {
  const normalized = normalizeListQuery(query);
  if (!normalized.ok) throw new Error(normalized.errors.filters);
  return userListQuerySchema.parse(normalized.query);
}

describe('normalizeListQuery', () => {
  it('reads nested filters (extended query parser)', () => {
    expect(parse({ filters: { role: 'coach' } }).filters).toEqual({ role: ['coach'] });
    expect(parse({ filters: { role: ['basic', 'premium'], cityOrState: 'TX' } }).filters).toEqual({
      role: ['basic', 'premium'],
      cityOrState: 'TX',
    });
  });

  it('reads filters as a JSON string', () => {
    expect(parse({ filters: '{"role":["basic"],"stripeStatus":"unpaid"}' }).filters).toEqual({
      role: ['basic'],
      stripeStatus: 'unpaid',
    });
    expect(normalizeListQuery({ filters: '{oops' })).toEqual({
      ok: false,
      errors: { filters: 'filters must be a JSON object' },
    });
  });

  it('reads flat filter parameters and comma-separated roles', () => {
    expect(parse({ role: 'basic,course only', cityOrState: 'Austin', stripeStatus: 'unpaid' }).filters).toEqual({
      role: ['basic', 'course only'],
      cityOrState: 'Austin',
      stripeStatus: 'unpaid',
    });
  });

  it('treats blank values as no filter and applies defaults', () => {
    const query = parse({ filters: { role: '', stripeStatus: '', cityOrState: '' }, search: '', page: '' });
    expect(query).toEqual({ page: 1, usersPerPage: 10, filters: {}, sort: 'joined', order: 'desc' });
    expect(parse({ filters: { role: ['', 'basic'] } }).filters).toEqual({ role: ['basic'] });
  });

  it('refuses unknown roles and bad paging', () => {
    expect(() => parse({ filters: { role: 'emperor' } })).toThrow();
    expect(() => parse({ page: '0' })).toThrow();
    expect(() => parse({ usersPerPage: '1000' })).toThrow();
  });
});

describe('buildUserSearch', () => {
  const full = { presenter: 'full' as const, roles: null, paymentFilters: true };
  const coach = { presenter: 'full' as const, roles: ['premium' as const], paymentFilters: false };
  const community = {
    presenter: 'community' as const,
    roles: ['basic' as const, 'premium' as const],
    paymentFilters: false,
  };

  it('pages from 1 and lets staff search e-mails and payment status', () => {
    const search = buildUserSearch(
      parse({ page: '3', usersPerPage: '25', search: 'ann', stripeStatus: 'unpaid' }),
      full,
    );
    expect(search).toEqual({
      search: 'ann',
      searchEmail: true,
      roles: null,
      stripeStatus: 'unpaid',
      cityOrState: undefined,
      tagId: undefined,
      paymentProblems: false,
      joinedFrom: undefined,
      joinedTo: undefined,
      sort: 'joined',
      order: 'desc',
      limit: 25,
      offset: 50,
      details: true,
    });
  });

  it('keeps coaches to premium users', () => {
    expect(buildUserSearch(parse({}), coach).roles).toEqual(['premium']);
    expect(buildUserSearch(parse({ role: 'basic,premium' }), coach).roles).toEqual(['premium']);
    expect(buildUserSearch(parse({ role: 'admin' }), coach).roles).toEqual([]);
  });

  it('takes the new filters and sort for staff; payment filters and the payment sort for admins only', () => {
    const query = parse({
      tagId: '7',
      payment: 'problems',
      stripeStatus: 'unpaid',
      joinedFrom: '2026-01-01',
      joinedTo: '2026-01-31',
      sort: 'payment',
      order: 'asc',
    });
    expect(buildUserSearch(query, full)).toMatchObject({
      tagId: 7,
      paymentProblems: true,
      stripeStatus: 'unpaid',
      joinedFrom: new Date('2026-01-01T00:00:00.000Z'),
      joinedTo: new Date('2026-02-01T00:00:00.000Z'),
      sort: 'payment',
      order: 'asc',
    });
    expect(buildUserSearch(query, coach)).toMatchObject({
      tagId: 7,
      paymentProblems: false,
      stripeStatus: undefined,
      sort: 'joined',
      order: 'asc',
    });
  });

  it('gives members the basic and premium community by name only, without payment filters', () => {
    const search = buildUserSearch(
      parse({ usersPerPage: '15', search: 'x', filters: { role: ['basic', 'admin'], stripeStatus: 'unpaid' } }),
      community,
    );
    expect(search).toMatchObject({ roles: ['basic'], searchEmail: false, stripeStatus: undefined, details: false });
  });
});
