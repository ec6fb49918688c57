/** Reading the bulk update wizard's CSV in the browser: the first column holds e-mails. */

/** The first cell of every line (RFC 4180 quotes understood), blank lines left out. */
export function firstColumn(text: string): string[] {
  const cells: string[] = [];
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  while (i < text.length) {
    let cell = '';
    if (text[i] === '"') {
      i += 1;
      while (i < text.length) {
        if (text[i] === '"' && text[i + 1] === '"') {
          cell += '"';
          i += 2;
        } else if (text[i] === '"') {
          i += 1;
          break;
        } else {
          cell += text[i];
          i += 1;
        }
      }
    }
    // The rest of the cell (unquoted text), then skip the rest of the line (other columns).
    let quoted = false;
    while (i < text.length && text[i] !== '\n' && text[i] !== '\r') {
      if (!quoted && text[i] === ',') quoted = true;
      if (!quoted) cell += text[i];
      if (quoted && text[i] === '"') {
        // Skip a quoted cell of another column, which may hold line breaks.
        i += 1;
        while (i < text.length && !(text[i] === '"' && text[i + 1] !== '"')) i += text[i] === '"' ? 2 : 1;
      }
      i += 1;
    }
    if (text[i] === '\r') i += 1;
    if (text[i] === '\n') i += 1;
    if (cell.trim() !== '') cells.push(cell.trim());
  }
  return cells;
}

/** A header cell ('email', 'E-mail Address') is not an address: it is left out. */
export function withoutHeader(cells: string[]): string[] {
  return cells[0] && !cells[0].includes('@') ? cells.slice(1) : cells;
}

export const emailsOf = (text: string): string[] => withoutHeader(firstColumn(text));

/** An Excel workbook (.xlsx) is a zip archive: it starts with PK\x03\x04 (read by ./xlsxColumn, loaded on demand). */
export const isZip = (bytes: Uint8Array) =>
  bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

/** What the file inputs accept: CSV and spreadsheet types (the import's server and the wizard read .xlsx too). */
export const IMPORT_ACCEPT =
  '.csv,text/csv,.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel';

/** Whether the file looks like text (a binary file renamed .csv holds NUL bytes). */
export const looksLikeText = (text: string) => !text.includes('\u0000');
