/** /api/dashboard-banner/*: one banner per type, who reads which, the average shipping rate, the form's rules. */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type Banner, bannerListSchema, ROLES, SHIPPING_RATE_PREMIUM_ONLY } from '@rainmakers/contracts';
import { type Harness, startHarness } from './helpers';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.stop();
});

const banner = (type: string, extra: Record<string, unknown> = {}) => ({
  title: `${type} title`,
  content: `${type} content`,
  video_url: null,
  button_text: 'Go',
  button_url: 'https://example.com/go',
  type,
  average_shipping_rate: null,
  ...extra,
});

describe('dashboard banners', () => {
  it('creates one per type (isNew), then updates it in place', async () => {
    for (const type of ['basic', 'premium', 'course only']) {
      const created = await h.api.post<{ banner: Banner; isNew: boolean }>(
        h.actors.admin,
        '/api/dashboard-banner',
        banner(type),
      );
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ isNew: true, banner: { type, title: `${type} title` } });
    }
    const updated = await h.api.post<{ banner: Banner; isNew: boolean }>(
      h.actors.admin,
      '/api/dashboard-banner',
      banner('premium', {
        title: 'Premium v2',
        average_shipping_rate: 0.45,
        video_url: 'https://www.youtube.com/embed/x',
      }),
    );
    expect(updated.status).toBe(200);
    expect(updated.body).toEqual({
      isNew: false,
      banner: {
        id: expect.any(Number),
        title: 'Premium v2',
        content: 'premium content',
        video_url: 'https://www.youtube.com/embed/x',
        button_text: 'Go',
        button_url: 'https://example.com/go',
        type: 'premium',
        average_shipping_rate: 0.45,
      },
    });
    const rows = await h.service.database.db.selectFrom('dashboard_banners').select('type').execute();
    expect(rows).toHaveLength(3);
  });

  it('answers each person the banner of their level; admins all three', async () => {
    const read = async (role: (typeof ROLES)[number]) => {
      const res = await h.api.get(h.actors[role], '/api/dashboard-banner/read-many');
      expect(res.status).toBe(200);
      return bannerListSchema.parse(res.body);
    };
    const admin = await read('admin');
    expect([admin.basic?.type, admin.premium?.type, admin.courseOnly?.type]).toEqual([
      'basic',
      'premium',
      'course only',
    ]);
    expect(admin.abilities.edit).toBe(true);
    expect(admin.premium?.average_shipping_rate).toBe(0.45);
    const premium = await read('premium');
    expect([premium.basic, premium.courseOnly]).toEqual([null, null]);
    expect(premium.premium?.average_shipping_rate).toBe(0.45);
    const coach = await read('coach');
    expect(coach.premium?.title).toBe('Premium v2');
    expect(coach.premium?.average_shipping_rate).toBeNull(); // premium and admin only (§6)
    expect(coach.abilities.edit).toBe(false);
    const courseOnly = await read('course only');
    expect([courseOnly.basic, courseOnly.premium, courseOnly.courseOnly?.type]).toEqual([null, null, 'course only']);
    const basic = await read('basic');
    expect([basic.basic?.type, basic.premium, basic.courseOnly]).toEqual(['basic', null, null]);
  });

  it('GET /{type}: the own level only, other levels like missing ones', async () => {
    expect((await h.api.get(h.actors.basic, '/api/dashboard-banner/basic')).status).toBe(200);
    expect((await h.api.get(h.actors.basic, '/api/dashboard-banner/premium')).status).toBe(404);
    const courseOnly = await h.api.get<{ banner: Banner }>(
      h.actors['course only'],
      '/api/dashboard-banner/course%20only',
    );
    expect(courseOnly.body.banner.type).toBe('course only');
    expect((await h.api.get(h.actors['course only'], '/api/dashboard-banner/course-only')).status).toBe(200);
    for (const type of ['basic', 'premium', 'course%20only']) {
      expect((await h.api.get(h.actors.admin, `/api/dashboard-banner/${type}`)).status).toBe(200);
    }
    expect((await h.api.get(h.actors.admin, '/api/dashboard-banner/gold')).status).toBe(400);
    expect((await h.api.get(null, '/api/dashboard-banner/basic')).status).toBe(401);
  });

  it('answers field errors: required fields, addresses, shipping rate only for premium', async () => {
    const empty = await h.api.post<{ errors: Record<string, string> }>(h.actors.admin, '/api/dashboard-banner', {
      type: 'basic',
    });
    expect(empty.status).toBe(400);
    expect(Object.keys(empty.body.errors).sort()).toEqual(['button_text', 'button_url', 'content', 'title']);
    const rate = await h.api.post<{ errors: Record<string, string> }>(
      h.actors.admin,
      '/api/dashboard-banner',
      banner('basic', { average_shipping_rate: 1 }),
    );
    expect(rate.body.errors).toEqual({ average_shipping_rate: SHIPPING_RATE_PREMIUM_ONLY });
    const badUrl = await h.api.post<{ errors: Record<string, string> }>(
      h.actors.admin,
      '/api/dashboard-banner',
      banner('basic', { button_url: 'javascript:x' }),
    );
    expect(Object.keys(badUrl.body.errors)).toEqual(['button_url']);
    const badType = await h.api.post<{ errors: Record<string, string> }>(
      h.actors.admin,
      '/api/dashboard-banner',
      banner('gold'),
    );
    expect(Object.keys(badType.body.errors)).toEqual(['type']);
  });

  it('only admins create, update and delete', async () => {
    for (const role of ROLES.filter((r) => r !== 'admin')) {
      expect((await h.api.post(h.actors[role], '/api/dashboard-banner', banner('basic'))).status).toBe(403);
      expect((await h.api.del(h.actors[role], '/api/dashboard-banner/basic')).status).toBe(403);
    }
    expect((await h.api.del(h.actors.admin, '/api/dashboard-banner/basic')).status).toBe(204);
    expect((await h.api.del(h.actors.admin, '/api/dashboard-banner/basic')).status).toBe(404);
    expect((await h.api.get(h.actors.basic, '/api/dashboard-banner/basic')).status).toBe(404);
    const list = bannerListSchema.parse((await h.api.get(h.actors.basic, '/api/dashboard-banner/read-many')).body);
    expect(list.basic).toBeNull();
  });
});
