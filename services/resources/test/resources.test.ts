/** /api/resource/*: access per visibility x role x tag x purchase, the list's filters, the admins' writes. */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  type Actor,
  PRICE_OR_PURCHASE_URL,
  RESOURCE_VISIBILITIES,
  type Resource,
  type ResourceCategory,
  type ResourceVisibility,
  ROLES,
  type Role,
  resourceListSchema,
  resourceSchema,
} from '@rainmakers/contracts';
import { buildActor } from '@rainmakers/kit/testing';
import { type Harness, insertPurchase, insertResource, startHarness } from './helpers';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.stop();
});

type List = { resources: Resource[] };
const list = async (actor: Actor, query = '') => {
  const res = await h.api.get<List>(actor, `/api/resource/read-many${query}`);
  expect(res.status).toBe(200);
  return resourceListSchema.parse(res.body).resources;
};

describe('access: visibility x role x tag x purchase', () => {
  const TAG = { id: 9001, name: 'Insider' };
  const ids = {} as Record<ResourceVisibility, number>;
  let courseIncluded = 0;
  let userId = 5000;
  beforeAll(async () => {
    for (const visibility of RESOURCE_VISIBILITIES) {
      ids[visibility] = await insertResource(h, {
        title: `Matrix ${visibility}`,
        visibility,
        type: 'Article',
        url: 'https://secret.example.com/file',
        content: '# Secret body',
        price: visibility.startsWith('For Sale') ? '9.99' : null,
        tags: [TAG],
      });
    }
    courseIncluded = await insertResource(h, {
      title: 'Matrix included course',
      visibility: 'Included with Premium',
      type: 'Course',
      url: null,
    });
  });

  /** [seen, open] for a role without tag or purchase. */
  const EXPECTED: Record<Role, Record<ResourceVisibility, [boolean, boolean]>> = {
    admin: {
      Free: [true, true],
      'For Sale': [true, true],
      'For Sale Premium': [true, true],
      'Included with Premium': [true, true],
    },
    coach: {
      Free: [true, true],
      'For Sale': [true, false],
      'For Sale Premium': [true, false],
      'Included with Premium': [true, true],
    },
    premium: {
      Free: [true, true],
      'For Sale': [true, false],
      'For Sale Premium': [true, false],
      'Included with Premium': [true, true],
    },
    'course only': {
      Free: [true, true],
      'For Sale': [true, false],
      'For Sale Premium': [false, false],
      'Included with Premium': [false, false],
    },
    basic: {
      Free: [true, true],
      'For Sale': [true, false],
      'For Sale Premium': [false, false],
      'Included with Premium': [false, false],
    },
  };

  for (const role of ROLES) {
    for (const grant of ['none', 'tag', 'purchase'] as const) {
      it(`${role} with ${grant}`, async () => {
        const actor = buildActor(role, { userId: userId++, tagIds: grant === 'tag' ? [TAG.id] : [] });
        if (grant === 'purchase') {
          for (const visibility of RESOURCE_VISIBILITIES) await insertPurchase(h, actor.userId, ids[visibility]);
        }
        const listed = await list(actor);
        for (const visibility of RESOURCE_VISIBILITIES) {
          const [seenByRole, openByRole] = EXPECTED[role][visibility];
          const seen = seenByRole || grant !== 'none';
          const open = openByRole || grant !== 'none';
          const inList = listed.find((r) => r.id === ids[visibility]);
          const one = await h.api.get<{ resource: Resource }>(actor, `/api/resource/${ids[visibility]}`);
          expect({ visibility, listed: !!inList, status: one.status }).toEqual({
            visibility,
            listed: seen,
            status: seen ? 200 : 404,
          });
          if (!seen) {
            expect(one.body).toEqual({ error: 'Resource not found' });
            continue;
          }
          const resource = resourceSchema.parse(one.body.resource);
          expect({ visibility, accessible: resource.accessible }).toEqual({ visibility, accessible: open });
          expect(resource.url).toBe(open ? 'https://secret.example.com/file' : null);
          expect(resource.content).toBe(open ? '# Secret body' : null);
          expect(inList?.url).toBe(open ? 'https://secret.example.com/file' : null);
          expect(inList?.content).toBeNull(); // lists never carry bodies
          expect(resource.purchased).toBe(grant === 'purchase');
          // Nothing of the secret leaks anywhere in the answer.
          if (!open) expect(JSON.stringify(one.body)).not.toMatch(/secret\.example|Secret body/);
        }
        const course = listed.find((r) => r.id === courseIncluded);
        expect(!!course).toBe(role !== 'basic');
      });
    }
  }

  it('hides hidden and scheduled resources from everyone but admins, buyers included', async () => {
    const hidden = await insertResource(h, { title: 'Hidden one', hidden: true });
    const scheduled = await insertResource(h, { title: 'Later', publishedAt: new Date(Date.now() + 86_400_000) });
    const buyer = buildActor('premium', { userId: userId++ });
    await insertPurchase(h, buyer.userId, hidden);
    for (const id of [hidden, scheduled]) {
      expect((await h.api.get(buyer, `/api/resource/${id}`)).status).toBe(404);
      expect((await list(buyer)).some((r) => r.id === id)).toBe(false);
      expect((await h.api.get(h.actors.admin, `/api/resource/${id}`)).status).toBe(200);
      expect((await list(h.actors.admin)).some((r) => r.id === id)).toBe(true);
    }
  });

  it('an admin previewing as basic gets the basic view', async () => {
    const preview = buildActor('basic', { accountRole: 'admin', isAdmin: true, userId: userId++ });
    const res = await h.api.get<{ resource: Resource }>(preview, `/api/resource/${ids['For Sale']}`);
    expect(res.body.resource).toMatchObject({
      accessible: false,
      url: null,
      abilities: { edit: false, delete: false },
    });
  });

  it('needs a signed-in person', async () => {
    expect((await h.api.get(null, '/api/resource/read-many')).status).toBe(401);
    expect((await h.api.get(null, `/api/resource/${ids.Free}`)).status).toBe(401);
    expect((await h.api.get(null, '/api/resource/category/read-many')).status).toBe(401);
  });
});

