/**
 * A small OpenAI-compatible stand-in (POST /v1/chat/completions, streamed or not, and GET /v1/models) for tests and
 * the local demo: it answers every chat with a fixed, recognisable reply built from the last user message, one word
 * per chunk, `tokenDelayMs` apart, so a client can watch tokens arrive in order and stop half-way. A message asking
 * for an answer "in detail" gets a long one (a few seconds of tokens), so a test can press Stop while it streams on a
 * busy machine. It never calls anything outside. Run alone: `node --import tsx scripts/lib/ai-stand-in.ts`, or compiled (scripts/build-services.mjs
 * stand-ins, as docker-compose runs it): AI_STAND_IN_PORT (4190), AI_STAND_IN_HOST (127.0.0.1).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export interface AiStandIn {
  /** The base URL to give the SDK (`.../v1`). */
  baseUrl: string;
  /** Every request body received (for assertions: system prompt, model, history). */
  requests: Array<{ model: string; messages: Array<{ role: string; content: string }>; stream: boolean }>;
  /** How many streams were cut by their client before the end. */
  aborted(): number;
  stop(): Promise<void>;
}

/** How many steps a detailed answer lists: at the default token delay, about ten seconds of streaming. */
export const DETAILED_STEPS = 100;

/** The words the stand-in answers with, for a last user message. */
export function standInReply(message: string): string[] {
  const reply = `Stand-in answer: you said "${message.slice(0, 200)}". Here is **one** idea to try next.`;
  const steps = /\bin detail\b/i.test(message)
    ? Array.from({ length: DETAILED_STEPS }, (_, i) => ` Step ${i + 1}: try it.`).join('')
    : '';
  return `${reply}${steps}`.split(/(?<= )/);
}

export async function startAiStandIn(
  options: { port?: number; host?: string; tokenDelayMs?: number } = {},
): Promise<AiStandIn> {
  const delay = options.tokenDelayMs ?? 20;
  const requests: AiStandIn['requests'] = [];
  let aborted = 0;
  const server: Server = createServer((req, res) => {
    if (req.method === 'GET' && req.url === '/v1/models') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ object: 'list', data: [{ id: 'stand-in', object: 'model' }] }));
      return;
    }
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'Not found' } }));
      return;
    }
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', async () => {
      const parsed = JSON.parse(body || '{}') as AiStandIn['requests'][number];
      requests.push(parsed);
      const last = [...(parsed.messages ?? [])].reverse().find((m) => m.role === 'user');
      const words = standInReply(String(last?.content ?? ''));
      const id = `chatcmpl-${requests.length}`;
      const created = Math.floor(Date.now() / 1000);
      if (!parsed.stream) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            id,
            object: 'chat.completion',
            created,
            model: parsed.model,
            choices: [{ index: 0, message: { role: 'assistant', content: words.join('') }, finish_reason: 'stop' }],
          }),
        );
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      let closed = false;
      res.on('close', () => {
        if (!res.writableFinished) {
          closed = true;
          aborted += 1;
        }
      });
      const chunk = (delta: Record<string, unknown>, finish: string | null) =>
        `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model: parsed.model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
      res.write(chunk({ role: 'assistant', content: '' }, null));
      for (const word of words) {
        if (closed) return;
        await new Promise((resolve) => setTimeout(resolve, delay));
        if (closed) return;
        res.write(chunk({ content: word }, null));
      }
      res.write(chunk({}, 'stop'));
      res.end('data: [DONE]\n\n');
    });
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://${host}:${port}/v1`,
    requests,
    aborted: () => aborted,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const port = Number(process.env.AI_STAND_IN_PORT ?? 4190);
  startAiStandIn({ port, host: process.env.AI_STAND_IN_HOST || undefined }).then((s) => {
    console.log(`AI stand-in at ${s.baseUrl}`);
    // In a container it is process 1, which Node does not stop on SIGTERM by default.
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      process.once(signal, () => void s.stop().then(() => process.exit(0)));
    }
  });
}
