import {
  BLOCKING_STRIPE_STATUSES,
  type Role,
  stateSpellings,
  type Tag,
  type ThemePreference,
  type UserSort,
} from '@rainmakers/contracts';
import { type Db, sql } from '@rainmakers/kit';
import type { ExportRow } from '../domain/csv';
import type { UserRecord, UserSearch } from '../domain/records';
import type { Schema } from './schema';

export type UsersDb = Db<Schema>;
export type { UserRecord, UserSearch };

export type UserFields = Pick<
  UserRecord,
  'fullName' | 'email' | 'role' | 'photoUrl' | 'city' | 'state' | 'country' | 'phoneNumber' | 'alwaysGrantAccess'
> & { theme?: ThemePreference; timeZone?: string | null };

type UserRow = {
  id: number;
  full_name: string;
  email: string;
  role: string;
  photo_url: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  phone_number: string | null;
  stripe_status: string | null;
  stripe_customer_id: string | null;
  always_grant_access: boolean;
  created_at: Date;
  version: number;
  invited_at: Date | null;
  last_sign_in_at: Date | null;
  theme: string;
  time_zone: string | null;
};

const COLUMNS = [
  'id',
  'full_name',
  'email',
  'role',
  'photo_url',
  'city',
  'state',
  'country',
  'phone_number',
  'stripe_status',
  'stripe_customer_id',
  'always_grant_access',
  'created_at',
  'version',
  'invited_at',
  'last_sign_in_at',
  'theme',
  'time_zone',
] as const;

const parseTheme = (value: string): ThemePreference => (value === 'light' || value === 'dark' ? value : 'system');

function toRecord(
  row: UserRow,
  tags: (Tag & { grantedAt?: Date })[] = [],
  resources: { id: number; title: string }[] = [],
): UserRecord {
  return {
    id: row.id,
    fullName: row.full_name,
    email: row.email,
    role: row.role as Role,
    photoUrl: row.photo_url,
    city: row.city,
    state: row.state,
    country: row.country,
    phoneNumber: row.phone_number,
    stripeStatus: row.stripe_status,
    stripeCustomerId: row.stripe_customer_id,
    alwaysGrantAccess: row.always_grant_access,
    createdAt: row.created_at,
    version: row.version,
    invitedAt: row.invited_at,
    lastSignInAt: row.last_sign_in_at,
    theme: parseTheme(row.theme),
    timeZone: row.time_zone,
    tags,
    resources,
  };
}

function toColumns(fields: Partial<UserFields>) {
  const columns: Partial<{
    full_name: string;
    email: string;
    role: string;
    photo_url: string | null;
    city: string | null;
    state: string | null;
    country: string | null;
    phone_number: string | null;
    always_grant_access: boolean;
    theme: string;
    time_zone: string | null;
  }> = {};
  if (fields.fullName !== undefined) columns.full_name = fields.fullName;
  if (fields.email !== undefined) columns.email = fields.email;
  if (fields.role !== undefined) columns.role = fields.role;
  if (fields.photoUrl !== undefined) columns.photo_url = fields.photoUrl;
  if (fields.city !== undefined) columns.city = fields.city;
  if (fields.state !== undefined) columns.state = fields.state;
  if (fields.country !== undefined) columns.country = fields.country;
  if (fields.phoneNumber !== undefined) columns.phone_number = fields.phoneNumber;
  if (fields.alwaysGrantAccess !== undefined) columns.always_grant_access = fields.alwaysGrantAccess;
  if (fields.theme !== undefined) columns.theme = fields.theme;
  if (fields.timeZone !== undefined) columns.time_zone = fields.timeZone;
  return columns;
}

/** Tags and purchased resources of several people at once, for presenting a page of users. */
async function loadDetails(db: UsersDb, ids: number[]) {
  const tags = new Map<number, (Tag & { grantedAt: Date })[]>();
  const resources = new Map<number, { id: number; title: string }[]>();
  if (ids.length === 0) return { tags, resources };
  const [tagRows, resourceRows] = await Promise.all([
    db
      .selectFrom('user_tags')
      .innerJoin('tags', 'tags.id', 'user_tags.tag_id')
      .select(['user_tags.user_id', 'tags.id', 'tags.name', 'user_tags.granted_at'])
      .where('user_tags.user_id', 'in', ids)
      .orderBy((eb) => eb.fn('lower', ['tags.name']))
      .orderBy('tags.id')
      .execute(),
    db
      .selectFrom('user_resources')
      .select(['user_id', 'resource_id', 'title'])
      .where('user_id', 'in', ids)
      .orderBy('title')
      .orderBy('resource_id')
      .execute(),
  ]);
  for (const row of tagRows) {
    const list = tags.get(row.user_id) ?? [];
    list.push({ id: row.id, name: row.name, grantedAt: row.granted_at });
    tags.set(row.user_id, list);
  }
  for (const row of resourceRows) {
    const list = resources.get(row.user_id) ?? [];
    list.push({ id: row.resource_id, title: row.title });
    resources.set(row.user_id, list);
  }
  return { tags, resources };
}

