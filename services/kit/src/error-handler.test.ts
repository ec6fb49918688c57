import type { AddressInfo } from 'node:net';
import { describe, expect, it } from '@jest/globals';
import express from 'express';
import { errorHandler } from './http';
import { createLogger } from './logger';

describe('errorHandler', () => {
  it('ends a response whose headers were sent when the handler fails (an event stream never hangs)', async () => {
    const app = express();
    app.get('/stream', async (_req, res) => {
      res.status(200).set({ 'Content-Type': 'text/event-stream' });
      res.flushHeaders();
      res.write('event: token\ndata: {}\n\n');
      throw new Error('saving the answer failed');
    });
    app.use(errorHandler(createLogger('test', 'silent')));
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const response = await fetch(`http://127.0.0.1:${port}/stream`, { signal: AbortSignal.timeout(5000) });
      expect(response.status).toBe(200);
      // Before: the stream stayed open until the 5 s abort (TimeoutError); now the connection is closed at once.
      const outcome = await response.text().then(
        () => 'ended',
        (error: Error) => error.name,
      );
      expect(outcome).not.toBe('TimeoutError');
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
