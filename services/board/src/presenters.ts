/**
 * Allow-lists of what the board service sends: a field reaches the web only when it is written here. Key names
 * follow the spec (ListId, CardId, CheckListId, Cards, Labels, Attachments, Activities, CheckLists, User...).
 */
import type {
  AppNotification,
  BoardAbilities,
  BoardActivity,
  BoardAttachment,
  BoardCard,
  BoardLabel,
  BoardList,
  BoardSummary,
  CardActivityEntry,
  CheckList,
  CheckListItem,
  LabelColor,
  PersonRef,
  ReviewQueueCard,
} from '@rainmakers/contracts';
import { cardPath } from '@rainmakers/contracts';
import { checklistPercent } from './domain/progress';
import type { OwnBoardFacts } from './store/account';
import type { ActivityRecord } from './store/activity';
import type { ListRow } from './store/boards';
import type {
  AttachmentRow,
  CardRecord,
  ChecklistItemRow,
  ChecklistRecord,
  CommentRecord,
  LabelRow,
} from './store/cards';
import type { NotificationRecord } from './store/notifications';
import type { PersonRecord } from './store/people';
import type { ReviewQueueRow } from './store/review';

export const presentPerson = (p: PersonRecord): PersonRef => ({
  id: p.userId,
  fullName: p.fullName,
  email: p.email,
  photoUrl: p.photoUrl,
});

/** `userId` is the board's owner as the caller named it (the admin's own id for the Master Template). */
export const presentLabel = (l: LabelRow, userId: number): BoardLabel => ({
  id: l.id,
  name: l.name,
  color: l.color as LabelColor,
  userId,
});

export const presentAttachment = (a: AttachmentRow): BoardAttachment => ({
  id: a.id,
  fileUrl: a.file_url,
  fileName: a.file_name,
  CardId: a.card_id,
  createdAt: a.created_at.toISOString(),
});

export function presentActivity(c: CommentRecord, people: ReadonlyMap<number, PersonRecord>): BoardActivity {
  const author = people.get(c.authorId);
  return {
    id: c.id,
    comment: c.comment,
    CardId: c.cardId,
    User: author ? presentPerson(author) : null,
    TaggedUsers: c.mentionedUserIds.flatMap((id) => {
      const person = people.get(id);
      return person ? [presentPerson(person)] : [];
    }),
    createdAt: c.createdAt.toISOString(),
  };
}

export const presentItem = (i: ChecklistItemRow): CheckListItem => ({
  id: i.id,
  title: i.title,
  completed: i.completed,
  CheckListId: i.checklist_id,
});

export const presentChecklist = (k: ChecklistRecord): CheckList => ({
  id: k.id,
  title: k.title,
  CardId: k.cardId,
  CheckListItems: k.items.map(presentItem),
  progress: checklistPercent(k.items.filter((i) => i.completed).length, k.items.length),
});

export function presentCard(c: CardRecord, userId: number, people: ReadonlyMap<number, PersonRecord>): BoardCard {
  return {
    id: c.id,
    title: c.title,
    description: c.description,
    position: c.position,
    ListId: c.listId,
    coverPhotoUrl: c.coverPhotoUrl,
    Labels: c.labels.map((l) => presentLabel(l, userId)),
    Attachments: c.attachments.map(presentAttachment),
    Activities: c.comments.map((m) => presentActivity(m, people)),
    CheckLists: c.checklists.map(presentChecklist),
    dueAt: c.dueAt ? c.dueAt.toISOString() : null,
    reviewedAt: c.reviewedAt ? c.reviewedAt.toISOString() : null,
    reviewedBy:
      c.reviewedBy === null
        ? null
        : { id: c.reviewedBy, fullName: people.get(c.reviewedBy)?.fullName ?? FORMER_REVIEWER_NAME },
  };
}

/** The reviewer's name once the board's copy of people has lost the person. */
const FORMER_REVIEWER_NAME = 'A former coach';

export const presentCardActivity = (a: ActivityRecord): CardActivityEntry =>
  ({
    type: a.type,
    at: a.at.toISOString(),
    actor: { id: a.actorId, fullName: a.actorName },
    details: a.details,
  }) as CardActivityEntry;

export function presentList(
  l: ListRow,
  cards: readonly CardRecord[],
  userId: number,
  people: ReadonlyMap<number, PersonRecord>,
): BoardList {
  return {
    id: l.id,
    name: l.name,
    position: l.position,
    userId,
    fixed: l.fixed,
    Cards: cards.map((c) => presentCard(c, userId, people)),
  };
}

export const presentSummary = (s: {
  userId: number;
  fullName: string;
  isTemplate: boolean;
  totalProgress: number;
  labelCount: number;
  abilities: BoardAbilities;
}): BoardSummary => ({ ...s });