async function withDetails(db: UsersDb, rows: UserRow[]): Promise<UserRecord[]> {
  const { tags, resources } = await loadDetails(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toRecord(row, tags.get(row.id), resources.get(row.id)));
}

export async function findUserById(db: UsersDb, id: number): Promise<UserRecord | null> {
  const row = await db.selectFrom('users').select(COLUMNS).where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  const [record] = await withDetails(db, [row]);
  return record ?? null;
}

export async function findUserByEmail(db: UsersDb, email: string): Promise<UserRecord | null> {
  const row = await db
    .selectFrom('users')
    .select(COLUMNS)
    .where('email', '=', email.trim().toLowerCase())
    .executeTakeFirst();
  if (!row) return null;
  const [record] = await withDetails(db, [row]);
  return record ?? null;
}

export interface UserPage {
  users: UserRecord[];
  totalCount: number;
  premiumCount: number;
  basicCount: number;
}

/** `%term%` for ILIKE, with the pattern characters of the term taken literally. */
export const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** ILIKE with no wildcard: the whole value, case folded (served by the same trigram index). */
const wholePattern = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Whether a person shares neither a city nor a state (the community list shows them last). */
const NO_LOCATION = sql<boolean>`((city IS NULL OR city = '') AND (state IS NULL OR state = ''))`;

function searchQuery(db: UsersDb, criteria: Omit<UserSearch, 'limit' | 'offset' | 'details' | 'sort' | 'order'>) {
  let query = db.selectFrom('users');
  if (criteria.community) {
    query = query.where('community_listed', '=', true).where('id', '<>', criteria.community.viewerId);
  }
  if (criteria.search) {
    const pattern = containsPattern(criteria.search);
    // Staff search places too: "FL" and "Florida" both find the Florida members, whichever a member wrote (each
    // column has its trigram index; a state's whole spelling is an indexed ILIKE without wildcards).
    const spellings = criteria.searchEmail ? stateSpellings(criteria.search).map(wholePattern) : [];
    query = criteria.searchEmail
      ? query.where((eb) =>
          eb.or([
            eb('full_name', 'ilike', pattern),
            eb('email', 'ilike', pattern),
            eb('city', 'ilike', pattern),
            eb('state', 'ilike', pattern),
            ...spellings.map((spelling) => eb('state', 'ilike', spelling)),
          ]),
        )
      : query.where('full_name', 'ilike', pattern);
  }
  if (criteria.roles) query = query.where('role', 'in', criteria.roles);
  if (criteria.stripeStatus) query = query.where('stripe_status', '=', criteria.stripeStatus);
  if (criteria.paymentProblems) query = query.where('stripe_status', 'in', [...BLOCKING_STRIPE_STATUSES]);
  if (criteria.cityOrState) {
    const pattern = containsPattern(criteria.cityOrState);
    // "TX" also finds "Texas" and the other way round.
    const spellings = stateSpellings(criteria.cityOrState).map(wholePattern);
    query = query.where((eb) =>
      eb.or([
        eb('city', 'ilike', pattern),
        eb('state', 'ilike', pattern),
        ...spellings.map((spelling) => eb('state', 'ilike', spelling)),
      ]),
    );
  }
  if (criteria.tagId !== undefined) {
    const tagId = criteria.tagId;
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('user_tags')
          .select('user_tags.user_id')
          .whereRef('user_tags.user_id', '=', 'users.id')
          .where('user_tags.tag_id', '=', tagId),
      ),
    );
  }
  if (criteria.joinedFrom) query = query.where('created_at', '>=', criteria.joinedFrom);
  if (criteria.joinedTo) query = query.where('created_at', '<', criteria.joinedTo);
  return query;
}

