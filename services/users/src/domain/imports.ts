/**
 * Import users from a CSV or an Excel workbook: reading the table (csv-scan.ts, fed a chunk at a time; spreadsheet.ts
 * for .xlsx, found by its content, not its name), and the rule for each row. No I/O. A row is matched to a person by
 * e-mail (upsert), so importing the same file twice creates nobody twice. The bounds of a file (columns, cell and
 * line lengths, rows) are in import-limits.ts; a CSV is checked against all of them while it uploads.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { MAX_CSV_ROWS, ROLES, type Role } from '@rainmakers/contracts';
import type { IMPORT_COLUMNS } from './csv';
import { CsvBroken, CsvScanner, CsvTooLong } from './csv-scan';
import {
  columnLabel,
  IMPORT_COLUMN_CHARS,
  IMPORT_MAX_CELL_CHARS,
  IMPORT_MAX_COLUMNS,
  IMPORT_MAX_LINE_BYTES,
  LIMIT_ERRORS,
} from './import-limits';
import { isZip, readSheet, sharedStrings } from './spreadsheet';
import { scanWorkbook } from './workbook';

export type ImportColumn = (typeof IMPORT_COLUMNS)[number];
/** One data row as read: the known columns only, text as written. */
export type ImportRecord = Partial<Record<ImportColumn, string>>;

export const IMPORT_ERRORS = {
  notATable:
    'This file is not a CSV table or an Excel workbook (.xlsx). Upload a .csv or .xlsx file whose first line names the columns.',
  noEmailColumn: 'The file has no email column. Its first line must name the columns, one of them email.',
  empty: 'The file holds no rows to import.',
  tooManyRows: `A file may hold at most ${MAX_CSV_ROWS} rows.`,
} as const;

/** Header names as people write them ('E-mail Address', 'Full Name') -> the import's columns. */
const HEADER_ALIASES: Record<string, ImportColumn> = {
  email: 'email',
  'e-mail': 'email',
  emailaddress: 'email',
  'e-mailaddress': 'email',
  fullname: 'fullName',
  name: 'fullName',
  role: 'role',
  city: 'city',
  state: 'state',
  country: 'country',
  phone: 'phoneNumber',
  phonenumber: 'phoneNumber',
  tags: 'tags',
};

const headerKey = (name: string) => HEADER_ALIASES[name.trim().toLowerCase().replace(/[\s_]/g, '')];

export type TableResult = { ok: true; rows: ImportRecord[] } | { ok: false; error: string };

/** A cell a spreadsheet would run as a formula (a phone number may start with + or -). */
const FORMULA_START = /^[=@\t\r]/;
const SIGNED_PHONE = /^[+-][\d\s().-]*$/;
export const formulaRefused = (row: number, column: ImportColumn) =>
  `Row ${row}: ${column} starts like a spreadsheet formula (= + - @). Formulas are not imported: remove them and upload the file again.`;

function looksLikeFormula(column: ImportColumn, text: string): boolean {
  if (FORMULA_START.test(text)) return true;
  return /^[+-]/.test(text) && !(column === 'phoneNumber' && SIGNED_PHONE.test(text));
}

/** Why a file is refused, thrown while it is read. */
class Refusal extends Error {}

/** The header's cells as the import's columns (undefined: a column the import does not read). */
function headerColumns(cells: readonly string[]): (ImportColumn | undefined)[] {
  if (cells.length > IMPORT_MAX_COLUMNS) throw new Refusal(LIMIT_ERRORS.tooManyColumns(1));
  cells.forEach((cell, i) => {
    if (cell.length > IMPORT_MAX_CELL_CHARS) {
      throw new Refusal(LIMIT_ERRORS.cellTooLong(1, columnLabel(undefined, i), IMPORT_MAX_CELL_CHARS));
    }
  });
  const columns = cells.map(headerKey);
  if (!columns.includes('email')) throw new Refusal(IMPORT_ERRORS.noEmailColumn);
  return columns;
}

/**
 * One data row (row `row` of the file, the header being row 1) as an import row: at most IMPORT_MAX_COLUMNS cells,
 * each within its column's length; the export's neutralised cells read back; a formula refuses the whole file
 * (nothing is queued): the admin fixes the sheet, rather than some rows going in.
 */
function rowFrom(
  columns: readonly (ImportColumn | undefined)[],
  cells: readonly (string | undefined)[],
  row: number,
): ImportRecord {
  if (cells.length > IMPORT_MAX_COLUMNS) throw new Refusal(LIMIT_ERRORS.tooManyColumns(row));
  const out: ImportRecord = {};
  cells.forEach((raw, i) => {
    // A cell of a column the import does not read, already measured by the reader.
    if (raw === undefined) return;
    const column = columns[i];
    const max = column ? IMPORT_COLUMN_CHARS[column] : IMPORT_MAX_CELL_CHARS;
    if (raw.length > max) throw new Refusal(LIMIT_ERRORS.cellTooLong(row, columnLabel(column, i), max));
    if (!column || raw === '' || out[column] !== undefined) return;
    // The export neutralises formula-like cells with a leading apostrophe: an exported file imports as it was.
    const value = /^'[=+\-@\t\r]/.test(raw) ? raw.slice(1) : raw;
    if (column !== 'email' && looksLikeFormula(column, value)) throw new Refusal(formulaRefused(row, column));
    out[column] = value;
  });
  return out;
}

