/**
 * Reading an uploaded .xlsx (the spreadsheet type the import accepts besides CSV) into rows of text: the first
 * worksheet's XML and the shared strings, both already inflated and bounded by scanWorkbook (workbook.ts), read a
 * row at a time; it stops past `maxRows` rows, so a huge sheet costs no more than the rows it is allowed. No
 * library: a workbook's cells are a few flat elements, and the bounds are checked before any of it is read
 * (docs/decisions.md, "What the images run"). No I/O.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';

/** An .xlsx file is a zip archive: it starts with the local file header signature PK\x03\x04. */
export const isZip = (file: Buffer) =>
  file.length >= 4 && file[0] === 0x50 && file[1] === 0x4b && file[2] === 0x03 && file[3] === 0x04;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** XML text as written: the five named entities and numeric character references. */
function xmlText(raw: string): string {
  if (!raw.includes('&')) return raw;
  return raw.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-z]+);/g, (whole, name: string) => {
    if (name.startsWith('#')) {
      const code = name[1] === 'x' ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
      return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name] ?? whole;
  });
}

/**
 * The text of a string item (`<si>` or a cell's `<is>`): its `<t>` runs joined, rich text included, the phonetic
 * guides (`<rPh>`, furigana shown above Japanese text) left out as a person reading the cell does.
 */
function runsText(xml: string): string {
  const body = xml.includes('<rPh') ? xml.replace(/<rPh[\s>][\s\S]*?<\/rPh>/g, '') : xml;
  let text = '';
  for (const run of body.matchAll(/<t(?:\s[^>/]*)?>([\s\S]*?)<\/t>/g)) text += xmlText(run[1] ?? '');
  return text;
}

/** The shared strings part (`xl/sharedStrings.xml`) as a list: a cell of type `s` holds an index into it. */
export function sharedStrings(xml: string): string[] {
  const strings: string[] = [];
  for (const item of xml.matchAll(/<si(?:\s[^>/]*)?(?:\/>|>([\s\S]*?)<\/si>)/g)) strings.push(runsText(item[1] ?? ''));
  return strings;
}

/** A column's letters (A, Z, AA) as its index from 0 (0, 25, 26). */
function columnIndex(letters: string): number {
  let n = 0;
  for (const letter of letters) n = n * 26 + (letter.charCodeAt(0) - 64);
  return n - 1;
}

const attribute = (attributes: string, name: string) =>
  new RegExp(`\\s${name}="([^"]*)"`).exec(attributes)?.[1] ?? undefined;

/**
 * A cell's value as the text a person sees, as the CSV of the same sheet gives it where it can: a formula as
 * `=formula` (the import refuses those), a number as JavaScript writes it (a date is its serial number: the sheet's
 * styles are not read), a boolean as true/false, an error as its code.
 */
function cellText(attributes: string, body: string, strings: readonly string[]): string {
  const formula = /<f(?:\s[^>/]*)?(?:\/>|>([\s\S]*?)<\/f>)/.exec(body);
  if (formula) return `=${xmlText(formula[1] ?? '')}`;
  const type = attribute(attributes, 't');
  if (type === 'inlineStr') return runsText(body);
  const value = /<v(?:\s[^>/]*)?>([\s\S]*?)<\/v>/.exec(body)?.[1];
  if (value === undefined) return '';
  switch (type) {
    case 's':
      return strings[Number.parseInt(value, 10)] ?? '';
    case 'str':
    case 'e':
    case 'd':
      return xmlText(value);
    case 'b':
      return Number.parseInt(value, 10) !== 0 ? 'true' : 'false';
    default: {
      const number = Number.parseFloat(value);
      return Number.isNaN(number) ? xmlText(value).trim() : String(number);
    }
  }
}

/** One `<row>` element's cells by column (a cell without a reference takes the next column), trimmed. */
function rowCells(row: string, strings: readonly string[]): string[] {
  const cells: string[] = [];
  let next = 0;
  for (const cell of row.matchAll(/<c(\s[^>/]*)?(?:\/>|>([\s\S]*?)<\/c>)/g)) {
    const attributes = cell[1] ?? '';
    const letters = /\sr="([A-Z]+)\d*"/.exec(attributes)?.[1];
    const at = letters ? columnIndex(letters) : next;
    next = at + 1;
    const text = cellText(attributes, cell[2] ?? '', strings).trim();
    while (cells.length < at) cells.push('');
    cells[at] = text;
  }
  return cells;
}

export type SheetRead = { ok: true; records: string[][]; tooMany: boolean } | { ok: false };

/** Rows handled between turns of the event loop. */
const ROWS_PER_TURN = 2_000;

const ROW_OPEN = Buffer.from('<row');
const ROW_CLOSE = Buffer.from('</row>');

/**
 * The sheet's rows as text cells (blank rows left out), from its XML (`sheet`) and shared strings. `tooMany` when
 * it holds more than `maxRows` rows (reading stops there). Rows are cut from the bytes one at a time, so the sheet
 * is never one string. Not a worksheet (no `<sheetData>`): `{ ok: false }`.
 */
export async function readSheet(sheet: Buffer, strings: readonly string[], maxRows: number): Promise<SheetRead> {
  const start = sheet.indexOf('<sheetData');
  if (start < 0) return { ok: false };
  const end = sheet.indexOf('</sheetData>', start);
  const limit = end < 0 ? sheet.length : end;
  const records: string[][] = [];
  let rows = 0;
  for (let at = sheet.indexOf(ROW_OPEN, start); at >= 0 && at < limit; at = sheet.indexOf(ROW_OPEN, at)) {
    const openEnd = sheet.indexOf(0x3e, at); // '>'
    if (openEnd < 0) return { ok: false };
    if (sheet[openEnd - 1] === 0x2f) {
      at = openEnd + 1; // <row .../>: an empty row
      continue;
    }
    const close = sheet.indexOf(ROW_CLOSE, openEnd);
    if (close < 0 || close > limit) return { ok: false };
    const cells = rowCells(sheet.toString('utf8', openEnd + 1, close), strings);
    at = close + ROW_CLOSE.length;
    rows += 1;
    if (rows % ROWS_PER_TURN === 0) await nextTurn();
    if (cells.every((c) => c === '')) continue;
    records.push(cells);
    if (records.length > maxRows) return { ok: true, records, tooMany: true };
  }
  return { ok: true, records, tooMany: false };
}
