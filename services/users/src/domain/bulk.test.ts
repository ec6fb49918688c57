import { describe, expect, it } from '@jest/globals';
import { chunks, emailReport, normaliseEmails } from './bulk';

describe('bulk e-mail lists', () => {
  it('normalises, keeps the file order, reports duplicates once and unusable cells apart', () => {
    expect(
      normaliseEmails([' Ann@X.com', 'bo@x.com', 'ann@x.com', '', 'ANN@x.com', 'not an email', 'bo@x.com']),
    ).toEqual({
      unique: ['ann@x.com', 'bo@x.com'],
      duplicate: ['ann@x.com', 'bo@x.com'],
      invalid: ['not an email'],
    });
  });

  it('splits into found, duplicate and not found', () => {
    const list = normaliseEmails(['a@x.com', 'b@x.com', 'a@x.com', 'email']);
    expect(emailReport(list, [{ id: 1, email: 'a@x.com' }])).toEqual({
      found: [{ id: 1, email: 'a@x.com' }],
      duplicate: ['a@x.com'],
      notFound: ['email', 'b@x.com'],
    });
  });

  it('chunks', () => {
    expect(chunks([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunks([], 2)).toEqual([]);
  });
});
