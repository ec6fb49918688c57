import { describe, expect, it } from '@jest/globals';
import { parse } from 'csv-parse/sync';
import { CsvBroken, CsvScanner, CsvTooLong } from './csv-scan';

/** The records of `text` fed in chunks of `size` bytes. */
function scan(text: string | Buffer, size: number, options: { maxLineBytes?: number; maxCellChars?: number } = {}) {
  const records: string[][] = [];
  const scanner = new CsvScanner({
    wanted: () => true,
    maxLineBytes: options.maxLineBytes ?? 65_536,
    maxCellChars: options.maxCellChars ?? 1_000,
    maxCells: 100,
    onRecord: (cells) => records.push(cells.map((c) => c ?? '')),
  });
  const bytes = Buffer.isBuffer(text) ? text : Buffer.from(text);
  for (let i = 0; i < bytes.length; i += size) scanner.write(bytes.subarray(i, i + size));
  scanner.end();
  return records;
}

const SAMPLES = [
  'email,fullName\r\na@b.co,Ann\r\n',
  '\ufeffemail,name\nx@y.z,"Doe, ""Jo"""\n\n\nlast@x.io,  spaced  \r',
  'email,city\r\n"multi\r\nline",Zürich\r\n,\r\n  "quoted"  ,ß\r\n',
  'a,b,c\r\n1,,3\r\n"",x,""""',
];

describe('CsvScanner', () => {
  it('reads as csv-parse does (bom, trim, empty lines, quotes), however the bytes are split', () => {
    for (const sample of SAMPLES) {
      const expected = parse(sample, { bom: true, skip_empty_lines: true, relax_column_count: true, trim: true });
      for (const size of [1, 2, 3, 7, 1024])
        expect({ sample, size, records: scan(sample, size) }).toEqual({ sample, size, records: expected });
    }
  });

  it('refuses broken quoting, an unterminated quote, a long line and a long unwanted cell', () => {
    expect(() => scan('a,b"c\r\n', 4)).toThrow(CsvBroken);
    expect(() => scan('a,"b"c\r\n', 4)).toThrow(CsvBroken);
    expect(() => scan('a,"b\r\n', 4)).toThrow(CsvBroken);
    expect(() => scan(`a,${'x'.repeat(200)}\r\n`, 16, { maxLineBytes: 100 })).toThrow(CsvTooLong);
    const unwanted = new CsvScanner({
      wanted: (i) => i === 0,
      maxLineBytes: 65_536,
      maxCellChars: 10,
      maxCells: 100,
      onRecord: () => {},
    });
    expect(() => unwanted.write(Buffer.from(`a,${'é'.repeat(11)}\r\n`))).toThrow(
      expect.objectContaining({ kind: 'cell', index: 1 }),
    );
  });
});
