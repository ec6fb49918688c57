/**
 * Import users from a CSV or an Excel workbook: reading the table (csv-parse; exceljs for .xlsx, found by its
 * content, not its name), and the rule for each row. No I/O. A row is matched to a person by e-mail (upsert), so
 * importing the same file twice creates nobody twice.
 */
import { MAX_CSV_ROWS, ROLES, type Role } from '@rainmakers/contracts';
import { parse } from 'csv-parse/sync';
import type { IMPORT_COLUMNS } from './csv';
import { isZip, readXlsx } from './spreadsheet';

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

/** The export neutralises formula-like cells with a leading apostrophe: an exported file imports as it was. */
function unneutralised(row: ImportRecord): ImportRecord {
  const out: ImportRecord = {};
  for (const [column, value] of Object.entries(row) as [ImportColumn, string][]) {
    out[column] = /^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value;
  }
  return out;
}

/** The table's records (header first) as import rows; refuses a table without an email column or rows. */
function tableFrom(records: string[][], tooMany: boolean): TableResult {
  const [header, ...data] = records;
  if (!header) return { ok: false, error: IMPORT_ERRORS.empty };
  const columns = header.map(headerKey);
  if (!columns.includes('email')) return { ok: false, error: IMPORT_ERRORS.noEmailColumn };
  if (data.length === 0) return { ok: false, error: IMPORT_ERRORS.empty };
  if (tooMany || data.length > MAX_CSV_ROWS) return { ok: false, error: IMPORT_ERRORS.tooManyRows };
  const rows = data.map((cells) => {
    const row: ImportRecord = {};
    columns.forEach((column, i) => {
      const value = cells[i];
      if (column && value !== undefined && value !== '' && row[column] === undefined) row[column] = value;
    });
    return unneutralised(row);
  });
  // A formula refuses the whole file (nothing is queued): the admin fixes the sheet, rather than some rows going in.
  for (const [index, row] of rows.entries()) {
    for (const [column, value] of Object.entries(row) as [ImportColumn, string][]) {
      if (column !== 'email' && looksLikeFormula(column, value)) {
        return { ok: false, error: formulaRefused(fileRowNumber(index), column) };
      }
    }
  }
  return { ok: true, rows };
}

/** Reads a CSV as a table with a header line; refuses what is not one. */
export function readImportTable(file: Buffer): TableResult {
  // A binary file (a spreadsheet's own format, an image) renamed .csv holds NUL bytes in its first kilobytes.
  if (file.subarray(0, 8192).includes(0)) return { ok: false, error: IMPORT_ERRORS.notATable };
  let records: string[][];
  try {
    records = parse(file, { bom: true, skip_empty_lines: true, relax_column_count: true, trim: true });
  } catch {
    return { ok: false, error: IMPORT_ERRORS.notATable };
  }
  return tableFrom(records, false);
}

/**
 * Reads the uploaded file, CSV or .xlsx (a zip archive, whatever its name), before anything is queued: the same
 * rules and limits for both (an email column, at most MAX_CSV_ROWS rows).
 */
export async function readImportFile(file: Buffer): Promise<TableResult> {
  if (!isZip(file)) return readImportTable(file);
  const sheet = await readXlsx(file, MAX_CSV_ROWS + 1);
  if (!sheet.ok) return { ok: false, error: IMPORT_ERRORS.notATable };
  return tableFrom(sheet.records, sheet.tooMany);
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
