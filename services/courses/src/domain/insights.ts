/** Course insights' rules: the funnel's drops and its steepest one, the quizzes' pass rates. Pure. */
import type { CourseQuizInsight, Quiz } from '@rainmakers/contracts';

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

/** What the database counts for one lesson's quiz. */
export interface QuizTally {
  lessonId: number;
  title: string;
  quiz: Quiz;
  attempts: number;
  membersAttempted: number;
  membersPassed: number;
  attemptsToPass: number | null;
  mostMissed: { questionId: string; missed: number } | null;
}

/** A quiz's figures as the insights show them: the pass rate in whole percent, the most-missed question's prompt. */
export function quizInsights(tally: QuizTally): CourseQuizInsight {
  const { quiz, mostMissed, ...counts } = tally;
  return {
    ...counts,
    passRate: counts.membersAttempted === 0 ? null : Math.round((counts.membersPassed * 100) / counts.membersAttempted),
    mostMissed: mostMissed && {
      ...mostMissed,
      prompt: quiz.questions.find((q) => q.id === mostMissed.questionId)?.prompt ?? null,
    },
  };
}
