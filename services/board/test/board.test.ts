/** Every board call of spec §7 and the rules behind it, against the real service and PostgreSQL. */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { BOARD_ERRORS, FIXED_LIST_NAMES, LABEL_COLORS } from '@rainmakers/contracts';
import {
  addCard,
  type CardBody,
  type Harness,
  layout,
  listNamed,
  type Person,
  readBoard,
  startHarness,
  uploaded,
} from './helpers';

const MTN = '/api/move-the-needle';
let h: Harness;
let admin: Person;
let coach: Person;

beforeAll(async () => {
  h = await startHarness();
  admin = await h.person('admin', { fullName: 'Ada Admin' });
  coach = await h.person('coach', { fullName: 'Cora Coach' });
});
afterAll(async () => {
  await h.stop();
});

/** A fresh member whose board is created (from the template) on the first read. */
async function member(name = 'Mia Member') {
  const person = await h.person('premium', { fullName: name });
  const board = await readBoard(h, person);
  return { person, board, list: (n: string) => listNamed(board, n) };
}

describe('the board and its lists', () => {
  it('starts with the seven fixed lists at positions 0..6, titled for the owner', async () => {
    const { person, board } = await member('Paula Premium');
    expect(board.lists.map((l) => [l.name, l.position, l.fixed, l.userId])).toEqual(
      FIXED_LIST_NAMES.map((name, i) => [name, i, true, person.userId]),
    );
    expect(board.board).toMatchObject({
      userId: person.userId,
      fullName: 'Paula Premium',
      isTemplate: false,
      totalProgress: 0,
    });
    expect(board.board.abilities).toEqual({
      edit: true,
      comment: true,
      deleteOthersComments: false,
      deleteCards: false,
      deleteLists: false,
      reset: true,
      createLabel: true,
      review: false,
    });
  });

  it('adds a list at the highest position + 1 and renames it; fixed lists keep their name', async () => {
    const { person, list } = await member();
    const added = await h.api.post<{ list: { id: number; position: number; name: string }; isNew: boolean }>(
      person,
      `${MTN}/list/upsert`,
      { name: 'Ideas', position: 0, userId: person.userId },
    );
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ isNew: true, list: { name: 'Ideas', position: 7 } });
    const second = await h.api.post<{ list: { position: number } }>(person, `${MTN}/list/upsert`, {
      name: 'More',
      userId: person.userId,
    });
    expect(second.body.list.position).toBe(8);
    const renamed = await h.api.post(person, `${MTN}/list/upsert`, {
      id: added.body.list.id,
      name: 'Big ideas',
      userId: person.userId,
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ isNew: false, list: { name: 'Big ideas', position: 7 } });
    const fixed = await h.api.post(person, `${MTN}/list/upsert`, {
      id: list('COMPLETED').id,
      name: 'DONE',
      userId: person.userId,
    });
    expect(fixed.status).toBe(400);
    expect(fixed.body).toMatchObject({
      error: BOARD_ERRORS.fixedListRename,
      errors: { name: BOARD_ERRORS.fixedListRename },
    });
  });

  it('lets only admins delete lists, never a fixed one, and takes the cards with it', async () => {
    const { person, list } = await member();
    const custom = await h.api.post<{ list: { id: number } }>(person, `${MTN}/list/upsert`, {
      name: 'Scratch',
      userId: person.userId,
    });
    const listId = custom.body.list.id;
    const card = await addCard(h, person, listId, 'Goes with the list');
    expect((await h.api.del(person, `${MTN}/list/${listId}`)).status).toBe(403);
    const fixed = await h.api.del(admin, `${MTN}/list/${list('NOT STARTED').id}`);
    expect(fixed.status).toBe(400);
    expect(fixed.body).toEqual({ error: BOARD_ERRORS.fixedList });
    expect((await h.api.del(admin, `${MTN}/list/${listId}`)).status).toBe(204);
    const after = await readBoard(h, person);
    expect(after.lists.map((l) => l.name)).toEqual([...FIXED_LIST_NAMES]);
    const gone = await h.api.post(person, `${MTN}/card/upsert`, { id: card.id, title: 'x', ListId: listId });
    expect(gone.status).toBe(404);
    expect((await h.api.del(admin, `${MTN}/list/${listId}`)).status).toBe(404);
  });
});

