/**
 * /api/ai/* against real PostgreSQL and the local OpenAI-compatible stand-in (through the official SDK): the cards
 * and their rules, streamed answers in order, stopping, conversations per member, prompts, limits and bad input;
 * and the toolkit without an endpoint saying it is not set up.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  type Actor,
  AI_ASSISTANT_LOCKED,
  AI_DAILY_LIMIT_REACHED,
  AI_DAILY_MESSAGE_LIMIT,
  AI_MESSAGE_MAX,
  AI_NOT_SET_UP,
  type AssistantsResponse,
  MASTERMIND_TAG,
  NOVA_TAG,
} from '@rainmakers/contracts';
import { INTERNAL_TOKEN_HEADER, signActorToken } from '@rainmakers/kit';
import { client, eventually, TEST_SECRET } from '@rainmakers/kit/testing';
import { type AiStandIn, standInReply, startAiStandIn } from '../../../scripts/lib/ai-stand-in';
import { startForTest } from '../src/testing';
import { type Harness, startHarness } from './helpers';

let h: Harness;
let standIn: AiStandIn;

beforeAll(async () => {
  standIn = await startAiStandIn({ tokenDelayMs: 30 });
  h = await startHarness({ env: { AI_BASE_URL: standIn.baseUrl, AI_MODELS: 'product-creation=nova-model' } });
});
afterAll(async () => {
  await h.stop();
  await standIn.stop();
});

interface StreamEvent {
  event: string;
  data: Record<string, unknown>;
}

/** POST /api/ai/chat, reading the server-sent events as they come; `stopAfter` tokens, then the client stops. */
async function chat(as: Actor, body: Record<string, unknown>, stopAfter?: number) {
  const controller = new AbortController();
  const response = await fetch(`${h.service.url}/api/ai/chat`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [INTERNAL_TOKEN_HEADER]: signActorToken(as, TEST_SECRET) },
    body: JSON.stringify(body),
    signal: controller.signal,
  });
  const events: StreamEvent[] = [];
  if (!response.headers.get('content-type')?.includes('text/event-stream')) {
    return { status: response.status, events, body: (await response.json()) as Record<string, unknown> };
  }
  const reader = response.body?.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    while (reader) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let end = buffer.indexOf('\n\n');
      while (end !== -1) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (data) events.push({ event, data: JSON.parse(data) as Record<string, unknown> });
        end = buffer.indexOf('\n\n');
      }
      if (stopAfter !== undefined && events.filter((e) => e.event === 'token').length >= stopAfter) {
        controller.abort();
        break;
      }
    }
  } catch (error) {
    if (!controller.signal.aborted) throw error;
  }
  return { status: response.status, events, body: null };
}

const tokens = (events: StreamEvent[]) => events.filter((e) => e.event === 'token').map((e) => String(e.data.text));

describe('GET /api/ai/assistants', () => {
  it('shows every card with what is open to the person', async () => {
    const open = async (as: Actor) =>
      Object.fromEntries(
        (await h.api.get<AssistantsResponse>(as, '/api/ai/assistants')).body.assistants.map((a) => [
          a.key,
          a.available,
        ]),
      );
    expect(await open(h.as('basic'))).toEqual({
      'instagram-bio': true,
      'curriculum-coach': false,
      'product-creation': false,
      'amazon-listing': false,
      'customer-support': false,
    });
    expect(await open(h.as('premium', { tagNames: [NOVA_TAG] }))).toMatchObject({
      'curriculum-coach': false,
      'product-creation': true,
    });
    expect(await open(h.as('premium', { tagNames: ['mastermind', 'teller'] }))).toMatchObject({
      'curriculum-coach': true,
      'amazon-listing': true,
      'customer-support': true,
    });
    expect(Object.values(await open(h.as('admin')))).toEqual([true, true, true, true, true]);
    const body = (await h.api.get<AssistantsResponse>(h.as('basic'), '/api/ai/assistants')).body;
    expect(body.configured).toBe(true);
    expect(body.assistants.find((a) => a.key === 'amazon-listing')?.comingSoon).toBe(true);
    expect((await h.api.get(null, '/api/ai/assistants')).status).toBe(401);
  });
});

