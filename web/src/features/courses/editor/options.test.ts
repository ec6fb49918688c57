import { describe, expect, it } from '@jest/globals';
import * as contracts from '@rainmakers/contracts';
import { isDeletedName, modulesOfferedFor, slugify, sortKey, sortOptions } from '../../../components/options';
import * as constants from '../constants';

const names = (items: { name: string }[]) => items.map((i) => i.name);
const named = (...list: string[]) => list.map((name, index) => ({ id: index + 1, name }));

describe('sortOptions', () => {
  it('sorts alphabetically ignoring case', () => {
    expect(names(sortOptions(named('banana', 'Apple', 'cherry', 'apricot'), (o) => o.name))).toEqual([
      'Apple',
      'apricot',
      'banana',
      'cherry',
    ]);
  });

  it('ignores emojis and punctuation', () => {
    const sorted = sortOptions(
      named('🚀 Zebra launch', '"Beta" group', '#alpha', '⭐️ Mastermind', '(Course) Delta'),
      (o) => o.name,
    );
    expect(names(sorted)).toEqual(['#alpha', '"Beta" group', '(Course) Delta', '⭐️ Mastermind', '🚀 Zebra launch']);
  });

  it('ignores emoji sequences with joiners, skin tones and flags', () => {
    const sorted = sortOptions(named('👩‍💻 coders', '👍🏽 Approved', '🇺🇸 buyers'), (o) => o.name);
    expect(names(sorted)).toEqual(['👍🏽 Approved', '🇺🇸 buyers', '👩‍💻 coders']);
  });

  it('sorts numbers naturally', () => {
    expect(names(sortOptions(named('Module 10', 'Module 2', 'Module 1'), (o) => o.name))).toEqual([
      'Module 1',
      'Module 2',
      'Module 10',
    ]);
  });

  it("hides names starting with 'DELETED -'", () => {
    const sorted = sortOptions(
      named('DELETED - old tag', 'keep', '  deleted - lower case', 'Not DELETED - inside'),
      (o) => o.name,
    );
    expect(names(sorted)).toEqual(['keep', 'Not DELETED - inside']);
  });

  it('is stable for names that only differ in ignored characters and does not change the input', () => {
    const input = named('b!', 'A', 'b?', 'a');
    const copy = input.map((i) => ({ ...i }));
    const sorted = sortOptions(input, (o) => o.name);
    expect(sorted.map((o) => o.id)).toEqual([2, 4, 1, 3]);
    expect(input).toEqual(copy);
  });

  it('works with any item shape through nameOf', () => {
    const modules = [
      { id: 1, title: 'Zeta' },
      { id: 2, title: 'alpha' },
    ];
    expect(sortOptions(modules, (m) => m.title).map((m) => m.id)).toEqual([2, 1]);
  });
});

describe('sortKey and isDeletedName', () => {
  it('reduces a name to lowercase words', () => {
    expect(sortKey('  🔥 Hot -- Deals!! ')).toBe('hot deals');
    expect(sortKey('Q&A: Ask me')).toBe('q a ask me');
  });
  it('only matches the prefix', () => {
    expect(isDeletedName('DELETED - x')).toBe(true);
    expect(isDeletedName('DELETED-x')).toBe(false);
    expect(isDeletedName('x DELETED - y')).toBe(false);
  });
});

describe('modulesOfferedFor', () => {
  const modules = [
    { id: 1, CourseId: null },
    { id: 2, CourseId: 7 },
    { id: 3, CourseId: 8 },
  ];
  it('offers free modules and the modules of this course', () => {
    expect(modulesOfferedFor(modules, 7).map((m) => m.id)).toEqual([1, 2]);
  });
  it('offers only free modules to a new course', () => {
    expect(modulesOfferedFor(modules, null).map((m) => m.id)).toEqual([1]);
  });
});

describe('slugify', () => {
  it('makes an address-safe slug from a title', () => {
    expect(slugify('Amazon FBA: Start Here! 🚀')).toBe('amazon-fba-start-here');
    expect(slugify("  Crème brûlée's  guide ")).toBe('creme-brulees-guide');
    expect(slugify('Tips & Tricks')).toBe('tips-and-tricks');
    expect(slugify('🚀🚀')).toBe('');
  });
  it('keeps within 120 characters without a trailing hyphen', () => {
    const slug = slugify(`${'a'.repeat(119)} b`);
    expect(slug.length).toBeLessThanOrEqual(120);
    expect(slug.endsWith('-')).toBe(false);
  });
  it('matches the slug rule of the contracts', () => {
    for (const title of ['Hello World', 'Module 1 — Basics', 'ÀÉÎ õü', 'a--b']) {
      expect(contracts.slugField.safeParse(slugify(title)).success).toBe(true);
    }
  });
});

describe('mirrored constants', () => {
  it('match @rainmakers/contracts', () => {
    expect([...constants.COURSE_STATUSES]).toEqual([...contracts.COURSE_STATUSES]);
    expect(constants.CATALOGUE_ITEMS_PER_PAGE).toBe(contracts.CATALOGUE_ITEMS_PER_PAGE);
    expect(constants.LESSON_MATCH_CAP).toBe(contracts.LESSON_MATCH_CAP);
    expect(constants.CATALOGUE_PREVIEW_COUNT).toBe(contracts.CATALOGUE_PREVIEW_COUNT);
    expect(constants.CATALOGUE_TAB_PAGE_SIZE).toBe(contracts.CATALOGUE_TAB_PAGE_SIZE);
    expect(constants.CATALOGUE_SEARCH_DEBOUNCE_MS).toBe(contracts.CATALOGUE_SEARCH_DEBOUNCE_MS);
    expect(constants.NEW_ITEM_POSITION).toBe(contracts.NEW_ITEM_POSITION);
    expect(constants.REORDER_FIRST_POSITION).toBe(contracts.REORDER_FIRST_POSITION);
    expect(constants.COMPLETED_PROGRESS).toBe(contracts.COMPLETED_PROGRESS);
    expect(constants.REQUIRED).toBe(contracts.FIELD_REQUIRED);
  });
});