describe('cards and positions', () => {
  it('puts a new card at the list count and ignores a given position', async () => {
    const { person, list } = await member();
    const a = await addCard(h, person, list('NOT STARTED').id, 'A', { position: 5 });
    const b = await addCard(h, person, list('NOT STARTED').id, 'B', { position: 0 });
    expect([a.position, b.position]).toEqual([0, 1]);
    expect(a).toMatchObject({
      title: 'A',
      description: '',
      coverPhotoUrl: null,
      Labels: [],
      Attachments: [],
      Activities: [],
      CheckLists: [],
    });
  });

  it('updates title and markdown description, keeping list and position', async () => {
    const { person, list } = await member();
    const card = await addCard(h, person, list('IN PROGRESS').id, 'Draft');
    const res = await h.api.post<{ card: CardBody; isNew: boolean }>(person, `${MTN}/card/upsert`, {
      id: card.id,
      title: 'Final',
      description: '# Plan\n- [ ] photos',
      ListId: list('COMPLETED').id,
      position: 9,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      isNew: false,
      card: { title: 'Final', description: '# Plan\n- [ ] photos', ListId: list('IN PROGRESS').id, position: 0 },
    });
  });

  it('reorders within a list and moves across lists, shifting neighbours, and says where every card went', async () => {
    const { person, list } = await member();
    const ns = list('NOT STARTED').id;
    const ip = list('IN PROGRESS').id;
    const [a, b, c] = [
      await addCard(h, person, ns, 'a'),
      await addCard(h, person, ns, 'b'),
      await addCard(h, person, ns, 'c'),
    ];
    const x = await addCard(h, person, ip, 'x');

    const reorder = await h.api.post(person, `${MTN}/card/reorder`, { ListId: ns, startPosition: 0, endPosition: 2 });
    expect(reorder.status).toBe(200);
    expect(reorder.body).toEqual({
      cards: [
        { id: b.id, ListId: ns, position: 0 },
        { id: c.id, ListId: ns, position: 1 },
        { id: a.id, ListId: ns, position: 2 },
      ],
    });
    const move = await h.api.post(person, `${MTN}/card/move`, {
      cardId: c.id,
      sourceListId: ns,
      destListId: ip,
      positionOnSourceList: 1,
      positionOnDestList: 0,
    });
    expect(move.status).toBe(200);
    const after = await layout(h, person);
    expect(after['NOT STARTED']).toEqual([
      [b.id, 0],
      [a.id, 1],
    ]);
    expect(after['IN PROGRESS']).toEqual([
      [c.id, 0],
      [x.id, 1],
    ]);
    // To the end of a list (its count) is allowed; within one list a move is a reorder.
    await h.api.post(person, `${MTN}/card/move`, {
      cardId: b.id,
      sourceListId: ns,
      destListId: ip,
      positionOnSourceList: 0,
      positionOnDestList: 2,
    });
    expect((await layout(h, person))['IN PROGRESS']).toEqual([
      [c.id, 0],
      [x.id, 1],
      [b.id, 2],
    ]);
  });

  it('refuses positions out of range, unknown lists and a card no longer on the source list; nothing changes', async () => {
    const { person, list } = await member();
    const ns = list('NOT STARTED').id;
    const ip = list('IN PROGRESS').id;
    const a = await addCard(h, person, ns, 'a');
    await addCard(h, person, ns, 'b');
    const before = await layout(h, person);
    const bad = [
      [`${MTN}/card/reorder`, { ListId: ns, startPosition: 0, endPosition: 2 }, 400],
      [`${MTN}/card/reorder`, { ListId: ns, startPosition: -1, endPosition: 0 }, 400],
      [`${MTN}/card/reorder`, { ListId: ns, startPosition: 'x', endPosition: 0 }, 400],
      [`${MTN}/card/reorder`, { ListId: 2_000_000_000, startPosition: 0, endPosition: 1 }, 404],
      [
        `${MTN}/card/move`,
        { cardId: a.id, sourceListId: ns, destListId: ip, positionOnSourceList: 0, positionOnDestList: 1 },
        400,
      ],
      [
        `${MTN}/card/move`,
        { cardId: a.id, sourceListId: ns, destListId: 2_000_000_000, positionOnSourceList: 0, positionOnDestList: 0 },
        404,
      ],
      [
        `${MTN}/card/move`,
        { cardId: a.id, sourceListId: ip, destListId: ns, positionOnSourceList: 0, positionOnDestList: 0 },
        409,
      ],
      [`${MTN}/card/upsert`, { title: 'x', ListId: 2_000_000_000 }, 404],
      [`${MTN}/card/upsert`, { title: '   ', ListId: ns }, 400],
    ] as const;
    for (const [path, body, status] of bad) {
      const res = await h.api.post<{ error: string }>(person, path, body);
      expect([path, res.status]).toEqual([path, status]);
      expect(typeof res.body.error).toBe('string');
    }
    expect(await layout(h, person)).toEqual(before);
  });

  it('lets only admins delete cards, closing the gap', async () => {
    const { person, list } = await member();
    const ns = list('NOT STARTED').id;
    const [a, b, c] = [
      await addCard(h, person, ns, 'a'),
      await addCard(h, person, ns, 'b'),
      await addCard(h, person, ns, 'c'),
    ];
    expect((await h.api.del(person, `${MTN}/card/${b.id}`)).status).toBe(403);
    expect((await h.api.del(admin, `${MTN}/card/${b.id}`)).status).toBe(204);
    expect((await layout(h, person))['NOT STARTED']).toEqual([
      [a.id, 0],
      [c.id, 1],
    ]);
    expect((await h.api.del(admin, `${MTN}/card/${b.id}`)).status).toBe(404);
  });

  it('computes total progress from COMPLETED over the four progress lists, rounded', async () => {
    const { person, list } = await member();
    await addCard(h, person, list('NOT STARTED').id, 'n');
    await addCard(h, person, list('COMPLETED').id, 'c1');
    await addCard(h, person, list('COMPLETED').id, 'c2');
    await addCard(h, person, list('FOR REVIEW').id, 'r');
    expect((await readBoard(h, person)).board.totalProgress).toBe(67);
  });
});

