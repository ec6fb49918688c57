/**
 * The tools across the whole stack, through the gateway: the Product Qualifier's results e-mail arriving in the
 * mail catcher with every answer, and a streamed AI chat yielding the stand-in's tokens in order and stopping when
 * the client stops; the seeded products are there for the premium member.
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import {
  ADDITIONAL_FEES_PERCENT_RANGE,
  type AssistantsResponse,
  answerLines,
  CSRF_COOKIE,
  CSRF_HEADER,
  type ProductBody,
  type QualifierAnswers,
  type QualifierHistoryResponse,
  SESSION_COOKIE,
} from '@rainmakers/contracts';
import { standInReply } from '../../scripts/lib/ai-stand-in';
import { type GatewaySession, readMail, seededUsers, signIn, stackInfo } from '../support/stack-client';
import { closeSystemResources } from '../support/system';

jest.setTimeout(90_000);

let premium: GatewaySession;
beforeAll(async () => {
  premium = await signIn('premium');
});
afterAll(async () => {
  await closeSystemResources();
});

describe('tools through the gateway', () => {
  it('the premium member has the three seeded products with their figures', async () => {
    const { products } = await premium.get<{ products: ProductBody[] }>('/api/product/read-many');
    const press = products.find((p) => p.title === 'Garlic press');
    expect(press).toMatchObject({ netProfitPerUnit: 9.14, profitMargin: 30.48, monthlyProfit: 2292 });
    expect((await premium.get<{ total: number }>('/api/product/count')).total).toBeGreaterThanOrEqual(3);
  });

  it('the qualifier results e-mail arrives with every answer and its feedback', async () => {
    const answers: QualifierAnswers = {
      keyword: 1,
      volume: 6_000,
      searches: 1,
      sellers: 0,
      units: 1,
      competitors: 1,
      alibaba: 1,
      standard: 2,
      'average-points': 1,
      'estimated-profit': 1,
      improve: 1,
    };
    // The member's own address: the results go nowhere else.
    const to = seededUsers.premium.email;
    const since = new Date();
    await premium.post('/api/product-qualifier/send', { score: 3, answers, result: 'x', email: to, keywords: 'yoga' });
    const mail = await readMail(to, { since, subject: 'Product Qualifier' });
    expect(mail.subject).toBe('Your Product Qualifier result: 9/10');
    for (const line of answerLines(answers)) {
      expect(mail.text).toContain(line.question);
      expect(mail.text).toContain(`Answer: ${line.answer}`);
      if (line.feedback) expect(mail.text).toContain(line.feedback);
    }
  });

  it('a streamed chat yields the stand-in tokens in order, and stops when the client stops', async () => {
    const cookie = [SESSION_COOKIE, CSRF_COOKIE].map((name) => `${name}=${premium.cookie(name)}`).join('; ');
    const headers = {
      cookie,
      'content-type': 'application/json',
      [CSRF_HEADER]: premium.cookie(CSRF_COOKIE) ?? '',
      'accept-encoding': 'gzip, br',
    };
    const read = async (message: string, stopAfter?: number) => {
      const controller = new AbortController();
      const response = await fetch(`${stackInfo().gatewayUrl}/api/ai/chat`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ assistant: 'product-creation', message }),
        signal: controller.signal,
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/event-stream');
      const reader = response.body?.getReader();
      const decoder = new TextDecoder();
      let text = '';
      const tokens: string[] = [];
      try {
        for (;;) {
          const chunk = await reader?.read();
          if (!chunk || chunk.done) break;
          text += decoder.decode(chunk.value, { stream: true });
          tokens.splice(
            0,
            tokens.length,
            ...[...text.matchAll(/event: token\ndata: (.*)\n\n/g)].map((m) => String(JSON.parse(m[1] ?? '{}').text)),
          );
          if (stopAfter !== undefined && tokens.length >= stopAfter) {
            controller.abort();
            break;
          }
        }
      } catch {
        // aborted
      }
      return { tokens, text };
    };
    const full = await read('Ideas for a yoga block?');
    expect(full.tokens).toEqual(standInReply('Ideas for a yoga block?'));
    expect(full.text).toContain('event: done');

    const stopped = await read('Stop me early', 2);
    expect(stopped.tokens).toEqual(standInReply('Stop me early').slice(0, 2));
    expect(stopped.text).not.toContain('event: done');
  });
});

describe('The qualifier history, the fee range, the AI demo flag', () => {
  const answers = (keyword: 0 | 1, volume: number): QualifierAnswers => ({
    keyword,
    volume,
    searches: 1,
    sellers: 1,
    units: 1,
    competitors: 0,
    alibaba: 1,
    standard: 0,
    'average-points': 1,
    'estimated-profit': 1,
    improve: 0,
  });

  it('keeps each rating at rating time and lists her own, newest first, a page at a time', async () => {
    const member = await signIn('courseOnly');
    const first = await member.post<{ result: { id: number; score: number } }>('/api/product-qualifier/save', {
      score: 10, // ignored: recomputed
      answers: answers(0, 1_000),
    });
    const second = await member.post<{ result: { id: number; score: number } }>('/api/product-qualifier/save', {
      score: 0,
      answers: answers(1, 6_000),
    });
    expect([first.result.score, second.result.score]).toEqual([6, 8]);
    // An e-mailed copy is not a rating of its own.
    await member.post('/api/product-qualifier/send', {
      answers: answers(1, 6_000),
      email: seededUsers.courseOnly.email,
      keywords: 'history',
    });

    const page = await member.get<QualifierHistoryResponse>('/api/product-qualifier/history?limit=1');
    expect(page.ratings).toHaveLength(1);
    expect(page.ratings[0]).toMatchObject({ id: second.result.id, score: 8, result: 'two-thumbs-up' });
    expect(page.ratings[0]?.answers).toEqual(answers(1, 6_000));
    expect(page.nextBefore).toBe(second.result.id);
    const next = await member.get<QualifierHistoryResponse>(
      `/api/product-qualifier/history?limit=1&before=${page.nextBefore}`,
    );
    expect(next.ratings[0]).toMatchObject({ id: first.result.id, score: 6, result: 'two-thumbs-down' });
    expect(Date.parse(next.ratings[0]?.createdAt ?? '')).not.toBeNaN();

    // Another member never sees them.
    const other = await signIn('basic');
    const theirs = await other.get<QualifierHistoryResponse>('/api/product-qualifier/history?limit=50');
    expect(theirs.ratings.map((r) => r.id)).not.toContain(first.result.id);
    expect(theirs.ratings.map((r) => r.id)).not.toContain(second.result.id);

    // The page size is bounded, with a field error.
    const tooMany = await member.request<{ errors: Record<string, string> }>(
      'GET',
      '/api/product-qualifier/history?limit=500',
    );
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors).toEqual({ limit: 'Must be at most 50' });
  });

  it('refuses out-of-range additional fees with a field error keyed by the field that says the range', async () => {
    const { products } = await premium.get<{ products: ProductBody[] }>('/api/product/read-many');
    const press = products.find((p) => p.title === 'Garlic press');
    if (!press) throw new Error('the seeded garlic press is missing');
    for (const additionalFees of [60, -1, 80]) {
      const refused = await premium.request<{ errors: Record<string, string> }>('POST', '/api/product/upsert', {
        product: { ...press, additionalFees },
        typeAdditionalFees: 'percentage',
      });
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toEqual({ additionalFees: ADDITIONAL_FEES_PERCENT_RANGE });
    }
    const after = await premium.get<{ products: ProductBody[] }>('/api/product/read-many');
    expect(after.products.find((p) => p.id === press.id)?.additionalFees).toBe(press.additionalFees);
  });

  it('tells the web that the AI endpoint is the demo stand-in', async () => {
    const body = await premium.get<AssistantsResponse>('/api/ai/assistants');
    expect(body).toMatchObject({ configured: true, demo: true });
  });
});
