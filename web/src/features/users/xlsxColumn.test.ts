import { describe, expect, it } from '@jest/globals';
import ExcelJS from 'exceljs';
import { withoutHeader } from './csvFile';
import { xlsxFirstColumn, xmlText } from './xlsxColumn';

async function workbook(sheets: Record<string, unknown[][]>): Promise<Uint8Array> {
  const book = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) book.addWorksheet(name).addRows(rows);
  return new Uint8Array(await book.xlsx.writeBuffer());
}

describe('xlsxFirstColumn', () => {
  it('reads column A of the first sheet: shared strings, rich text, numbers; blank cells left out', async () => {
    const file = await workbook({
      People: [
        ['E-mail', 'Name'],
        ['ann@example.com', 'Ann'],
        [null, 'nobody'],
        [{ richText: [{ text: 'bo' }, { text: '@example.com' }] }, 'Bo'],
        ['a&b@example.com <x>', ''],
        [42, ''],
      ],
      Other: [['not@read.example']],
    });
    const cells = xlsxFirstColumn(file);
    expect(cells).toEqual(['E-mail', 'ann@example.com', 'bo@example.com', 'a&b@example.com <x>', '42']);
    expect(withoutHeader(cells ?? [])).toEqual(['ann@example.com', 'bo@example.com', 'a&b@example.com <x>', '42']);
  });

  it('answers null for what is not a workbook', () => {
    expect(xlsxFirstColumn(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0, 8, 0]))).toBeNull();
    expect(xlsxFirstColumn(new TextEncoder().encode('email\nann@example.com'))).toBeNull();
  });

  it('decodes XML entities', () => {
    expect(xmlText('a&amp;b &lt;c&gt; &#64; &#x41; &quot;&apos;')).toBe('a&b <c> @ A "\'');
  });
});
