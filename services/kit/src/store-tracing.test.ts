import { describe, expect, it } from '@jest/globals';
import { sanitiseSql, summariseSql } from './store-tracing';

describe('query summaries for spans', () => {
  it('name the operation and its first table', () => {
    expect(summariseSql('select "id" from "users" where "email" = $1')).toEqual({
      operation: 'SELECT',
      summary: 'SELECT users',
    });
    expect(summariseSql('insert into "outbox" ("id") values ($1)').summary).toBe('INSERT outbox');
    expect(summariseSql('UPDATE cards SET title = $1').summary).toBe('UPDATE cards');
    expect(summariseSql('delete from sessions where id = $1').summary).toBe('DELETE sessions');
    expect(summariseSql('WITH changed AS (INSERT INTO lesson_completions VALUES ($1)) SELECT 1').summary).toBe(
      'WITH lesson_completions',
    );
    expect(summariseSql('BEGIN').summary).toBe('BEGIN');
  });

  it('keep no literal values, only bind parameters and names', () => {
    expect(sanitiseSql('SET LOCAL statement_timeout = 5000')).toBe('SET LOCAL statement_timeout = ?');
    expect(sanitiseSql("select * from users where email = 'a@b.c' and id = 42 and x = $1")).toBe(
      'select * from users where email = ? and id = ? and x = $1',
    );
    expect(sanitiseSql("select 'it''s' from t2")).toBe('select ? from t2');
    expect(sanitiseSql(`select ${'x, '.repeat(2000)}1`).length).toBeLessThanOrEqual(2003);
  });
});
