/**
 * The bounds of an imported file (no upload may hold the users service). Where each is checked:
 * - while the upload streams (routes/imports.ts), before anything is stored for good or queued: the file size
 *   (IMPORT_MAX_BYTES), and for a CSV every rule below that is about rows, columns and cells; for an .xlsx the
 *   zip's own directory (entries, declared uncompressed sizes);
 * - by the worker, which fails the job with a clear reason: what a zip only shows once inflated (actual sizes,
 *   shared strings, cells per row and per sheet), then the same row, column and cell rules for the sheet.
 * No I/O here.
 */
import { MAX_CSV_ROWS } from '@rainmakers/contracts';
import type { IMPORT_COLUMNS } from './csv';

type ImportColumn = (typeof IMPORT_COLUMNS)[number];

/** Columns a file may have (the header and every row); the import reads eight of them. */
export const IMPORT_MAX_COLUMNS = 100;
/** Characters of a cell in a column the import does not read (and of the tags list). */
export const IMPORT_MAX_CELL_CHARS = 1_000;
/** Bytes of one CSV line (record), quotes and separators included. */
export const IMPORT_MAX_LINE_BYTES = 64 * 1024;

/** Characters of a cell, by the column it fills: the user form's limits (the worker checks them again per row). */
export const IMPORT_COLUMN_CHARS: Record<ImportColumn, number> = {
  email: 254,
  fullName: 120,
  role: 120,
  city: 120,
  state: 120,
  country: 120,
  phoneNumber: 40,
  tags: IMPORT_MAX_CELL_CHARS,
};

/** An .xlsx (zip) file: entries in its directory. */
export const IMPORT_XLSX_MAX_ENTRIES = 1_000;
/** All entries inflated, together. */
export const IMPORT_XLSX_MAX_TOTAL_BYTES = 256 * 1024 * 1024;
/** One worksheet's XML, inflated. */
export const IMPORT_XLSX_MAX_SHEET_BYTES = 64 * 1024 * 1024;
/** The shared strings' XML (every text of the workbook), inflated. */
export const IMPORT_XLSX_MAX_SHARED_STRINGS_BYTES = 32 * 1024 * 1024;
/** Shared strings (distinct texts of the workbook). */
export const IMPORT_XLSX_MAX_SHARED_STRINGS = 500_000;
/** Cells of the sheet read (the first), and row elements in it (blank rows included). */
export const IMPORT_XLSX_MAX_CELLS = 1_000_000;
export const IMPORT_XLSX_MAX_ROW_ELEMENTS = 2 * MAX_CSV_ROWS + 1;

const MB = 1024 * 1024;

export const LIMIT_ERRORS = {
  tooManyColumns: (row: number) =>
    `Row ${row} has more than ${IMPORT_MAX_COLUMNS} columns. A file may have at most ${IMPORT_MAX_COLUMNS}.`,
  lineTooLong: (row: number) => `Row ${row} is longer than ${IMPORT_MAX_LINE_BYTES} bytes.`,
  cellTooLong: (row: number, column: string, max: number) =>
    `Row ${row}: ${column} is longer than ${max} characters. Shorten it and upload the file again.`,
  /** A workbook past one of the bounds above: `what` says which. */
  workbookTooLarge: (what: string) =>
    `This workbook is too large to import: ${what}. Save the people to import as a CSV file or a smaller workbook.`,
  xlsxEntries: `it has more than ${IMPORT_XLSX_MAX_ENTRIES} parts`,
  xlsxTotal: `its content takes more than ${IMPORT_XLSX_MAX_TOTAL_BYTES / MB} MB unpacked`,
  xlsxSheet: `a worksheet takes more than ${IMPORT_XLSX_MAX_SHEET_BYTES / MB} MB unpacked`,
  xlsxStrings: `its texts take more than ${IMPORT_XLSX_MAX_SHARED_STRINGS_BYTES / MB} MB unpacked`,
  xlsxStringCount: `it holds more than ${IMPORT_XLSX_MAX_SHARED_STRINGS} distinct texts`,
  xlsxCells: `its first sheet has more than ${IMPORT_XLSX_MAX_CELLS} cells`,
  xlsxRows: `its first sheet has more than ${IMPORT_XLSX_MAX_ROW_ELEMENTS} rows`,
  xlsxRowWidth: (row: number) => `row ${row} of its first sheet has cells past column ${IMPORT_MAX_COLUMNS}`,
} as const;

/** The column name an error shows for the cell at `index` (0-based) under `column` (an import column or none). */
export const columnLabel = (column: string | undefined, index: number) => column ?? `column ${index + 1}`;