const refusalOf = (error: unknown): string => (error instanceof Refusal ? error.message : IMPORT_ERRORS.notATable);

/** The table's records (header first) as import rows; refuses a table without an email column or rows. */
function tableFrom(records: string[][], tooMany: boolean): TableResult {
  const [header, ...data] = records;
  if (!header) return { ok: false, error: IMPORT_ERRORS.empty };
  try {
    const columns = headerColumns(header);
    if (data.length === 0) return { ok: false, error: IMPORT_ERRORS.empty };
    if (tooMany || data.length > MAX_CSV_ROWS) return { ok: false, error: IMPORT_ERRORS.tooManyRows };
    return { ok: true, rows: data.map((cells, index) => rowFrom(columns, cells, fileRowNumber(index))) };
  } catch (error) {
    return { ok: false, error: refusalOf(error) };
  }
}

/** Bytes of a chunk read in one step (about 2,000 short rows): each step is a few milliseconds at most. */
const STEP_BYTES = 16 * 1024;

/**
 * A CSV read a chunk at a time, as it uploads or streams from storage (csv-scan.ts), checking every bound as it
 * goes: the header (at most IMPORT_MAX_COLUMNS columns, an email column), each line (IMPORT_MAX_LINE_BYTES), each
 * row's cells (count, length by column, formulas) and the row count (MAX_CSV_ROWS). The first broken rule refuses
 * the file at once (`write` answers false: stop sending). Keeps the rows only when asked (the worker).
 */
export class CsvImportReader {
  private readonly scanner: CsvScanner;
  private columns: (ImportColumn | undefined)[] | null = null;
  private records = 0;
  private bytes = 0;
  private refusal: string | null = null;
  readonly rows: ImportRecord[] = [];

  constructor(private readonly keepRows: boolean) {
    this.scanner = new CsvScanner({
      wanted: (index) => this.columns === null || this.columns[index] !== undefined,
      maxLineBytes: IMPORT_MAX_LINE_BYTES,
      maxCellChars: IMPORT_MAX_CELL_CHARS,
      maxCells: IMPORT_MAX_COLUMNS,
      onRecord: (cells, count) => this.onRecord(cells, count),
    });
  }

  /** Data rows read so far. */
  get rowCount(): number {
    return Math.max(0, this.records - 1);
  }

  private onRecord(cells: (string | undefined)[], count: number): void {
    this.records += 1;
    if (count > IMPORT_MAX_COLUMNS) throw new Refusal(LIMIT_ERRORS.tooManyColumns(this.records));
    if (this.columns === null) {
      this.columns = headerColumns(cells.map((c) => c ?? ''));
      return;
    }
    if (this.records - 1 > MAX_CSV_ROWS) throw new Refusal(IMPORT_ERRORS.tooManyRows);
    const row = rowFrom(this.columns, cells, this.records);
    if (this.keepRows) this.rows.push(row);
  }

  private fail(error: unknown): false {
    if (error instanceof CsvTooLong) {
      const row = this.records + 1;
      this.refusal =
        error.kind === 'line'
          ? LIMIT_ERRORS.lineTooLong(row)
          : LIMIT_ERRORS.cellTooLong(row, columnLabel(undefined, error.index), IMPORT_MAX_CELL_CHARS);
    } else if (error instanceof CsvBroken) this.refusal = IMPORT_ERRORS.notATable;
    else if (error instanceof Refusal) this.refusal = error.message;
    else throw error;
    return false;
  }

  /** Reads a chunk; false once the file is refused. */
  write(chunk: Buffer): boolean {
    if (this.refusal !== null) return false;
    // A binary file (a spreadsheet's own format, an image) renamed .csv holds NUL bytes in its first kilobytes.
    if (this.bytes < 8192 && chunk.subarray(0, 8192 - this.bytes).includes(0)) {
      return this.fail(new Refusal(IMPORT_ERRORS.notATable));
    }
    this.bytes += chunk.length;
    try {
      this.scanner.write(chunk);
    } catch (error) {
      return this.fail(error);
    }
    return true;
  }

  /** The file is all read: the table, or why it is refused. */
  end(): TableResult {
    if (this.refusal === null) {
      try {
        this.scanner.end();
      } catch (error) {
        this.fail(error);
      }
    }
    if (this.refusal !== null) return { ok: false, error: this.refusal };
    if (this.columns === null || this.records < 2) return { ok: false, error: IMPORT_ERRORS.empty };
    return { ok: true, rows: this.rows };
  }
}

