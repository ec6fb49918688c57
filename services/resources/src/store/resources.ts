/** Resources with their categories and required tags. */
import type { ResourceListType, ResourceType, ResourceUpsert, ResourceVisibility } from '@rainmakers/contracts';
import { type ExpressionBuilder, likePattern, sql } from '@rainmakers/kit';
import type { ResourceViewer } from '../domain/access';
import { groupRefs, type Ref, type ResourcesDb } from './db';
import type { ResourcesDatabase } from './schema';

export interface ResourceRecord {
  id: number;
  title: string;
  description: string;
  coverPhotoUrl: string | null;
  type: ResourceType;
  visibility: ResourceVisibility;
  content: string | null;
  url: string | null;
  purchaseUrl: string | null;
  /** Dollars with two decimals (PostgreSQL numeric as text), or null. */
  price: string | null;
  publishedAt: Date | null;
  createdAt: Date;
  hidden: boolean;
  /** Sorted by name. */
  categories: Ref[];
  /** Required tags, sorted by name. */
  tags: Ref[];
}

const COLUMNS = [
  'r.id',
  'r.title',
  'r.description',
  'r.cover_photo_url',
  'r.type',
  'r.visibility',
  'r.url',
  'r.purchase_url',
  'r.price',
  'r.published_at',
  'r.created_at',
  'r.hidden',
] as const;

type Row = {
  id: number;
  title: string;
  description: string;
  cover_photo_url: string | null;
  type: ResourceType;
  visibility: ResourceVisibility;
  content?: string | null;
  url: string | null;
  purchase_url: string | null;
  price: string | null;
  published_at: Date | null;
  created_at: Date;
  hidden: boolean;
};

async function withRefs(db: ResourcesDb, rows: Row[]): Promise<ResourceRecord[]> {
  const ids = rows.map((r) => r.id);
  const [categoryRows, tagRows] =
    ids.length === 0
      ? [[], []]
      : await Promise.all([
          db
            .selectFrom('resource_category_links as l')
            .innerJoin('resource_categories as c', 'c.id', 'l.category_id')
            .select(['l.resource_id', 'c.id', 'c.name'])
            .where('l.resource_id', 'in', ids)
            .orderBy('c.name')
            .orderBy('c.id')
            .execute(),
          db
            .selectFrom('resource_tags')
            .select(['resource_id', 'tag_id as id', 'tag_name as name'])
            .where('resource_id', 'in', ids)
            .orderBy('tag_name')
            .orderBy('tag_id')
            .execute(),
        ]);
  const categories = groupRefs(categoryRows, 'resource_id');
  const tags = groupRefs(tagRows, 'resource_id');
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    description: r.description,
    coverPhotoUrl: r.cover_photo_url,
    type: r.type,
    visibility: r.visibility,
    content: r.content ?? null,
    url: r.url,
    purchaseUrl: r.purchase_url,
    price: r.price,
    publishedAt: r.published_at,
    createdAt: r.created_at,
    hidden: r.hidden,
    categories: categories.get(r.id) ?? [],
    tags: tags.get(r.id) ?? [],
  }));
}

/** One resource with its article body, or null. */
export async function findResource(db: ResourcesDb, id: number): Promise<ResourceRecord | null> {
  const row = await db
    .selectFrom('resources as r')
    .select([...COLUMNS, 'r.content'])
    .where('r.id', '=', id)
    .executeTakeFirst();
  if (!row) return null;
  const [record] = await withRefs(db, [row]);
  return record ?? null;
}

/**
 * The SQL twin of domain/access.ts `canSeeResource` (the list's filter): hidden and scheduled resources only for
 * admins; bought ones and those with one of the viewer's tags; otherwise by visibility, role and type.
 */
function visibleTo(viewer: ResourceViewer, userId: number) {
  return (eb: ExpressionBuilder<ResourcesDatabase & { r: ResourcesDatabase['resources'] }, 'r'>) => {
    const premiumLevel = viewer.role === 'premium' || viewer.role === 'coach';
    const byRole = [eb('r.visibility', 'in', ['Free', 'For Sale'])];
    if (premiumLevel) byRole.push(eb('r.visibility', 'in', ['For Sale Premium', 'Included with Premium']));
    if (viewer.role === 'course only') {
      byRole.push(eb.and([eb('r.visibility', '=', 'Included with Premium'), eb('r.type', '=', 'Course')]));
    }
    const opened = [
      ...byRole,
      eb.exists(
        eb
          .selectFrom('resource_purchases as p')
          .select(sql`1`.as('one'))
          .whereRef('p.resource_id', '=', 'r.id')
          .where('p.user_id', '=', userId),
      ),
    ];
    if (viewer.tagIds.length > 0) {
      opened.push(
        eb.exists(
          eb
            .selectFrom('resource_tags as t')
            .select(sql`1`.as('one'))
            .whereRef('t.resource_id', '=', 'r.id')
            .where('t.tag_id', 'in', [...viewer.tagIds]),
        ),
      );
    }
    return eb.and([
      eb('r.hidden', '=', false),
      eb.or([eb('r.published_at', 'is', null), eb('r.published_at', '<=', sql<Date>`now()`)]),
      eb.or(opened),
    ]);
  };
}

