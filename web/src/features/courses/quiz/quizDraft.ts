/** The lesson form's quiz as it is being edited, and what the upsert sends for it. Pure. */
import type { LessonQuizView, Quiz } from '@rainmakers/contracts';

/** The limits the service checks (contracts' quizSchema), repeated here for the buttons only. */
export const MAX_QUESTIONS = 50;
export const MAX_OPTIONS = 10;
export const MIN_OPTIONS = 2;
export const DEFAULT_PASS_MARK = 80;

export interface QuestionDraft {
  id: string;
  prompt: string;
  options: string[];
  correct: number[];
}

export interface QuizDraft {
  enabled: boolean;
  passMark: string;
  questions: QuestionDraft[];
}

// Not crypto.randomUUID: it exists only in secure contexts, and an id here needs to be unique in one quiz only.
export const newQuestionId = () => `q-${Math.random().toString(36).slice(2, 10)}`;
export const blankQuestion = (): QuestionDraft => ({ id: newQuestionId(), prompt: '', options: ['', ''], correct: [] });

/** The editor's state for a lesson's quiz as its author reads it (with the right answers), or a fresh one. */
export function quizDraftOf(quiz: LessonQuizView | null | undefined): QuizDraft {
  if (!quiz) return { enabled: false, passMark: String(DEFAULT_PASS_MARK), questions: [blankQuestion()] };
  return {
    enabled: true,
    passMark: String(quiz.passMark),
    questions: quiz.questions.map((q) => ({
      id: q.id,
      prompt: q.prompt,
      options: [...q.options],
      correct: [...(q.correct ?? [])],
    })),
  };
}

/**
 * What the upsert sends for the draft: the quiz, null to remove the one the lesson had, undefined to leave a lesson
 * without one as it is. Text is sent as typed; the service trims and checks it and answers field by field.
 */
export function quizOfDraft(draft: QuizDraft, hadQuiz: boolean): Quiz | null | undefined {
  if (!draft.enabled) return hadQuiz ? null : undefined;
  return {
    passMark: Number(draft.passMark),
    questions: draft.questions.map((q) => ({ id: q.id, prompt: q.prompt, options: q.options, correct: q.correct })),
  };
}
