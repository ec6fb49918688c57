import type { IncomingMessage } from 'node:http';

declare global {
  namespace Express {
    interface Request {
      /** The body exactly as received; set only on the app's `rawBodyPaths` (createApp). */
      rawBody?: Buffer;
    }
  }
}

/**
 * The `verify` hook of the JSON parser that keeps the received bytes on the chosen paths (exact, query ignored),
 * for routes that check a signature over them: re-serializing the parsed body would not give the same bytes.
 */
export function keepRawBody(paths: readonly string[]) {
  const wanted = new Set(paths);
  return (req: IncomingMessage & { rawBody?: Buffer }, _res: unknown, buf: Buffer) => {
    const path = (req.url ?? '').split('?', 1)[0] ?? '';
    if (wanted.has(path)) req.rawBody = Buffer.from(buf);
  };
}