/** Slices of at most STEP_BYTES, so no step of a read holds the event loop for long. */
export function* steps(chunk: Buffer): Generator<Buffer> {
  for (let i = 0; i < chunk.length; i += STEP_BYTES) yield chunk.subarray(i, i + STEP_BYTES);
}

/** Reads a CSV from a stream of chunks, letting other work run between steps (the worker's read of an upload). */
export async function readCsvStream(source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>): Promise<TableResult> {
  const reader = new CsvImportReader(true);
  for await (const chunk of source) {
    for (const step of steps(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength))) {
      if (!reader.write(step)) return reader.end();
      await nextTurn();
    }
  }
  return reader.end();
}

/** Reads a CSV as a table with a header line; refuses what is not one. */
export function readImportTable(file: Buffer): Promise<TableResult> {
  return readCsvStream([file]);
}

/**
 * Reads a whole workbook (.xlsx): first the bounds only an inflated zip shows (scanWorkbook: sizes, shared
 * strings, cells per row and per sheet), then its first sheet, by the same rules as a CSV.
 */
export async function readWorkbook(file: Buffer): Promise<TableResult> {
  const scan = await scanWorkbook(file);
  if (!scan.ok) return scan;
  const strings = scan.sharedStrings ? sharedStrings(scan.sharedStrings.toString('utf8')) : [];
  const sheet = await readSheet(scan.sheet, strings, MAX_CSV_ROWS + 1);
  if (!sheet.ok) return { ok: false, error: IMPORT_ERRORS.notATable };
  return tableFrom(sheet.records, sheet.tooMany);
}

/**
 * Reads a file, CSV or .xlsx (a zip archive, whatever its name): the same rules and limits for both (an email
 * column, at most MAX_CSV_ROWS rows, the bounds of import-limits.ts).
 */
export function readImportFile(file: Buffer): Promise<TableResult> {
  return isZip(file) ? readWorkbook(file) : readImportTable(file);
}

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A row ready to be written. Fields left empty in the file are not changed on an existing person. */
export interface ImportPerson {
  email: string;
  fullName?: string;
  role?: Role;
  city?: string;
  state?: string;
  country?: string;
  phoneNumber?: string;
  /** Tag names (matched without regard to case); added to what the person holds, never removed. */
  tagNames: string[];
}

export type RowCheck = { ok: true; person: ImportPerson } | { ok: false; reason: string };

const LIMITS: Partial<Record<ImportColumn, number>> = {
  fullName: 120,
  city: 120,
  state: 120,
  country: 120,
  phoneNumber: 40,
};

/** Checks one row against the rules of the user form and the tag catalogue (lower-cased names). */
export function checkRow(row: ImportRecord, knownTags: ReadonlySet<string>): RowCheck {
  const email = (row.email ?? '').trim().toLowerCase();
  if (!email) return { ok: false, reason: 'The email is empty' };
  if (email.length > 254 || !EMAIL_SHAPE.test(email)) return { ok: false, reason: 'The email is not valid' };
  for (const [column, max] of Object.entries(LIMITS) as [ImportColumn, number][]) {
    if ((row[column]?.length ?? 0) > max) return { ok: false, reason: `${column} is longer than ${max} characters` };
  }
  let role: Role | undefined;
  if (row.role) {
    const asked = row.role.trim().toLowerCase();
    if (!(ROLES as readonly string[]).includes(asked)) return { ok: false, reason: `Unknown role: ${row.role}` };
    role = asked as Role;
  }
  const tagNames = (row.tags ?? '')
    .split(/[;,]/)
    .map((t) => t.trim())
    .filter(Boolean);
  const unknown = tagNames.filter((t) => !knownTags.has(t.toLowerCase()));
  if (unknown.length > 0)
    return { ok: false, reason: `Unknown tag${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}` };
  return {
    ok: true,
    person: {
      email,
      ...(row.fullName ? { fullName: row.fullName } : {}),
      ...(role ? { role } : {}),
      ...(row.city ? { city: row.city } : {}),
      ...(row.state ? { state: row.state } : {}),
      ...(row.country ? { country: row.country } : {}),
      ...(row.phoneNumber ? { phoneNumber: row.phoneNumber } : {}),
      tagNames,
    },
  };
}

/** One line of the error report. */
export interface ImportError {
  /** The row's number in the file, counting the header as row 1 (what a spreadsheet shows). */
  row: number;
  email: string;
  reason: string;
}

/** The final report (and the progress while it runs). */
export interface ImportReport {
  total: number;
  done: number;
  created: number;
  updated: number;
  skipped: number;
  failed: number;
  errors: ImportError[];
}

export const emptyReport = (total: number): ImportReport => ({
  total,
  done: 0,
  created: 0,
  updated: 0,
  skipped: 0,
  failed: 0,
  errors: [],
});

/** The data-row index (0-based) as the row number a spreadsheet shows (header is row 1). */
export const fileRowNumber = (index: number) => index + 2;