/**
 * The order of a page: the sorted column, then id, both in the asked direction, so each order is one index read
 * forwards or backwards (migration 005: (lower(full_name), id), (role, id), (stripe_status, id), and the same
 * behind role for the coaches' and the role filter's lists; (created_at, id) since 001).
 */
function orderColumns(sort: UserSort) {
  switch (sort) {
    case 'name':
      return sql`lower(full_name)`;
    case 'role':
      return sql.ref('role');
    case 'payment':
      return sql.ref('stripe_status');
    default:
      return sql.ref('created_at');
  }
}

/** The two queries of a search: the counts over the whole match, and one page of it. */
export function userSearchQueries(db: UsersDb, criteria: UserSearch) {
  const query = searchQuery(db, criteria);
  const direction = criteria.order === 'asc' ? 'asc' : 'desc';
  const located = criteria.community ? query.orderBy(NO_LOCATION, 'asc') : query;
  return {
    counts: query.select((eb) => [
      eb.fn.countAll<number>().as('total'),
      eb.fn.countAll<number>().filterWhere('role', '=', 'premium').as('premium'),
      eb.fn.countAll<number>().filterWhere('role', '=', 'basic').as('basic'),
    ]),
    page: located
      .select(COLUMNS)
      .orderBy(orderColumns(criteria.sort ?? 'joined'), direction)
      .orderBy('id', direction)
      .limit(criteria.limit)
      .offset(criteria.offset),
  };
}

/** Everyone matching a search (a bulk action's or the export's "all matching"), in id order, ids only. */
export async function matchingUserIds(
  db: UsersDb,
  criteria: Omit<UserSearch, 'limit' | 'offset' | 'details' | 'sort' | 'order'>,
  limit: number,
): Promise<number[]> {
  if (criteria.roles && criteria.roles.length === 0) return [];
  const rows = await searchQuery(db, criteria).select('id').orderBy('id').limit(limit).execute();
  return rows.map((r) => r.id);
}

type MatchCounts = Pick<UserPage, 'totalCount' | 'premiumCount' | 'basicCount'>;

/**
 * The counts of a match, kept per match (not per page or order) for COUNTS_KEPT_MS and only while nothing changed:
 * every statement writing users or user_tags advances the users_list_generation sequence (migration 008), and a kept
 * count is used only at the generation it was taken at. Paging through 100,000 people then counts the match once,
 * not on every page (a count over every match: 5-10 ms of PostgreSQL per page at 33,000 matches). The time limit
 * covers the one gap: a writer's statement advances the sequence before its transaction commits, so a count taken
 * in between is kept under the new generation with the old rows for at most these few seconds.
 */
const COUNTS_KEPT_MS = 5_000;
const COUNTS_KEPT_MAX = 500;
const keptCounts = new WeakMap<UsersDb, Map<string, { generation: string; at: number; counts: MatchCounts }>>();

function matchKey(criteria: UserSearch): string {
  return JSON.stringify([
    criteria.search ?? null,
    criteria.searchEmail,
    criteria.roles,
    criteria.stripeStatus ?? null,
    criteria.cityOrState ?? null,
    criteria.tagId ?? null,
    criteria.paymentProblems ?? false,
    criteria.joinedFrom?.toISOString() ?? null,
    criteria.joinedTo?.toISOString() ?? null,
  ]);
}

/** Where users_list_generation stands (read with the page when it has rows: one round trip less). */
const generationColumn = sql<string>`(SELECT last_value::text FROM users_list_generation)`;

async function listGeneration(db: UsersDb): Promise<string> {
  const { rows } = await sql<{ generation: string }>`SELECT ${generationColumn} AS generation`.execute(db);
  return rows[0]?.generation ?? '';
}

function keptCountsOf(db: UsersDb) {
  let kept = keptCounts.get(db);
  if (!kept) {
    kept = new Map();
    keptCounts.set(db, kept);
  }
  return kept;
}

