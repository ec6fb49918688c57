/**
 * A lesson's quiz: questions with one or several right options and a pass mark. Authors (people who may edit the
 * lesson) read it whole; everyone else reads it without `correct`. Attempts are scored on the server and kept;
 * marking a lesson with a quiz completed needs a passing attempt.
 */
import { z } from 'zod';
import { requiredText } from './fields';

export const QUIZ_MAX_QUESTIONS = 50;
export const QUIZ_MAX_OPTIONS = 10;
export const QUIZ_MIN_OPTIONS = 2;
export const QUIZ_DEFAULT_PASS_MARK = 80;
export const QUIZ_NOT_FOUND = 'This lesson has no quiz';
export const QUIZ_NOT_PASSED = "Pass the lesson's quiz to mark it completed";
export const QUIZ_UNKNOWN_QUESTION = 'One of the answers is for a question this quiz does not have';
export const QUIZ_QUESTION_ID_FORMAT = 'Use letters, digits, - and _ only';

const questionId = z
  .string({ error: 'A question needs an id' })
  .trim()
  .min(1, 'A question needs an id')
  .max(40, 'At most 40 characters')
  .regex(/^[A-Za-z0-9_-]+$/, QUIZ_QUESTION_ID_FORMAT);

const optionIndex = z
  .number({ error: 'Must be an option number' })
  .int()
  .min(0)
  .max(QUIZ_MAX_OPTIONS - 1);

export const quizQuestionSchema = z
  .object({
    id: questionId,
    prompt: requiredText(1000, 'Write the question'),
    options: z
      .array(requiredText(300, 'An option cannot be empty'), { error: 'options must be a list' })
      .min(QUIZ_MIN_OPTIONS, `Give at least ${QUIZ_MIN_OPTIONS} options`)
      .max(QUIZ_MAX_OPTIONS, `At most ${QUIZ_MAX_OPTIONS} options`),
    /** The right options' positions in `options` (0-based); more than one makes it a "choose every right one". */
    correct: z
      .array(optionIndex, { error: 'correct must be a list' })
      .min(1, 'Mark at least one right option')
      .max(QUIZ_MAX_OPTIONS),
  })
  .superRefine((question, ctx) => {
    if (new Set(question.correct).size !== question.correct.length) {
      ctx.addIssue({ code: 'custom', path: ['correct'], message: 'An option is marked right twice' });
    }
    if (question.correct.some((index) => index >= question.options.length)) {
      ctx.addIssue({ code: 'custom', path: ['correct'], message: 'A right option must be one of the options' });
    }
  });
export type QuizQuestion = z.infer<typeof quizQuestionSchema>;

export const quizSchema = z
  .object({
    /** The share of questions to get right, in percent. */
    passMark: z
      .number({ error: 'The pass mark must be a number' })
      .int('The pass mark must be a whole number')
      .min(1, 'The pass mark is 1 to 100')
      .max(100, 'The pass mark is 1 to 100'),
    questions: z
      .array(quizQuestionSchema, { error: 'questions must be a list' })
      .min(1, 'Add at least one question')
      .max(QUIZ_MAX_QUESTIONS, `At most ${QUIZ_MAX_QUESTIONS} questions`),
  })
  .superRefine((quiz, ctx) => {
    const seen = new Set<string>();
    quiz.questions.forEach((question, index) => {
      if (seen.has(question.id)) {
        ctx.addIssue({ code: 'custom', path: ['questions', index, 'id'], message: 'Two questions have this id' });
      }
      seen.add(question.id);
    });
  });
export type Quiz = z.infer<typeof quizSchema>;

/** A question as a member sees it: no right answers, only whether to pick one or several. */
export const memberQuizQuestionSchema = z.object({
  id: z.string(),
  prompt: z.string(),
  options: z.array(z.string()),
  multiple: z.boolean(),
});

/** The caller's own record with a quiz. */
export const quizProgressSchema = z.object({
  attempts: z.number().int(),
  passed: z.boolean(),
  /** Her best score so far (percent), null before the first attempt. */
  bestScore: z.number().int().nullable(),
});
export type QuizProgress = z.infer<typeof quizProgressSchema>;

/**
 * A lesson's quiz as a reader gets it: authors also get `correct` on every question (to edit it), members never.
 */
export const lessonQuizViewSchema = z.object({
  passMark: z.number().int(),
  questions: z.array(memberQuizQuestionSchema.extend({ correct: z.array(z.number().int()).optional() })),
  progress: quizProgressSchema,
});
export type LessonQuizView = z.infer<typeof lessonQuizViewSchema>;

/** POST /api/lesson/{id}/quiz/attempt */
export const quizAttemptSchema = z.object({
  answers: z
    .array(
      z.object({
        questionId: questionId,
        selected: z.array(optionIndex, { error: 'selected must be a list' }).max(QUIZ_MAX_OPTIONS),
      }),
      { error: 'answers must be a list' },
    )
    .max(QUIZ_MAX_QUESTIONS, `At most ${QUIZ_MAX_QUESTIONS} answers`),
});
export type QuizAttemptInput = z.infer<typeof quizAttemptSchema>;

export const quizAttemptResponseSchema = z.object({
  /** Percent of the questions answered right (a question is right when exactly its right options are chosen). */
  score: z.number().int(),
  passed: z.boolean(),
  results: z.array(z.object({ questionId: z.string(), correct: z.boolean() })),
});
export type QuizAttemptResponse = z.infer<typeof quizAttemptResponseSchema>;
