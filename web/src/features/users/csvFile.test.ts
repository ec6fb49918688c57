import { describe, expect, it } from '@jest/globals';
import { emailsOf, firstColumn, looksLikeText } from './csvFile';

describe('the wizard CSV', () => {
  it('reads the first column of every line, quoted or not, whatever the line ends', () => {
    expect(firstColumn('email,name\r\na@x.com,Ann\n"b@x.com",Bo\r\n\r\n  c@x.com  \n')).toEqual([
      'email',
      'a@x.com',
      'b@x.com',
      'c@x.com',
    ]);
    expect(firstColumn('"a,b@x.com",x\nd@x.com,"multi\nline",z\ne@x.com')).toEqual(['a,b@x.com', 'd@x.com', 'e@x.com']);
    expect(firstColumn('\ufeffa@x.com')).toEqual(['a@x.com']);
  });

  it('leaves out a header row', () => {
    expect(emailsOf('Email Address\na@x.com')).toEqual(['a@x.com']);
    expect(emailsOf('a@x.com\nb@x.com')).toEqual(['a@x.com', 'b@x.com']);
  });

  it('tells a binary file from text', () => {
    expect(looksLikeText('a@x.com')).toBe(true);
    expect(looksLikeText('PK\u0003\u0004\u0000\u0000')).toBe(false);
  });
});