describe('labels', () => {
  it('creates and updates labels with one of the ten colours, each colour once per board', async () => {
    const { person, list } = await member();
    const created = await h.api.post<{ label: { id: number }; isNew: boolean }>(person, `${MTN}/label/upsert`, {
      name: 'Urgent',
      color: 'red-200',
      userId: person.userId,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      isNew: true,
      label: { name: 'Urgent', color: 'red-200', userId: person.userId },
    });
    const noName = await h.api.post(person, `${MTN}/label/upsert`, { color: 'blue-200', userId: person.userId });
    expect(noName.body).toMatchObject({ label: { name: '', color: 'blue-200' } });
    const taken = await h.api.post(person, `${MTN}/label/upsert`, {
      name: 'Dup',
      color: 'red-200',
      userId: person.userId,
    });
    expect(taken.status).toBe(400);
    expect(taken.body).toEqual({ error: BOARD_ERRORS.colorTaken, errors: { color: BOARD_ERRORS.colorTaken } });
    for (const color of ['orange-200', '', undefined]) {
      const res = await h.api.post(person, `${MTN}/label/upsert`, { name: 'x', color, userId: person.userId });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ errors: { color: expect.any(String) } });
    }
    const own = await h.api.post(person, `${MTN}/label/upsert`, {
      id: created.body.label.id,
      name: 'Very urgent',
      color: 'red-200',
      userId: person.userId,
    });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ isNew: false, label: { name: 'Very urgent', color: 'red-200' } });
    const labels = await h.api.get<{ labels: unknown[] }>(person, `${MTN}/label/read-many?userId=${person.userId}`);
    expect(labels.body.labels).toHaveLength(2);

    // Add to a card and remove again.
    const card = await addCard(h, person, list('NOT STARTED').id, 'Labelled');
    const body = { LabelId: created.body.label.id, CardId: card.id };
    expect((await h.api.post(person, `${MTN}/label/add`, body)).status).toBe(204);
    expect((await h.api.post(person, `${MTN}/label/add`, body)).status).toBe(204);
    let read = listNamed(await readBoard(h, person), 'NOT STARTED').Cards[0];
    expect(read?.Labels.map((l) => l.name)).toEqual(['Very urgent']);
    expect((await h.api.post(person, `${MTN}/label/remove`, body)).status).toBe(204);
    read = listNamed(await readBoard(h, person), 'NOT STARTED').Cards[0];
    expect(read?.Labels).toEqual([]);
  });

  it('accepts ten labels (one per colour) and refuses the eleventh, leaving ten', async () => {
    const { person } = await member();
    for (const color of LABEL_COLORS) {
      const res = await h.api.post(person, `${MTN}/label/upsert`, { name: color, color, userId: person.userId });
      expect(res.status).toBe(201);
    }
    const board = await readBoard(h, person);
    expect(board.board.labelCount).toBe(10);
    expect(board.board.abilities.createLabel).toBe(true);
    const eleventh = await h.api.post(person, `${MTN}/label/upsert`, {
      name: 'one more',
      color: 'red-200',
      userId: person.userId,
    });
    expect(eleventh.status).toBe(400);
    expect(eleventh.body).toMatchObject({ error: BOARD_ERRORS.colorTaken });
    const labels = await h.api.get<{ labels: unknown[] }>(person, `${MTN}/label/read-many?userId=${person.userId}`);
    expect(labels.body.labels).toHaveLength(10);
  });

  it("refuses another board's label on a card (404) and a label of a board the caller may see elsewhere (400)", async () => {
    const mine = await member();
    const theirs = await member();
    const label = await h.api.post<{ label: { id: number } }>(theirs.person, `${MTN}/label/upsert`, {
      color: 'green-200',
      userId: theirs.person.userId,
    });
    const card = await addCard(h, mine.person, mine.list('NOT STARTED').id, 'Mine');
    const res = await h.api.post(mine.person, `${MTN}/label/add`, { LabelId: label.body.label.id, CardId: card.id });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: BOARD_ERRORS.labelNotFound });
    const byAdmin = await h.api.post(admin, `${MTN}/label/add`, { LabelId: label.body.label.id, CardId: card.id });
    expect(byAdmin.status).toBe(400);
    expect(byAdmin.body).toEqual({ error: BOARD_ERRORS.labelOtherBoard });
  });
});