export interface ResourceFilter {
  viewer: ResourceViewer;
  userId: number;
  categories: readonly number[];
  type: ResourceListType;
  search: string;
  limit: number;
}

/** The list the resources screen and the dashboard show: newest first, without article bodies. */
export async function listResources(db: ResourcesDb, filter: ResourceFilter): Promise<ResourceRecord[]> {
  let query = db.selectFrom('resources as r').select(COLUMNS);
  if (filter.viewer.role !== 'admin') query = query.where(visibleTo(filter.viewer, filter.userId));
  if (filter.categories.length > 0) {
    const categories = [...filter.categories];
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('resource_category_links as l')
          .select(sql`1`.as('one'))
          .whereRef('l.resource_id', '=', 'r.id')
          .where('l.category_id', 'in', categories),
      ),
    );
  }
  if (filter.type === 'marketplace') query = query.where('r.visibility', 'in', ['For Sale', 'For Sale Premium']);
  if (filter.type === 'my-purchases') {
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('resource_purchases as p')
          .select(sql`1`.as('one'))
          .whereRef('p.resource_id', '=', 'r.id')
          .where('p.user_id', '=', filter.userId),
      ),
    );
  }
  if (filter.search) {
    const pattern = likePattern(filter.search);
    query = query.where((eb) => eb.or([eb('r.title', 'ilike', pattern), eb('r.description', 'ilike', pattern)]));
  }
  const rows = await query
    .orderBy(sql`coalesce(r.published_at, r.created_at)`, 'desc')
    .orderBy('r.id', 'desc')
    .limit(filter.limit)
    .execute();
  return withRefs(db, rows);
}

type Writable = Omit<ResourceUpsert, 'id' | 'ResourceCategories' | 'Tags'>;

function columnsOf(input: Writable) {
  return {
    title: input.title,
    description: input.description,
    cover_photo_url: input.coverPhotoUrl,
    type: input.type,
    visibility: input.visibility,
    content: input.content,
    url: input.url,
    purchase_url: input.purchaseUrl,
    price: input.price === null ? null : input.price.toFixed(2),
    ...(input.hidden !== undefined ? { hidden: input.hidden } : {}),
  };
}

export async function insertResource(db: ResourcesDb, input: Writable): Promise<number> {
  const row = await db
    .insertInto('resources')
    .values({ ...columnsOf(input), published_at: input.publishedAt ?? sql<Date>`now()` })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Updates a resource (locked first); false when it does not exist. */
export async function updateResource(db: ResourcesDb, id: number, input: Writable): Promise<boolean> {
  const result = await db
    .updateTable('resources')
    .set({
      ...columnsOf(input),
      ...(input.publishedAt ? { published_at: input.publishedAt } : {}),
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Replaces the resource's categories and required tags. */
export async function setResourceLinks(
  db: ResourcesDb,
  id: number,
  categoryIds: readonly number[],
  tags: readonly Ref[],
): Promise<void> {
  await db.deleteFrom('resource_category_links').where('resource_id', '=', id).execute();
  await db.deleteFrom('resource_tags').where('resource_id', '=', id).execute();
  if (categoryIds.length > 0) {
    await db
      .insertInto('resource_category_links')
      .values(categoryIds.map((category_id) => ({ resource_id: id, category_id })))
      .execute();
  }
  if (tags.length > 0) {
    await db
      .insertInto('resource_tags')
      .values(tags.map((t) => ({ resource_id: id, tag_id: t.id, tag_name: t.name })))
      .execute();
  }
}

/** Ids among `ids` that name no category. */
export async function missingCategories(db: ResourcesDb, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('resource_categories')
    .select('id')
    .where('id', 'in', [...ids])
    .execute();
  const found = new Set(rows.map((r) => r.id));
  return ids.filter((id) => !found.has(id));
}

export async function deleteResource(db: ResourcesDb, id: number): Promise<boolean> {
  const result = await db.deleteFrom('resources').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** users.tag-renamed: the snapshots follow the tag's new name. */
export async function renameTagSnapshots(db: ResourcesDb, tagId: number, name: string): Promise<number> {
  const result = await db
    .updateTable('resource_tags')
    .set({ tag_name: name })
    .where('tag_id', '=', tagId)
    .where('tag_name', '<>', name)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
