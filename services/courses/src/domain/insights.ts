/** Course insights' rules: the funnel's drops and its steepest one. Pure. */

export interface FunnelStep {
  id: number;
  completed: number;
}

/**
 * Each lesson's drop: members lost since the step before (members started, for the first lesson), never below 0
 * (a member may complete a later lesson without an earlier one). The steepest drop is the largest one, the first of
 * equal ones; null when no lesson loses anyone.
 */
export function funnelDrops<S extends FunnelStep>(
  started: number,
  steps: readonly S[],
): { steps: (S & { drop: number })[]; steepestDropLessonId: number | null } {
  let before = started;
  let steepest: { id: number; drop: number } | null = null;
  const withDrops = steps.map((step) => {
    const drop = Math.max(0, before - step.completed);
    before = step.completed;
    if (drop > 0 && (steepest === null || drop > steepest.drop)) steepest = { id: step.id, drop };
    return { ...step, drop };
  });
  return { steps: withDrops, steepestDropLessonId: (steepest as { id: number } | null)?.id ?? null };
}