describe('attachments and the cover', () => {
  it('attaches uploaded images, makes one the cover, and clears the cover when that attachment goes', async () => {
    const { person, list } = await member();
    const card = await addCard(h, person, list('NOT STARTED').id, 'Photo shoot');
    const first = await h.api.post<{ attachment: { id: number; fileUrl: string } }>(
      person,
      `${MTN}/attachment/upsert`,
      {
        fileUrl: uploaded(1),
        fileName: 'front.png',
        CardId: card.id,
      },
    );
    expect(first.status).toBe(201);
    expect(first.body.attachment).toMatchObject({ fileUrl: uploaded(1), fileName: 'front.png', CardId: card.id });
    await h.api.post(person, `${MTN}/attachment/upsert`, {
      fileUrl: uploaded(2, 'jpg'),
      fileName: 'back.jpg',
      CardId: card.id,
    });

    const cover = await h.api.post<{ card: CardBody }>(person, `${MTN}/card/upsert`, {
      id: card.id,
      title: card.title,
      ListId: card.ListId,
      coverPhotoUrl: uploaded(1),
    });
    expect(cover.status).toBe(200);
    expect(cover.body.card.coverPhotoUrl).toBe(uploaded(1));
    expect(cover.body.card.Attachments).toHaveLength(2);

    // Not an attachment of this card (a non-image address, or an image elsewhere): refused, the cover stays.
    for (const url of ['https://example.com/file.pdf', uploaded(3)]) {
      const res = await h.api.post(person, `${MTN}/card/upsert`, {
        id: card.id,
        title: card.title,
        ListId: card.ListId,
        coverPhotoUrl: url,
      });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ errors: { coverPhotoUrl: BOARD_ERRORS.coverNotAttachment } });
    }
    // Only files uploaded through /upload (all images) can be attached.
    for (const fileUrl of ['https://example.com/a.pdf', '/upload/files/notes.txt', 'javascript:alert(1)']) {
      const res = await h.api.post(person, `${MTN}/attachment/upsert`, { fileUrl, fileName: 'x', CardId: card.id });
      expect(res.status).toBe(400);
    }
    expect((await h.api.del(person, `${MTN}/attachment/${first.body.attachment.id}`)).status).toBe(204);
    const after = listNamed(await readBoard(h, person), 'NOT STARTED').Cards[0];
    expect(after?.coverPhotoUrl).toBeNull();
    expect(after?.Attachments.map((a) => a.fileName)).toEqual(['back.jpg']);

    // Remove Cover: null clears it.
    await h.api.post(person, `${MTN}/card/upsert`, {
      id: card.id,
      title: card.title,
      ListId: card.ListId,
      coverPhotoUrl: uploaded(2, 'jpg'),
    });
    const removed = await h.api.post<{ card: CardBody }>(person, `${MTN}/card/upsert`, {
      id: card.id,
      title: card.title,
      ListId: card.ListId,
      coverPhotoUrl: null,
    });
    expect(removed.body.card.coverPhotoUrl).toBeNull();
  });
});