/** One page of people (newest first, then id) and the counts over the whole match. */
export async function searchUsers(db: UsersDb, criteria: UserSearch): Promise<UserPage> {
  if (criteria.roles && criteria.roles.length === 0)
    return { users: [], totalCount: 0, premiumCount: 0, basicCount: 0 };
  const queries = userSearchQueries(db, criteria);
  const key = matchKey(criteria);
  const kept = keptCountsOf(db);
  const rows = await queries.page.select(generationColumn.as('list_generation')).execute();
  const generation = rows[0]?.list_generation ?? (await listGeneration(db));
  const now = Date.now();
  const hit = kept.get(key);
  const countsNow = async (): Promise<MatchCounts> => {
    if (hit && hit.generation === generation && now - hit.at < COUNTS_KEPT_MS) return hit.counts;
    const row = await queries.counts.executeTakeFirstOrThrow();
    const counts = {
      totalCount: Number(row.total),
      premiumCount: Number(row.premium),
      basicCount: Number(row.basic),
    };
    kept.delete(key);
    if (kept.size >= COUNTS_KEPT_MAX) {
      const oldest = kept.keys().next();
      if (!oldest.done) kept.delete(oldest.value);
    }
    kept.set(key, { generation, at: now, counts });
    return counts;
  };
  const [counts, users] = await Promise.all([
    countsNow(),
    criteria.details ? withDetails(db, rows) : rows.map((row) => toRecord(row)),
  ]);
  return { users, ...counts };
}

