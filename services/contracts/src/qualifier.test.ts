import { describe, expect, it } from '@jest/globals';
import {
  answerLines,
  EMPTY_ANSWERS,
  formatVolume,
  missingAnswers,
  QUESTIONS,
  type QualifierAnswers,
  qualifierScore,
  questionText,
  RELATED_KEYWORDS_QUESTION_UNSET,
  rating,
  referencePrice,
  relatedKeywordMinimum,
  resultsMailText,
  showsCongratulations,
  volumeBand,
} from './qualifier';

const allYes: QualifierAnswers = {
  keyword: 1,
  volume: 8000,
  searches: 1,
  sellers: 1,
  units: 1,
  competitors: 1,
  alibaba: 1,
  standard: 1,
  'average-points': 1,
  'estimated-profit': 1,
  improve: 1,
};

describe('score', () => {
  it('is a point per yes plus one for a volume above 4,000 and below 20,000, at most 10', () => {
    expect(qualifierScore(EMPTY_ANSWERS)).toBe(0);
    expect(qualifierScore(allYes)).toBe(10);
    expect(qualifierScore({ ...allYes, volume: 4000 })).toBe(9);
    expect(qualifierScore({ ...allYes, volume: 4001 })).toBe(10);
    expect(qualifierScore({ ...allYes, volume: 19_999 })).toBe(10);
    expect(qualifierScore({ ...allYes, volume: 20_000 })).toBe(9);
    expect(qualifierScore({ ...allYes, improve: 0, alibaba: 0 })).toBe(8);
    // The size tier itself scores nothing; its follow-up does.
    expect(qualifierScore({ ...EMPTY_ANSWERS, standard: 2 })).toBe(0);
    expect(qualifierScore({ ...EMPTY_ANSWERS, standard: 2, 'average-points': 1 })).toBe(1);
    expect(qualifierScore({ ...EMPTY_ANSWERS, standard: null, 'average-points': 1 })).toBe(0);
  });

  it('rates 6 or less two thumbs down, exactly 7 one thumb up, 8 or more two thumbs up', () => {
    expect([0, 6, 7, 8, 10].map(rating)).toEqual([
      'two-thumbs-down',
      'two-thumbs-down',
      'one-thumb-up',
      'two-thumbs-up',
      'two-thumbs-up',
    ]);
    expect(showsCongratulations(6)).toBe(false);
    expect(showsCongratulations(7)).toBe(true);
  });
});

describe('volume and related keywords', () => {
  it('feeds back on three bands', () => {
    expect(volumeBand(0)).toBe('none');
    expect(volumeBand(1)).toBe('low');
    expect(volumeBand(3999)).toBe('low');
    expect(volumeBand(4000)).toBe('sweet');
    expect(volumeBand(24_999)).toBe('sweet');
    expect(volumeBand(25_000)).toBe('high');
    expect(formatVolume(50_000)).toBe('50,000+');
    expect(formatVolume(12_500)).toBe('12,500');
  });

  it('asks related keywords of 50 % of the volume under 4,000, 15 % to 10,000, 10 % above', () => {
    expect(relatedKeywordMinimum(3000)).toBe(1500);
    expect(relatedKeywordMinimum(4000)).toBe(600);
    expect(relatedKeywordMinimum(10_000)).toBe(1500);
    expect(relatedKeywordMinimum(10_001)).toBe(1000);
    expect(relatedKeywordMinimum(0)).toBe(0);
  });

  it('gives the size tiers their reference prices', () => {
    expect([0, 1, 2, null].map(referencePrice)).toEqual([20, 25, 45, null]);
  });
});

describe('answers', () => {
  it('lists what is missing, the follow-up once a tier is picked', () => {
    expect(missingAnswers(EMPTY_ANSWERS)).toHaveLength(9);
    expect(missingAnswers({ ...allYes, 'average-points': null })).toEqual(['average-points']);
    expect(missingAnswers(allYes)).toEqual([]);
  });

  it('writes every answer with its feedback into the e-mail', () => {
    const lines = answerLines({ ...allYes, volume: 3000, improve: 0 });
    expect(lines).toHaveLength(10);
    expect(lines[1]).toMatchObject({ id: 'volume', answer: '3,000', points: 0 });
    expect(lines[2]?.question).toContain('at least 1,500 monthly searches');
    expect(lines[7]).toMatchObject({
      id: 'standard',
      answer: 'Large standard',
      extraQuestion: 'Is the average price of the top sellers at or above $25?',
      extraAnswer: 'Yes',
      points: 1,
    });
    const mail = resultsMailText({ answers: { ...allYes, volume: 3000, improve: 0 }, keywords: 'garlic press' });
    expect(mail.subject).toBe('Your Product Qualifier result: 8/10');
    expect(mail.text).toContain('Keyword (TSCRK): garlic press');
    expect(mail.text).toContain('Two thumbs up');
    expect(mail.text).toContain('Without an improvement you compete on price alone.');
  });

  it('words question 3 without a 0 threshold until the volume is set', () => {
    const related = QUESTIONS.find((q) => q.id === 'searches');
    if (!related) throw new Error('question 3 is missing');
    expect(questionText(related, EMPTY_ANSWERS)).toBe(RELATED_KEYWORDS_QUESTION_UNSET);
    expect(questionText(related, { ...EMPTY_ANSWERS, volume: 8_000 })).toContain('at least 1,200 monthly searches');
    expect(
      answerLines(EMPTY_ANSWERS)
        .map((l) => l.question)
        .join(' '),
    ).not.toMatch(/\b0 monthly/);
  });
});
