/**
 * Search terms and snippets. Titles are matched as substrings (ILIKE, served by trigram indexes), lesson
 * content by full-text search (websearch_to_tsquery over a stored tsvector); a content match carries a short
 * plain-text snippet around the first place a searched word appears.
 */

// LIKE escaping is shared with the resources service's search (the kit's escapeLike / likePattern).
import { escapeLike, likePattern } from '@rainmakers/kit';

export { escapeLike, likePattern };

/** pg_trgm narrows a substring LIKE only when the term holds a run of 3+ letters or digits. */
export function trigramFriendly(term: string): boolean {
  return /[\p{L}\p{N}]{3,}/u.test(term);
}

/**
 * How a title (or description) matches a search term, as ILIKE patterns OR-ed together:
 * - a term with a word of 3+ letters or digits matches anywhere (`%term%`, served by the trigram index);
 * - a shorter term ("pp", "a") matches the start of a word (`term%` or `% term%`): pg_trgm serves those through
 *   its word-start trigrams, where a substring search would read the whole index or table;
 * - a term without any letter or digit matches nothing.
 */
export function titlePatterns(term: string): string[] {
  if (!/[\p{L}\p{N}]/u.test(term)) return [];
  const escaped = escapeLike(term);
  return trigramFriendly(term) ? [`%${escaped}%`] : [`${escaped}%`, `% ${escaped}%`];
}

/** Whether a full-text search can match anything (websearch_to_tsquery needs a letter or digit). */
export function hasSearchableText(term: string): boolean {
  return /[\p{L}\p{N}]/u.test(term);
}

/** The words of a web-style search (quotes, `-word` exclusions and `or` removed), lowercased. */
export function searchWords(term: string): string[] {
  return term
    .toLowerCase()
    .split(/\s+/)
    .filter((w) => w !== '' && w !== 'or' && !w.startsWith('-'))
    .map((w) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter((w) => w.length > 0);
}

/** The word a snippet is centred on: the longest searched word (most likely to be distinctive). */
export function snippetNeedle(term: string): string {
  return searchWords(term).reduce((best, w) => (w.length > best.length ? w : best), '');
}

/** Markdown to one line of plain text: no headings, emphasis, links' targets, images, tables or HTML. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/```[\s\S]*?(```|$)/g, ' ')
    .replace(/!\[([^\]]*)\]\([^)]*\)?/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)?/g, '$1')
    .replace(/<[^>]*>/g, ' ')
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+[.)])\s+/gm, '')
    .replace(/^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/gm, ' ')
    .replace(/[|*_`~]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export const SNIPPET_LENGTH = 160;

/**
 * A snippet of at most `length` characters (plus ellipses) of `excerpt` (a piece of the lesson cut around the
 * first match), centred on `needle` when it occurs, cut at word boundaries. The excerpt is markdown unless
 * `plain` says it was cut from the lesson's plain text already (lesson_texts.content_text: plainText's output).
 * `cutBefore` / `cutAfter` say whether the excerpt itself was cut from a longer text.
 */
export function makeSnippet(
  excerpt: string,
  needle: string,
  options: { cutBefore: boolean; cutAfter: boolean; length?: number; plain?: boolean },
): string {
  const length = options.length ?? SNIPPET_LENGTH;
  const text = options.plain ? excerpt.trim() : plainText(excerpt);
  if (text === '') return '';
  const at = needle ? text.toLowerCase().indexOf(needle.toLowerCase()) : -1;
  let start = at < 0 ? 0 : Math.max(0, at - Math.floor((length - needle.length) / 3));
  let end = Math.min(text.length, start + length);
  if (end - start < length) start = Math.max(0, end - length);
  let cutBefore = options.cutBefore || start > 0;
  let cutAfter = options.cutAfter || end < text.length;
  if (start > 0) {
    const space = text.indexOf(' ', start);
    if (space >= 0 && space < (at < 0 ? end : at)) start = space + 1;
  }
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end);
    if (space > Math.max(start, at + needle.length)) end = space;
  }
  let snippet = text.slice(start, end).trim();
  if (snippet === '') {
    snippet = text.slice(0, length).trim();
    cutBefore = options.cutBefore;
    cutAfter = options.cutAfter || text.length > length;
  }
  return `${cutBefore ? '… ' : ''}${snippet}${cutAfter ? ' …' : ''}`;
}
