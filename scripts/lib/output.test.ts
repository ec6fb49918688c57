import { describe, expect, it } from '@jest/globals';
import { parseSetCookie } from './gateway-session';
import { formatLogLine, prefixLine, Tail } from './output';

describe('formatLogLine', () => {
  it('makes pino lines readable (time of day first) and keeps other lines as they are', () => {
    const line = JSON.stringify({ level: 40, time: 1, pid: 2, hostname: 'h', name: 'users', msg: 'slow', ms: 1200 });
    expect(formatLogLine(line)).toBe('00:00:00.001 WARN slow {"ms":1200}');
    const error = JSON.stringify({
      level: 50,
      msg: 'boom',
      err: { type: 'Error', message: 'x', stack: 'Error: x\n    at y' },
    });
    expect(formatLogLine(error)).toBe('ERROR boom\nError: x\n    at y');
    expect(formatLogLine('plain text')).toBe('plain text');
    expect(formatLogLine('{not json}')).toBe('{not json}');
    expect(formatLogLine('{"a":1}')).toBe('{"a":1}');
  });

  it('prefixes lines, with colour only when asked', () => {
    expect(prefixLine('auth', 9, 'hello', null)).toBe('auth      | hello');
    expect(prefixLine('auth', 4, 'hello', 36)).toBe('\u001b[36mauth |\u001b[0m hello');
  });

  it('keeps only the last lines', () => {
    const tail = new Tail(2);
    for (const line of ['a', 'b', 'c']) tail.push(line);
    expect(tail.toString()).toBe('b\nc');
  });
});

describe('parseSetCookie', () => {
  it('reads a value and notices deletions', () => {
    expect(parseSetCookie('rm_csrf=abc%3D; Path=/; SameSite=Lax')).toEqual({
      name: 'rm_csrf',
      value: 'abc%3D',
      removed: false,
    });
    expect(parseSetCookie('rm_session=; Path=/; Max-Age=0')?.removed).toBe(true);
    expect(parseSetCookie('rm_session=x; Expires=Thu, 01 Jan 1970 00:00:00 GMT')?.removed).toBe(true);
    expect(parseSetCookie('garbage')).toBeNull();
  });
});
