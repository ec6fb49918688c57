/**
 * `quiz-attempt`: POST /api/lesson/{id}/quiz/attempt on the seeded FBA fees quiz by the bench members, one connection
 * (what a member waits for after "Submit answers"), alternating a failing and a passing attempt. Each attempt is a
 * policy check from the cached lesson chain, scoring, and one insert of the attempt with its answers and results.
 */
import type { LessonQuizView } from '@rainmakers/contracts';
import type { ScenarioPlan } from './scenarios';
import type { SessionHeaders } from './setup';

export const QUIZ_ATTEMPT_P95_TARGET_MS = 30;
const QUIZ_COURSE = 'amazon-fba-launch-blueprint';
const QUIZ_LESSON = 'Understanding FBA Fees';

export interface BenchQuiz {
  lessonId: number;
  /** The answers that pass, and some that fail. */
  right: { questionId: string; selected: number[] }[];
  wrong: { questionId: string; selected: number[] }[];
}

/** The seeded quiz as its author reads it (with the right options), from the admin's view of its lesson. */
export async function seededQuiz(gatewayUrl: string, admin: SessionHeaders): Promise<BenchQuiz> {
  const page = (await (await fetch(`${gatewayUrl}/api/course/${QUIZ_COURSE}`, { headers: admin.read })).json()) as {
    course: { Modules: { Lessons: { id: number; title: string }[] }[] };
  };
  const lesson = page.course.Modules.flatMap((m) => m.Lessons).find((l) => l.title === QUIZ_LESSON);
  if (!lesson) throw new Error(`the seed has no lesson "${QUIZ_LESSON}"`);
  const answer = await fetch(`${gatewayUrl}/api/course/${QUIZ_COURSE}/lessons/${lesson.id}`, { headers: admin.read });
  const { quiz } = ((await answer.json()) as { lesson: { quiz: LessonQuizView | null } }).lesson;
  if (!quiz) throw new Error(`"${QUIZ_LESSON}" has no quiz`);
  return {
    lessonId: lesson.id,
    right: quiz.questions.map((q) => ({ questionId: q.id, selected: q.correct ?? [] })),
    wrong: quiz.questions.map((q) => ({ questionId: q.id, selected: [] })),
  };
}

export function quizAttemptScenario(
  gatewayUrl: string,
  members: readonly SessionHeaders[],
  quiz: BenchQuiz,
): ScenarioPlan {
  if (members.length === 0) throw new Error('No members to take the quiz');
  let n = 0;
  return {
    key: 'quiz-attempt',
    name: 'quiz attempt (premium, 1 conn)',
    description:
      `POST /api/lesson/${quiz.lessonId}/quiz/attempt, ${members.length} members in turn, failing and passing ` +
      'attempts alternating (scored on the server, every attempt kept)',
    origin: gatewayUrl,
    connections: 1,
    targets: [{ p95BelowMs: QUIZ_ATTEMPT_P95_TARGET_MS }],
    next: () => {
      const i = n++;
      const member = members[i % members.length] as SessionHeaders;
      return {
        method: 'POST',
        path: `/api/lesson/${quiz.lessonId}/quiz/attempt`,
        headers: member.write,
        body: JSON.stringify({ answers: i % 2 === 0 ? quiz.wrong : quiz.right }),
        label: i % 2 === 0 ? 'failing' : 'passing',
      };
    },
  };
}
