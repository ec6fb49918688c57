/**
 * Shared set-up of the board service tests: the real service on a throwaway database, a "users side" (an outbox
 * of its own relayed to the same bus) that announces people with users.user-changed as the users service does,
 * callers of every role, and API fixtures.
 */
import type { Actor, EventData, EventType, Role } from '@rainmakers/contracts';
import { createLogger, createRedis, OutboxRelay, publishEvent, signActorToken } from '@rainmakers/kit';
import {
  buildActor,
  client,
  createTestDatabase,
  TEST_SECRET,
  type TestDatabase,
  testInfra,
  userChangedEvent,
  waitFor,
} from '@rainmakers/kit/testing';
import type { BoardDatabase } from '../src/store/schema';
import { MIGRATIONS_DIR, type RunningBoard, type StartBoardOptions, startForTest } from '../src/testing';

export type Api = ReturnType<typeof client>;
type Body = Record<string, unknown>;

export interface UsersSide {
  publish<T extends EventType>(type: T, data: EventData<T>): Promise<string>;
  stop(): Promise<void>;
}

async function startUsersSide(prefix: string): Promise<UsersSide> {
  const database: TestDatabase<BoardDatabase> = await createTestDatabase<BoardDatabase>(MIGRATIONS_DIR, 'users_side');
  const redis = createRedis(testInfra().redisUrl, 'users-side');
  const relay = new OutboxRelay({ db: database.db, redis, prefix, logger: createLogger('users-side', 'silent') });
  return {
    async publish(type, data) {
      const id = await publishEvent(database.db, type, data);
      await relay.flush();
      return id;
    },
    async stop() {
      await relay.stop();
      redis.disconnect();
      await database.drop();
    },
  };
}

export interface Person extends Actor {
  fullName: string;
  email: string;
}

export interface Harness {
  service: RunningBoard;
  api: Api;
  users: UsersSide;
  /** A person of `role`, announced to the board service (users.user-changed) and known to it on return. */
  person(role: Role, overrides?: { createdAt?: string; fullName?: string; timeZone?: string }): Promise<Person>;
  stop(): Promise<void>;
}

/** A users.user-changed event of a person as the users service announces her (no tags, an active membership). */
export function userChanged(person: {
  id: number;
  fullName: string;
  role: Role;
  createdAt: string;
  timeZone?: string | undefined;
  version: number;
}): EventData<'users.user-changed'> {
  const { timeZone, ...rest } = person;
  return userChangedEvent({
    ...rest,
    email: `p${person.id}@example.com`,
    stripeStatus: 'active',
    ...(timeZone ? { timeZone } : {}),
  });
}

let nextId = 50_000 + Math.floor(Math.random() * 1000) * 100;
let version = 1;

export async function startHarness(options: StartBoardOptions = {}): Promise<Harness> {
  const service = await startForTest(options);
  const users = await startUsersSide(service.redisPrefix);
  const harness: Harness = {
    service,
    api: client(service.url),
    users,
    async person(role, overrides = {}) {
      const userId = nextId++;
      const createdAt = overrides.createdAt ?? '2024-01-01T00:00:00.000Z';
      const fullName = overrides.fullName ?? `${role} ${userId}`;
      await users.publish(
        'users.user-changed',
        userChanged({ id: userId, fullName, role, createdAt, timeZone: overrides.timeZone, version: version++ }),
      );
      await waitFor(
        () =>
          service.database.db.selectFrom('people').select('user_id').where('user_id', '=', userId).executeTakeFirst(),
        { what: `person ${userId} to reach the board service` },
      );
      return { ...buildActor(role, { userId, createdAt }), fullName, email: `p${userId}@example.com` };
    },
    async stop() {
      await users.stop();
      await service.stop();
    },
  };
  return harness;
}

// ---------------------------------------------------------------------------------------------------------
// Response shapes and fixtures

export interface CardBody {
  id: number;
  title: string;
  description: string;
  position: number;
  ListId: number;
  coverPhotoUrl: string | null;
  Labels: { id: number; color: string; name: string; userId: number }[];
  Attachments: { id: number; fileUrl: string; fileName: string; CardId: number }[];
  Activities: {
    id: number;
    comment: string;
    User: { id: number; fullName: string } | null;
    TaggedUsers: { id: number; fullName: string; email: string }[];
  }[];
  CheckLists: { id: number; title: string; progress: number; CheckListItems: { id: number; completed: boolean }[] }[];
}
export interface ListBody {
  id: number;
  name: string;
  position: number;
  userId: number;
  fixed: boolean;
  Cards: CardBody[];
}
export interface BoardBody {
  lists: ListBody[];
  board: {
    userId: number;
    fullName: string;
    isTemplate: boolean;
    totalProgress: number;
    labelCount: number;
    abilities: Record<string, boolean>;
  };
}

