/**
 * The Product Qualifier Tool's questions and scoring, written once (spec part 2 §2, §3, §4, §5, §9): the web
 * shows and scores the answers with it, and the tools service recomputes the score, rating and feedback of
 * /api/product-qualifier/save and /send from the answers with the same functions instead of trusting the client.
 * No zod here, so the web can import it as values ('@rainmakers/contracts/qualifier').
 */

export const VOLUME_MAX = 50_000;
/** Volume strictly between these scores a point. */
export const VOLUME_POINT_ABOVE = 4_000;
export const VOLUME_POINT_BELOW = 20_000;
export const MAX_SCORE = 10;
/** From this score the congratulation text shows (and one thumb up). */
export const CONGRATULATION_SCORE = 7;
/** Reference average price by size tier (0 small standard, 1 large standard, 2 large and bulky). */
export const SIZE_TIER_PRICES = [20, 25, 45] as const;
export const SIZE_TIERS = ['Small standard', 'Large standard', 'Large and bulky'] as const;

export const QUALIFIER_REFRESH_QUESTION = 'Do you really want to refresh your progress?';
export const QUALIFIER_EMAIL_SENT = 'The email has been sent successfully.';
export const CONGRATULATIONS =
  'Congratulations! Your product idea scores well: it is worth taking to the next step of your research.';

/** The yes/no questions' ids, in the order they are asked (with volume and the size tier among them). */
export const YES_NO_IDS = [
  'keyword',
  'searches',
  'sellers',
  'units',
  'competitors',
  'alibaba',
  'average-points',
  'estimated-profit',
  'improve',
] as const;
export type YesNoId = (typeof YES_NO_IDS)[number];

/** The answers as stored: yes/no as 1 or 0 (null: not answered yet), volume 0..50,000, the size tier 0..2. */
export interface QualifierAnswers {
  keyword: 0 | 1 | null;
  volume: number;
  searches: 0 | 1 | null;
  sellers: 0 | 1 | null;
  units: 0 | 1 | null;
  competitors: 0 | 1 | null;
  alibaba: 0 | 1 | null;
  standard: 0 | 1 | 2 | null;
  'average-points': 0 | 1 | null;
  'estimated-profit': 0 | 1 | null;
  improve: 0 | 1 | null;
}

export const EMPTY_ANSWERS: QualifierAnswers = {
  keyword: null,
  volume: 0,
  searches: null,
  sellers: null,
  units: null,
  competitors: null,
  alibaba: null,
  standard: null,
  'average-points': null,
  'estimated-profit': null,
  improve: null,
};

export interface QualifierQuestion {
  id: YesNoId | 'volume' | 'standard';
  /** The wording; `{min}` and `{price}` are filled in from the answers. */
  question: string;
  /**
   * The 'Learn More' video's key in the site content (admins set its address on /site-content; not set, the modal
   * shows no video).
   */
  video: string;
  /** Feedback for yes and no (yes/no questions). */
  yes?: string;
  no?: string;
}

const video = (key: string) => key;

/** The ten questions in order (the size tier's follow-up, 'average-points', is asked under it). */
export const QUESTIONS: readonly QualifierQuestion[] = [
  {
    id: 'keyword',
    question: 'Is there a main keyword that describes your product, that shoppers actually search for?',
    video: video('qualifier-keyword'),
    yes: 'Good: a clear main keyword makes the product easy to find and to advertise.',
    no: 'Without a main keyword shoppers search for, the product will be hard to find. Look for one first.',
  },
  {
    id: 'volume',
    question: 'What is the monthly search volume of the main keyword?',
    video: video('qualifier-volume'),
  },
  {
    id: 'searches',
    question: 'Are there at least 3 other related keywords with at least {min} monthly searches each?',
    video: video('qualifier-related'),
    yes: 'Good: related keywords bring traffic beyond the main keyword.',
    no: 'Few related keywords means the main keyword carries all of the traffic.',
  },
  {
    id: 'sellers',
    question: 'Do at least 3 sellers on the first page sell 300 or more units a month?',
    video: video('qualifier-sellers'),
    yes: 'Good: there is proven demand for this product.',
    no: 'Demand looks thin: check that the top sellers really sell 300 or more units a month.',
  },
  {
    id: 'units',
    question: 'Is there a seller with 150 or more sales a month and under 100 to 150 reviews?',
    video: video('qualifier-units'),
    yes: 'Good: a newer listing is selling well, so a new seller can break in.',
    no: 'Only long-established listings sell well here: breaking in will be harder.',
  },
  {
    id: 'competitors',
    question: 'Are there fewer than 11 competitors on the first page with over 1,000 reviews?',
    video: video('qualifier-competitors'),
    yes: 'Good: the first page is not dominated by heavily reviewed listings.',
    no: 'Many competitors with over 1,000 reviews: this market is hard to enter.',
  },
  {
    id: 'alibaba',
    question: 'Can you find the product, or a close match, from suppliers on Alibaba?',
    video: video('qualifier-alibaba'),
    yes: 'Good: you can source it and compare suppliers.',
    no: 'Without suppliers to compare, sourcing will take longer and cost more.',
  },
  {
    id: 'standard',
    question: 'What size tier is the product?',
    video: video('qualifier-size'),
  },
  {
    id: 'estimated-profit',
    question: 'Will you make a profit of around $5 per unit or more after all fees?',
    video: video('qualifier-profit'),
    yes: 'Good: around $5 a unit leaves room for advertising and promotions.',
    no: 'A thin profit leaves no room for advertising: run the numbers in the Power Profit Tool.',
  },
  {
    id: 'improve',
    question: 'Can you improve on the existing products, from what their reviews complain about?',
    video: video('qualifier-improve'),
    yes: 'Good: an improvement gives shoppers a reason to choose you.',
    no: 'Without an improvement you compete on price alone.',
  },
];

