import { describe, expect, it } from '@jest/globals';
import ExcelJS from 'exceljs';
import { readSheet, sharedStrings } from './spreadsheet';
import { scanWorkbook } from './workbook';

/** A worksheet part around `rows` (what a spreadsheet program writes, trimmed to what the reader looks at). */
const sheetXml = (rows: string) =>
  Buffer.from(
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
      '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><dimension ref="A1:D9"/>' +
      `<sheetData>${rows}</sheetData><rowBreaks count="1"><brk id="3"/></rowBreaks></worksheet>`,
  );

describe('the .xlsx reader', () => {
  it('reads shared strings with rich text runs, entities and no phonetic guides', () => {
    const xml =
      '<sst count="4" uniqueCount="4"><si><t>email</t></si><si><r><rPr><b/></rPr><t xml:space="preserve">Ann </t></r>' +
      '<r><t>Lee</t></r></si><si><t>Tom &amp; Jerry &#233;&#x263A;</t><rPh sb="0" eb="1"><t>ignored</t></rPh></si><si/></sst>';
    expect(sharedStrings(xml)).toEqual(['email', 'Ann Lee', 'Tom & Jerry é☺', '']);
  });

  it('places cells by their reference, reads every cell type and leaves blank rows out', async () => {
    const rows =
      '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="C1" t="inlineStr"><is><t>Tags</t></is></c></row>' +
      '<row r="2" spans="1:4"/>' +
      '<row r="3"><c r="A3" t="s"><v>1</v></c><c r="B3" s="4"><v>45306</v></c><c r="C3" t="b"><v>1</v></c>' +
      '<c r="D3" t="e"><v>#N/A</v></c></row>' +
      '<row r="4"><c r="A4" s="1"/><c r="B4" t="s"><v>2</v></c></row>' +
      '<row r="5"><c t="str"><f>A1&amp;"x"</f><v>emailx</v></c><c><v>1.5E-3</v></c><c t="b"><v>0</v></c></row>' +
      '<row r="6"><c r="A6" t="s"><v>9</v></c><c r="B6"><f t="shared" si="0"/><v>2</v></c></row>';
    const strings = ['email', '  ann@example.com ', '   '];
    expect(await readSheet(sheetXml(rows), strings, 10)).toEqual({
      ok: true,
      records: [
        ['email', '', 'Tags'],
        ['ann@example.com', '45306', 'true', '#N/A'],
        ['=A1&"x"', '0.0015', 'false'],
        ['', '='],
      ],
      tooMany: false,
    });
  });

  it('stops past the rows it is allowed', async () => {
    const rows = Array.from({ length: 50 }, (_, i) => `<row r="${i + 1}"><c r="A${i + 1}"><v>${i}</v></c></row>`);
    const read = await readSheet(sheetXml(rows.join('')), [], 5);
    expect(read).toEqual({ ok: true, records: [['0'], ['1'], ['2'], ['3'], ['4'], ['5']], tooMany: true });
  });

  it('refuses what is not a worksheet or is cut short', async () => {
    expect(await readSheet(Buffer.from('<worksheet/>'), [], 5)).toEqual({ ok: false });
    expect(await readSheet(Buffer.from('<worksheet><sheetData><row r="1"><c><v>1</v></c>'), [], 5)).toEqual({
      ok: false,
    });
  });
});

describe('a workbook exceljs writes', () => {
  it('reads as exceljs read it: the first sheet, every kind of cell as text', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('People');
    sheet.addRow(['email', 'date', 'num', 'bool', 'link', 'err', 'big', 'frac', 'rich', 'f']);
    sheet.addRow([
      'a@b.co',
      new Date(Date.UTC(2024, 0, 15)),
      42,
      true,
      { text: 'site', hyperlink: 'https://example.com' },
      { error: '#N/A' },
      15551234567,
      0.1 + 0.2,
      { richText: [{ text: 'A ' }, { text: 'B' }] },
      { formula: 'A1&"x"', result: 'a@b.cox' },
    ]);
    sheet.addRow([]);
    sheet.addRow(['  c@d.co  ', null, -3.5e-7, false, 'x &amp; <y>', '', 1e21, 1 / 3]);
    book.addWorksheet('Other').addRow(['not read']);
    const file = Buffer.from(await book.xlsx.writeBuffer());
    const scan = await scanWorkbook(file);
    if (!scan.ok) throw new Error(scan.error);
    const strings = scan.sharedStrings ? sharedStrings(scan.sharedStrings.toString('utf8')) : [];
    // What exceljs's streaming reader (styles ignored) answered for this workbook, before it was replaced.
    expect(await readSheet(scan.sheet, strings, 10)).toEqual({
      ok: true,
      records: [
        ['email', 'date', 'num', 'bool', 'link', 'err', 'big', 'frac', 'rich', 'f'],
        ['a@b.co', '45306', '42', 'true', 'site', '#N/A', '15551234567', '0.30000000000000004', 'A B', '=A1&"x"'],
        ['c@d.co', '', '-3.5e-7', 'false', 'x &amp; <y>', '', '1e+21', '0.3333333333333333'],
      ],
      tooMany: false,
    });
  });
});
