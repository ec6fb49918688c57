/**
 * Seeds Move the Needle through the public API: the Master Template (the admins' board) with realistic seller
 * tasks, labels and a checklist; then the long-standing premium member's board (created from the template on
 * first open) with cards moved across lists, a label, a checklist partly ticked, an uploaded image attached and
 * made the cover, and a comment mentioning the seeded coach (which e-mails the coach); and the coach's own board.
 * Idempotent: a template that has cards, and a member board holding MEMBER_MARKER, are left alone.
 */
import { GatewayRequestError, type GatewaySession, type HttpMethod, type SeedContext } from './context';

const MTN = '/api/move-the-needle';
export const MEMBER_MARKER = 'Photograph the garlic press bundle';

interface Card {
  id: number;
  title: string;
  ListId: number;
  position: number;
}
interface List {
  id: number;
  name: string;
  Cards: Card[];
}
interface Board {
  lists: List[];
}

/** A 64x40 green PNG: the attachment the seeded card shows as its cover. */
const COVER_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAAAoCAIAAADBrGu+AAAAPUlEQVR42u3PQQkAAAgEsEvkw352N4NPYbACS02/FgEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQGBiwU/FqJ5HG2e8gAAAABJRU5ErkJggg==',
  'base64',
);

const TEMPLATE_LABELS = [
  { name: 'High priority', color: 'red-200' },
  { name: 'Sourcing', color: 'blue-200' },
  { name: 'Listing', color: 'green-200' },
  { name: 'Marketing', color: 'purple-200' },
] as const;

const TEMPLATE_CARDS: { list: string; title: string; description: string; labels?: string[]; checklist?: string[] }[] =
  [
    {
      list: 'NOT STARTED',
      title: 'Research 10 product ideas',
      description:
        'Run each idea through the **Product Qualifier Tool** and keep the ones scoring 7 or more.\n\n- Look for 3+ reviews problems you can fix\n- Avoid fragile, seasonal and gated items',
      labels: ['Sourcing', 'High priority'],
      checklist: ['Brainstorm 20 ideas', 'Qualify each idea', 'Shortlist the best 10'],
    },
    {
      list: 'NOT STARTED',
      title: 'Order samples from two suppliers',
      description: 'Compare build quality, packaging and lead time. Ask for the price at 500 and 1,000 units.',
      labels: ['Sourcing'],
    },
    {
      list: 'NOT STARTED',
      title: 'Set up your seller account',
      description: 'Professional plan, two-step verification, and a business bank account for payouts.',
      checklist: ['Create the account', 'Verify identity', 'Add the bank account', 'Set up tax information'],
    },
    {
      list: 'IN PROGRESS',
      title: 'Calculate your profit per unit',
      description: 'Use the **Power Profit Tool** with landed cost, FBA fees and a 20% launch discount.',
      labels: ['High priority'],
    },
    {
      list: 'FUTURE ACTIONS',
      title: 'Plan Q4 holiday inventory',
      description: 'Send stock to the warehouse by mid-October; plan a gift bundle.',
      labels: ['Marketing'],
    },
    {
      list: 'PERSONAL NOTES',
      title: 'My why',
      description: 'Write down why you are building this business and read it every Monday.',
    },
  ];

/**
 * The same session, retrying calls answered 503 (a service or its database briefly unavailable while a busy
 * machine starts the stack): a 503 comes from a breaker or a failed dependency, so nothing was saved.
 */
function patient(session: GatewaySession): GatewaySession {
  const retry = async <R>(call: () => Promise<R>): Promise<R> => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await call();
      } catch (error) {
        if (!(error instanceof GatewayRequestError) || error.status !== 503 || attempt >= 20) throw error;
        await new Promise((resolve) => setTimeout(resolve, 500 * Math.min(attempt, 4)));
      }
    }
  };
  return {
    baseUrl: session.baseUrl,
    request: <T = unknown>(method: HttpMethod, path: string, body?: unknown) => session.request<T>(method, path, body),
    cookie: (name) => session.cookie(name),
    get: <T = unknown>(path: string) => retry(() => session.get<T>(path)),
    post: <T = unknown>(path: string, body?: unknown) => retry(() => session.post<T>(path, body)),
    put: <T = unknown>(path: string, body?: unknown) => retry(() => session.put<T>(path, body)),
    patch: <T = unknown>(path: string, body?: unknown) => retry(() => session.patch<T>(path, body)),
    del: <T = unknown>(path: string, body?: unknown) => retry(() => session.del<T>(path, body)),
  };
}

const listId = (board: Board, name: string) => {
  const list = board.lists.find((l) => l.name === name);
  if (!list) throw new Error(`The board has no list ${name}`);
  return list.id;
};
const findCard = (board: Board, title: string) => board.lists.flatMap((l) => l.Cards).find((c) => c.title === title);

async function readBoard(session: GatewaySession, userId: number): Promise<Board> {
  return session.get<Board>(`${MTN}/list/read-many?userId=${userId}`);
}

