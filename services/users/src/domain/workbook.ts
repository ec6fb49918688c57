/**
 * The bounds of an .xlsx workbook (a zip archive), checked before it is read (import-limits.ts, spreadsheet.ts):
 * - `ZipTail`, while the file uploads: keeps the end of the stream and reads the zip's central directory there
 *   (its entries and their declared sizes), so a small file that unpacks to a huge one is refused at once;
 * - `scanWorkbook`, in the worker: inflates each entry no further than its declared size (a zip that lies about
 *   it is refused), then counts the shared strings and the first sheet's rows and cells, a slice at a time, and
 *   hands those two parts, inflated, to the reader.
 * Compute only (zlib runs on libuv's pool): no other I/O.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { promisify } from 'node:util';
import { inflateRaw } from 'node:zlib';
import {
  IMPORT_MAX_COLUMNS,
  IMPORT_XLSX_MAX_CELLS,
  IMPORT_XLSX_MAX_ENTRIES,
  IMPORT_XLSX_MAX_ROW_ELEMENTS,
  IMPORT_XLSX_MAX_SHARED_STRINGS,
  IMPORT_XLSX_MAX_SHARED_STRINGS_BYTES,
  IMPORT_XLSX_MAX_SHEET_BYTES,
  IMPORT_XLSX_MAX_TOTAL_BYTES,
  LIMIT_ERRORS,
} from './import-limits';

const inflate = promisify(inflateRaw) as (input: Buffer, options: { maxOutputLength: number }) => Promise<Buffer>;

const NOT_A_WORKBOOK =
  'This file is not a CSV table or an Excel workbook (.xlsx). Upload a .csv or .xlsx file whose first line names the columns.';

/** Why a workbook is refused: the answer's text. */
export type WorkbookRefusal = { ok: false; error: string };
export type WorkbookCheck = { ok: true } | WorkbookRefusal;
/** A workbook within the bounds: its first sheet's XML and its shared strings part (null when it has none). */
export type WorkbookScan = { ok: true; sheet: Buffer; sharedStrings: Buffer | null } | WorkbookRefusal;

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

const END_SIGNATURE = 0x06054b50;
const ENTRY_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
/** The end record is 22 bytes plus a comment of at most 65,535. */
const END_SEARCH = 22 + 0xffff;

const tooLarge = (what: string): WorkbookRefusal => ({ ok: false, error: LIMIT_ERRORS.workbookTooLarge(what) });

export const SHARED_STRINGS_ENTRY = 'xl/sharedStrings.xml';
const isSheet = (name: string) => /^xl\/worksheets\/[^/]+\.xml$/.test(name);

/**
 * The central directory of a zip whose last bytes are `tail` (the whole file is `fileSize` bytes). Null when it
 * is not a zip this reader knows (no end record, zip64, a directory outside `tail`), or a string when the
 * directory itself breaks a bound.
 */
