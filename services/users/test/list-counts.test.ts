/**
 * The users table's counts are kept a few seconds per match (store/users.ts searchUsers), and never past a change:
 * any write to users or user_tags — the service's own, the worker's, plain SQL — makes the next read count again
 * (migration 008's users_list_generation).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTag, createUser, type Harness, startHarness } from './helpers';

type ListBody = { users: { fullName: string }[]; premiumCount: number; basicCount: number; totalCount: number };

describe('the counts of GET /api/user/read-many', () => {
  let h: Harness;
  const list = (query: string) => h.api.get<ListBody>(h.admin, `/api/user/read-many?${query}`);

  beforeAll(async () => {
    h = await startHarness();
    await createUser(h, { role: 'premium', fullName: 'Kept Kim', email: 'kept.kim@example.com' });
  });
  afterAll(async () => {
    await h.stop();
  });

  it('are the same on every page and order of a match, and change with the next write whoever makes it', async () => {
    const first = await list('filters[role]=premium&sort=name&order=asc');
    expect(first.body).toMatchObject({ totalCount: 1, premiumCount: 1, basicCount: 0 });
    expect((await list('filters[role]=premium&sort=joined&order=desc&page=2')).body.totalCount).toBe(1);

    // A write outside the service (the worker, an import, plain SQL) is seen at once.
    await h.users.database.pool.query(
      `INSERT INTO users (full_name, email, role) VALUES ('Kept Kai', 'kept.kai@example.com', 'premium')`,
    );
    expect((await list('filters[role]=premium&sort=name&order=asc')).body).toMatchObject({
      totalCount: 2,
      premiumCount: 2,
    });

    // So is a role change, and who holds a tag (the tag filter's match).
    await h.users.database.pool.query(`UPDATE users SET role = 'basic' WHERE email = 'kept.kai@example.com'`);
    expect((await list('filters[role]=premium&sort=name&order=asc')).body.totalCount).toBe(1);
    const tag = await createTag(h, 'Kept tag');
    expect((await list(`filters[tagId]=${tag.id}`)).body.totalCount).toBe(0);
    await h.users.database.pool.query(
      `INSERT INTO user_tags (user_id, tag_id) SELECT id, $1 FROM users WHERE email LIKE 'kept.%'`,
      [tag.id],
    );
    expect((await list(`filters[tagId]=${tag.id}`)).body).toMatchObject({ totalCount: 2, basicCount: 1 });
    await h.users.database.pool.query('DELETE FROM user_tags WHERE tag_id = $1', [tag.id]);
    expect((await list(`filters[tagId]=${tag.id}`)).body.totalCount).toBe(0);
  });
});