export async function insertUser(db: UsersDb, fields: UserFields & { createdAt?: string }): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({
      full_name: fields.fullName,
      email: fields.email,
      role: fields.role,
      photo_url: fields.photoUrl,
      city: fields.city,
      state: fields.state,
      country: fields.country,
      phone_number: fields.phoneNumber,
      always_grant_access: fields.alwaysGrantAccess,
      ...(fields.createdAt ? { created_at: fields.createdAt } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Inserts many people in one statement (an import's chunk); returns their ids by e-mail. */
export async function insertUsers(db: UsersDb, people: readonly UserFields[]): Promise<Map<string, number>> {
  if (people.length === 0) return new Map();
  const rows = await db
    .insertInto('users')
    .values(
      people.map((fields) => ({
        full_name: fields.fullName,
        email: fields.email,
        role: fields.role,
        photo_url: fields.photoUrl,
        city: fields.city,
        state: fields.state,
        country: fields.country,
        phone_number: fields.phoneNumber,
        always_grant_access: fields.alwaysGrantAccess,
      })),
    )
    .returning(['id', 'email'])
    .execute();
  return new Map(rows.map((r) => [r.email, r.id]));
}

/** Gives each person their tags (pairs of person and tag) in one statement; held tags stay as they are. */
export async function addUserTagPairs(db: UsersDb, pairs: readonly { userId: number; tagId: number }[]): Promise<void> {
  if (pairs.length === 0) return;
  await db
    .insertInto('user_tags')
    .values(pairs.map((p) => ({ user_id: p.userId, tag_id: p.tagId })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/**
 * Starts a change to people: locks their rows and bumps their version, so the events of concurrent
 * changes carry increasing versions in commit order. Returns the ids that exist.
 */
export async function lockForChange(db: UsersDb, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  // Lock in id order so two changes to overlapping groups of people cannot deadlock.
  const locked = await db.selectFrom('users').select('id').where('id', 'in', ids).orderBy('id').forUpdate().execute();
  const existing = locked.map((r) => r.id);
  if (existing.length === 0) return [];
  await db
    .updateTable('users')
    .set((eb) => ({ version: eb('version', '+', 1), updated_at: new Date() }))
    .where('id', 'in', existing)
    .execute();
  return existing;
}

export async function updateUser(db: UsersDb, id: number, fields: Partial<UserFields>): Promise<void> {
  const columns = toColumns(fields);
  if (Object.keys(columns).length === 0) return;
  await db.updateTable('users').set(columns).where('id', '=', id).execute();
}

/** Sets a role on several people; returns those whose role actually changed. */
export async function updateRoles(db: UsersDb, ids: number[], role: Role): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .updateTable('users')
    .set({ role })
    .where('id', 'in', ids)
    .where('role', '<>', role)
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/** Replaces a person's tags; the tags she keeps keep the day she gained them. */
export async function setUserTags(db: UsersDb, userId: number, tagIds: number[]): Promise<void> {
  let removal = db.deleteFrom('user_tags').where('user_id', '=', userId);
  if (tagIds.length > 0) removal = removal.where('tag_id', 'not in', tagIds);
  await removal.execute();
  await addUserTags(db, userId, tagIds);
}

export async function addUserTags(db: UsersDb, userId: number, tagIds: number[]): Promise<void> {
  if (tagIds.length === 0) return;
  await db
    .insertInto('user_tags')
    .values([...new Set(tagIds)].map((tagId) => ({ user_id: userId, tag_id: tagId })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** Deletes these people; returns those who were there to delete. */
export async function deleteUsers(db: UsersDb, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.deleteFrom('users').where('id', 'in', ids).returning('id').execute();
  return rows.map((r) => r.id);
}

export async function deleteUser(db: UsersDb, id: number): Promise<boolean> {
  const result = await db.deleteFrom('users').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * One batch of users.csv: people with ids above `afterId`, in id order (keyset paging, so memory stays flat
 * however many people there are), with their tag names.
 */
export async function exportBatch(
  db: UsersDb,
  afterId: number,
  limit: number,
  criteria?: Omit<UserSearch, 'limit' | 'offset' | 'details' | 'sort' | 'order'>,
): Promise<ExportRow[]> {
  if (criteria?.roles && criteria.roles.length === 0) return [];
  const rows = await (criteria ? searchQuery(db, criteria) : db.selectFrom('users'))
    .select(COLUMNS)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
  if (rows.length === 0) return [];
  const tagRows = await db
    .selectFrom('user_tags')
    .innerJoin('tags', 'tags.id', 'user_tags.tag_id')
    .select(['user_tags.user_id', 'tags.name'])
    .where(
      'user_tags.user_id',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('tags.name')
    .execute();
  const tags = new Map<number, string[]>();
  for (const row of tagRows) tags.set(row.user_id, [...(tags.get(row.user_id) ?? []), row.name]);
  return rows.map((row) => ({
    id: row.id,
    fullName: row.full_name,
    email: row.email,
    role: row.role,
    city: row.city,
    state: row.state,
    country: row.country,
    phoneNumber: row.phone_number,
    stripeStatus: row.stripe_status,
    stripeCustomerId: row.stripe_customer_id,
    alwaysGrantAccess: row.always_grant_access,
    createdAt: row.created_at,
    tags: tags.get(row.id) ?? [],
  }));
}

/** Id, e-mail and name of the people with these (normalised) e-mails; any number of them, asked in chunks. */
export async function findUsersByEmails(
  db: UsersDb,
  emails: readonly string[],
): Promise<{ id: number; email: string; fullName: string }[]> {
  const found: { id: number; email: string; fullName: string }[] = [];
  for (let i = 0; i < emails.length; i += 5000) {
    const part = emails.slice(i, i + 5000);
    const rows = await db.selectFrom('users').select(['id', 'email', 'full_name']).where('email', 'in', part).execute();
    for (const row of rows) found.push({ id: row.id, email: row.email, fullName: row.full_name });
  }
  return found;
}

/** Gives each of these people these tags; returns the people who gained at least one. */
export async function addTagsToUsers(db: UsersDb, userIds: number[], tagIds: number[]): Promise<number[]> {
  if (userIds.length === 0 || tagIds.length === 0) return [];
  const rows = await db
    .insertInto('user_tags')
    .values(userIds.flatMap((userId) => [...new Set(tagIds)].map((tagId) => ({ user_id: userId, tag_id: tagId }))))
    .onConflict((oc) => oc.doNothing())
    .returning('user_id')
    .execute();
  return [...new Set(rows.map((r) => r.user_id))];
}

/** Takes these tags from these people; returns the people who lost at least one. */
export async function removeTagsFromUsers(db: UsersDb, userIds: number[], tagIds: number[]): Promise<number[]> {
  if (userIds.length === 0 || tagIds.length === 0) return [];
  const rows = await db
    .deleteFrom('user_tags')
    .where('user_id', 'in', userIds)
    .where('tag_id', 'in', tagIds)
    .returning('user_id')
    .execute();
  return [...new Set(rows.map((r) => r.user_id))];
}

/** The people with these (normalised) e-mails, with their tags: one query for the page, one for the tags. */
export async function findUserRecordsByEmails(db: UsersDb, emails: readonly string[]): Promise<UserRecord[]> {
  if (emails.length === 0) return [];
  const rows = await db
    .selectFrom('users')
    .select(COLUMNS)
    .where('email', 'in', [...emails])
    .execute();
  return withDetails(db, rows);
}

/** The people with these ids, with their tags (for before/after snapshots of a change). */
export async function findUserRecordsByIds(db: UsersDb, ids: readonly number[]): Promise<UserRecord[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('users')
    .select(COLUMNS)
    .where('id', 'in', [...ids])
    .execute();
  return withDetails(db, rows);
}
