/**
 * The community through the running stack: "TX" and "Texas" find the same people, the member herself is
 * not listed and people without a location come last; a community profile never holds an e-mail or phone, shows
 * completed courses only when she allows it, and answers 404 to others once she leaves the list.
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { CommunityProfile, CommunityUser } from '@rainmakers/contracts';
import { type GatewaySession, signIn, stackInfo } from '../support/stack-client';
import { closeSystemResources, createPerson, type Person, query } from '../support/system';

jest.setTimeout(180_000);

let admin: GatewaySession;
let viewer: Person;
let viewerSession: GatewaySession;
let texanShort: Person;
let texanLong: Person;
let nowhere: Person;

interface CommunityPage {
  users: CommunityUser[];
  totalCount: number;
}

const search = (session: GatewaySession, cityOrState: string, page = 1) =>
  session.get<CommunityPage>(
    `/api/user/read-many?page=${page}&usersPerPage=15&role[]=basic&role[]=premium&cityOrState=${encodeURIComponent(cityOrState)}`,
  );

beforeAll(async () => {
  admin = await signIn('admin');
  const town = `Lonestar${Date.now().toString(36)}`;
  viewer = await createPerson(admin, 'Community viewer', { role: 'basic' });
  texanShort = await createPerson(admin, 'Community tx', { role: 'basic' });
  texanLong = await createPerson(admin, 'Community texas', { role: 'premium' });
  nowhere = await createPerson(admin, 'Community nowhere', { role: 'basic' });
  await admin.post('/api/user/upsert', { id: texanShort.id, city: town, state: 'TX', phoneNumber: '5125550100' });
  await admin.post('/api/user/upsert', { id: texanLong.id, city: town, state: 'Texas' });
  await admin.post('/api/user/upsert', { id: viewer.id, city: town, state: 'tx' });
  viewerSession = await signIn(viewer);
});

afterAll(closeSystemResources);

describe('community search', () => {
  it('finds "TX" and "Texas" alike, never the member herself', async () => {
    for (const term of ['TX', 'Texas', 'texas', 'tx']) {
      const page = await search(viewerSession, term);
      const ids = page.users.map((u) => u.id);
      // Later pages may hold them on a stack with many Texans: look through every page.
      let all = ids;
      for (let p = 2; all.length < page.totalCount && p <= 40; p += 1) {
        all = all.concat((await search(viewerSession, term, p)).users.map((u) => u.id));
      }
      expect(all).toEqual(expect.arrayContaining([texanShort.id, texanLong.id]));
      expect(all).not.toContain(viewer.id);
    }
  });

  it('lists people who share a location before those who do not', async () => {
    const page = await search(viewerSession, '');
    const located = page.users.map((u) => Boolean(u.city || u.state));
    // Once someone without a location shows, nobody with one follows.
    const firstUnlocated = located.indexOf(false);
    if (firstUnlocated >= 0) expect(located.slice(firstUnlocated)).not.toContain(true);
    expect(page.users.map((u) => u.id)).not.toContain(viewer.id);
    const unlocatedRows = await query<{ n: string }>(
      'users',
      `SELECT count(*) AS n FROM users WHERE role IN ('basic','premium') AND coalesce(city,'') = '' AND coalesce(state,'') = '' AND id = $1`,
      [nowhere.id],
    );
    expect(Number(unlocatedRows[0]?.n)).toBe(1);
  });
});

describe('community profile', () => {
  it('shows photo, name, city, state and bio, never the e-mail or phone', async () => {
    const own = await signIn(texanShort);
    await own.put('/api/user/community-settings', {
      bio: 'I sell  kitchen tools.\u0007',
      showCourses: false,
      listed: true,
    });
    const { profile } = await viewerSession.get<{ profile: CommunityProfile }>(`/api/user/community/${texanShort.id}`);
    expect(profile).toMatchObject({
      id: texanShort.id,
      fullName: texanShort.fullName,
      state: 'TX',
      bio: 'I sell  kitchen tools.',
      courses: null,
    });
    const raw = JSON.stringify(profile);
    expect(raw).not.toContain(texanShort.email);
    expect(raw).not.toContain('5125550100');
    expect(Object.keys(profile).sort()).toEqual(['bio', 'city', 'courses', 'fullName', 'id', 'photoUrl', 'state']);
  });

  it('lists completed courses only when she allows it', async () => {
    const [course] = await query<{ id: number; title: string }>(
      'courses',
      'SELECT id, title FROM courses ORDER BY id LIMIT 1',
    );
    if (!course) throw new Error('the seed has no course');
    await query(
      'courses',
      `INSERT INTO certificates (user_id, course_id, full_name, course_title, completed_at) VALUES ($1, $2, $3, $4, now())`,
      [texanLong.id, course.id, texanLong.fullName, course.title],
    );
    const own = await signIn(texanLong);
    const hidden = await viewerSession.get<{ profile: CommunityProfile }>(`/api/user/community/${texanLong.id}`);
    expect(hidden.profile.courses).toBeNull();
    await own.put('/api/user/community-settings', { bio: '', showCourses: true, listed: true });
    const shown = await viewerSession.get<{ profile: CommunityProfile }>(`/api/user/community/${texanLong.id}`);
    expect(shown.profile.courses).toEqual([
      expect.objectContaining({ courseId: course.id, courseTitle: course.title }),
    ]);
  });

  it('refuses a bio over the bound', async () => {
    const own = await signIn(nowhere);
    const answer = await own.request('PUT', '/api/user/community-settings', {
      bio: 'x'.repeat(501),
      showCourses: false,
      listed: true,
    });
    expect(answer.status).toBe(400);
  });

  it('leaving the list hides her from the search and her profile from others (404), not from herself', async () => {
    const own = await signIn(texanLong);
    await own.put('/api/user/community-settings', { bio: 'Back soon', showCourses: false, listed: false });
    const found = await search(viewerSession, 'Texas');
    expect(found.users.map((u) => u.id)).not.toContain(texanLong.id);
    expect((await viewerSession.request('GET', `/api/user/community/${texanLong.id}`)).status).toBe(404);
    expect((await admin.request('GET', `/api/user/community/${texanLong.id}`)).status).toBe(404);
    expect((await own.request('GET', `/api/user/community/${texanLong.id}`)).status).toBe(200);
    // Staff are not in the community: their id answers like an unknown one.
    expect((await viewerSession.request('GET', `/api/user/community/${stackInfo().seededUsers.admin.id}`)).status).toBe(
      404,
    );
    await own.put('/api/user/community-settings', { bio: 'Back soon', showCourses: false, listed: true });
    expect((await viewerSession.request('GET', `/api/user/community/${texanLong.id}`)).status).toBe(200);
  });
});