describe('comments', () => {
  it('adds a comment with mentioned coaches and the author; refuses empty comments and mentions of non-coaches', async () => {
    const { person, list } = await member('Mona Member');
    const card = await addCard(h, person, list('NOT STARTED').id, 'Listing copy');
    const res = await h.api.post<{ activity: CardBody['Activities'][number] & { CardId: number } }>(
      person,
      `${MTN}/activity/upsert`,
      { comment: '  Please review  ', CardId: card.id, mentionedUsers: [coach.userId] },
    );
    expect(res.status).toBe(201);
    expect(res.body.activity).toMatchObject({
      comment: 'Please review',
      CardId: card.id,
      User: { id: person.userId, fullName: 'Mona Member' },
      TaggedUsers: [{ id: coach.userId, fullName: 'Cora Coach', email: coach.email }],
    });
    for (const comment of ['', '   ', undefined]) {
      const empty = await h.api.post(person, `${MTN}/activity/upsert`, { comment, CardId: card.id });
      expect(empty.status).toBe(400);
      expect(empty.body).toMatchObject({ error: BOARD_ERRORS.emptyComment });
    }
    const notCoach = await h.api.post(person, `${MTN}/activity/upsert`, {
      comment: 'hi',
      CardId: card.id,
      mentionedUsers: [admin.userId],
    });
    expect(notCoach.status).toBe(400);
    expect(notCoach.body).toMatchObject({ error: BOARD_ERRORS.mentionNotCoach });
    // The coach reviewing the board comments too; the member cannot edit the coach's comment.
    const byCoach = await h.api.post<{ activity: { id: number } }>(coach, `${MTN}/activity/upsert`, {
      comment: 'Looks good',
      CardId: card.id,
    });
    expect(byCoach.status).toBe(201);
    const edit = await h.api.post(person, `${MTN}/activity/upsert`, {
      id: byCoach.body.activity.id,
      comment: 'no',
      CardId: card.id,
    });
    expect(edit.status).toBe(403);
    const read = listNamed(await readBoard(h, person), 'NOT STARTED').Cards[0];
    expect(read?.Activities.map((a) => a.comment)).toEqual(['Looks good', 'Please review']);
  });

  it('writes board.comment-mentioned in the outbox only when coaches are mentioned', async () => {
    const { person, list } = await member('Nina Member');
    const card = await addCard(h, person, list('NOT STARTED').id, 'Supplier call');
    await h.api.post(person, `${MTN}/activity/upsert`, { comment: 'no mention', CardId: card.id });
    const res = await h.api.post<{ activity: { id: number } }>(person, `${MTN}/activity/upsert`, {
      comment: 'with mention',
      CardId: card.id,
      mentionedUsers: [coach.userId],
    });
    const rows = await h.service.database.db
      .selectFrom('outbox')
      .select(['type', 'data'])
      .where('type', '=', 'board.comment-mentioned')
      .execute();
    const mine = rows.filter((r) => (r.data as { cardId: number }).cardId === card.id);
    expect(mine.map((r) => r.data)).toEqual([
      {
        commentId: res.body.activity.id,
        cardId: card.id,
        cardTitle: 'Supplier call',
        boardUserId: person.userId,
        memberName: 'Nina Member',
        authorId: person.userId,
        authorName: 'Nina Member',
        comment: 'with mention',
        mentionedUserIds: [coach.userId],
      },
    ]);
  });
});