describe('GET /api/resource/read-many filters', () => {
  let cats: { tools: number; guides: number };
  let ids: { a: number; b: number; c: number; sale: number };
  const buyer = buildActor('basic', { userId: 7777 });
  beforeAll(async () => {
    const db = h.service.database.db;
    const tools = await db
      .insertInto('resource_categories')
      .values({ name: 'Filter Tools' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const guides = await db
      .insertInto('resource_categories')
      .values({ name: 'Filter Guides' })
      .returning('id')
      .executeTakeFirstOrThrow();
    cats = { tools: tools.id, guides: guides.id };
    ids = {
      a: await insertResource(h, { title: 'Zebra keyword tool', categoryIds: [cats.tools] }),
      b: await insertResource(h, {
        title: 'Guide to 100% listings',
        description: 'zebra inside',
        categoryIds: [cats.guides],
      }),
      c: await insertResource(h, { title: 'Both kinds', categoryIds: [cats.tools, cats.guides] }),
      sale: await insertResource(h, {
        title: 'Zebra upgrade',
        visibility: 'For Sale',
        price: '5.00',
        categoryIds: [cats.tools],
      }),
    };
    await insertPurchase(h, buyer.userId, ids.sale);
  });

  const idsOf = (resources: Resource[]) => resources.map((r) => r.id);

  it('filters by categories (any of them), repeated or comma-separated', async () => {
    const one = await list(h.actors.basic, `?categories=${cats.tools}`);
    expect(idsOf(one).sort()).toEqual([ids.a, ids.c, ids.sale].sort());
    const both = await list(h.actors.basic, `?categories=${cats.tools}&categories=${cats.guides}`);
    expect(idsOf(both).sort()).toEqual([ids.a, ids.b, ids.c, ids.sale].sort());
    expect(idsOf(await list(h.actors.basic, `?categories=${cats.tools},${cats.guides}`)).sort()).toEqual(
      idsOf(both).sort(),
    );
  });

  it('searches titles and descriptions, case-insensitively, wildcards taken literally', async () => {
    expect(idsOf(await list(h.actors.basic, '?search=ZEBRA')).sort()).toEqual([ids.a, ids.b, ids.sale].sort());
    expect(idsOf(await list(h.actors.basic, '?search=100%25'))).toEqual([ids.b]);
    expect(await list(h.actors.basic, '?search=_%25_nothing')).toEqual([]);
  });

  it('type marketplace lists paid upgrades; my-purchases what the person bought', async () => {
    const market = await list(h.actors.basic, `?type=marketplace&categories=${cats.tools}`);
    expect(idsOf(market)).toEqual([ids.sale]);
    expect(idsOf(await list(buyer, '?type=my-purchases'))).toEqual([ids.sale]);
    expect(await list(h.actors.basic, '?type=my-purchases')).toEqual([]);
    expect((await h.api.get(h.actors.basic, '?type=bogus'.replace('?', '/api/resource/read-many?'))).status).toBe(400);
  });

  it('returns newest first and at most itemsPerPage', async () => {
    const all = await list(h.actors.admin, '?itemsPerPage=1000');
    const two = await list(h.actors.admin, '?itemsPerPage=2');
    expect(idsOf(two)).toEqual(idsOf(all).slice(0, 2));
    expect((await h.api.get(h.actors.admin, '/api/resource/read-many?itemsPerPage=1001')).status).toBe(400);
    expect((await h.api.get(h.actors.admin, '/api/resource/read-many?itemsPerPage=0')).status).toBe(400);
  });

  it('says whether the person may add resources and categories', async () => {
    const admin = await h.api.get<{ abilities: unknown }>(h.actors.admin, '/api/resource/read-many?itemsPerPage=1');
    expect(admin.body.abilities).toEqual({ createResource: true, createCategory: true });
    const coach = await h.api.get<{ abilities: unknown }>(h.actors.coach, '/api/resource/read-many?itemsPerPage=1');
    expect(coach.body.abilities).toEqual({ createResource: false, createCategory: false });
  });
});

describe('POST /api/resource/upsert', () => {
  const valid = {
    title: 'New link',
    description: 'A useful site',
    type: 'Link',
    visibility: 'Free',
    url: 'https://example.com',
  };

  it('creates (201, isNew) and saves (200) with categories and tags', async () => {
    const category = await h.api.post<{ resourceCategory: ResourceCategory }>(
      h.actors.admin,
      '/api/resource/category/upsert',
      { name: 'Upsert cat' },
    );
    const created = await h.api.post<{ resource: Resource; isNew: boolean }>(h.actors.admin, '/api/resource/upsert', {
      ...valid,
      ResourceCategories: [{ id: category.body.resourceCategory.id, name: 'Upsert cat' }],
      Tags: [{ id: 5, name: 'VIP' }],
    });
    expect(created.status).toBe(201);
    expect(created.body.isNew).toBe(true);
    expect(created.body.resource).toMatchObject({
      title: 'New link',
      ResourceCategories: [{ id: category.body.resourceCategory.id, name: 'Upsert cat' }],
      Tags: [{ id: 5, name: 'VIP' }],
      abilities: { edit: true, delete: true },
    });
    const saved = await h.api.post<{ resource: Resource; isNew: boolean }>(h.actors.admin, '/api/resource/upsert', {
      resource: { ...valid, id: created.body.resource.id, title: 'Renamed', ResourceCategories: [], Tags: [] },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      isNew: false,
      resource: { title: 'Renamed', ResourceCategories: [], Tags: [] },
    });
  });

  it('keeps content only for articles and price / purchase URL only for paid upgrades', async () => {
    const link = await h.api.post<{ resource: Resource }>(h.actors.admin, '/api/resource/upsert', {
      ...valid,
      content: 'ignored',
      price: '10',
      purchaseUrl: 'https://shop.example.com',
    });
    expect(link.body.resource).toMatchObject({ content: null, price: null, purchaseUrl: null });
    const article = await h.api.post<{ resource: Resource }>(h.actors.admin, '/api/resource/upsert', {
      ...valid,
      type: 'Article',
      content: '## Body',
      visibility: 'For Sale',
      price: '19.99',
    });
    expect(article.body.resource).toMatchObject({ content: '## Body', price: 19.99, visibility: 'For Sale' });
    const course = await h.api.post(h.actors.admin, '/api/resource/upsert', { ...valid, type: 'Course', url: '' });
    expect(course.status).toBe(201);
  });

  it('answers field errors keyed by field', async () => {
    const empty = await h.api.post<{ errors: Record<string, string> }>(h.actors.admin, '/api/resource/upsert', {
      type: 'Link',
    });
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toMatchObject({
      title: 'This field is required',
      description: 'This field is required',
    });
    const noUrl = await h.api.post<{ errors: Record<string, string> }>(h.actors.admin, '/api/resource/upsert', {
      ...valid,
      url: '',
    });
    expect(noUrl.body.errors).toEqual({ url: 'This field is required' });
    const badUrl = await h.api.post<{ errors: Record<string, string> }>(h.actors.admin, '/api/resource/upsert', {
      ...valid,
      url: 'javascript:alert(1)',
    });
    expect(Object.keys(badUrl.body.errors)).toEqual(['url']);
    const noPrice = await h.api.post<{ errors: Record<string, string> }>(h.actors.admin, '/api/resource/upsert', {
      ...valid,
      visibility: 'For Sale',
    });
    expect(noPrice.body.errors).toEqual({ price: PRICE_OR_PURCHASE_URL });
    const badPrice = await h.api.post<{ errors: Record<string, string> }>(h.actors.admin, '/api/resource/upsert', {
      ...valid,
      visibility: 'For Sale',
      price: '1.999',
    });
    expect(Object.keys(badPrice.body.errors)).toEqual(['price']);
    const badType = await h.api.post<{ errors: Record<string, string> }>(h.actors.admin, '/api/resource/upsert', {
      ...valid,
      type: 'Podcast',
    });
    expect(Object.keys(badType.body.errors)).toEqual(['type']);
    const badCategory = await h.api.post<{ errors: Record<string, string> }>(h.actors.admin, '/api/resource/upsert', {
      ...valid,
      ResourceCategories: [987654],
    });
    expect(badCategory.status).toBe(400);
    expect(Object.keys(badCategory.body.errors)).toEqual(['ResourceCategories']);
    const unknown = await h.api.post(h.actors.admin, '/api/resource/upsert', { ...valid, id: 987654 });
    expect(unknown.status).toBe(404);
  });

  it('keeps a resource hidden when a save leaves hidden out', async () => {
    const created = await h.api.post<{ resource: Resource }>(h.actors.admin, '/api/resource/upsert', {
      ...valid,
      hidden: true,
    });
    expect(created.body.resource.hidden).toBe(true);
    const saved = await h.api.post<{ resource: Resource }>(h.actors.admin, '/api/resource/upsert', {
      ...valid,
      id: created.body.resource.id,
      title: 'Still hidden',
    });
    expect(saved.body.resource).toMatchObject({ title: 'Still hidden', hidden: true });
    expect((await h.api.get(h.actors.premium, `/api/resource/${created.body.resource.id}`)).status).toBe(404);
  });

  it('is for admins only', async () => {
    for (const role of ROLES.filter((r) => r !== 'admin')) {
      expect((await h.api.post(h.actors[role], '/api/resource/upsert', valid)).status).toBe(403);
    }
  });

  it('deletes a resource (admins), then it is gone', async () => {
    const created = await h.api.post<{ resource: Resource }>(h.actors.admin, '/api/resource/upsert', valid);
    const id = created.body.resource.id;
    expect((await h.api.del(h.actors.premium, `/api/resource/${id}`)).status).toBe(403);
    expect((await h.api.del(h.actors.admin, `/api/resource/${id}`)).status).toBe(204);
    expect((await h.api.get(h.actors.admin, `/api/resource/${id}`)).status).toBe(404);
    expect((await h.api.del(h.actors.admin, `/api/resource/${id}`)).status).toBe(404);
  });
});

describe('categories', () => {
  it('lists, creates, renames and deletes; names are unique whatever the case', async () => {
    const created = await h.api.post<{ resourceCategory: ResourceCategory; isNew: boolean }>(
      h.actors.admin,
      '/api/resource/category/upsert',
      { category: { name: 'Sourcing' } },
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      isNew: true,
      resourceCategory: { name: 'Sourcing', abilities: { edit: true, delete: true } },
    });
    const id = created.body.resourceCategory.id;
    const dup = await h.api.post<{ errors: Record<string, string> }>(h.actors.admin, '/api/resource/category/upsert', {
      name: 'sourcing',
    });
    expect(dup.status).toBe(409);
    expect(dup.body.errors).toEqual({ name: 'A category with this name already exists' });
    const renamed = await h.api.post<{ isNew: boolean }>(h.actors.admin, '/api/resource/category/upsert', {
      id,
      name: 'Sourcing 2',
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.isNew).toBe(false);
    const empty = await h.api.post<{ errors: Record<string, string> }>(
      h.actors.admin,
      '/api/resource/category/upsert',
      { name: ' ' },
    );
    expect(empty.body.errors).toEqual({ name: 'This field is required' });

    const resourceId = await insertResource(h, { title: 'In a category', categoryIds: [id] });
    const listed = await h.api.get<{ resourceCategories: ResourceCategory[] }>(
      h.actors.basic,
      '/api/resource/category/read-many',
    );
    expect(listed.body.resourceCategories.find((c) => c.id === id)).toEqual({
      id,
      name: 'Sourcing 2',
      abilities: { edit: false, delete: false },
    });

    expect((await h.api.del(h.actors.coach, `/api/resource/category/${id}`)).status).toBe(403);
    expect((await h.api.post(h.actors.coach, '/api/resource/category/upsert', { name: 'x' })).status).toBe(403);
    expect((await h.api.del(h.actors.admin, `/api/resource/category/${id}`)).status).toBe(204);
    expect((await h.api.del(h.actors.admin, `/api/resource/category/${id}`)).status).toBe(404);
    // The resource stays, without the category.
    const resource = await h.api.get<{ resource: Resource }>(h.actors.basic, `/api/resource/${resourceId}`);
    expect(resource.body.resource.ResourceCategories).toEqual([]);
  });
});
