import { describe, expect, it } from '@jest/globals';
import * as contracts from '@rainmakers/contracts';
import { DEFAULT_PASS_MARK, MAX_OPTIONS, MAX_QUESTIONS, MIN_OPTIONS, quizDraftOf, quizOfDraft } from './quizDraft';

describe('the lesson form quiz draft', () => {
  it('keeps the limits the service checks', () => {
    expect([MAX_QUESTIONS, MAX_OPTIONS, MIN_OPTIONS, DEFAULT_PASS_MARK]).toEqual([
      contracts.QUIZ_MAX_QUESTIONS,
      contracts.QUIZ_MAX_OPTIONS,
      contracts.QUIZ_MIN_OPTIONS,
      contracts.QUIZ_DEFAULT_PASS_MARK,
    ]);
  });

  it('starts off for a lesson without a quiz, and sends nothing unless turned on', () => {
    const draft = quizDraftOf(null);
    expect(draft.enabled).toBe(false);
    expect(quizOfDraft(draft, false)).toBeUndefined();
    expect(quizOfDraft({ ...draft, enabled: true, passMark: '70' }, false)).toEqual({
      passMark: 70,
      questions: [{ id: draft.questions[0]?.id, prompt: '', options: ['', ''], correct: [] }],
    });
  });

  it("round-trips an author's quiz and removes it when turned off", () => {
    const view = {
      passMark: 60,
      questions: [{ id: 'a', prompt: 'Which?', options: ['x', 'y'], multiple: false, correct: [1] }],
      progress: { attempts: 0, passed: false, bestScore: null },
    };
    const draft = quizDraftOf(view);
    expect(quizOfDraft(draft, true)).toEqual({
      passMark: 60,
      questions: [{ id: 'a', prompt: 'Which?', options: ['x', 'y'], correct: [1] }],
    });
    expect(quizOfDraft({ ...draft, enabled: false }, true)).toBeNull();
  });
});