describe('checklists', () => {
  it('adds checklists and items, ticks them, reports the floor percentage, deletes by body id', async () => {
    const { person, list } = await member();
    const card = await addCard(h, person, list('NOT STARTED').id, 'Launch');
    const checklist = await h.api.post<{ checklist: { id: number; progress: number } }>(
      person,
      `${MTN}/checkList/upsert`,
      {
        title: 'Before launch',
        CardId: card.id,
      },
    );
    expect(checklist.status).toBe(201);
    expect(checklist.body.checklist).toMatchObject({
      title: 'Before launch',
      CardId: card.id,
      CheckListItems: [],
      progress: 0,
    });
    const checkListId = checklist.body.checklist.id;
    const items: number[] = [];
    for (const title of ['Photos', 'Copy', '**Price**']) {
      const item = await h.api.post<{ item: { id: number } }>(person, `${MTN}/checkListItem/upsert`, {
        title,
        completed: false,
        CheckListId: checkListId,
      });
      expect(item.status).toBe(201);
      expect(item.body.item).toMatchObject({ title, completed: false, CheckListId: checkListId });
      items.push(item.body.item.id);
    }
    const tick = await h.api.post(person, `${MTN}/checkListItem/upsert`, {
      id: items[0],
      title: 'Photos',
      completed: true,
      CheckListId: checkListId,
    });
    expect(tick.status).toBe(200);
    expect(tick.body).toMatchObject({ item: { completed: true } });
    let read = listNamed(await readBoard(h, person), 'NOT STARTED').Cards[0];
    expect(read?.CheckLists[0]?.progress).toBe(33);
    const renamed = await h.api.post(person, `${MTN}/checkList/upsert`, {
      id: checkListId,
      title: 'Launch day',
      CardId: card.id,
    });
    expect(renamed.body).toMatchObject({ checklist: { title: 'Launch day', progress: 33 } });
    expect((await h.api.del(person, `${MTN}/checkListItem`, { id: items[2] })).status).toBe(204);
    read = listNamed(await readBoard(h, person), 'NOT STARTED').Cards[0];
    expect(read?.CheckLists[0]?.progress).toBe(50);
    expect((await h.api.del(person, `${MTN}/checkList`, { id: checkListId })).status).toBe(204);
    read = listNamed(await readBoard(h, person), 'NOT STARTED').Cards[0];
    expect(read?.CheckLists).toEqual([]);
    expect((await h.api.del(person, `${MTN}/checkList`, {})).status).toBe(400);
    expect(
      (await h.api.post(person, `${MTN}/checkListItem/upsert`, { title: 'x', CheckListId: checkListId })).status,
    ).toBe(404);
  });
});

