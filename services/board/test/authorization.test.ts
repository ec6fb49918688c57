/**
 * The authorization matrix of every board call: the board's owner, another member, a coach, an admin, a visitor
 * without a session, a basic member and a premium member created after the 2025-02-13 cut-off, each against a
 * fresh set of records on the owner's board. Hidden means missing: another member gets the same 404 as an
 * unknown id, never the records.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Actor } from '@rainmakers/contracts';
import { addCard, type Harness, listNamed, type Person, readBoard, startHarness, uploaded } from './helpers';

const MTN = '/api/move-the-needle';
let h: Harness;
let owner: Person;
let people: Record<Who, Actor | null>;

type Who = 'owner' | 'otherMember' | 'coach' | 'admin' | 'anonymous' | 'basic' | 'newPremium';
const WHO: Who[] = ['owner', 'otherMember', 'coach', 'admin', 'anonymous', 'basic', 'newPremium'];

beforeAll(async () => {
  h = await startHarness();
  owner = await h.person('premium', { fullName: 'Olive Owner' });
  const other = await h.person('premium');
  await readBoard(h, other);
  people = {
    owner,
    otherMember: other,
    coach: await h.person('coach'),
    admin: await h.person('admin'),
    anonymous: null,
    basic: await h.person('basic'),
    newPremium: await h.person('premium', { createdAt: '2025-03-01T00:00:00.000Z' }),
  };
});
afterAll(async () => {
  await h.stop();
});

interface Fixture {
  userId: number;
  listId: number;
  customListId: number;
  otherListId: number;
  cardId: number;
  labelId: number;
  attachmentId: number;
  commentId: number;
  checklistId: number;
  itemId: number;
}

let run = 0;
async function fixture(): Promise<Fixture> {
  run += 1;
  const board = await readBoard(h, owner);
  const listId = listNamed(board, 'NOT STARTED').id;
  const custom = await h.api.post<{ list: { id: number } }>(owner, `${MTN}/list/upsert`, {
    name: `L${run}`,
    userId: owner.userId,
  });
  const card = await addCard(h, owner, listId, `card ${run}`);
  const labels = await h.api.get<{ labels: { id: number }[] }>(owner, `${MTN}/label/read-many?userId=${owner.userId}`);
  const labelId =
    labels.body.labels[0]?.id ??
    (
      await h.api.post<{ label: { id: number } }>(owner, `${MTN}/label/upsert`, {
        color: 'red-200',
        userId: owner.userId,
      })
    ).body.label.id;
  const attachment = await h.api.post<{ attachment: { id: number } }>(owner, `${MTN}/attachment/upsert`, {
    fileUrl: uploaded(run),
    fileName: 'a.png',
    CardId: card.id,
  });
  const comment = await h.api.post<{ activity: { id: number } }>(owner, `${MTN}/activity/upsert`, {
    comment: 'c',
    CardId: card.id,
  });
  const checklist = await h.api.post<{ checklist: { id: number } }>(owner, `${MTN}/checkList/upsert`, {
    title: 't',
    CardId: card.id,
  });
  const item = await h.api.post<{ item: { id: number } }>(owner, `${MTN}/checkListItem/upsert`, {
    title: 'i',
    CheckListId: checklist.body.checklist.id,
  });
  return {
    userId: owner.userId,
    listId,
    customListId: custom.body.list.id,
    otherListId: listNamed(board, 'IN PROGRESS').id,
    cardId: card.id,
    labelId,
    attachmentId: attachment.body.attachment.id,
    commentId: comment.body.activity.id,
    checklistId: checklist.body.checklist.id,
    itemId: item.body.item.id,
  };
}

type Call = [method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: (f: Fixture) => string, body?: (f: Fixture) => unknown];

// Expected status per caller: owner, other member, coach, admin, anonymous, basic, new premium.
const READ = [200, 404, 200, 200, 401, 403, 403];
const EDIT_NEW = [201, 404, 403, 201, 401, 403, 403];
const EDIT = [200, 404, 403, 200, 401, 403, 403];
const EDIT_NONE = [204, 404, 403, 204, 401, 403, 403];
const ADMIN_DELETE = [403, 404, 403, 204, 401, 403, 403];
const COMMENT = [201, 404, 201, 201, 401, 403, 403];
const RESET = [204, 404, 403, 204, 401, 403, 403];

const CALLS: [name: string, call: Call, expected: number[]][] = [
  ['list/read-many', ['GET', (f) => `${MTN}/list/read-many?userId=${f.userId}`], READ],
  ['label/read-many', ['GET', (f) => `${MTN}/label/read-many?userId=${f.userId}`], READ],
  ['list/upsert (new)', ['POST', () => `${MTN}/list/upsert`, (f) => ({ name: 'New', userId: f.userId })], EDIT_NEW],
  [
    'list/upsert (rename)',
    ['POST', () => `${MTN}/list/upsert`, (f) => ({ id: f.customListId, name: 'R', userId: f.userId })],
    EDIT,
  ],
  ['DELETE list/{id}', ['DELETE', (f) => `${MTN}/list/${f.customListId}`], ADMIN_DELETE],
  [
    'card/reorder',
    ['POST', () => `${MTN}/card/reorder`, (f) => ({ ListId: f.listId, startPosition: 0, endPosition: 0 })],
    EDIT,
  ],
  [
    'card/move',
    [
      'POST',
      () => `${MTN}/card/move`,
      (f) => ({
        cardId: f.cardId,
        sourceListId: f.listId,
        destListId: f.otherListId,
        positionOnSourceList: 0,
        positionOnDestList: 0,
      }),
    ],
    EDIT,
  ],
  ['card/upsert (new)', ['POST', () => `${MTN}/card/upsert`, (f) => ({ title: 'n', ListId: f.listId })], EDIT_NEW],
  [
    'card/upsert (update)',
    ['POST', () => `${MTN}/card/upsert`, (f) => ({ id: f.cardId, title: 'u', ListId: f.listId })],
    EDIT,
  ],
  ['DELETE card/{id}', ['DELETE', (f) => `${MTN}/card/${f.cardId}`], ADMIN_DELETE],
  ['reset', ['PUT', () => `${MTN}/reset`, (f) => ({ id: f.userId })], RESET],
  [
    'label/upsert (update)',
    ['POST', () => `${MTN}/label/upsert`, (f) => ({ id: f.labelId, color: 'red-200', userId: f.userId })],
    EDIT,
  ],
  ['label/add', ['POST', () => `${MTN}/label/add`, (f) => ({ LabelId: f.labelId, CardId: f.cardId })], EDIT_NONE],
  ['label/remove', ['POST', () => `${MTN}/label/remove`, (f) => ({ LabelId: f.labelId, CardId: f.cardId })], EDIT_NONE],
  [
    'attachment/upsert',
    ['POST', () => `${MTN}/attachment/upsert`, (f) => ({ fileUrl: uploaded(7), fileName: 'b.png', CardId: f.cardId })],
    EDIT_NEW,
  ],
  ['DELETE attachment/{id}', ['DELETE', (f) => `${MTN}/attachment/${f.attachmentId}`], EDIT_NONE],
  ['activity/upsert', ['POST', () => `${MTN}/activity/upsert`, (f) => ({ comment: 'hi', CardId: f.cardId })], COMMENT],
  // The owner's comment is edited by her alone, deleted by her or an admin.
  [
    'activity/upsert (edit)',
    ['POST', () => `${MTN}/activity/upsert`, (f) => ({ id: f.commentId, comment: 'edited', CardId: f.cardId })],
    [200, 404, 403, 403, 401, 403, 403],
  ],
  ['DELETE activity/{id}', ['DELETE', (f) => `${MTN}/activity/${f.commentId}`], [204, 404, 403, 204, 401, 403, 403]],
  ['review-queue', ['GET', () => `${MTN}/review-queue`], [403, 403, 200, 200, 401, 403, 403]],
  [
    'checkList/upsert (new)',
    ['POST', () => `${MTN}/checkList/upsert`, (f) => ({ title: 'n', CardId: f.cardId })],
    EDIT_NEW,
  ],
  [
    'checkList/upsert (update)',
    ['POST', () => `${MTN}/checkList/upsert`, (f) => ({ id: f.checklistId, title: 'u', CardId: f.cardId })],
    EDIT,
  ],
  ['DELETE checkList', ['DELETE', () => `${MTN}/checkList`, (f) => ({ id: f.checklistId })], EDIT_NONE],
  [
    'checkListItem/upsert (new)',
    ['POST', () => `${MTN}/checkListItem/upsert`, (f) => ({ title: 'n', completed: true, CheckListId: f.checklistId })],
    EDIT_NEW,
  ],
  [
    'checkListItem/upsert (update)',
    [
      'POST',
      () => `${MTN}/checkListItem/upsert`,
      (f) => ({ id: f.itemId, title: 'u', completed: true, CheckListId: f.checklistId }),
    ],
    EDIT,
  ],
  ['DELETE checkListItem', ['DELETE', () => `${MTN}/checkListItem`, (f) => ({ id: f.itemId })], EDIT_NONE],
];

describe('authorization matrix of every board call', () => {
  it.each(CALLS)('%s', async (_name, [method, path, body], expected) => {
    const got: Record<string, number> = {};
    const want: Record<string, number> = {};
    for (const [i, who] of WHO.entries()) {
      const f = await fixture();
      const res = await h.api.call(people[who], method, path(f), body?.(f));
      got[who] = res.status;
      want[who] = expected[i] as number;
      if (res.status === 404) {
        // Hidden means missing: the body names the record, never its data.
        expect(Object.keys(res.body as object)).toEqual(['error']);
      }
    }
    expect(got).toEqual(want);
  });

  it('answers an unknown id exactly like a record of another member', async () => {
    const f = await fixture();
    const other = people.otherMember as Actor;
    const pairs: [string, string, unknown?][] = [
      [`${MTN}/card/upsert`, 'POST', { id: f.cardId, title: 'x', ListId: f.listId }],
      [`${MTN}/checkList/upsert`, 'POST', { id: f.checklistId, title: 'x', CardId: f.cardId }],
      [`${MTN}/attachment/${f.attachmentId}`, 'DELETE'],
    ];
    for (const [path, method, body] of pairs) {
      const hidden = await h.api.call(other, method, path, body);
      const unknownBody = JSON.parse(JSON.stringify(body ?? {}).replace(/:\d+/g, ':2000000000'));
      const unknown = await h.api.call(
        other,
        method,
        path.replace(/\d+$/, '2000000000'),
        body ? unknownBody : undefined,
      );
      expect([hidden.status, hidden.body]).toEqual([unknown.status, unknown.body]);
    }
  });

  it('keeps the template to admins and unknown people to nobody', async () => {
    const admin = people.admin as Actor;
    const coach = people.coach as Actor;
    expect((await h.api.get(coach, `${MTN}/list/read-many?userId=${admin.userId}`)).status).toBe(404);
    expect((await h.api.get(admin, `${MTN}/list/read-many?userId=2000000000`)).status).toBe(404);
    // A basic person has no board, even for a coach; a premium member past the cut-off neither.
    expect((await h.api.get(coach, `${MTN}/list/read-many?userId=${(people.basic as Actor).userId}`)).status).toBe(404);
    expect((await h.api.get(coach, `${MTN}/list/read-many?userId=${(people.newPremium as Actor).userId}`)).status).toBe(
      404,
    );
    // The coach's abilities on a member's board: read, comment and mark reviewed only.
    const seen = await readBoard(h, coach, owner.userId);
    expect(seen.board).toMatchObject({ fullName: 'Olive Owner' });
    expect(seen.board.abilities).toEqual({
      edit: false,
      comment: true,
      deleteOthersComments: false,
      deleteCards: false,
      deleteLists: false,
      reset: false,
      createLabel: false,
      review: true,
    });
    const byAdmin = await readBoard(h, admin, owner.userId);
    expect(byAdmin.board.abilities).toMatchObject({
      edit: true,
      deleteOthersComments: true,
      deleteCards: true,
      deleteLists: true,
      reset: false,
    });
  });

  it('lets board holders list coaches, no one else', async () => {
    const statuses = [];
    for (const who of WHO) statuses.push((await h.api.call(people[who], 'GET', `${MTN}/coaches`)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 401, 403, 403]);
  });
});
