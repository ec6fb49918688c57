import { describe, expect, it } from '@jest/globals';
import type { Quiz } from '@rainmakers/contracts';
import { NO_ATTEMPTS, quizView, scoreAttempt, unknownQuestionIds } from './quiz';

const quiz: Quiz = {
  passMark: 60,
  questions: [
    { id: 'fee', prompt: 'Which fee pays for storage?', options: ['Referral', 'Monthly storage'], correct: [1] },
    { id: 'kinds', prompt: 'Which are FBA fees?', options: ['Fulfilment', 'Storage', 'Parking'], correct: [0, 1] },
    { id: 'acos', prompt: 'ACoS is ad spend over...', options: ['Sales', 'Clicks'], correct: [0] },
  ],
};

describe('scoreAttempt', () => {
  it('counts a question right only when exactly its right options are chosen', () => {
    const result = scoreAttempt(quiz, [
      { questionId: 'fee', selected: [1] },
      { questionId: 'kinds', selected: [0] },
      { questionId: 'acos', selected: [0, 1] },
    ]);
    expect(result).toEqual({
      score: 33,
      passed: false,
      results: [
        { questionId: 'fee', correct: true },
        { questionId: 'kinds', correct: false },
        { questionId: 'acos', correct: false },
      ],
    });
  });

  it('passes at the pass mark, counts unanswered questions wrong and the last of two answers', () => {
    const result = scoreAttempt(quiz, [
      { questionId: 'fee', selected: [1] },
      { questionId: 'kinds', selected: [2] },
      { questionId: 'kinds', selected: [1, 0] },
    ]);
    expect(result.score).toBe(66);
    expect(result.passed).toBe(true);
    expect(result.results.map((r) => r.correct)).toEqual([true, true, false]);
    expect(
      scoreAttempt({ ...quiz, passMark: 67 }, [
        { questionId: 'fee', selected: [1] },
        { questionId: 'kinds', selected: [0, 1] },
      ]).passed,
    ).toBe(false);
    expect(scoreAttempt(quiz, []).score).toBe(0);
  });

  it('names answers for questions the quiz does not have', () => {
    expect(
      unknownQuestionIds(quiz, [
        { questionId: 'fee', selected: [] },
        { questionId: 'nope', selected: [0] },
      ]),
    ).toEqual(['nope']);
  });
});

describe('quizView', () => {
  it('gives members the questions without the right answers, and authors everything', () => {
    const member = quizView(quiz, NO_ATTEMPTS, false);
    expect(JSON.stringify(member)).not.toContain('correct');
    expect(member.questions.map((q) => q.multiple)).toEqual([false, true, false]);
    const author = quizView(quiz, NO_ATTEMPTS, true);
    expect(author.questions[1]?.correct).toEqual([0, 1]);
  });
});
