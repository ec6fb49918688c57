/**
 * The business tools under load: the Power Profit Tool's product upsert and read-many for a member with
 * 200 products, and the AI Toolkit's time to first streamed token through the gateway against the local
 * OpenAI-compatible stand-in (scripts/lib/ai-stand-in.ts, which waits 20 ms before each word it sends).
 */
import http from 'node:http';
import type { GatewaySession } from '../seed/context';
import { type LoadResult, summarize } from './load';
import type { ScenarioPlan } from './scenarios';
import type { SessionHeaders } from './setup';

export const BENCH_PRODUCTS = 200;

/**
 * The business tools' targets, in line with the other hot paths (a course page and a card move: p95 under 30 ms through the
 * gateway): product upsert and read-many p95 under 30 ms; the first streamed token p95 under 70 ms = the stand-in's
 * own 20 ms before its first word + 50 ms for the gateway, the daily-limit check, the conversation and message
 * writes, the history read and the SDK's request.
 */
export const TOOLS_P95_TARGETS_MS = { 'product-upsert': 30, 'product-read-many': 30, 'ai-first-token': 70 } as const;

/** The stand-in's delay before each word (scripts/lib/ai-stand-in.ts default), part of every first-token time. */
export const STAND_IN_FIRST_WORD_MS = 20;

interface ProductAnswer {
  products: { id: number; title: string }[];
}

/** A realistic product (numbers vary with n so rows differ). */
function productBody(n: number, id: number | null) {
  return {
    product: {
      id,
      title: `Bench product ${n}: bamboo cutting board set`,
      description: 'Three sizes, juice groove, supplier quote of March.',
      units: 500 + (n % 7) * 100,
      costPerUnit: 3.2 + (n % 5) * 0.45,
      shippingCost: 1.1 + (n % 3) * 0.2,
      amazonFees: 6.85 + (n % 4) * 0.35,
      amazonRetailPrice: 24.99 + (n % 6) * 2,
      additionalFees: 25,
      promotionUnitsPerDay: 20,
      promotionPercentage: 95,
      promotionDays: 7,
      dailyAdvertisingCost: 15,
      spend: 450 + n,
      sales: 1800 + 3 * n,
      projectedUnits: 300,
    },
    typeAdditionalFees: 'percentage',
  };
}

/** Fills `member`'s products up to BENCH_PRODUCTS and returns their ids. */
export async function prepareProducts(member: GatewaySession): Promise<number[]> {
  const read = async () => (await member.get<ProductAnswer>('/api/product/read-many')).products.map((p) => p.id);
  let ids = await read();
  for (let n = ids.length; n < BENCH_PRODUCTS; n++) {
    const response = await member.request('POST', '/api/product/upsert', productBody(n + 1, null));
    if (response.status >= 300) {
      throw new Error(`Creating bench product ${n + 1} answered ${response.status}: ${JSON.stringify(response.body)}`);
    }
  }
  ids = await read();
  if (ids.length < BENCH_PRODUCTS)
    throw new Error(`The bench member has ${ids.length} products, not ${BENCH_PRODUCTS}`);
  return ids;
}

/** Product upserts: the whole product (what every form's Save sends), round-robin over the member's products. */
export function productUpsertScenario(
  gatewayUrl: string,
  member: SessionHeaders,
  ids: readonly number[],
): ScenarioPlan {
  let n = 0;
  return {
    key: 'product-upsert',
    name: 'product upsert (premium)',
    description:
      `POST /api/product/upsert: a whole product (every field, as each form's Save sends it) over a member's ` +
      `${ids.length} products; the answer carries every computed figure`,
    origin: gatewayUrl,
    notes: [`one member, ${ids.length} products; in-flight upserts always concern different products`],
    targets: [{ p95BelowMs: TOOLS_P95_TARGETS_MS['product-upsert'] }],
    next: () => {
      const i = n++;
      const id = ids[i % ids.length] as number;
      return {
        method: 'POST',
        path: '/api/product/upsert',
        headers: member.write,
        body: JSON.stringify(productBody(i, id)),
      };
    },
  };
}

/** The Power Profit Tool's list: every product with its computed figures, sizes as sent to a browser. */
export function productReadManyScenario(gatewayUrl: string, member: SessionHeaders, count: number): ScenarioPlan {
  return {
    key: 'product-read-many',
    name: 'product read-many (premium)',
    description: `GET /api/product/read-many: a member's ${count} products, each with every computed figure (compressed)`,
    origin: gatewayUrl,
    notes: [`one member with ${count} products`],
    targets: [{ p95BelowMs: TOOLS_P95_TARGETS_MS['product-read-many'] }, { ratioOf: 'pipe', atLeast: 0.25 }],
    next: () => ({
      method: 'GET',
      path: '/api/product/read-many',
      headers: { ...member.read, 'accept-encoding': 'gzip, deflate, br' },
    }),
  };
}

