/** users.csv (streamed, formula-safe, every person once) and the two sample files; admins only. */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ALL_ROLES, buildActor } from '@rainmakers/kit/testing';
import { EXPORT_BATCH } from '../src/routes/exports';
import { createTag, createUser, type Harness, startHarness } from './helpers';

/** Splits CSV text into rows of cells (quoted cells may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else cell += c;
  }
  if (cell || row.length > 0) rows.push([...row, cell]);
  return rows;
}

describe('downloads: /api/user/export and the samples', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h.stop();
  });

  it('streams every person once, with the columns a spreadsheet user expects and formula cells neutralised', async () => {
    const vip = await createTag(h, '=vip');
    await createUser(h, { fullName: '=HYPERLINK("http://evil","click")', city: '+1 Austin', state: '@state' });
    await createUser(h, { fullName: 'Comma, "Quote"', country: '-Country', tagIds: [vip.id] });
    // More people than one batch, added straight to the table (the export reads batches in id order).
    await h.users.database.pool.query(
      `INSERT INTO users (full_name, email, role)
       SELECT 'Bulk ' || n, 'bulk' || n || '@example.com', 'basic' FROM generate_series(1, $1::int) AS n`,
      [EXPORT_BATCH + 5],
    );
    const res = await h.api.get<string>(h.admin, '/api/user/export');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="users.csv"');
    const rows = parseCsv(res.body);
    expect(rows[0]).toEqual([
      'id',
      'fullName',
      'email',
      'role',
      'city',
      'state',
      'country',
      'phoneNumber',
      'stripeStatus',
      'stripeCustomerId',
      'alwaysGrantAccess',
      'createdAt',
      'tags',
    ]);
    const people = rows.slice(1);
    const { rows: count } = await h.users.database.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
    expect(people).toHaveLength(count[0]!.n);
    expect(new Set(people.map((r) => r[0])).size).toBe(people.length);
    const ids = people.map((r) => Number(r[0]));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));

    const evil = people.find((r) => r[1]?.includes('HYPERLINK'));
    expect(evil?.slice(1, 2)).toEqual([`'=HYPERLINK("http://evil","click")`]);
    expect(evil?.slice(4, 6)).toEqual(["'+1 Austin", "'@state"]);
    const comma = people.find((r) => r[1] === 'Comma, "Quote"');
    expect(comma?.[6]).toBe("'-Country");
    expect(comma?.[12]).toBe("'=vip");
    // No cell of the whole file starts a formula.
    for (const row of people) for (const cell of row) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });

  it('offers the two samples', async () => {
    const bulk = await h.api.get<string>(h.admin, '/api/user/generate-test-user-csv');
    expect(bulk.status).toBe(200);
    expect(bulk.headers.get('content-disposition')).toMatch(/attachment; filename=".+\.csv"/);
    expect(parseCsv(bulk.body)[0]).toEqual(['email']);
    expect(parseCsv(bulk.body).length).toBeGreaterThan(1);
    const imports = await h.api.get<string>(h.admin, '/api/user/generate-test-user-import-csv');
    expect(imports.status).toBe(200);
    expect(parseCsv(imports.body)[0]?.slice(0, 2)).toEqual(['email', 'fullName']);
  });

  it.each(['/api/user/export', '/api/user/generate-test-user-csv', '/api/user/generate-test-user-import-csv'])(
    'answers %s to admins only',
    async (path) => {
      expect((await h.api.get(null, path)).status).toBe(401);
      for (const role of ALL_ROLES) {
        const res = await h.api.get(buildActor(role), path);
        expect({ role, status: res.status }).toEqual({ role, status: role === 'admin' ? 200 : 403 });
      }
      // An admin previewing the product as another role has that role's powers.
      const previewing = buildActor('basic', { accountRole: 'admin', isAdmin: true });
      expect((await h.api.get(previewing, path)).status).toBe(403);
    },
  );
});
