/**
 * 'Go to board' on the user dashboard: shown only for people who have a Move the Needle board, by the one rule in
 * contracts (`canHaveOwnBoard`: premium accounts created on or after the 2025-02-13 cut-off have none), on top of
 * what the server lets the viewer do with the row (`abilities.openBoard`: staff viewers, premium rows).
 */
import { canHaveOwnBoard } from '@rainmakers/contracts/board-access';
import type { User } from '../../api/users';

/** Whether the row offers 'Go to board'. */
export function showsBoardLink(user: Pick<User, 'role' | 'createdAt' | 'abilities'>): boolean {
  return !!user.abilities?.openBoard && canHaveOwnBoard({ role: user.role, createdAt: user.createdAt });
}

/** Router state a board link carries, so the board page names whose board it is from the first paint. */
export const boardLinkState = (ownerName: string) => ({ ownerName });