export interface FirstTokenOptions {
  gatewayUrl: string;
  /** Members who chat (round-robin); each may send AI_DAILY_MESSAGE_LIMIT messages a day. */
  members: readonly SessionHeaders[];
  chats: number;
  concurrency: number;
  /** The scenario's deadline: no chat starts after it aborts, and the chats in flight are cut. */
  signal?: AbortSignal;
}

export interface FirstTokenResult extends LoadResult {
  /** Milliseconds from the request to the stream's end (the whole answer), per chat. */
  wholeAnswer: ReturnType<typeof summarize>;
}

/**
 * `chats` chats with the Instagram Bio Expert (open to every member), `concurrency` at a time, each a new
 * conversation: the time from sending POST /api/ai/chat to the first `token` event through the gateway. The stream
 * is read to its end (the answer is saved when it ends), and that time is kept too.
 */
/** Longest one benchmark chat may take, first byte to the end of its stream. */
const CHAT_TIMEOUT_MS = 20_000;

/** Where a chat that failed stopped, so a row says which part did not finish. */
export type ChatFailure = 'no answer' | 'no first token' | 'no done event' | 'no end after done' | 'cut by deadline';

/**
 * One chat over node:http, its body written with its headers. Not the global fetch: in the full bench, right after
 * the product read-many run, undici's fetch connected to the gateway and then never wrote the chat (its request
 * body is an async iterator over a web stream that never yielded; 0 bytes sent on 4 connected sockets, the gateway
 * and tools idle): the stall was the harness's (docs/decisions.md, "The bench's AI chats after read-many").
 */
function postChat(
  url: string,
  headers: Record<string, string>,
  body: string,
  signal: AbortSignal,
): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const payload = Buffer.from(body);
    const request = http.request(url, {
      method: 'POST',
      agent: chatAgent,
      headers: { ...headers, 'content-length': String(payload.length) },
      signal,
    });
    request.once('response', resolve);
    request.once('error', reject);
    request.end(payload);
  });
}

/** Kept-alive connections for the chats, as a browser keeps its own. */
const chatAgent = new http.Agent({ keepAlive: true });

export async function runFirstTokenBench(options: FirstTokenOptions): Promise<FirstTokenResult> {
  const firstToken: number[] = [];
  const whole: number[] = [];
  const statusCodes: Record<string, number> = {};
  const failures: Partial<Record<ChatFailure, number>> = {};
  const fail = (kind: ChatFailure) => {
    failures[kind] = (failures[kind] ?? 0) + 1;
  };
  let errors = 0;
  let non2xx = 0;
  let bytes = 0;
  let next = 0;
  let sent = 0;
  const one = async (i: number) => {
    const member = options.members[i % options.members.length] as SessionHeaders;
    const started = performance.now();
    let stage: ChatFailure = 'no answer';
    sent += 1;
    try {
      const response = await postChat(
        `${options.gatewayUrl}/api/ai/chat`,
        { ...member.write, accept: 'text/event-stream' },
        JSON.stringify({
          assistant: 'instagram-bio',
          message: `Bench chat ${i}: a bio for a bamboo kitchenware brand that sells cutting boards`,
        }),
        // A stream that never ends counts as an error instead of holding the bench.
        options.signal
          ? AbortSignal.any([AbortSignal.timeout(CHAT_TIMEOUT_MS), options.signal])
          : AbortSignal.timeout(CHAT_TIMEOUT_MS),
      );
      const status = response.statusCode ?? 0;
      statusCodes[status] = (statusCodes[status] ?? 0) + 1;
      if (status >= 300) {
        non2xx += 1;
        response.resume();
        return;
      }
      stage = 'no first token';
      const decoder = new TextDecoder();
      let text = '';
      for await (const value of response as AsyncIterable<Buffer>) {
        bytes += value.byteLength;
        text += decoder.decode(value, { stream: true });
        if (stage === 'no first token' && text.includes('event: token')) {
          stage = 'no done event';
          firstToken.push(performance.now() - started);
        }
        if (stage === 'no done event' && text.includes('event: done')) stage = 'no end after done';
      }
      if (stage !== 'no end after done') {
        errors += 1;
        fail(stage);
      } else whole.push(performance.now() - started);
    } catch {
      errors += 1;
      fail(options.signal?.aborted ? 'cut by deadline' : stage);
    }
  };
  const started = performance.now();
  await Promise.all(
    Array.from({ length: Math.min(options.concurrency, options.chats) }, async () => {
      for (let i = next++; i < options.chats && !options.signal?.aborted; i = next++) await one(i);
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return {
    name: 'AI chat, first streamed token (stand-in)',
    connections: options.concurrency,
    seconds,
    requests: sent,
    requestsPerSecond: sent / seconds,
    latency: summarize(firstToken),
    errors,
    timeouts: 0,
    non2xx,
    statusCodes,
    meanBytes: sent ? bytes / sent : 0,
    byLabel: {},
    failures,
    wholeAnswer: summarize(whole),
  };
}