/** The size tier's follow-up: asked once a tier is picked. */
export const AVERAGE_PRICE_QUESTION: QualifierQuestion = {
  id: 'average-points',
  question: 'Is the average price of the top sellers at or above {price}?',
  video: video('qualifier-size'),
  yes: 'Good: the price leaves room for the fees of this size tier.',
  no: 'At this price, the fees of this size tier will eat most of the margin.',
};

/** The reference average price of a size tier (20, 25 or 45 dollars); null until a tier is picked. */
export const referencePrice = (tier: number | null): number | null =>
  tier === null ? null : (SIZE_TIER_PRICES[tier] ?? null);

/** The related-keyword minimum searches: 50 % of volume under 4,000; 15 % from 4,000 to 10,000; 10 % above. */
export function relatedKeywordMinimum(volume: number): number {
  const share = volume < 4_000 ? 0.5 : volume <= 10_000 ? 0.15 : 0.1;
  return Math.round(volume * share);
}

export type VolumeBand = 'none' | 'low' | 'sweet' | 'high';
export const VOLUME_FEEDBACK: Record<Exclude<VolumeBand, 'none'>, string> = {
  low: 'Launching a product with fewer than 4,000 monthly searches is not recommended.',
  sweet: 'This is the sweet spot: enough searches to sell, without the biggest budgets competing.',
  high: 'A keyword this big may need a higher advertising budget to rank.',
};

export function volumeBand(volume: number): VolumeBand {
  if (volume < 1) return 'none';
  if (volume < 4_000) return 'low';
  if (volume < 25_000) return 'sweet';
  return 'high';
}

/** The volume as the slider shows it: '50,000+' at the top. */
export const formatVolume = (volume: number): string =>
  volume >= VOLUME_MAX ? '50,000+' : volume.toLocaleString('en-US');

/** Each yes is a point; a volume above 4,000 and below 20,000 is one more; at most 10. */
export function qualifierScore(answers: QualifierAnswers): number {
  // The size tier's follow-up counts only once a tier is picked.
  const yes = YES_NO_IDS.filter(
    (id) => answers[id] === 1 && (id !== 'average-points' || answers.standard !== null),
  ).length;
  const volume = answers.volume > VOLUME_POINT_ABOVE && answers.volume < VOLUME_POINT_BELOW ? 1 : 0;
  return Math.min(MAX_SCORE, yes + volume);
}

export type Rating = 'two-thumbs-down' | 'one-thumb-up' | 'two-thumbs-up';
export const RATING_LABELS: Record<Rating, string> = {
  'two-thumbs-down': 'Two thumbs down',
  'one-thumb-up': 'One thumb up',
  'two-thumbs-up': 'Two thumbs up',
};
/** The results video of each band (7, 8 or more, 6 or less): keys, as QualifierQuestion.video. */
export const RATING_VIDEOS: Record<Rating, string> = {
  'two-thumbs-down': video('qualifier-result-low'),
  'one-thumb-up': video('qualifier-result-seven'),
  'two-thumbs-up': video('qualifier-result-high'),
};

/** 6 or less: two thumbs down; exactly 7: one thumb up; 8 or more: two thumbs up. */
export function rating(score: number): Rating {
  if (score >= 8) return 'two-thumbs-up';
  if (score === CONGRATULATION_SCORE) return 'one-thumb-up';
  return 'two-thumbs-down';
}