describe('the Master Template', () => {
  it("is every admin's board; a member's board is copied from it on first open; reset restores the current template", async () => {
    const template = await readBoard(h, admin);
    expect(template.board).toMatchObject({ isTemplate: true, fullName: 'Master Template' });
    expect(template.board.abilities).toMatchObject({ edit: true, reset: false, deleteCards: true, deleteLists: true });
    const otherAdmin = await h.person('admin');
    expect((await readBoard(h, otherAdmin)).lists.map((l) => l.id)).toEqual(template.lists.map((l) => l.id));

    // The admin fills the template: a card with a label, a checklist with an item and an attachment as cover.
    const ns = listNamed(template, 'NOT STARTED').id;
    const stamp = `Template task ${Date.now()}`;
    const card = await addCard(h, admin, ns, stamp, { description: 'Do it' });
    const label = await h.api.post<{ label: { id: number } }>(admin, `${MTN}/label/upsert`, {
      name: `T${Date.now() % 1000}`,
      color: LABEL_COLORS[(Date.now() % 10) as 0],
      userId: admin.userId,
    });
    expect(label.status).toBe(201);
    await h.api.post(admin, `${MTN}/label/add`, { LabelId: label.body.label.id, CardId: card.id });
    const checklist = await h.api.post<{ checklist: { id: number } }>(admin, `${MTN}/checkList/upsert`, {
      title: 'Steps',
      CardId: card.id,
    });
    await h.api.post(admin, `${MTN}/checkListItem/upsert`, {
      title: 'Step 1',
      CheckListId: checklist.body.checklist.id,
    });
    await h.api.post(admin, `${MTN}/attachment/upsert`, {
      fileUrl: uploaded(9),
      fileName: 'how-to.png',
      CardId: card.id,
    });
    await h.api.post(admin, `${MTN}/card/upsert`, {
      id: card.id,
      title: stamp,
      ListId: ns,
      coverPhotoUrl: uploaded(9),
    });

    // A new member gets a copy (own ids), not the template's records.
    const { person, board } = await member();
    const copied = listNamed(board, 'NOT STARTED').Cards.find((c) => c.title === stamp);
    expect(copied).toMatchObject({ description: 'Do it', coverPhotoUrl: uploaded(9) });
    expect(copied?.id).not.toBe(card.id);
    expect(copied?.Labels[0]?.userId).toBe(person.userId);
    expect(copied?.CheckLists[0]?.CheckListItems).toHaveLength(1);
    expect(copied?.Attachments.map((a) => a.fileName)).toEqual(['how-to.png']);

    // The member changes the board; the admin changes the template; reset gives the member the current template.
    await addCard(h, person, listNamed(board, 'IN PROGRESS').id, 'My own card');
    const later = `Added later ${Date.now()}`;
    await addCard(h, admin, ns, later);
    const reset = await h.api.put(person, `${MTN}/reset`, { id: person.userId });
    expect(reset.status).toBe(204);
    const after = await readBoard(h, person);
    const titles = after.lists.flatMap((l) => l.Cards.map((c) => c.title));
    expect(titles).toContain(stamp);
    expect(titles).toContain(later);
    expect(titles).not.toContain('My own card');
    expect(after.lists.map((l) => l.name)).toEqual([...FIXED_LIST_NAMES]);

    // The template itself cannot be reset; a coach cannot reset a member's board.
    expect((await h.api.put(admin, `${MTN}/reset`, { id: admin.userId })).status).toBe(403);
    expect((await h.api.put(coach, `${MTN}/reset`, { id: person.userId })).status).toBe(403);
    // Tidy the shared template for the other tests.
    await h.api.del(admin, `${MTN}/card/${card.id}`);
  });

  it('creates one board when the first opens race', async () => {
    const person = await h.person('premium');
    const reads = await Promise.all(
      Array.from({ length: 6 }, () =>
        h.api.get<{ lists: { id: number }[] }>(person, `${MTN}/list/read-many?userId=${person.userId}`),
      ),
    );
    expect(reads.map((r) => r.status)).toEqual(Array(6).fill(200));
    const ids = new Set(reads.map((r) => JSON.stringify(r.body.lists.map((l) => l.id))));
    expect(ids.size).toBe(1);
  });
});

describe('the coach picker', () => {
  it('lists coaches by name with their e-mail', async () => {
    const { person } = await member();
    const res = await h.api.get<{ coaches: { id: number; fullName: string; email: string }[] }>(
      person,
      `${MTN}/coaches`,
    );
    expect(res.status).toBe(200);
    expect(res.body.coaches).toContainEqual({
      id: coach.userId,
      fullName: 'Cora Coach',
      email: coach.email,
      photoUrl: null,
    });
    expect(res.body.coaches.every((c) => c.id !== admin.userId)).toBe(true);
  });
});

describe('the audit log of staff deletes', () => {
  const audits = async () =>
    (
      await h.service.database.db
        .selectFrom('outbox')
        .select(['data'])
        .where('type', '=', 'audit.recorded')
        .orderBy('seq')
        .execute()
    ).map((r) => r.data as Record<string, unknown>);

  it("publishes audit.recorded with the names when an admin deletes a list or a card on someone else's board", async () => {
    const { person, list } = await member('Audra Owner');
    const custom = await h.api.post<{ list: { id: number } }>(admin, `${MTN}/list/upsert`, {
      name: 'Audit scratch',
      userId: person.userId,
    });
    const card = await addCard(h, person, list('NOT STARTED').id, 'Audited card');
    const before = (await audits()).length;
    expect((await h.api.del(admin, `${MTN}/card/${card.id}`)).status).toBe(204);
    expect((await h.api.del(admin, `${MTN}/list/${custom.body.list.id}`)).status).toBe(204);
    const written = (await audits()).slice(before);
    expect(written).toEqual([
      {
        actorId: admin.userId,
        actorName: 'Ada Admin',
        impersonatorId: null,
        action: 'board.card-delete',
        subjectType: 'card',
        subjectId: String(card.id),
        subjectName: 'Audited card',
        changes: { before: { title: 'Audited card', owner: 'Audra Owner', list: 'NOT STARTED' }, after: null },
      },
      expect.objectContaining({
        action: 'board.list-delete',
        subjectType: 'list',
        subjectName: 'Audit scratch',
        changes: { before: { title: 'Audit scratch', owner: 'Audra Owner' }, after: null },
      }),
    ]);
  });
});
