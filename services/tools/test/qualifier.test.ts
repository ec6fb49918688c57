/**
 * /api/product-qualifier/save and /send against real PostgreSQL and a real SMTP catcher: the server recomputes the
 * score from the answers, the results e-mail carries every answer with its feedback, bad input is a 4xx.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { answerLines, QUESTIONS, type QualifierAnswers } from '@rainmakers/contracts';
import { eventually, waitFor } from '@rainmakers/kit/testing';
import { type MailCatcher, startMailCatcher } from '../../../scripts/lib/mail-catcher';
import { countQualifierResults } from '../src/store/qualifier';
import { type Harness, startHarness } from './helpers';

const SENDS_PER_DAY = 3;
let h: Harness;
let catcher: MailCatcher;
let mailDir: string;

beforeAll(async () => {
  mailDir = await mkdtemp(path.join(tmpdir(), 'tools-mail-'));
  catcher = await startMailCatcher({ directory: mailDir, smtpPort: 0, webPort: 0 });
  h = await startHarness({
    smtpUrl: catcher.smtpUrl,
    env: { QUALIFIER_SENDS_PER_DAY: String(SENDS_PER_DAY) },
  });
});
afterAll(async () => {
  await h.stop();
  await catcher.stop();
  await rm(mailDir, { recursive: true, force: true });
});

const seven: QualifierAnswers = {
  keyword: 1,
  volume: 12_000,
  searches: 1,
  sellers: 1,
  units: 0,
  competitors: 1,
  alibaba: 1,
  standard: 0,
  'average-points': 0,
  'estimated-profit': 1,
  improve: 0,
};

describe('POST /api/product-qualifier/save', () => {
  it('recomputes the score and the rating from the answers, whatever score the client sends', async () => {
    const me = h.as('course only');
    const res = await h.api.post<{ result: { score: number; result: string } }>(me, '/api/product-qualifier/save', {
      score: 10,
      answers: seven,
    });
    expect(res.status).toBe(201);
    expect(res.body.result).toMatchObject({ score: 7, result: 'one-thumb-up' });
    const low = await h.api.post<{ result: { score: number; result: string } }>(me, '/api/product-qualifier/save', {
      score: 10,
      answers: { ...seven, keyword: 'no', volume: '30000' },
    });
    expect(low.body.result).toMatchObject({ score: 5, result: 'two-thumbs-down' });
    expect(await countQualifierResults(h.service.database.db, me.userId)).toBe(2);
  });

  it('refuses answers out of range with per-field errors', async () => {
    const me = h.as('premium');
    const res = await h.api.post<{ errors: Record<string, string> }>(me, '/api/product-qualifier/save', {
      score: 3,
      answers: { ...seven, keyword: 5, volume: 60_000, standard: 3 },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      'answers.keyword': 'Answer yes (1) or no (0)',
      'answers.volume': 'At most 50000',
      'answers.standard': 'Choose a size tier (0, 1 or 2)',
    });
    expect((await h.api.post(me, '/api/product-qualifier/save', { score: 3 })).status).toBe(400);
    expect((await h.api.post(null, '/api/product-qualifier/save', { answers: seven })).status).toBe(401);
  });
});

describe('POST /api/product-qualifier/send', () => {
  it("e-mails the result with every answer and its feedback to the member's own address", async () => {
    const email = `qualifier-${Date.now()}@example.com`;
    const me = h.as('premium', { email: email.toUpperCase() });
    // The payload of spec §3: lines with id, question, answer, feedback (the raw value travels as `value`).
    const answers = answerLines(seven).map((line) => ({
      ...line,
      value: line.id === 'volume' ? seven.volume : seven[line.id as keyof QualifierAnswers],
      ...(line.id === 'standard' ? { extraValue: seven['average-points'] } : {}),
    }));
    const res = await h.api.post(me, '/api/product-qualifier/send', {
      score: 10,
      answers,
      result: 'two-thumbs-up',
      email,
      keywords: 'garlic press',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, score: 7, result: 'one-thumb-up' });
    const [mail] = await waitFor(
      () => {
        const found = catcher.messages(email);
        return found.length > 0 ? found : null;
      },
      { what: 'the results e-mail' },
    );
    expect(mail?.subject).toBe('Your Product Qualifier result: 7/10');
    const text = mail?.text ?? '';
    expect(text).toContain('Keyword (TSCRK): garlic press');
    expect(text).toContain('One thumb up');
    expect(text).toContain('Congratulations!');
    for (const line of answerLines(seven)) {
      expect(text).toContain(line.question);
      expect(text).toContain(`Answer: ${line.answer}`);
      if (line.feedback) expect(text).toContain(line.feedback);
    }
    expect(QUESTIONS).toHaveLength(10);
  });

  it('refuses any address but her own, and mails nothing', async () => {
    const me = h.as('basic', { email: `own-${Date.now()}@example.com` });
    const victim = `victim-${Date.now()}@evil.example`;
    const res = await h.api.post<{ error: string; errors: Record<string, string> }>(me, '/api/product-qualifier/send', {
      answers: seven,
      email: victim,
      keywords: 'Your account is locked: https://evil.example/login',
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: 'Results can only be sent to your own e-mail address',
      errors: { email: 'Results can only be sent to your own e-mail address' },
    });
    // A token without the address (a profile cached before it carried one) cannot send anywhere either.
    const unknown = await h.api.post(h.as('basic', { email: null }), '/api/product-qualifier/send', {
      answers: seven,
      email: victim,
      keywords: 'x',
    });
    expect(unknown.status).toBe(503);
    expect(unknown.headers.get('retry-after')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(catcher.messages(victim)).toHaveLength(0);
  });

  it('holds a daily limit per person: past it 429 with Retry-After, and others still send', async () => {
    const email = `limited-${Date.now()}@example.com`;
    const me = h.as('premium', { email });
    const send = (who = me, to = email) =>
      h.api.post<{ error: string }>(who, '/api/product-qualifier/send', { answers: seven, email: to, keywords: 'k' });
    const results = [];
    for (let i = 0; i < SENDS_PER_DAY; i += 1) results.push((await send()).status);
    expect(results).toEqual(Array(SENDS_PER_DAY).fill(200));
    const over = await send();
    expect(over.status).toBe(429);
    expect(over.body).toEqual({
      error: 'You have e-mailed your results too many times today. Please try again later.',
    });
    const retryAfter = Number(over.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(23 * 3600);
    expect(retryAfter).toBeLessThanOrEqual(24 * 3600);
    // Concurrent sends cannot pass the limit together.
    const racer = h.as('basic', { email: `racer-${Date.now()}@example.com` });
    const raced = await Promise.all(Array.from({ length: 6 }, () => send(racer, racer.email ?? '')));
    expect(raced.filter((r) => r.status === 200)).toHaveLength(SENDS_PER_DAY);
    expect(raced.filter((r) => r.status === 429)).toHaveLength(6 - SENDS_PER_DAY);
    // Another member is not affected.
    const other = h.as('premium', { email: `other-${Date.now()}@example.com` });
    expect((await send(other, other.email ?? '')).status).toBe(200);
    await waitFor(() => (catcher.messages(email).length >= SENDS_PER_DAY ? true : null), { what: 'the sends' });
    expect(catcher.messages(email)).toHaveLength(SENDS_PER_DAY);
  });

  it('requires the e-mail and the TSCRK keyword', async () => {
    const me = h.as('basic');
    const res = await h.api.post<{ errors: Record<string, string> }>(me, '/api/product-qualifier/send', {
      answers: seven,
      email: 'not an address',
      keywords: '',
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      email: 'Enter a valid email address',
      keywords: 'This field is required',
    });
  });
});

describe('users.user-deleted', () => {
  it("removes the person's qualifier results", async () => {
    const gone = h.as('premium');
    await h.api.post(gone, '/api/product-qualifier/save', { answers: seven });
    await h.publish('users.user-deleted', { id: gone.userId });
    await eventually(async () => {
      expect(await countQualifierResults(h.service.database.db, gone.userId)).toBe(0);
    });
  });
});