export const showsCongratulations = (score: number): boolean => score >= CONGRATULATION_SCORE;

/** The questions still unanswered (every question is required before rating), by id. */
export function missingAnswers(answers: QualifierAnswers): string[] {
  const missing: string[] = [];
  for (const q of QUESTIONS) {
    if (q.id === 'volume') continue;
    if (answers[q.id] === null) missing.push(q.id);
    if (q.id === 'standard' && answers.standard !== null && answers['average-points'] === null) {
      missing.push('average-points');
    }
  }
  return missing;
}

/** One line of the results e-mail payload (spec §3). */
export interface QualifierAnswerLine {
  id: string;
  question: string;
  answer: string;
  feedback: string;
  /** The size tier's follow-up. */
  extraQuestion?: string;
  extraAnswer?: string;
  points?: number;
}

const yesNo = (value: 0 | 1 | null) => (value === 1 ? 'Yes' : value === 0 ? 'No' : 'Not answered');

/** Question 3 before a search volume is set: no '0 monthly searches' threshold. */
export const RELATED_KEYWORDS_QUESTION_UNSET =
  'Are there at least 3 other related keywords with enough monthly searches each?';
/** Under question 3 while the volume is not set: where its number comes from. */
export const RELATED_KEYWORDS_HINT_UNSET = 'Set the search volume in question 2 to see how many searches each needs.';

/**
 * A question's wording for these answers: `{min}` is the related-keyword minimum once the volume gives one; before
 * that the question is worded without a number (never 'at least 0 monthly searches').
 */
export function questionText(question: QualifierQuestion, answers: QualifierAnswers): string {
  if (!question.question.includes('{min}')) return question.question;
  const min = relatedKeywordMinimum(answers.volume);
  return min > 0 ? question.question.replace('{min}', min.toLocaleString('en-US')) : RELATED_KEYWORDS_QUESTION_UNSET;
}

/**
 * Every question with its answer and feedback: the results e-mail lists them and the screen shows them under the
 * score after 'Rate My Product' (one source for both).
 */
export function answerLines(answers: QualifierAnswers): QualifierAnswerLine[] {
  const price = referencePrice(answers.standard);
  return QUESTIONS.map((q): QualifierAnswerLine => {
    const question = questionText(q, answers);
    if (q.id === 'volume') {
      const band = volumeBand(answers.volume);
      return {
        id: q.id,
        question,
        answer: formatVolume(answers.volume),
        feedback: band === 'none' ? 'No search volume entered.' : VOLUME_FEEDBACK[band],
        points: answers.volume > VOLUME_POINT_ABOVE && answers.volume < VOLUME_POINT_BELOW ? 1 : 0,
      };
    }
    if (q.id === 'standard') {
      const follow = answers['average-points'];
      return {
        id: q.id,
        question,
        answer: answers.standard === null ? 'Not answered' : (SIZE_TIERS[answers.standard] ?? ''),
        feedback:
          follow === null ? '' : ((follow === 1 ? AVERAGE_PRICE_QUESTION.yes : AVERAGE_PRICE_QUESTION.no) ?? ''),
        extraQuestion: AVERAGE_PRICE_QUESTION.question.replace('{price}', price === null ? '?' : `$${price}`),
        extraAnswer: yesNo(follow),
        points: follow === 1 ? 1 : 0,
      };
    }
    const value = answers[q.id];
    return {
      id: q.id,
      question,
      answer: yesNo(value),
      feedback: value === 1 ? (q.yes ?? '') : value === 0 ? (q.no ?? '') : '',
    };
  });
}

/** The results e-mail (plain text): score, rating, every answer with its feedback, the keyword. */
export function resultsMailText(input: { answers: QualifierAnswers; keywords: string }): {
  subject: string;
  text: string;
} {
  const score = qualifierScore(input.answers);
  const band = rating(score);
  const lines = answerLines(input.answers).flatMap((line, index) => [
    `${index + 1}. ${line.question}`,
    `   Answer: ${line.answer}`,
    ...(line.extraQuestion ? [`   ${line.extraQuestion}`, `   Answer: ${line.extraAnswer}`] : []),
    ...(line.feedback ? [`   Feedback: ${line.feedback}`] : []),
    '',
  ]);
  return {
    subject: `Your Product Qualifier result: ${score}/${MAX_SCORE}`,
    text: [
      `Keyword (TSCRK): ${input.keywords}`,
      `Score: ${score}/${MAX_SCORE} (${RATING_LABELS[band]})`,
      ...(showsCongratulations(score) ? [CONGRATULATIONS] : []),
      '',
      ...lines,
    ].join('\n'),
  };
}
