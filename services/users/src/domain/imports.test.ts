import { describe, expect, it } from '@jest/globals';
import ExcelJS from 'exceljs';
import { IMPORT_ERRORS, readImportFile } from './imports';

async function workbook(rows: unknown[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('People');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('readImportFile', () => {
  it('reads a CSV and an .xlsx the same way (header names as people write them, blank rows left out)', async () => {
    const csv = await readImportFile(Buffer.from('E-mail Address,Full Name,Tags\r\nann@example.com,Ann,VIP\r\n'));
    const xlsx = await readImportFile(
      await workbook([['E-mail Address', 'Full Name', 'Tags'], [], ['ann@example.com', 'Ann', 'VIP']]),
    );
    expect(csv).toEqual({ ok: true, rows: [{ email: 'ann@example.com', fullName: 'Ann', tags: 'VIP' }] });
    expect(xlsx).toEqual(csv);
  });

  it('gives a formula cell of a workbook as its formula (refused), rich text as its text', async () => {
    const result = await readImportFile(
      await workbook([
        ['email', 'fullName', 'city'],
        [
          'a@example.com',
          { formula: 'HYPERLINK("http://evil")', result: 'x' },
          { richText: [{ text: 'Aus' }, { text: 'tin' }] },
        ],
      ]),
    );
    expect(result).toEqual({
      ok: false,
      error: expect.stringMatching(/^Row 2: fullName starts like a spreadsheet formula/),
    });
  });

  it('applies the same rules to both: an email column, rows, at most 50,000 of them', async () => {
    expect(await readImportFile(await workbook([['name'], ['Ann']]))).toEqual({
      ok: false,
      error: IMPORT_ERRORS.noEmailColumn,
    });
    expect(await readImportFile(await workbook([['email']]))).toEqual({ ok: false, error: IMPORT_ERRORS.empty });
    const many = [['email'], ...Array.from({ length: 50_001 }, (_, i) => [`p${i}@example.com`])];
    expect(await readImportFile(await workbook(many))).toEqual({ ok: false, error: IMPORT_ERRORS.tooManyRows });
  }, 60_000);

  it('refuses a file that is not a table: a broken zip, other binary, an unterminated quote', async () => {
    for (const file of [
      Buffer.from('PK\x03\x04 not really a workbook'),
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0x00, 0x00]),
      Buffer.from('email\r\n"unterminated'),
    ]) {
      expect(await readImportFile(file)).toEqual({ ok: false, error: IMPORT_ERRORS.notATable });
    }
  });
});

describe('formula cells', () => {
  it('refuse the whole file (row and column named), except a signed phone number', async () => {
    for (const [column, value] of [
      ['fullName', '=1+1'],
      ['city', '@SUM(A1)'],
      ['state', '+cmd|x'],
      ['country', '-2+3'],
      ['phoneNumber', '+1 555=1'],
      ['tags', '=VIP'],
    ]) {
      const file = Buffer.from(`email,${column}\r\nok@example.com,\r\na@example.com,"${value}"\r\n`);
      expect({ column, result: await readImportFile(file) }).toEqual({
        column,
        result: { ok: false, error: expect.stringMatching(`^Row 3: ${column} starts like a spreadsheet formula`) },
      });
    }
    const phone = await readImportFile(Buffer.from('email,phone\r\na@example.com,+1 (555) 010-0100\r\n'));
    expect(phone).toEqual({ ok: true, rows: [{ email: 'a@example.com', phoneNumber: '+1 (555) 010-0100' }] });
  });

  it('read back what the export neutralised (a leading apostrophe before a sign)', async () => {
    const file = Buffer.from("email,phone,fullName\r\na@example.com,'+1 555,'=Ann\r\n");
    expect(await readImportFile(file)).toMatchObject({ ok: false, error: expect.stringMatching(/fullName/) });
    expect(await readImportFile(Buffer.from("email,phone\r\na@example.com,'+1 555\r\n"))).toEqual({
      ok: true,
      rows: [{ email: 'a@example.com', phoneNumber: '+1 555' }],
    });
  });
});
