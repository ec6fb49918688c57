/**
 * Finding the board a call is about and deciding whether the person may see it. Hidden means missing: a board
 * (or a record on it) the person may not see answers the same 404 as an unknown id.
 */
import { type Actor, BOARD_ERRORS } from '@rainmakers/contracts';
import { forbidden, notFound } from '@rainmakers/kit';
import type { BoardDeps } from '../deps';
import { type BoardPerson, type BoardRef, boardKindOf, canViewBoard, hasBoardAccess, selfAsPerson } from '../policies';
import { createBoardFromTemplate, ensureTemplate, findBoardOfUser, findTemplate } from '../store/boards';
import { findPerson } from '../store/people';

export interface OpenedBoard {
  board: BoardRef;
  /** The user id the board was asked for (the admin's own id for the Master Template). */
  userId: number;
  /** '{full name}' of the owner, 'Master Template' for the template. */
  ownerName: string;
  /** The owner as the policies see her (null for the Master Template). */
  owner: BoardPerson | null;
}

export const MASTER_TEMPLATE_NAME = 'Master Template';

/** 403 for people the board is not for at all (basic, course only, premium accounts past the cut-off). */
export function requireBoardAccess(actor: Actor): void {
  if (!hasBoardAccess(actor)) throw forbidden(BOARD_ERRORS.noBoard);
}

/**
 * The board `userId` names, as `actor` may see it: an admin's id names the Master Template, a member's id their
 * board, created from the current template the first time anyone allowed to see it opens it.
 */
export async function openBoardOf(
  deps: BoardDeps,
  actor: Actor,
  userId: number,
  options: { ownerName: boolean } = { ownerName: true },
): Promise<OpenedBoard> {
  requireBoardAccess(actor);
  const self = userId === actor.userId;
  const person = self ? null : await findPerson(deps.db, userId);
  if (!self && !person) throw notFound(BOARD_ERRORS.boardNotFound);
  const owner: BoardPerson = person ? { role: person.role, createdAt: person.createdAt } : selfAsPerson(actor);
  const kind = boardKindOf(owner);
  if (kind === null) throw notFound(BOARD_ERRORS.boardNotFound);

  if (kind === 'template') {
    const probe: BoardRef = { id: 0, userId: null, isTemplate: true };
    if (!canViewBoard(actor, probe)) throw notFound(BOARD_ERRORS.boardNotFound);
    const board = (await findTemplate(deps.db)) ?? (await deps.db.transaction().execute((trx) => ensureTemplate(trx)));
    return { board, userId, ownerName: MASTER_TEMPLATE_NAME, owner: null };
  }

  // Decided before anything is created: nobody creates a board they could not see.
  if (!canViewBoard(actor, { id: 0, userId, isTemplate: false })) throw notFound(BOARD_ERRORS.boardNotFound);
  const board =
    (await findBoardOfUser(deps.db, userId)) ??
    (await deps.db.transaction().execute((trx) => createBoardFromTemplate(trx, userId)));
  // The owner's name costs a statement of its own on her own board: only the calls that show it ask for it.
  const ownerName = person?.fullName ?? (options.ownerName ? (await findPerson(deps.db, userId))?.fullName : '') ?? '';
  return { board, userId, ownerName, owner };
}

/** The board a record is on, when `actor` may see it; otherwise `message` as a 404. */
export async function boardOfRecord(
  actor: Actor,
  lookup: () => Promise<BoardRef | null>,
  message: string,
): Promise<BoardRef> {
  requireBoardAccess(actor);
  const board = await lookup();
  if (!board || !canViewBoard(actor, board)) throw notFound(message);
  return board;
}

/** The user id a board's records carry as `userId` (the template's: the admin asking). */
export const ownerIdOf = (board: BoardRef, actor: Actor) => board.userId ?? actor.userId;
