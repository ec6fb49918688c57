/**
 * Scoring a quiz attempt and the quiz as a reader sees it. A question counts as right when exactly its right options
 * are chosen (no partial credit: "choose every right one" means every one); an unanswered question counts as wrong.
 */
import type { LessonQuizView, Quiz, QuizAttemptInput, QuizAttemptResponse, QuizProgress } from '@rainmakers/contracts';

/** The ids of answers that name no question of the quiz (the route refuses those attempts). */
export function unknownQuestionIds(quiz: Quiz, answers: QuizAttemptInput['answers']): string[] {
  const known = new Set(quiz.questions.map((q) => q.id));
  return answers.filter((a) => !known.has(a.questionId)).map((a) => a.questionId);
}

export function scoreAttempt(quiz: Quiz, answers: QuizAttemptInput['answers']): QuizAttemptResponse {
  // The last answer to a question counts when a client sends two.
  const chosen = new Map(answers.map((a) => [a.questionId, new Set(a.selected)]));
  const results = quiz.questions.map((question) => {
    const selected = chosen.get(question.id) ?? new Set<number>();
    const correct = selected.size === question.correct.length && question.correct.every((index) => selected.has(index));
    return { questionId: question.id, correct };
  });
  const right = results.filter((r) => r.correct).length;
  const score = Math.floor((right * 100) / quiz.questions.length);
  return { score, passed: score >= quiz.passMark, results };
}

export const NO_ATTEMPTS: QuizProgress = { attempts: 0, passed: false, bestScore: null };

/** The quiz for a reader: its authors get the right answers (to edit them), everyone else only the questions. */
export function quizView(quiz: Quiz, progress: QuizProgress, forAuthor: boolean): LessonQuizView {
  return {
    passMark: quiz.passMark,
    questions: quiz.questions.map((q) => ({
      id: q.id,
      prompt: q.prompt,
      options: q.options,
      multiple: q.correct.length > 1,
      ...(forAuthor ? { correct: q.correct } : {}),
    })),
    progress,
  };
}
