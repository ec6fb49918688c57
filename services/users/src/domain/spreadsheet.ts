/**
 * Reading an uploaded .xlsx (the spreadsheet type the import accepts besides CSV) into rows of text, with exceljs's
 * streaming reader: the first worksheet only, and it stops reading past `maxRows` rows, so a huge sheet costs no
 * more than the rows it is allowed. No I/O beyond the buffer given.
 */
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';

/** An .xlsx file is a zip archive: it starts with the local file header signature PK\x03\x04. */
export const isZip = (file: Buffer) =>
  file.length >= 4 && file[0] === 0x50 && file[1] === 0x4b && file[2] === 0x03 && file[3] === 0x04;

/** A cell's value as the text a person sees; a formula as `=formula` (the import refuses those). */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('formula' in value || 'sharedFormula' in value) {
      const formula = (value as { formula?: string; sharedFormula?: string }).formula ?? '';
      return `=${formula}`;
    }
    if ('richText' in value && Array.isArray(value.richText)) {
      return value.richText.map((part: { text?: string }) => part.text ?? '').join('');
    }
    if ('text' in value) return cellText(value.text);
    if ('error' in value) return String(value.error);
  }
  return '';
}

export type SheetRead = { ok: true; records: string[][]; tooMany: boolean } | { ok: false };

/**
 * The first worksheet's rows as text cells (blank rows left out). `tooMany` when it holds more than `maxRows`
 * rows (reading stops there). Not an .xlsx workbook (a broken or other zip): `{ ok: false }`.
 */
export async function readXlsx(file: Buffer, maxRows: number): Promise<SheetRead> {
  const records: string[][] = [];
  try {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([file]), {
      sharedStrings: 'cache',
      hyperlinks: 'ignore',
      styles: 'ignore',
      worksheets: 'emit',
      entries: 'emit',
    });
    let sheets = 0;
    for await (const sheet of reader) {
      sheets += 1;
      if (sheets > 1) continue; // the rest is read past (the zip is one stream), not kept
      for await (const row of sheet) {
        const values = Array.isArray(row.values) ? row.values.slice(1) : [];
        const cells = Array.from(values, (v) => cellText(v).trim());
        if (cells.every((c) => c === '')) continue;
        records.push(cells);
        if (records.length > maxRows) return { ok: true, records, tooMany: true };
      }
    }
    if (sheets === 0) return { ok: false };
  } catch {
    return { ok: false };
  }
  return { ok: true, records, tooMany: false };
}
