import { describe, expect, it } from '@jest/globals';
import {
  hasSearchableText,
  likePattern,
  makeSnippet,
  plainText,
  searchWords,
  snippetNeedle,
  titlePatterns,
  trigramFriendly,
} from './search';

describe('likePattern', () => {
  it('wraps the term and escapes LIKE wildcards', () => {
    expect(likePattern('ppc')).toBe('%ppc%');
    expect(likePattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});

describe('trigramFriendly', () => {
  it('needs a run of three letters or digits', () => {
    expect(trigramFriendly('fba')).toBe(true);
    expect(trigramFriendly('a b')).toBe(false);
    expect(trigramFriendly('ab')).toBe(false);
    expect(trigramFriendly('a+ content')).toBe(true);
  });
});

describe('titlePatterns', () => {
  it('matches substrings for real words, word starts for short terms, nothing without letters', () => {
    expect(titlePatterns('fba')).toEqual(['%fba%']);
    expect(titlePatterns('a+ content')).toEqual(['%a+ content%']);
    expect(titlePatterns('pp')).toEqual(['pp%', '% pp%']);
    expect(titlePatterns('5%')).toEqual(['5\\%%', '% 5\\%%']);
    expect(titlePatterns('%_%')).toEqual([]);
    expect(titlePatterns('  ')).toEqual([]);
    expect(hasSearchableText('--')).toBe(false);
    expect(hasSearchableText('q4')).toBe(true);
  });
});

describe('searchWords and snippetNeedle', () => {
  it('drops operators and picks the longest word', () => {
    expect(searchWords('"freight forwarder" -amazon or fees')).toEqual(['freight', 'forwarder', 'fees']);
    expect(snippetNeedle('PPC "negative keywords"')).toBe('negative');
    expect(snippetNeedle('fba inventory')).toBe('inventory');
    expect(snippetNeedle('')).toBe('');
  });
});

describe('plainText', () => {
  it('removes markdown syntax and keeps the words', () => {
    const md =
      '## Launch plan\n\n- **Order** samples\n- Read [the guide](https://x.test/a)\n\n| A | B |\n| --- | --- |\n| 1 | 2 |\n\n> Tip: `keep` it';
    expect(plainText(md)).toBe('Launch plan Order samples Read the guide A B 1 2 Tip: keep it');
  });
});

describe('makeSnippet', () => {
  const text = `${'Intro words here. '.repeat(20)}Plan your inventory before the fourth quarter starts. ${'Closing words. '.repeat(20)}`;

  it('centres on the needle within the length and marks cuts', () => {
    const snippet = makeSnippet(text, 'inventory', { cutBefore: false, cutAfter: false, length: 80 });
    expect(snippet).toContain('inventory');
    expect(snippet.startsWith('… ')).toBe(true);
    expect(snippet.endsWith(' …')).toBe(true);
    expect(snippet.length).toBeLessThanOrEqual(80 + 4);
  });

  it('starts at the beginning when the needle is not found', () => {
    const snippet = makeSnippet('## Title\n\nShort lesson body.', 'missing', { cutBefore: false, cutAfter: false });
    expect(snippet).toBe('Title Short lesson body.');
  });

  it('keeps the cut marks of an excerpt', () => {
    expect(makeSnippet('middle of a lesson', '', { cutBefore: true, cutAfter: true })).toBe('… middle of a lesson …');
    expect(makeSnippet('', 'x', { cutBefore: true, cutAfter: true })).toBe('');
  });

  it('gives the same snippet for a plain-text excerpt (plain) as for its markdown', () => {
    const md = `## Stock\n\n${'Some **bold** words and a [link](http://x). '.repeat(6)}Plan your *inventory* now.`;
    for (const needle of ['inventory', 'bold', 'missing', '']) {
      const options = { cutBefore: true, cutAfter: false };
      expect(makeSnippet(plainText(md), needle, { ...options, plain: true })).toBe(makeSnippet(md, needle, options));
    }
    expect(makeSnippet(' ', 'x', { cutBefore: false, cutAfter: false, plain: true })).toBe('');
  });
});