describe('POST /api/ai/chat', () => {
  it('streams the stand-in tokens in order, with the system prompt and the model of the assistant', async () => {
    const member = h.as('premium', { tagNames: [NOVA_TAG] });
    const { status, events } = await chat(member, { assistant: 'product-creation', message: 'A better garlic press?' });
    expect(status).toBe(200);
    expect(events[0]?.event).toBe('conversation');
    expect(tokens(events)).toEqual(standInReply('A better garlic press?'));
    expect(events.at(-1)?.event).toBe('done');
    const sent = standIn.requests.at(-1);
    expect(sent?.model).toBe('nova-model');
    expect(sent?.stream).toBe(true);
    expect(sent?.messages[0]).toMatchObject({ role: 'system' });
    expect(sent?.messages[0]?.content).toContain('product creation expert');

    // Continue the conversation: the history goes along; the list and the messages are the member's.
    const id = Number(events[0]?.data.id);
    const second = await chat(member, { assistant: 'product-creation', conversationId: id, message: 'And the box?' });
    expect(tokens(second.events).join('')).toContain('And the box?');
    expect(standIn.requests.at(-1)?.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    const list = await h.api.get<{ conversations: { id: number; title: string }[] }>(
      member,
      '/api/ai/conversations?assistant=product-creation',
    );
    expect(list.body.conversations).toEqual([expect.objectContaining({ id, title: 'A better garlic press?' })]);
    const read = await h.api.get<{ messages: { role: string; content: string }[] }>(
      member,
      `/api/ai/conversations/${id}`,
    );
    expect(read.body.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);

    // Another person cannot read, continue or delete it.
    const other = h.as('admin');
    expect((await h.api.get(other, `/api/ai/conversations/${id}`)).status).toBe(404);
    expect((await chat(other, { assistant: 'product-creation', conversationId: id, message: 'hi' })).status).toBe(404);
    expect((await h.api.del(other, `/api/ai/conversations/${id}`)).status).toBe(404);
    expect((await h.api.del(member, `/api/ai/conversations/${id}`)).status).toBe(204);
    expect((await h.api.get(member, `/api/ai/conversations/${id}`)).status).toBe(404);
  });

  it('stops the upstream call when the client stops, keeping what was streamed', async () => {
    const member = h.as('basic');
    const before = standIn.aborted();
    const { events } = await chat(member, { assistant: 'instagram-bio', message: 'Bio for a spice brand' }, 2);
    expect(tokens(events)).toHaveLength(2);
    await eventually(() => expect(standIn.aborted()).toBe(before + 1));
    const id = Number(events[0]?.data.id);
    await eventually(async () => {
      const read = await h.api.get<{ messages: { role: string; content: string }[] }>(
        member,
        `/api/ai/conversations/${id}`,
      );
      expect(read.body.messages[1]?.role).toBe('assistant');
      expect(standInReply('Bio for a spice brand').join('')).toContain(read.body.messages[1]?.content ?? 'x');
    });
  });

  it("refuses a chat the person's tags do not open, coming-soon assistants, and bad input", async () => {
    const basic = h.as('basic');
    const locked = await chat(basic, { assistant: 'curriculum-coach', message: 'hi' });
    expect(locked.status).toBe(403);
    expect(locked.body).toEqual({ error: AI_ASSISTANT_LOCKED });
    expect((await chat(h.as('admin'), { assistant: 'amazon-listing', message: 'hi' })).status).toBe(403);
    expect(
      (await chat(h.as('premium', { tagNames: [MASTERMIND_TAG] }), { assistant: 'curriculum-coach', message: 'hi' }))
        .status,
    ).toBe(200);
    const empty = await chat(basic, { assistant: 'instagram-bio', message: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body?.errors).toEqual({ message: 'This field is required' });
    const huge = await chat(basic, { assistant: 'instagram-bio', message: 'x'.repeat(100_000) });
    expect(huge.status).toBeGreaterThanOrEqual(400);
    expect(huge.status).toBeLessThan(500);
    expect(typeof huge.body?.error).toBe('string');
    const long = await chat(basic, { assistant: 'instagram-bio', message: 'x'.repeat(AI_MESSAGE_MAX + 1) });
    expect(long.status).toBe(400);
    expect((await chat(basic, { assistant: 'nobody', message: 'hi' })).status).toBe(400);
  });
});

describe('daily limit', () => {
  it(`answers 429 once the person sent ${AI_DAILY_MESSAGE_LIMIT} messages today`, async () => {
    const member = h.as('basic');
    const first = await chat(member, { assistant: 'instagram-bio', message: 'one' });
    const conversationId = Number(first.events[0]?.data.id);
    const db = h.service.database.db;
    await db
      .insertInto('ai_messages')
      .values(
        Array.from({ length: AI_DAILY_MESSAGE_LIMIT - 1 }, () => ({
          conversation_id: conversationId,
          user_id: member.userId,
          role: 'user' as const,
          content: 'earlier',
        })),
      )
      .execute();
    const refused = await chat(member, { assistant: 'instagram-bio', message: 'one more' });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: AI_DAILY_LIMIT_REACHED });
    // Someone else still may.
    expect((await chat(h.as('basic'), { assistant: 'instagram-bio', message: 'hi' })).status).toBe(200);
  });
});

describe('prompts', () => {
  it('admins replace an assistant system prompt; others may not', async () => {
    const admin = h.as('admin');
    expect((await h.api.get(h.as('coach'), '/api/ai/prompts')).status).toBe(403);
    expect(
      (await h.api.call(h.as('premium'), 'PUT', '/api/ai/prompts/instagram-bio', { systemPrompt: 'x' })).status,
    ).toBe(403);
    const put = await h.api.call(admin, 'PUT', '/api/ai/prompts/instagram-bio', { systemPrompt: 'Answer in haiku.' });
    expect(put.status).toBe(200);
    await chat(h.as('basic'), { assistant: 'instagram-bio', message: 'hello' });
    expect(standIn.requests.at(-1)?.messages[0]).toEqual({ role: 'system', content: 'Answer in haiku.' });
    const prompts = await h.api.get<{ prompts: { key: string; systemPrompt: string }[] }>(admin, '/api/ai/prompts');
    expect(prompts.body.prompts.find((p) => p.key === 'instagram-bio')?.systemPrompt).toBe('Answer in haiku.');
  });
});

describe('users.user-deleted', () => {
  it("removes the person's conversations", async () => {
    const gone = h.as('basic');
    const { events } = await chat(gone, { assistant: 'instagram-bio', message: 'bye' });
    const id = Number(events[0]?.data.id);
    await h.publish('users.user-deleted', { id: gone.userId });
    await eventually(async () => {
      expect((await h.api.get(gone, `/api/ai/conversations/${id}`)).status).toBe(404);
    });
  });
});

describe('without an endpoint', () => {
  it('says plainly that the assistants are not set up', async () => {
    const bare = await startForTest();
    try {
      const api = client(bare.url);
      const basic = (await h.as('basic')) as Actor;
      expect((await api.get<AssistantsResponse>(basic, '/api/ai/assistants')).body.configured).toBe(false);
      const res = await api.post(basic, '/api/ai/chat', { assistant: 'instagram-bio', message: 'hi' });
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ error: AI_NOT_SET_UP });
    } finally {
      await bare.stop();
    }
  });
});
