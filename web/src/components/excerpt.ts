/** Comments as one short line, for lists (the review queue, notifications). */

const EXCERPT_LENGTH = 140;

/** A comment as one short line: whitespace folded, cut at a word with an ellipsis. */
export function excerpt(text: string, max = EXCERPT_LENGTH): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