export function zipDirectory(tail: Buffer, fileSize: number): ZipEntry[] | WorkbookRefusal {
  const from = Math.max(0, tail.length - END_SEARCH);
  let end = -1;
  for (let i = tail.length - 22; i >= from; i -= 1) {
    if (tail.readUInt32LE(i) === END_SIGNATURE) {
      end = i;
      break;
    }
  }
  if (end < 0) return { ok: false, error: NOT_A_WORKBOOK };
  const count = tail.readUInt16LE(end + 10);
  const size = tail.readUInt32LE(end + 12);
  const offset = tail.readUInt32LE(end + 16);
  if (count === 0xffff || size === 0xffffffff || offset === 0xffffffff) return { ok: false, error: NOT_A_WORKBOOK };
  if (count > IMPORT_XLSX_MAX_ENTRIES) return tooLarge(LIMIT_ERRORS.xlsxEntries);
  // Where the directory starts within `tail`.
  const start = offset - (fileSize - tail.length);
  if (start < 0) return tooLarge(LIMIT_ERRORS.xlsxEntries);
  if (start + size > end) return { ok: false, error: NOT_A_WORKBOOK };
  const entries: ZipEntry[] = [];
  let at = start;
  for (let n = 0; n < count; n += 1) {
    if (at + 46 > end || tail.readUInt32LE(at) !== ENTRY_SIGNATURE) return { ok: false, error: NOT_A_WORKBOOK };
    const nameLength = tail.readUInt16LE(at + 28);
    const extraLength = tail.readUInt16LE(at + 30);
    const commentLength = tail.readUInt16LE(at + 32);
    entries.push({
      name: tail.toString('utf8', at + 46, at + 46 + nameLength),
      method: tail.readUInt16LE(at + 10),
      compressedSize: tail.readUInt32LE(at + 20),
      size: tail.readUInt32LE(at + 24),
      localOffset: tail.readUInt32LE(at + 42),
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** The declared sizes of a workbook's entries against the bounds. */
export function checkEntries(entries: readonly ZipEntry[]): WorkbookCheck {
  let total = 0;
  for (const entry of entries) {
    total += entry.size;
    if (entry.name === SHARED_STRINGS_ENTRY && entry.size > IMPORT_XLSX_MAX_SHARED_STRINGS_BYTES) {
      return tooLarge(LIMIT_ERRORS.xlsxStrings);
    }
    if (isSheet(entry.name) && entry.size > IMPORT_XLSX_MAX_SHEET_BYTES) return tooLarge(LIMIT_ERRORS.xlsxSheet);
  }
  if (total > IMPORT_XLSX_MAX_TOTAL_BYTES) return tooLarge(LIMIT_ERRORS.xlsxTotal);
  return { ok: true };
}

/** Bytes kept of the end of an upload: the end record and a directory of a thousand entries fit. */
const TAIL_BYTES = 256 * 1024;

/** The end of a zip as it streams by, then its directory's check (`finish`). */
export class ZipTail {
  private chunks: Buffer[] = [];
  private kept = 0;
  size = 0;

  push(chunk: Buffer): void {
    this.size += chunk.length;
    this.chunks.push(chunk);
    this.kept += chunk.length;
    while (this.chunks.length > 1 && this.kept - (this.chunks[0]?.length ?? 0) >= TAIL_BYTES) {
      this.kept -= this.chunks.shift()?.length ?? 0;
    }
  }

  finish(): WorkbookCheck {
    const tail = Buffer.concat(this.chunks, this.kept);
    const directory = zipDirectory(tail.subarray(Math.max(0, tail.length - TAIL_BYTES)), this.size);
    return Array.isArray(directory) ? checkEntries(directory) : directory;
  }
}

/** An entry's content, inflated no further than its declared size (which the bounds were checked against). */
async function entryContent(file: Buffer, entry: ZipEntry): Promise<Buffer | null> {
  const at = entry.localOffset;
  if (at + 30 > file.length || file.readUInt32LE(at) !== LOCAL_SIGNATURE) return null;
  const start = at + 30 + file.readUInt16LE(at + 26) + file.readUInt16LE(at + 28);
  const data = file.subarray(start, start + entry.compressedSize);
  if (data.length !== entry.compressedSize) return null;
  if (entry.method === 0) return data.length === entry.size ? data : null;
  if (entry.method !== 8) return null;
  try {
    // One byte past the declared size: more than that means the directory lied.
    const content = await inflate(data, { maxOutputLength: entry.size + 1 });
    return content.length === entry.size ? content : null;
  } catch {
    return null;
  }
}

/** Matches handled between turns of the event loop while counting. */
const MATCHES_PER_TURN = 20_000;

/** Counts the shared strings (`<si>` elements). */
async function countSharedStrings(xml: string): Promise<number> {
  const pattern = /<si[\s>/]/g;
  let count = 0;
  while (pattern.exec(xml)) {
    count += 1;
    if (count > IMPORT_XLSX_MAX_SHARED_STRINGS) return count;
    if (count % MATCHES_PER_TURN === 0) await nextTurn();
  }
  return count;
}

/** A column's letters (A, Z, AA, CV) as its number (1, 26, 27, 100). */
function columnNumber(letters: string): number {
  let n = 0;
  for (const letter of letters) n = n * 26 + (letter.charCodeAt(0) - 64);
  return n;
}

/** The first sheet's rows and cells against the bounds: rows, cells, cells per row and how far right they reach. */
async function checkSheet(xml: string): Promise<WorkbookCheck> {
  const pattern = /<(row|c)[\s>/][^>]*/g;
  let rows = 0;
  let cells = 0;
  let inRow = 0;
  let rowNumber = 0;
  let matches = 0;
  for (let match = pattern.exec(xml); match; match = pattern.exec(xml)) {
    if (match[1] === 'row') {
      rows += 1;
      inRow = 0;
      rowNumber = Number(/\sr="(\d+)"/.exec(match[0])?.[1] ?? rowNumber + 1);
      if (rows > IMPORT_XLSX_MAX_ROW_ELEMENTS) return tooLarge(LIMIT_ERRORS.xlsxRows);
    } else {
      cells += 1;
      inRow += 1;
      if (cells > IMPORT_XLSX_MAX_CELLS) return tooLarge(LIMIT_ERRORS.xlsxCells);
      const letters = /\sr="([A-Z]+)\d+"/.exec(match[0])?.[1];
      const column = letters ? columnNumber(letters) : inRow;
      if (column > IMPORT_MAX_COLUMNS || inRow > IMPORT_MAX_COLUMNS)
        return tooLarge(LIMIT_ERRORS.xlsxRowWidth(rowNumber));
    }
    matches += 1;
    if (matches % MATCHES_PER_TURN === 0) await nextTurn();
  }
  return { ok: true };
}

/**
 * Checks a whole workbook before it is read: its directory (as at upload), every entry's real size (inflated no
 * further than declared), the shared strings' count and the first sheet's rows and cells. The first sheet is the
 * first worksheet in the zip's order, the one the reader takes.
 */
export async function scanWorkbook(file: Buffer): Promise<WorkbookScan> {
  const directory = zipDirectory(file.subarray(Math.max(0, file.length - TAIL_BYTES)), file.length);
  if (!Array.isArray(directory)) return directory;
  const declared = checkEntries(directory);
  if (!declared.ok) return declared;
  const firstSheet = directory.find((e) => isSheet(e.name));
  if (!firstSheet) return { ok: false, error: NOT_A_WORKBOOK };
  let sheet: Buffer | null = null;
  let sharedStrings: Buffer | null = null;
  for (const entry of directory) {
    if (entry.name.endsWith('/') && entry.size === 0) continue;
    const content = await entryContent(file, entry);
    if (!content) return { ok: false, error: NOT_A_WORKBOOK };
    if (entry.name === SHARED_STRINGS_ENTRY) {
      if ((await countSharedStrings(content.toString('latin1'))) > IMPORT_XLSX_MAX_SHARED_STRINGS) {
        return tooLarge(LIMIT_ERRORS.xlsxStringCount);
      }
      sharedStrings = content;
    } else if (entry === firstSheet) {
      const check = await checkSheet(content.toString('latin1'));
      if (!check.ok) return check;
      sheet = content;
    }
    await nextTurn();
  }
  if (!sheet) return { ok: false, error: NOT_A_WORKBOOK };
  return { ok: true, sheet, sharedStrings };
}