/** The people a set of cards mentions or shows as authors. */
export const peopleOfCards = (cards: readonly CardRecord[]): number[] =>
  cards.flatMap((c) => [
    ...(c.reviewedBy === null ? [] : [c.reviewedBy]),
    ...c.comments.flatMap((m) => [m.authorId, ...m.mentionedUserIds]),
  ]);

export const presentNotification = (n: NotificationRecord): AppNotification => ({
  id: n.id,
  kind: n.kind,
  cardId: n.cardId,
  cardTitle: n.cardTitle,
  boardOwnerId: n.boardOwnerId,
  link: n.link ?? (n.cardId !== null && n.boardOwnerId !== null ? cardPath(n.boardOwnerId, n.cardId) : '/'),
  actorName: n.actorName,
  text: n.text,
  createdAt: n.createdAt.toISOString(),
  readAt: n.readAt ? n.readAt.toISOString() : null,
});

export const presentReviewCard = (c: ReviewQueueRow): ReviewQueueCard => ({
  id: c.id,
  title: c.title,
  boardId: c.boardId,
  ownerId: c.ownerId,
  memberName: c.memberName,
  listId: c.listId,
  listName: c.listName,
  enteredListAt: c.enteredListAt.toISOString(),
  latestComment: c.latestComment
    ? {
        id: c.latestComment.id,
        text: c.latestComment.text,
        authorName: c.latestComment.authorName,
        createdAt: c.latestComment.createdAt.toISOString(),
      }
    : null,
});

const isoAt = (at: Date | string | null) => (at === null ? null : new Date(at).toISOString());

/**
 * The board's part of a person's own export: her board nested as she sees it (lists, cards with labels,
 * attachments with their links, comments, checklists), her notifications and settings, and her comments on other
 * boards. Comment authors by name, and as "you" for hers: nobody else's e-mail or id.
 */
export function presentOwnBoardExport(userId: number, facts: OwnBoardFacts) {
  const byCard = <T extends { card_id: number }>(rows: readonly T[]) => {
    const map = new Map<number, T[]>();
    for (const row of rows) map.set(row.card_id, [...(map.get(row.card_id) ?? []), row]);
    return map;
  };
  const labelsById = new Map(facts.labels.map((l) => [l.id, l]));
  const labelsOf = byCard(facts.cardLabels);
  const attachmentsOf = byCard(facts.attachments);
  const commentsOf = byCard(facts.comments);
  const checklistsOf = byCard(facts.checklists);
  const itemsOf = new Map<number, OwnBoardFacts['items']>();
  for (const item of facts.items) itemsOf.set(item.checklist_id, [...(itemsOf.get(item.checklist_id) ?? []), item]);
  const card = (c: OwnBoardFacts['cards'][number]) => ({
    title: c.title,
    description: c.description,
    position: c.position,
    coverPhotoUrl: c.cover_photo_url,
    createdAt: isoAt(c.created_at),
    updatedAt: isoAt(c.updated_at),
    labels: (labelsOf.get(c.id) ?? []).flatMap((link) => {
      const label = labelsById.get(link.label_id);
      return label ? [{ name: label.name, color: label.color }] : [];
    }),
    attachments: (attachmentsOf.get(c.id) ?? []).map((a) => ({
      fileName: a.file_name,
      fileUrl: a.file_url,
      addedAt: isoAt(a.created_at),
    })),
    comments: (commentsOf.get(c.id) ?? []).map((m) => ({
      author: m.author_id === userId ? 'you' : (m.author_name ?? 'A former member'),
      comment: m.comment,
      createdAt: isoAt(m.created_at),
      updatedAt: isoAt(m.updated_at),
    })),
    checklists: (checklistsOf.get(c.id) ?? []).map((list) => ({
      title: list.title,
      items: (itemsOf.get(list.id) ?? []).map((i) => ({ title: i.title, completed: i.completed })),
    })),
  });
  return {
    board: facts.board
      ? {
          createdAt: isoAt(facts.board.createdAt),
          labels: facts.labels.map((l) => ({ name: l.name, color: l.color })),
          lists: facts.lists.map((l) => ({
            name: l.name,
            position: l.position,
            fixed: l.fixed,
            cards: facts.cards.filter((c) => c.list_id === l.id).map(card),
          })),
        }
      : null,
    commentsOnOtherBoards: facts.commentsElsewhere.map((m) => ({
      comment: m.comment,
      createdAt: isoAt(m.created_at),
      updatedAt: isoAt(m.updated_at),
    })),
    notifications: facts.notifications.map((n) => ({
      kind: n.kind,
      from: n.actor_name,
      text: n.text,
      createdAt: isoAt(n.created_at),
      readAt: isoAt(n.read_at),
    })),
    notificationSettings: facts.settings,
  };
}
