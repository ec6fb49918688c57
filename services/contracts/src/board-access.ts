/**
 * Who may use the Move the Needle board, shared by the screens (route guard, sidebar) and the services (the
 * actor token carries the account's createdAt), so both decide the same way.
 *
 * No zod and no other import with a runtime cost: the web imports this file (`@rainmakers/contracts/board-access`)
 * into its first page load.
 *
 * The spec leaves the exact rule open ("Account-creation cutoff date 2025-02-13 affects visibility of the Move the
 * Needle entries for one role"); our decision: premium accounts created on or after 2025-02-13 (UTC) no longer get
 * the board (they book coaching on the external calendar instead). Premium accounts created before the date, coaches
 * and admins keep it. The rule reads the role the person acts in, so an admin previewing as premium sees what an old
 * premium account sees.
 */

/** Account-creation cut-off for the Move the Needle entries (a calendar day, UTC). */
export const MEMBERSHIP_CUTOFF_DATE = '2025-02-13';

const CUTOFF_MS = Date.parse(`${MEMBERSHIP_CUTOFF_DATE}T00:00:00Z`);

/** What the rule reads of a person: the role they act in and when the account was created (ISO 8601). */
export interface BoardAccessPerson {
  role: string;
  /** Null or absent when unknown (e.g. an actor token minted from a profile cached before the field existed). */
  createdAt?: string | null | undefined;
}

/**
 * Whether the Move the Needle board is hidden from this person by the account-creation cut-off. An unknown or
 * unreadable creation date keeps the board: the cut-off never takes away a board a person may already use.
 */
export function isMoveTheNeedleHidden(person: BoardAccessPerson): boolean {
  if (person.role !== 'premium' || !person.createdAt) return false;
  const created = Date.parse(person.createdAt);
  return Number.isFinite(created) && created >= CUTOFF_MS;
}

/** Roles that may have a board of their own, before the cut-off rule. */
export const OWN_BOARD_ROLES = ['admin', 'coach', 'premium'] as const;

/**
 * Who may have (and open) a Move the Needle board of their own: admins (the Master Template), coaches, and premium
 * members on the right side of the cut-off. The board service, the gateway's dashboard and the web's route table
 * all ask this one function.
 */
export function canHaveOwnBoard(person: BoardAccessPerson): boolean {
  return (OWN_BOARD_ROLES as readonly string[]).includes(person.role) && !isMoveTheNeedleHidden(person);
}