export async function readBoard(h: Harness, as: Actor, userId = as.userId): Promise<BoardBody> {
  const res = await h.api.get<BoardBody>(as, `/api/move-the-needle/list/read-many?userId=${userId}`);
  if (res.status !== 200) throw new Error(`read-many failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

export const listNamed = (board: BoardBody, name: string): ListBody => {
  const list = board.lists.find((l) => l.name === name);
  if (!list) throw new Error(`no list ${name}`);
  return list;
};

/** Moves a card (by id) to the end of the list named `to` on `owner`'s board, as `as`, through the route. */
export async function moveCardTo(
  h: Harness,
  as: Actor,
  owner: { userId: number },
  cardId: number,
  to: string,
): Promise<void> {
  const board = await readBoard(h, as, owner.userId);
  const source = board.lists.find((l) => l.Cards.some((c) => c.id === cardId));
  const card = source?.Cards.find((c) => c.id === cardId);
  const dest = listNamed(board, to);
  if (!source || !card) throw new Error(`card ${cardId} is not on the board`);
  const res = await h.api.post(as, '/api/move-the-needle/card/move', {
    cardId,
    sourceListId: source.id,
    destListId: dest.id,
    positionOnSourceList: card.position,
    positionOnDestList: dest.Cards.length,
  });
  if (res.status !== 200) throw new Error(`move: ${res.status} ${JSON.stringify(res.body)}`);
}

export async function addCard(
  h: Harness,
  as: Actor,
  ListId: number,
  title: string,
  extra: Body = {},
): Promise<CardBody> {
  const res = await h.api.post<{ card: CardBody }>(as, '/api/move-the-needle/card/upsert', { title, ListId, ...extra });
  if (res.status !== 201) throw new Error(`card upsert failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.card;
}

/** The (id, position) pairs of every list, for order checks. */
export async function layout(h: Harness, as: Actor, userId = as.userId) {
  const board = await readBoard(h, as, userId);
  return Object.fromEntries(board.lists.map((l) => [l.name, l.Cards.map((c) => [c.id, c.position])]));
}

/** An upload path of the shape /upload hands out. */
export const uploaded = (n: number, ext = 'png') =>
  `/upload/files/${n.toString(16).padStart(8, '0')}-0000-4000-8000-000000000000.${ext}`;

export interface EventStream {
  response: Response;
  text(): string;
  /** The server ended the stream (not our abort). */
  ended(): boolean;
  close(): Promise<void>;
}

/** Opens a server-sent event stream of the service as `as` and collects what arrives. */
export async function openEvents(h: Harness, as: Actor, path: string): Promise<EventStream> {
  const controller = new AbortController();
  const response = await fetch(`${h.service.url}${path}`, {
    headers: { 'x-internal-token': signActorToken(as, TEST_SECRET), 'accept-encoding': 'gzip' },
    signal: controller.signal,
  });
  let text = '';
  let ended = false;
  const reader = response.body?.getReader();
  const decoder = new TextDecoder();
  const pump = (async () => {
    try {
      for (;;) {
        const chunk = await reader?.read();
        if (!chunk || chunk.done) {
          ended = true;
          return;
        }
        text += decoder.decode(chunk.value, { stream: true });
      }
    } catch {
      // aborted
    }
  })();
  return {
    response,
    text: () => text,
    ended: () => ended,
    close: async () => {
      controller.abort();
      await pump;
    },
  };
}

/** The `data` of every `event: <name>` received so far, parsed. */
export function eventsNamed<T>(stream: EventStream, name: string): T[] {
  return stream
    .text()
    .split('\n\n')
    .flatMap((block) => {
      const lines = block.split('\n');
      if (!lines.includes(`event: ${name}`)) return [];
      const data = lines.find((l) => l.startsWith('data: '));
      return data ? [JSON.parse(data.slice('data: '.length)) as T] : [];
    });
}
