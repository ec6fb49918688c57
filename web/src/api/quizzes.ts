/**
 * A lesson's quiz: POST /api/lesson/{id}/quiz/attempt, with the lesson's cached record kept up to date. Only types
 * come from @rainmakers/contracts.
 */
import type { CourseLesson, QuizAttemptInput, QuizAttemptResponse } from '@rainmakers/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './client';
import { courseLessonKey, useScope } from './courses';

export function attemptQuiz(lessonId: number, answers: QuizAttemptInput['answers']): Promise<QuizAttemptResponse> {
  return api(`/api/lesson/${lessonId}/quiz/attempt`, { method: 'POST', create: true, body: { answers } });
}

/**
 * POST /api/lesson/{id}/quiz/attempt. On an answer the lesson's own record with its quiz (attempts, passed, best
 * score) is updated in place: the page shows it without reading the lesson again.
 */
export function useAttemptQuiz(slug: string, lessonId: number) {
  const scope = useScope();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answers: QuizAttemptInput['answers']) => attemptQuiz(lessonId, answers),
    onSuccess: (result) => {
      queryClient.setQueryData<CourseLesson>(courseLessonKey(scope, slug, lessonId), (lesson) =>
        lesson?.quiz
          ? {
              ...lesson,
              quiz: {
                ...lesson.quiz,
                progress: {
                  attempts: lesson.quiz.progress.attempts + 1,
                  passed: lesson.quiz.progress.passed || result.passed,
                  bestScore: Math.max(lesson.quiz.progress.bestScore ?? 0, result.score),
                },
              },
            }
          : lesson,
      );
    },
  });
}
