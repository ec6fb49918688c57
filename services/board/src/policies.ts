/**
 * Who may do what on Move the Needle boards, one function per action. Routes call them after requireActor (401
 * otherwise). A board the person may not see answers exactly like a missing one (404, and so does every card,
 * list, label, attachment, comment and checklist on it); a board they see but may not change answers 403.
 *
 * - The board is for admins, coaches and premium members, minus the accounts the 2025-02-13 cut-off hides
 *   (`canHaveOwnBoard`, the same function the gateway and the screens use). Others get 403 on every board call.
 * - Members (and coaches) edit their own board; coaches read every member's board and comment on it; admins do
 *   everything. Deleting cards and non-fixed lists is for admins (spec §4, §6); 'Reset board' for non-admins.
 * - The admins' board is the Master Template (decisions.md): an admin account's user id names it.
 * "Admin powers" follow actor.role, so an admin previewing as another role gets that role's view.
 */
import { type Actor, type BoardAbilities, canHaveOwnBoard, LABEL_CREATE_LIMIT } from '@rainmakers/contracts';

const isAdmin = (actor: Actor) => actor.role === 'admin';

/** A board as the policies see it: whose it is. */
export interface BoardRef {
  id: number;
  /** The owner; null for the Master Template. */
  userId: number | null;
  isTemplate: boolean;
}

/** What the board service knows of a person: the role on the account and when it was created. */
export interface BoardPerson {
  role: string;
  createdAt: string | null;
}

/** Whether this person may use the board at all (route rule of part 2 §6 and the cut-off). */
export const hasBoardAccess = (actor: Actor) => canHaveOwnBoard(actor);

/**
 * Which board a person's id names: an admin account's id names the Master Template, a coach's or a premium
 * member's (not hidden by the cut-off) their own board; anyone else has none.
 */
export function boardKindOf(person: BoardPerson): 'template' | 'member' | null {
  if (person.role === 'admin') return 'template';
  return canHaveOwnBoard(person) ? 'member' : null;
}

/** The actor as a person (their own account's role, so an admin's own board is the template). */
export const selfAsPerson = (actor: Actor): BoardPerson => ({
  role: actor.accountRole,
  createdAt: actor.createdAt ?? null,
});

const isOwn = (actor: Actor, board: BoardRef) => !board.isTemplate && board.userId === actor.userId;

export function canViewBoard(actor: Actor, board: BoardRef): boolean {
  if (!hasBoardAccess(actor)) return false;
  if (board.isTemplate) return isAdmin(actor);
  return isAdmin(actor) || isOwn(actor, board) || actor.role === 'coach';
}

/** Lists, cards, labels, attachments, checklists, reorders and moves. */
export const canEditBoard = (actor: Actor, board: BoardRef) =>
  canViewBoard(actor, board) && (isAdmin(actor) || isOwn(actor, board));
export const canComment = (actor: Actor, board: BoardRef) => canViewBoard(actor, board) && !board.isTemplate;
/** A comment is edited by its author only (others' comments are refused, admins' too). */
export const canEditComment = (actor: Actor, board: BoardRef, authorId: number) =>
  canComment(actor, board) && authorId === actor.userId;
/** Admins delete anyone's comment on a board they may comment on. */
export const canDeleteOthersComments = (actor: Actor, board: BoardRef) => canComment(actor, board) && isAdmin(actor);
/** A comment is deleted by its author, or by an admin (any comment). */
export const canDeleteComment = (actor: Actor, board: BoardRef, authorId: number) =>
  authorId === actor.userId ? canComment(actor, board) : canDeleteOthersComments(actor, board);
export const canDeleteCard = (actor: Actor, board: BoardRef) => canEditBoard(actor, board) && isAdmin(actor);
/** Fixed lists are refused by the command whatever the policy says. */
export const canDeleteList = (actor: Actor, board: BoardRef) => canEditBoard(actor, board) && isAdmin(actor);
/** The owner (not an admin: the admins' board is the template itself), or an admin for a member. */
export const canResetBoard = (actor: Actor, board: BoardRef) =>
  !board.isTemplate && canViewBoard(actor, board) && (isAdmin(actor) || isOwn(actor, board));
/** Only coaches can be mentioned in a comment (spec part 2 §6). */
export const isMentionable = (person: { role: string }) => person.role === 'coach';
/** The mention picker (coaches' names and e-mails). */
export const canListCoaches = (actor: Actor) => hasBoardAccess(actor);

/**
 * Whose boards coaches and admins review (the review queue, 'review' notifications): members with a board of
 * their own, i.e. not coaches' own boards and not the Master Template. store/review.ts says the same in SQL.
 */
export const isReviewedMember = (person: BoardPerson) => boardKindOf(person) === 'member' && person.role !== 'coach';
/** The review queue: coaches and admins (acting as such). */
export const canReadReviewQueue = (actor: Actor) => hasBoardAccess(actor) && (isAdmin(actor) || actor.role === 'coach');
/** Who replies to a member (a 'reply' notification): coaches and admins. */
export const isReviewer = (actor: Actor) => isAdmin(actor) || actor.role === 'coach';
/**
 * Marking a card reviewed (decisions.md, "Reviews and card history"): the owner's coach or an admin. Coaches are
 * not assigned to members, so every coach is every reviewed member's coach; the board must be one the review
 * queue lists (a reviewed member's: not a coach's own board, not the Master Template), and never one's own.
 * `owner` is the board owner's copy (null when the board has none).
 */
export const canReviewCard = (actor: Actor, board: BoardRef, owner: BoardPerson | null) =>
  canComment(actor, board) && isReviewer(actor) && !isOwn(actor, board) && owner !== null && isReviewedMember(owner);
/** Everyone signed in has notifications of their own (read, mark read, settings, the stream). */
export const canUseNotifications = (_actor: Actor) => true;

export function boardAbilities(
  actor: Actor,
  board: BoardRef,
  labelCount: number,
  owner: BoardPerson | null,
): BoardAbilities {
  const edit = canEditBoard(actor, board);
  return {
    edit,
    comment: canComment(actor, board),
    deleteOthersComments: canDeleteOthersComments(actor, board),
    deleteCards: canDeleteCard(actor, board),
    deleteLists: canDeleteList(actor, board),
    // The button is for non-admins (spec §6); an admin resets a member's board through the API only.
    reset: canResetBoard(actor, board) && !isAdmin(actor),
    createLabel: edit && labelCount < LABEL_CREATE_LIMIT,
    review: canReviewCard(actor, board, owner),
  };
}
