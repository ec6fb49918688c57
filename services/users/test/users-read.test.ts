import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Role, User } from '@rainmakers/contracts';
import { ALL_ROLES, buildActor } from '@rainmakers/kit/testing';
import { actorFor, createUser, type Harness, startHarness, withoutAbilities } from './helpers';

type ListBody = {
  users: Record<string, unknown>[];
  premiumCount: number;
  basicCount: number;
  totalCount: number;
  abilities?: Record<string, boolean>;
};

describe('GET /api/user/read-many and GET /api/user/{id}', () => {
  let h: Harness;
  const people: Record<string, User> = {};
  const list = (as: Parameters<Harness['api']['get']>[0], query = '') =>
    h.api.get<ListBody>(as, `/api/user/read-many${query ? `?${query}` : ''}`);
  const names = (body: ListBody) => body.users.map((u) => u.fullName);

  beforeAll(async () => {
    h = await startHarness();
    const make = async (key: string, role: Role, fields: Partial<User> = {}) => {
      people[key] = await createUser(h, {
        role,
        fullName: key,
        email: `${key.toLowerCase().replace(/\W+/g, '.')}@example.com`,
        ...fields,
      });
    };
    // Created in this order: the list shows the newest first.
    await make('Coach Cora', 'coach');
    await make('Basic Ben', 'basic', { city: 'Austin', state: 'TX' });
    await make('Premium Pia', 'premium', { city: 'Dallas', state: 'Texas' });
    await make('Course Carl', 'course only', { city: 'Boston', state: 'MA' });
    await make('Premium Paul', 'premium', { city: 'Portland', state: 'OR' });
    await make('Basic Bea', 'basic', { city: 'Salem', state: 'OR' });
    await make('Odd 100%_Name', 'basic');
    await h.users.database.pool.query(`UPDATE users SET stripe_status = 'unpaid' WHERE full_name = 'Premium Paul'`);
    await h.users.database.pool.query(`UPDATE users SET stripe_status = 'active' WHERE full_name <> 'Premium Paul'`);
  });
  afterAll(async () => {
    await h.stop();
  });

  describe('as an admin', () => {
    it('lists everyone, newest first, with counts', async () => {
      const res = await list(h.admin);
      expect(res.status).toBe(200);
      expect(names(res.body)).toEqual([
        'Odd 100%_Name',
        'Basic Bea',
        'Premium Paul',
        'Course Carl',
        'Premium Pia',
        'Basic Ben',
        'Coach Cora',
        'Ada Admin',
      ]);
      expect(res.body).toMatchObject({ totalCount: 8, premiumCount: 2, basicCount: 3 });
      const bea = res.body.users[1];
      expect(Object.keys(bea ?? {}).sort()).toEqual(
        [
          'id',
          'fullName',
          'email',
          'role',
          'photoUrl',
          'city',
          'state',
          'country',
          'phoneNumber',
          'stripeStatus',
          'stripeCustomerId',
          'alwaysGrantAccess',
          'createdAt',
          // Light, dark or the system's.
          'theme',
          'timeZone',
          'Tags',
          'Resources',
          'abilities',
          // Staff see the sign-in status.
          'invitedAt',
          'lastSignInAt',
        ].sort(),
      );
      expect(bea).toMatchObject({ email: 'basic.bea@example.com', city: 'Salem', Tags: [], Resources: [] });
      expect(bea).toMatchObject({ invitedAt: null, lastSignInAt: null });
    });

    it('pages from 1 without overlap; counts cover every page', async () => {
      const first = await list(h.admin, 'page=1&usersPerPage=3');
      const second = await list(h.admin, 'page=2&usersPerPage=3');
      const third = await list(h.admin, 'page=3&usersPerPage=3');
      expect(names(first.body)).toEqual(['Odd 100%_Name', 'Basic Bea', 'Premium Paul']);
      expect(names(second.body)).toEqual(['Course Carl', 'Premium Pia', 'Basic Ben']);
      expect(names(third.body)).toEqual(['Coach Cora', 'Ada Admin']);
      expect(third.body.totalCount).toBe(8);
      expect((await list(h.admin, 'page=9&usersPerPage=3')).body).toMatchObject({ users: [], totalCount: 8 });
    });

    it('searches names and e-mails, case-insensitively, as substrings', async () => {
      expect(names((await list(h.admin, 'search=premium')).body)).toEqual(['Premium Paul', 'Premium Pia']);
      expect(names((await list(h.admin, 'search=PIA%40EXAMPLE')).body)).toEqual(['Premium Pia']);
      const res = await list(h.admin, 'search=basic');
      expect(res.body).toMatchObject({ totalCount: 2, basicCount: 2, premiumCount: 0 });
    });

    it('takes % and _ in a search literally', async () => {
      expect(names((await list(h.admin, 'search=100%25_')).body)).toEqual(['Odd 100%_Name']);
      expect((await list(h.admin, 'search=%25')).body.totalCount).toBe(1);
      expect((await list(h.admin, 'search=_')).body.totalCount).toBe(1);
    });

    it('filters by role as a nested query, a JSON string or flat parameters', async () => {
      expect(names((await list(h.admin, 'filters[role]=coach')).body)).toEqual(['Coach Cora']);
      const two = await list(h.admin, 'filters[role][]=basic&filters[role][]=premium');
      expect(two.body).toMatchObject({ totalCount: 5, basicCount: 3, premiumCount: 2 });
      const json = await list(h.admin, `filters=${encodeURIComponent('{"role":["course only"]}')}`);
      expect(names(json.body)).toEqual(['Course Carl']);
      expect(names((await list(h.admin, 'role=course%20only')).body)).toEqual(['Course Carl']);
    });

    it('filters by payment status (Sub. Problems) and by city or state', async () => {
      expect(names((await list(h.admin, 'filters[stripeStatus]=unpaid')).body)).toEqual(['Premium Paul']);
      expect(names((await list(h.admin, 'filters[cityOrState]=or')).body)).toEqual(['Basic Bea', 'Premium Paul']);
      expect(names((await list(h.admin, 'filters[cityOrState]=tex')).body)).toEqual(['Premium Pia']);
      const combined = await list(h.admin, 'search=bea&filters[cityOrState]=OR&filters[role]=basic');
      expect(combined.body).toMatchObject({ totalCount: 1, basicCount: 1, premiumCount: 0 });
    });

    it('refuses bad queries with field errors', async () => {
      const badPage = await list(h.admin, 'page=0');
      expect(badPage.status).toBe(400);
      expect(badPage.body).toMatchObject({ errors: { page: expect.any(String) } });
      const badRole = await list(h.admin, 'filters[role]=emperor');
      expect(badRole.status).toBe(400);
      expect(badRole.body).toMatchObject({ errors: { 'filters.role.0': expect.any(String) } });
      expect((await list(h.admin, 'usersPerPage=abc')).status).toBe(400);
      expect((await list(h.admin, 'filters={nope')).status).toBe(400);
    });
  });

  it('shows coaches premium users only, in full', async () => {
    const coach = actorFor(people['Coach Cora']!);
    const res = await list(coach);
    expect(res.status).toBe(200);
    expect(names(res.body)).toEqual(['Premium Paul', 'Premium Pia']);
    expect(res.body).toMatchObject({ totalCount: 2, premiumCount: 2, basicCount: 0 });
    expect(res.body.users[0]).toHaveProperty('email', 'premium.paul@example.com');
    expect((await list(coach, 'filters[role]=basic')).body.totalCount).toBe(0);
    expect(names((await list(coach, 'search=premium.paul%40')).body)).toEqual(['Premium Paul']);
  });

  it.each(['basic', 'course only', 'premium'] as const)(
    'gives a %s member the community view: basic and premium members, name, photo and place only',
    async (role) => {
      const member = buildActor(role);
      const res = await list(member, 'page=1&usersPerPage=15&filters[role][]=basic&filters[role][]=premium');
      expect(res.status).toBe(200);
      // People who share no place are listed last.
      expect(names(res.body)).toEqual(['Basic Bea', 'Premium Paul', 'Premium Pia', 'Basic Ben', 'Odd 100%_Name']);
      for (const user of res.body.users)
        expect(Object.keys(user).sort()).toEqual(['city', 'fullName', 'id', 'photoUrl', 'state']);
      expect(res.body).toMatchObject({ totalCount: 5, premiumCount: 2, basicCount: 3 });
      // Asking for staff does not widen the view; e-mails are not searchable; payment filters do not apply.
      expect((await list(member, 'filters[role]=admin')).body.totalCount).toBe(0);
      expect((await list(member, 'search=%40example')).body.totalCount).toBe(0);
      expect((await list(member, 'filters[stripeStatus]=unpaid')).body.totalCount).toBe(5);
      // A state's abbreviation finds its name too ('TX' and 'Texas').
      expect(names((await list(member, 'filters[cityOrState]=tx')).body)).toEqual(['Premium Pia', 'Basic Ben']);
    },
  );

  it.each(['basic', 'premium'] as const)(
    'lets a %s member list coaches for the mention picker: id, name and e-mail only',
    async (role) => {
      const member = buildActor(role);
      const res = await list(member, 'page=1&usersPerPage=50&filters[role]=coach');
      expect(res.status).toBe(200);
      const cora = people['Coach Cora']!;
      expect(res.body.users).toEqual([{ id: cora.id, fullName: 'Coach Cora', email: 'coach.cora@example.com' }]);
      expect(res.body.totalCount).toBe(1);
      // The JSON form of the filter and a name search work the same; e-mails are not searchable.
      expect(
        names((await list(member, `usersPerPage=50&filters=${encodeURIComponent('{"role":["coach"]}')}`)).body),
      ).toEqual(['Coach Cora']);
      expect((await list(member, 'filters[role]=coach&search=cora')).body.totalCount).toBe(1);
      expect((await list(member, 'filters[role]=coach&search=coach.cora%40')).body.totalCount).toBe(0);
      // Coaches asked together with anyone else: the community view as before, without coaches.
      const mixed = await list(member, 'filters[role][]=coach&filters[role][]=premium');
      expect(names(mixed.body)).toEqual(['Premium Paul', 'Premium Pia']);
      for (const user of mixed.body.users)
        expect(Object.keys(user).sort()).toEqual(['city', 'fullName', 'id', 'photoUrl', 'state']);
    },
  );

  it('keeps coaches from course-only members (no board, no picker)', async () => {
    expect((await list(buildActor('course only'), 'usersPerPage=50&filters[role]=coach')).body.totalCount).toBe(0);
  });

  it('refuses anonymous callers', async () => {
    expect((await list(null)).status).toBe(401);
    expect((await h.api.get(null, '/api/user/1')).status).toBe(401);
  });

  describe('GET /api/user/{id}', () => {
    it.each(ALL_ROLES)('lets a %s read their own account', async (role) => {
      const me = await createUser(h, { role });
      const res = await h.api.get<{ user: User }>(actorFor(me), `/api/user/${me.id}`);
      expect(res.status).toBe(200);
      const { abilities } = res.body.user;
      expect(withoutAbilities(res.body.user)).toEqual(me);
      expect(abilities).toMatchObject({ editProfile: true, delete: false });
      // The sign-in status is for staff only.
      const staff = role === 'admin' || role === 'coach';
      expect('lastSignInAt' in res.body.user).toBe(staff);
    });

    it.each(ALL_ROLES)(
      "answers a %s who reads a basic member's account like a missing one unless admin",
      async (role) => {
        const other = people['Basic Ben']!;
        const res = await h.api.get<{ user: User }>(buildActor(role), `/api/user/${other.id}`);
        const missing = await h.api.get(buildActor(role), '/api/user/987654');
        expect(missing).toMatchObject({ status: 404, body: { error: 'User not found' } });
        if (role === 'admin') {
          expect(res.status).toBe(200);
          expect(res.body.user.email).toBe('basic.ben@example.com');
        } else {
          // Hidden means missing: the same status and body as an id nobody holds.
          expect({ status: res.status, body: res.body }).toEqual({ status: missing.status, body: missing.body });
        }
      },
    );

    it('lets a coach read by id exactly the people their list shows (premium members)', async () => {
      const coach = actorFor(people['Coach Cora']!);
      const listed = (await list(coach, 'usersPerPage=100')).body.users.map((u) => u.id);
      const missing = await h.api.get(coach, '/api/user/987654');
      for (const person of Object.values(people)) {
        if (person.id === people['Coach Cora']!.id) continue;
        const res = await h.api.get<{ user: User }>(coach, `/api/user/${person.id}`);
        if (listed.includes(person.id)) {
          expect(res.status).toBe(200);
          expect(res.body.user.abilities).toEqual({
            editProfile: false,
            editTags: true,
            changeRole: false,
            delete: false,
            signInAs: false,
            openBoard: true,
            resetSecondFactor: false,
          });
        } else {
          expect({ who: person.fullName, status: res.status, body: res.body }).toEqual({
            who: person.fullName,
            status: 404,
            body: missing.body,
          });
        }
      }
      expect(listed).toEqual(expect.arrayContaining([people['Premium Paul']!.id, people['Premium Pia']!.id]));
    });

    it('sends what the caller may do with each person in the full list', async () => {
      const res = await list(h.admin, 'usersPerPage=100');
      const self = res.body.users.find((u) => u.id === h.admin.userId);
      const other = res.body.users.find((u) => u.id === people['Basic Ben']!.id);
      expect(other?.abilities).toEqual({
        editProfile: true,
        editTags: true,
        changeRole: true,
        delete: true,
        signInAs: true,
        openBoard: false,
        resetSecondFactor: true,
      });
      if (self)
        expect(self.abilities).toEqual({
          editProfile: true,
          editTags: true,
          changeRole: false,
          delete: false,
          signInAs: false,
          openBoard: false,
          resetSecondFactor: false,
        });
      expect(res.body.abilities).toEqual({ create: true, manage: true });
    });

    it('answers 404 for a missing user and 400 for a bad id', async () => {
      expect((await h.api.get(h.admin, '/api/user/987654')).status).toBe(404);
      const bad = await h.api.get(h.admin, '/api/user/abc');
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ error: 'Invalid id' });
      expect((await h.api.get(h.admin, '/api/user/-4')).status).toBe(400);
    });
  });
});
