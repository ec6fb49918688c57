/**
 * The users table through the gateway: sorting and filters answer the people the filters describe, and
 * "select all N matching" (a bulk action on the filter) changes exactly the people read-many lists with those
 * filters, reporting changed / unchanged truthfully; the export follows the same filters. Each run works on its own
 * people (a city of its own), so the seeded people and other files are left alone.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { Tag, User } from '@rainmakers/contracts';
import { type GatewaySession, signIn } from '../support/stack-client';
import { closeSystemResources, createPerson, db, query } from '../support/system';

jest.setTimeout(120_000);

type ListBody = { users: User[]; premiumCount: number; basicCount: number; totalCount: number };
type BulkBody = { total: number; changed: number; unchanged: number; failed: number; state?: string };

afterAll(async () => {
  await closeSystemResources();
});

describe('the users table: sort, filters and select all matching', () => {
  let admin: GatewaySession;
  let city: string;
  let marked: Tag;
  let added: Tag;
  const people: User[] = [];

  const readAll = async (params: Record<string, string>) => {
    const search = new URLSearchParams({ usersPerPage: '100', ...params, 'filters[cityOrState]': city });
    return admin.get<ListBody>(`/api/user/read-many?${search}`);
  };

  beforeAll(async () => {
    admin = await signIn('admin');
    city = `Tablecity ${randomUUID().slice(0, 8)}`;
    marked = (await admin.post<{ tag: Tag }>('/api/tag/upsert', { name: `marked ${randomUUID().slice(0, 8)}` })).tag;
    added = (await admin.post<{ tag: Tag }>('/api/tag/upsert', { name: `added ${randomUUID().slice(0, 8)}` })).tag;
    const roles = ['premium', 'basic', 'premium', 'course only', 'premium', 'basic', 'premium'] as const;
    for (const [i, role] of roles.entries()) {
      const tags = i % 2 === 0 ? [marked.id] : [];
      people.push(
        (await createPerson(admin, `Table ${String.fromCharCode(90 - i)}`, { role, Tags: tags, city, password: null }))
          .user,
      );
    }
    // Two of the marked premium members already hold the tag the bulk action adds.
    await admin.post('/api/user/upsert', { id: people[0]?.id, Tags: [marked.id, added.id] });
    await admin.post('/api/user/upsert', { id: people[4]?.id, Tags: [marked.id, added.id] });
  });

  it('sorts the match by name both ways, the same people either way', async () => {
    const asc = (await readAll({ sort: 'name', order: 'asc' })).users.map((u) => u.fullName);
    const desc = (await readAll({ sort: 'name', order: 'desc' })).users.map((u) => u.fullName);
    expect(asc).toHaveLength(people.length);
    expect(asc).toEqual(
      [...people.map((p) => p.fullName)].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())),
    );
    expect(desc).toEqual([...asc].reverse());
  });

  it('filters by role and tag to the people who are both, with the counts of the match', async () => {
    const body = await readAll({ 'filters[role]': 'premium', 'filters[tagId]': String(marked.id), sort: 'joined' });
    const expected = people.filter((p, i) => p.role === 'premium' && i % 2 === 0).map((p) => p.id);
    expect(body.users.map((u) => u.id).sort()).toEqual([...expected].sort());
    expect(body).toMatchObject({ totalCount: expected.length, premiumCount: expected.length, basicCount: 0 });
  });

  it('"select all matching" changes exactly the people read-many lists with those filters, and counts truthfully', async () => {
    const filters = { role: ['premium'], tagId: marked.id, cityOrState: city };
    const matching = await readAll({ 'filters[role]': 'premium', 'filters[tagId]': String(marked.id) });
    const holders = matching.users.filter((u) => u.Tags.some((t) => t.id === added.id)).length;
    const result = await admin.request<BulkBody>('POST', '/api/user/bulk-action', {
      action: 'add-tag',
      tagId: added.id,
      target: { filter: { filters } },
    });
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({
      total: matching.totalCount,
      changed: matching.totalCount - holders,
      unchanged: holders,
      failed: 0,
    });
    const tagged = await readAll({ 'filters[tagId]': String(added.id) });
    expect(tagged.users.map((u) => u.id).sort()).toEqual(matching.users.map((u) => u.id).sort());
    const audit = await query<{ after: Record<string, unknown> }>(
      'users',
      `SELECT after FROM audit_log WHERE action = 'user.bulk-action' AND tag_id = $1 ORDER BY id DESC LIMIT 1`,
      [added.id],
    );
    expect(audit[0]?.after).toMatchObject({ changed: matching.totalCount - holders, unchanged: holders });
  });

  it('exports the people the filters match, and nobody else', async () => {
    const search = new URLSearchParams({ 'filters[cityOrState]': city, 'filters[role]': 'basic' });
    const csv = await admin.request<string>('GET', `/api/user/export?${search}`);
    expect(csv.status).toBe(200);
    const ids = String(csv.body)
      .trim()
      .split(/\r?\n/)
      .slice(1)
      .map((line) => Number(line.split(',')[0]));
    expect(ids.sort()).toEqual(
      people
        .filter((p) => p.role === 'basic')
        .map((p) => p.id)
        .sort(),
    );
  });
});

describe('the admin search by place', () => {
  it('finds people by city and by state, "FL" and "Florida" alike, and the state match is indexed', async () => {
    const admin = await signIn('admin');
    const tag = (await admin.post<{ tag: Tag }>('/api/tag/upsert', { name: `place ${randomUUID().slice(0, 8)}` })).tag;
    const town = `Placetown${randomUUID().slice(0, 6)}`;
    const make = async (label: string, city: string, state: string) => {
      const { user } = await createPerson(admin, label, { Tags: [tag.id], city, password: null });
      await admin.post('/api/user/upsert', { id: user.id, state });
      return user;
    };
    const code = await make('Place code', 'Tampa', 'FL');
    const name = await make('Place name', town, 'Florida');
    const texan = await make('Place texas', 'Austin', 'TX');
    const find = async (search: string) => {
      const params = new URLSearchParams({ search, 'filters[tagId]': String(tag.id), usersPerPage: '100' });
      return (await admin.get<ListBody>(`/api/user/read-many?${params}`)).users.map((u) => u.id).sort();
    };
    const florida = [code.id, name.id].sort();
    expect(await find('FL')).toEqual(florida);
    expect(await find('fl')).toEqual(florida);
    expect(await find('Florida')).toEqual(florida);
    expect(await find('Texas')).toEqual([texan.id]);
    expect(await find(town)).toEqual([name.id]);
    expect(await find('Tampa')).toEqual([code.id]);

    // The place match is served by the trigram indexes (001_init.sql) when the planner is kept off a full scan: the
    // seeded table is small enough that it would otherwise read it whole.
    const client = await db('users').connect();
    try {
      await client.query('BEGIN');
      await client.query('SET LOCAL enable_seqscan = off');
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN SELECT id FROM users WHERE full_name ILIKE '%Florida%' OR email ILIKE '%Florida%'
           OR city ILIKE '%Florida%' OR state ILIKE '%Florida%' OR state ILIKE 'FL' OR state ILIKE 'Florida'`,
      );
      const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
      expect(plan).toContain('users_state_trgm');
      expect(plan).toContain('users_city_trgm');
      expect(plan).not.toContain('Seq Scan');
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  });
});
