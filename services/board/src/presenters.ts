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
  CheckList,
  CheckListItem,
  LabelColor,
  PersonRef,
  ReviewQueueCard,
} from '@rainmakers/contracts';
import { checklistPercent } from './domain/progress';
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
  };
}

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
  cards.flatMap((c) => c.comments.flatMap((m) => [m.authorId, ...m.mentionedUserIds]));

export const presentNotification = (n: NotificationRecord): AppNotification => ({
  id: n.id,
  kind: n.kind,
  cardId: n.cardId,
  cardTitle: n.cardTitle,
  boardOwnerId: n.boardOwnerId,
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
