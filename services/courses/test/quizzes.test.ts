/**
 * Quizzes: authoring (checked, kept, removed), members read them without the right answers, attempts are scored and
 * kept, a lesson with a quiz completes only after a passing attempt, and the insights count them (a deleted person's
 * attempts go with her: progress.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  type CourseInsights,
  type CourseLesson,
  LESSON_NOT_FOUND,
  QUIZ_NOT_FOUND,
  QUIZ_NOT_PASSED,
  QUIZ_UNKNOWN_QUESTION,
  type Quiz,
} from '@rainmakers/contracts';
import { createCourseTree, createLesson, type Harness, startHarness } from './helpers';

let h: Harness;
let tree: Awaited<ReturnType<typeof createCourseTree>>;
let quizLessonId = 0;
const SLUG = 'quiz-course';

const QUIZ: Quiz = {
  passMark: 50,
  questions: [
    { id: 'storage', prompt: 'Which fee pays for storage?', options: ['Referral', 'Monthly storage'], correct: [1] },
    { id: 'fba', prompt: 'Which are FBA fees?', options: ['Fulfilment', 'Storage', 'Parking'], correct: [0, 1] },
  ],
};

const member = (userId = 601) => h.as('premium', { userId });
const attempt = (userId: number, answers: { questionId: string; selected: number[] }[]) =>
  h.api.post<Record<string, unknown>>(member(userId), `/api/lesson/${quizLessonId}/quiz/attempt`, { answers });
const readLesson = (actor: ReturnType<typeof member>, id = quizLessonId) =>
  h.api.get<{ lesson: CourseLesson }>(actor, `/api/course/${SLUG}/lessons/${id}`);

beforeAll(async () => {
  h = await startHarness();
  tree = await createCourseTree(h, { title: 'Quiz Course', slug: SLUG }, { modules: 1, lessons: 1 });
  const lesson = await createLesson(h, { title: 'Fees check', ModuleId: tree.modules[0]!.id, position: 2, quiz: QUIZ });
  quizLessonId = lesson.id;
});

afterAll(async () => {
  await h.service.stop();
});

describe('authoring a quiz', () => {
  it('answers the whole quiz to its author and keeps it when a later upsert leaves the field out', async () => {
    const again = await h.api.post<{ lesson: { quiz: Quiz | null } }>(h.admin, '/api/lesson/upsert', {
      id: quizLessonId,
      title: 'Fees check',
      ModuleId: tree.modules[0]!.id,
      content: 'Now with a short intro.',
    });
    expect(again.status).toBe(200);
    expect(again.body.lesson.quiz).toEqual(QUIZ);
    const asAuthor = await readLesson(h.admin);
    expect(asAuthor.body.lesson.quiz?.questions[1]?.correct).toEqual([0, 1]);
  });

  it('refuses a quiz that cannot be answered, keyed by the field', async () => {
    const upsert = (quiz: unknown) =>
      h.api.post<{ errors: Record<string, string> }>(h.admin, '/api/lesson/upsert', {
        title: 'Broken quiz',
        ModuleId: tree.modules[0]!.id,
        quiz,
      });
    const shape = await upsert({
      passMark: 0,
      questions: [
        { id: 'a', prompt: 'One option only?', options: ['Yes'], correct: [0] },
        { id: 'b', prompt: '', options: ['x', 'y'], correct: [] },
      ],
    });
    expect(shape.status).toBe(400);
    expect(Object.keys(shape.body.errors).sort()).toEqual([
      'quiz.passMark',
      'quiz.questions.0.options',
      'quiz.questions.1.correct',
      'quiz.questions.1.prompt',
    ]);
    const outside = await upsert({
      passMark: 50,
      questions: [{ id: 'a', prompt: 'Which?', options: ['x', 'y'], correct: [2] }],
    });
    expect(outside.body.errors).toEqual({ 'quiz.questions.0.correct': 'A right option must be one of the options' });
    const twice = await upsert({
      passMark: 50,
      questions: [
        { id: 'a', prompt: 'Which?', options: ['x', 'y'], correct: [0] },
        { id: 'a', prompt: 'And which?', options: ['x', 'y'], correct: [1] },
      ],
    });
    expect(twice.body.errors).toEqual({ 'quiz.questions.1.id': 'Two questions have this id' });
    // None of them was written.
    const lessons = await h.api.get<{ lessons: { title: string }[] }>(
      h.admin,
      `/api/lesson/read-many?CourseId=${tree.id}`,
    );
    expect(lessons.body.lessons.map((l) => l.title)).not.toContain('Broken quiz');
  });
});

describe('taking a quiz', () => {
  it('sends members the questions without the right answers', async () => {
    const res = await readLesson(member());
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).not.toContain('"correct"');
    expect(res.body.lesson.quiz).toEqual({
      passMark: 50,
      questions: [
        {
          id: 'storage',
          prompt: 'Which fee pays for storage?',
          options: ['Referral', 'Monthly storage'],
          multiple: false,
        },
        { id: 'fba', prompt: 'Which are FBA fees?', options: ['Fulfilment', 'Storage', 'Parking'], multiple: true },
      ],
      progress: { attempts: 0, passed: false, bestScore: null },
    });
    // The course page's open lesson carries the same view.
    const page = await h.api.get<{ course: { Modules: { Lessons: { id: number; quiz?: unknown }[] }[] } }>(
      member(),
      `/api/course/${SLUG}?moduleId=${tree.modules[0]!.id}&lessonId=${quizLessonId}`,
    );
    const opened = page.body.course.Modules[0]?.Lessons.find((l) => l.id === quizLessonId);
    expect(opened?.quiz).toEqual(res.body.lesson.quiz);
    const plain = await readLesson(member(), tree.modules[0]!.lessons[0]!);
    expect(plain.body.lesson.quiz).toBeNull();
  });

  it('refuses completion before a passing attempt, scores and keeps every attempt, then completes', async () => {
    const early = await h.api.put<{ error: string }>(member(), '/api/lesson/mark-as-completed', {
      lessonId: quizLessonId,
    });
    expect(early.status).toBe(409);
    expect(early.body.error).toBe(QUIZ_NOT_PASSED);

    const failed = await attempt(601, [{ questionId: 'fba', selected: [0] }]);
    expect(failed.status).toBe(200);
    expect(failed.body).toEqual({
      score: 0,
      passed: false,
      results: [
        { questionId: 'storage', correct: false },
        { questionId: 'fba', correct: false },
      ],
    });
    expect((await h.api.put(member(), '/api/lesson/mark-as-completed', { lessonId: quizLessonId })).status).toBe(409);

    const passed = await attempt(601, [
      { questionId: 'storage', selected: [1] },
      { questionId: 'fba', selected: [2] },
    ]);
    expect(passed.body).toMatchObject({ score: 50, passed: true });
    const done = await h.api.put<{ completed: string }>(member(), '/api/lesson/mark-as-completed', {
      lessonId: quizLessonId,
    });
    expect(done.status).toBe(200);
    expect(done.body.completed).toBe('true');
    expect((await readLesson(member())).body.lesson.quiz?.progress).toEqual({
      attempts: 2,
      passed: true,
      bestScore: 50,
    });
    // Un-marking never needs a quiz.
    expect((await h.api.put(member(), '/api/lesson/mark-as-uncompleted', { lessonId: quizLessonId })).status).toBe(200);
  });

  it('refuses answers to questions the quiz does not have, and a lesson without a quiz', async () => {
    const stale = await attempt(602, [{ questionId: 'gone', selected: [0] }]);
    expect(stale.status).toBe(400);
    expect(stale.body).toMatchObject({ error: QUIZ_UNKNOWN_QUESTION, errors: { answers: QUIZ_UNKNOWN_QUESTION } });
    const none = await h.api.post(member(602), `/api/lesson/${tree.modules[0]!.lessons[0]}/quiz/attempt`, {
      answers: [],
    });
    expect(none.status).toBe(404);
    expect(none.body).toMatchObject({ error: QUIZ_NOT_FOUND });
    const missing = await h.api.post(member(602), '/api/lesson/987654321/quiz/attempt', { answers: [] });
    expect(missing.body).toMatchObject({ error: LESSON_NOT_FOUND });
  });

  it('answers a lesson the person cannot open like a missing one', async () => {
    const gated = await createLesson(h, {
      title: 'Only for tag 88',
      ModuleId: tree.modules[0]!.id,
      Tags: [{ id: 88, name: 'inner circle' }],
      quiz: QUIZ,
    });
    const res = await h.api.post(member(603), `/api/lesson/${gated.id}/quiz/attempt`, { answers: [] });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: LESSON_NOT_FOUND });
    const tagged = await h.api.post(
      h.as('premium', { userId: 604, tagIds: [88] }),
      `/api/lesson/${gated.id}/quiz/attempt`,
      {
        answers: [],
      },
    );
    expect(tagged.status).toBe(200);
  });
});

describe('insights', () => {
  it('counts attempts, pass rate, attempts to pass and the most-missed question', async () => {
    await attempt(605, [{ questionId: 'storage', selected: [1] }]);
    const res = await h.api.get<{ insights: CourseInsights }>(h.admin, `/api/course/insights/${tree.id}`);
    expect(res.status).toBe(200);
    const quiz = res.body.insights.quizzes.find((q) => q.lessonId === quizLessonId);
    // 601: failed then passed; 602: refused (nothing kept); 605: passed at once.
    expect(quiz).toEqual({
      lessonId: quizLessonId,
      title: 'Fees check',
      attempts: 3,
      membersAttempted: 2,
      membersPassed: 2,
      passRate: 100,
      attemptsToPass: 1.5,
      mostMissed: { questionId: 'fba', prompt: 'Which are FBA fees?', missed: 3 },
    });
  });
});
