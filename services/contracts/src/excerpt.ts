/**
 * A comment as one short line for notifications and mails: whitespace folded, cut at a word where possible, with
 * '…' when shortened (never longer than `max`): the lesson discussions' notices and the board's notifications and
 * card history.
 */
export function textExcerpt(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  // The cut falls between words already, or is moved back to the last space (unless that loses half).
  const space = flat[max - 1] === ' ' ? cut.length : cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
