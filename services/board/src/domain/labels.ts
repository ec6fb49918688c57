/** Label rules of spec §5 (decisions.md, "Board labels"). Pure. */
import { LABEL_CREATE_LIMIT, type LabelColor } from '@rainmakers/contracts';

/** 'Create new label' is offered, and a new label accepted, only while the board has fewer than 11 labels. */
export const canAddLabel = (labelCount: number) => labelCount < LABEL_CREATE_LIMIT;

/** A colour is free for `labelId` (null: a new label) when no other label of the board uses it. */
export function colorIsFree(
  labels: readonly { id: number; color: string }[],
  color: LabelColor,
  labelId: number | null,
): boolean {
  return !labels.some((l) => l.color === color && l.id !== labelId);
}
