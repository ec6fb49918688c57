/**
 * Idempotent creates through the gateway: a product create sent while tools is frozen answers
 * 503, yet tools applies it when it resumes. The member retries with the same Idempotency-Key (as the web's API
 * client does after a 503) and gets the first answer: exactly one product, never a duplicate.
 *
 * The system project shares one stack across files: the stopped process is continued in `finally`, and the file
 * waits until tools answers through the gateway again.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it, jest } from '@jest/globals';
import { SESSION_COOKIE } from '@rainmakers/contracts';
import { waitFor } from '@rainmakers/kit/testing';
import { pidListeningOn, processState } from '../support/processes';
import { signIn, stackInfo } from '../support/stack-client';
import { closeSystemResources, query, type RawResponse, rawRequest, signUp } from '../support/system';

jest.setTimeout(180_000);

const KEY_HEADER = 'Idempotency-Key';

afterAll(async () => {
  await closeSystemResources();
});

function product(title: string) {
  return {
    title,
    description: 'Sent once, answered once',
    units: 1000,
    costPerUnit: 4.2,
    shippingCost: 1.3,
    amazonFees: 7.85,
    amazonRetailPrice: 29.99,
    promotionUnitsPerDay: 20,
    promotionPercentage: 95,
    promotionDays: 7,
    dailyAdvertisingCost: 15,
    spend: 450,
    sales: 1800,
    projectedUnits: 300,
  };
}

async function productsTitled(title: string): Promise<number> {
  const rows = await query<{ id: number }>('tools', 'SELECT id FROM products WHERE title = $1', [title]);
  return rows.length;
}

describe('Idempotency-Key on creates', () => {
  it('a product create answered 503 while tools was frozen and applied on resume is not duplicated by the retry', async () => {
    const member = await signUp('idempotent-create');
    const sessionCookie = member.session.cookie(SESSION_COOKIE);
    const title = `Idempotent ${randomUUID()}`;
    const key = randomUUID();
    const send = () =>
      rawRequest('POST', '/api/product/upsert', {
        sessionCookie,
        body: product(title),
        headers: { [KEY_HEADER]: key },
      });
    // The session's CSRF token is fetched before tools stops (it comes from the gateway and auth, not tools).
    expect((await member.session.request('GET', '/api/product/count')).status).toBe(200);

    const pid = await pidListeningOn(stackInfo().ports.tools);
    let first: RawResponse;
    process.kill(pid, 'SIGSTOP');
    try {
      // The signal is delivered asynchronously: the state reads 'R' for a moment after kill() returns.
      await waitFor(async () => ((await processState(pid)) === 'T' ? true : null), { what: 'tools stopped' });
      first = await send();
    } finally {
      process.kill(pid, 'SIGCONT');
    }
    expect(first.status).toBe(503);

    // Tools resumes and applies the request it had received while frozen (what made the duplicate possible).
    await waitFor(async () => ((await productsTitled(title)) >= 1 ? true : null), {
      what: 'the frozen create to be applied on resume',
      timeoutMs: 30_000,
    });

    // The member's retry, with the same key, until tools answers through the gateway again.
    const retry = await waitFor(
      async () => {
        const answer = await send();
        return answer.status === 503 ? null : answer;
      },
      { what: 'the retry to be answered', timeoutMs: 60_000 },
    );
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.body).toMatchObject({ product: { title }, isNew: true });
    expect(await productsTitled(title)).toBe(1);

    // Once more for good measure: still the first answer, still one product.
    const again = await send();
    expect(again.status).toBe(201);
    expect((again.body as { product: { id: number } }).product.id).toBe(
      (retry.body as { product: { id: number } }).product.id,
    );
    expect(await productsTitled(title)).toBe(1);
  });

  it('the same key with another body answers 422; another person with the same key gets her own record', async () => {
    const admin = await signIn('admin');
    const key = randomUUID();
    const name = `idem-${randomUUID().slice(0, 8)}`;
    const adminCookie = admin.cookie(SESSION_COOKIE);
    const tag = (body: unknown) =>
      rawRequest('POST', '/api/tag/upsert', { sessionCookie: adminCookie, body, headers: { [KEY_HEADER]: key } });
    const created = await tag({ name });
    expect(created.status).toBe(201);
    const replayed = await tag({ name });
    expect(replayed.status).toBe(201);
    expect(replayed.body).toEqual(created.body);
    const changed = await tag({ name: `${name}-other` });
    expect(changed.status).toBe(422);
    expect(changed.body).toMatchObject({ code: 'IDEMPOTENCY_KEY_MISMATCH', error: expect.any(String) });
    expect(await query('users', 'SELECT id FROM tags WHERE name LIKE $1', [`${name}%`])).toHaveLength(1);

    // Another service's create, the same way: one category however often the admin's call is retried.
    const category = `Idempotent ${randomUUID().slice(0, 8)}`;
    const categoryKey = randomUUID();
    const sendCategory = () =>
      rawRequest('POST', '/api/resource/category/upsert', {
        sessionCookie: adminCookie,
        body: { name: category },
        headers: { [KEY_HEADER]: categoryKey },
      });
    const firstCategory = await sendCategory();
    expect(firstCategory.status).toBe(201);
    expect((await sendCategory()).body).toEqual(firstCategory.body);
    expect(await query('resources', 'SELECT id FROM resource_categories WHERE name = $1', [category])).toHaveLength(1);

    const member = await signUp('idempotent-other');
    const title = `Shared key ${randomUUID()}`;
    const mine = await rawRequest('POST', '/api/product/upsert', {
      sessionCookie: member.session.cookie(SESSION_COOKIE),
      body: product(title),
      headers: { [KEY_HEADER]: key },
    });
    expect(mine.status).toBe(201);
    expect(await productsTitled(title)).toBe(1);
  });

  it('refuses a hostile key with 400 in the error shape and creates nothing', async () => {
    const member = await signUp('idempotent-hostile');
    const title = `Hostile ${randomUUID()}`;
    for (const key of ['x'.repeat(101), 'a b', "k';--", '../../etc']) {
      const answer = await rawRequest('POST', '/api/product/upsert', {
        sessionCookie: member.session.cookie(SESSION_COOKIE),
        body: product(title),
        headers: { [KEY_HEADER]: key },
      });
      expect({ key, status: answer.status }).toEqual({ key, status: 400 });
      expect(answer.body).toMatchObject({ error: expect.any(String), errors: { [KEY_HEADER]: expect.any(String) } });
    }
    expect(await productsTitled(title)).toBe(0);
  });
});
