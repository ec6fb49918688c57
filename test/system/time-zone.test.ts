/**
 * Each person's time zone through the running stack: she sets it with POST /api/user/upsert, an unknown zone is a
 * 400 keyed timeZone, the current user carries it, and her receipt dates the purchase in it, the zone named.
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { type CurrentUser, formatDateInZone } from '@rainmakers/contracts';
import { waitFor } from '@rainmakers/kit/testing';
import { readMail } from '../support/stack-client';
import { closeSystemResources, query, signUp } from '../support/system';

jest.setTimeout(120_000);

let resourceId: number;

beforeAll(async () => {
  const [resource] = await query<{ id: number }>(
    'resources',
    `INSERT INTO resources (title, description, type, visibility, url, price, hidden, published_at)
     VALUES ('Time zone test guide', 'A paid guide', 'Article', 'For Sale', null, '19.00', false, now() - interval '1 minute')
     RETURNING id`,
  );
  resourceId = resource?.id as number;
});

afterAll(closeSystemResources);

describe("a person's time zone", () => {
  it('is null until set, refuses an unknown zone with a field error, and dates her receipt in it', async () => {
    const buyer = await signUp('zone-buyer');
    expect(buyer.currentUser.timeZone).toBeNull();

    const refused = await buyer.session.request<{ errors?: Record<string, string> }>('POST', '/api/user/upsert', {
      id: buyer.id,
      timeZone: 'Mars/Olympus_Mons',
    });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.errors ?? {})).toEqual(['timeZone']);

    const saved = await buyer.session.post<{ user: { timeZone: string | null } }>('/api/user/upsert', {
      id: buyer.id,
      timeZone: 'Asia/Tokyo',
    });
    expect(saved.user.timeZone).toBe('Asia/Tokyo');
    await waitFor(
      async () => {
        const { currentUser } = await buyer.session.get<{ currentUser: CurrentUser }>('/api/auth/me');
        return currentUser.timeZone === 'Asia/Tokyo' ? currentUser : null;
      },
      { what: 'the current user to carry her zone' },
    );

    const since = new Date();
    const intent = await buyer.session.post<{ status: string }>('/api/stripe/create-payment-intent', {
      userId: buyer.id,
      resourceId,
      paymentMethodId: 'pm_card_visa',
    });
    expect(intent.status).toBe('succeeded');
    const mail = await readMail(buyer.email, { subject: 'Your receipt', since });
    expect(mail.text).toMatch(/Date: [A-Z][a-z]+ \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M GMT\+9\n/);
    // The day in Tokyo of the moment she paid (between asking and the mail's arrival).
    const days = [since, new Date()].map((at) => `Date: ${formatDateInZone(at, 'Asia/Tokyo', { day: true })}, `);
    expect(days.some((day) => mail.text.includes(day))).toBe(true);
  });
});
