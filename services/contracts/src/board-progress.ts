/**
 * The progress rules of spec part 1 §5, in integer arithmetic, shared by the board service and the web so both
 * show the same figure (the web's floating-point `(29 / 50) * 100` floored to 57 where the spec says 58).
 *
 * No zod and no other import with a runtime cost: the web imports this file into the board's first load.
 */

/** `numerator / denominator` floored, for non-negative safe integers, without floating-point division. */
function floorDivide(numerator: number, denominator: number): number {
  return (numerator - (numerator % denominator)) / denominator;
}

/** Whole-number floor of `part * 100 / whole` (0 when `whole` is 0). */
export function percentFloor(part: number, whole: number): number {
  if (whole <= 0) return 0;
  return floorDivide(part * 100, whole);
}

/** `part * 100 / whole` rounded half up to a whole number (0 when `whole` is 0). */
export function percentRound(part: number, whole: number): number {
  if (whole <= 0) return 0;
  return floorDivide(part * 200 + whole, whole * 2);
}

/** Checklist percent: the whole-number floor of completed over total items (0 with no items). */
export function checklistPercent(completed: number, total: number): number {
  return percentFloor(completed, total);
}

/**
 * Board total progress: COMPLETED cards over the cards of NOT STARTED, IN PROGRESS, COMPLETED and ON HOLD, rounded;
 * 0 when none is completed.
 */
export function totalProgressPercent(completed: number, counted: number): number {
  if (completed === 0) return 0;
  return percentRound(completed, counted);
}
