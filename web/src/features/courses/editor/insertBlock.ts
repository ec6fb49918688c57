/**
 * Inserts a markdown block (an uploaded image) at the cursor of the lesson content as a paragraph of its own: a blank
 * line before it and after it, so it never lands inside a table row, a list item or the paragraph around the cursor.
 * The selection (start..end) is replaced.
 */
export function insertBlock(content: string, start: number, end: number, block: string): string {
  const before = content.slice(0, start).replace(/[ \t]+$/, '');
  const after = content.slice(end).replace(/^[ \t]+/, '');
  const lead = before === '' ? '' : before.endsWith('\n\n') ? '' : before.endsWith('\n') ? '\n' : '\n\n';
  const trail = after === '' ? '\n' : after.startsWith('\n\n') ? '' : after.startsWith('\n') ? '\n' : '\n\n';
  return `${before}${lead}${block}${trail}${after}`;
}
