/**
 * The AI endpoint through the official `openai` SDK: any OpenAI-compatible server (AI_BASE_URL, AI_API_KEY). With
 * no AI_BASE_URL the toolkit is "not set up" and no chat is attempted (no fake answers).
 */
import OpenAI from 'openai';

export interface ChatTurn {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface AiClient {
  configured: boolean;
  /** Streams the answer's text pieces in order; stops when `signal` aborts. */
  stream(model: string, messages: ChatTurn[], signal: AbortSignal): AsyncIterable<string>;
}

export function createAiClient(options: { baseUrl: string; apiKey: string; timeoutMs: number }): AiClient {
  if (!options.baseUrl) {
    return {
      configured: false,
      // biome-ignore lint/correctness/useYield: never streams: callers check `configured` first
      async *stream() {
        throw new Error('The AI endpoint is not configured');
      },
    };
  }
  const client = new OpenAI({
    baseURL: options.baseUrl,
    apiKey: options.apiKey || 'not-needed',
    timeout: options.timeoutMs,
    maxRetries: 1,
  });
  return {
    configured: true,
    async *stream(model, messages, signal) {
      const stream = await client.chat.completions.create({ model, messages, stream: true }, { signal });
      for await (const chunk of stream) {
        const text = chunk.choices[0]?.delta?.content;
        if (text) yield text;
      }
    },
  };
}