async function seedTemplate(admin: GatewaySession, adminId: number, log: (m: string) => void): Promise<void> {
  const template = await readBoard(admin, adminId);
  if (template.lists.some((l) => l.Cards.length > 0)) return;
  const labels: Record<string, number> = {};
  for (const label of TEMPLATE_LABELS) {
    const { label: saved } = await admin.post<{ label: { id: number } }>(`${MTN}/label/upsert`, {
      ...label,
      userId: adminId,
    });
    labels[label.name] = saved.id;
  }
  for (const spec of TEMPLATE_CARDS) {
    const { card } = await admin.post<{ card: Card }>(`${MTN}/card/upsert`, {
      title: spec.title,
      description: spec.description,
      ListId: listId(template, spec.list),
    });
    for (const name of spec.labels ?? [])
      await admin.post(`${MTN}/label/add`, { LabelId: labels[name], CardId: card.id });
    if (spec.checklist) {
      const { checklist } = await admin.post<{ checklist: { id: number } }>(`${MTN}/checkList/upsert`, {
        title: 'Steps',
        CardId: card.id,
      });
      for (const title of spec.checklist) {
        await admin.post(`${MTN}/checkListItem/upsert`, { title, completed: false, CheckListId: checklist.id });
      }
    }
  }
  log(`Master Template: ${TEMPLATE_CARDS.length} cards, ${TEMPLATE_LABELS.length} labels`);
}

async function move(session: GatewaySession, board: Board, title: string, to: string, position = 0) {
  const card = findCard(board, title);
  if (!card) return;
  await session.post(`${MTN}/card/move`, {
    cardId: card.id,
    sourceListId: card.ListId,
    destListId: listId(board, to),
    positionOnSourceList: card.position,
    positionOnDestList: position,
  });
}

async function seedMemberBoard(ctx: SeedContext): Promise<void> {
  const member = ctx.people.premium;
  const session = patient(await ctx.signInAs(member.email, member.password));
  let board = await readBoard(session, member.id);
  if (findCard(board, MEMBER_MARKER)) return;

  await move(session, board, 'Set up your seller account', 'COMPLETED');
  board = await readBoard(session, member.id);
  await move(session, board, 'Order samples from two suppliers', 'IN PROGRESS', 1);
  board = await readBoard(session, member.id);
  await move(session, board, 'Plan Q4 holiday inventory', 'ON HOLD');

  const { labels } = await session.get<{ labels: { id: number; name: string }[] }>(
    `${MTN}/label/read-many?userId=${member.id}`,
  );
  const listing = labels.find((l) => l.name === 'Listing');
  const { card } = await session.post<{ card: Card }>(`${MTN}/card/upsert`, {
    title: MEMBER_MARKER,
    description: 'White background main image, plus three lifestyle shots in the kitchen.',
    ListId: listId(board, 'IN PROGRESS'),
  });
  if (listing) await session.post(`${MTN}/label/add`, { LabelId: listing.id, CardId: card.id });

  const form = new FormData();
  form.append('image', new Blob([COVER_PNG], { type: 'image/png' }), 'main-image.png');
  const { latestUploadedFileUrl } = await session.post<{ latestUploadedFileUrl: string }>('/upload', form);
  await session.post(`${MTN}/attachment/upsert`, {
    fileUrl: latestUploadedFileUrl,
    fileName: 'main-image.png',
    CardId: card.id,
  });
  await session.post(`${MTN}/card/upsert`, {
    id: card.id,
    title: card.title,
    ListId: card.ListId,
    coverPhotoUrl: latestUploadedFileUrl,
  });

  const { checklist } = await session.post<{ checklist: { id: number } }>(`${MTN}/checkList/upsert`, {
    title: 'Shot list',
    CardId: card.id,
  });
  for (const [title, completed] of [
    ['Main image on white', true],
    ['Garlic press in use', true],
    ['Bundle contents flat lay', false],
  ] as const) {
    await session.post(`${MTN}/checkListItem/upsert`, { title, completed, CheckListId: checklist.id });
  }

  // The board learns of people from users' events: wait until its copy lists the coach before mentioning her.
  for (let tries = 0; ; tries++) {
    const { coaches } = await session.get<{ coaches: { id: number }[] }>(`${MTN}/coaches`);
    if (coaches.some((c) => c.id === ctx.people.coach.id)) break;
    if (tries > 300) throw new Error('The board service never learned of the seeded coach');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await session.post(`${MTN}/activity/upsert`, {
    comment: `@${ctx.people.coach.fullName} could you look at my main image before I launch?`,
    CardId: card.id,
    mentionedUsers: [ctx.people.coach.id],
  });

  await session.post(`${MTN}/card/upsert`, {
    title: 'Open a wholesale account with Kitchen Co.',
    description: 'Waiting for their credit application to come back.',
    ListId: listId(board, 'ON HOLD'),
  });
  ctx.log(`${member.fullName}'s board: cards in four lists, a cover, a checklist and a comment for the coach`);
}

export async function seed(ctx: SeedContext): Promise<void> {
  const admin = patient(await ctx.signInAs(ctx.people.admin.email, ctx.people.admin.password));
  await seedTemplate(admin, ctx.people.admin.id, ctx.log);
  await seedMemberBoard(ctx);
  // The coach's own board, from the template.
  const coach = patient(await ctx.signInAs(ctx.people.coach.email, ctx.people.coach.password));
  await readBoard(coach, ctx.people.coach.id);
}
