import { describe, expect, it } from '@jest/globals';
import { bulkUpdateSample, csvCell, csvLine, exportLine, importSample } from './csv';

describe('csv', () => {
  it('neutralises cells a spreadsheet would run as a formula', () => {
    for (const bad of ['=1+1', '+1', '-2', '@SUM(A1)', '\tx', '\rx', '=HYPERLINK("http://x","y")']) {
      expect(csvCell(bad).replace(/^"/, '').startsWith("'")).toBe(true);
    }
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('=HYPERLINK("a")')).toBe(`"'=HYPERLINK(""a"")"`);
    expect(csvCell('Ann = Lee')).toBe('Ann = Lee');
    // Numbers are data, not text typed by someone.
    expect(csvCell(-5)).toBe('-5');
  });

  it('quotes commas, quotes and line breaks, and leaves empty cells empty', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
    expect(csvLine(['a', null, true])).toBe('a,,true\r\n');
  });

  it('writes a person as one line', () => {
    expect(
      exportLine({
        id: 4,
        fullName: 'Ann, Lee',
        email: 'ann@example.com',
        role: 'course only',
        city: '=cmd',
        state: null,
        country: null,
        phoneNumber: '+1 555',
        stripeStatus: 'active',
        stripeCustomerId: null,
        alwaysGrantAccess: false,
        createdAt: new Date('2026-01-02T03:04:05.000Z'),
        tags: ['vip', 'nova'],
      }),
    ).toBe(
      `4,"Ann, Lee",ann@example.com,course only,'=cmd,,,'+1 555,active,,false,2026-01-02T03:04:05.000Z,vip; nova\r\n`,
    );
  });

  it('offers samples whose first column is the e-mail', () => {
    expect(bulkUpdateSample().split('\r\n')[0]).toBe('email');
    expect(importSample().split('\r\n')[0]?.startsWith('email,fullName')).toBe(true);
  });
});
