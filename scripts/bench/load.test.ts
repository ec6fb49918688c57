import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from '@jest/globals';
import { runLoad } from './load';

describe('runLoad under a deadline', () => {
  it('stops a 30 s run when its signal aborts and reports what it measured', async () => {
    const server = createServer((_req, res) => res.end('ok'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const started = performance.now();
      const result = await runLoad({
        name: 'stopped',
        origin: `http://127.0.0.1:${port}`,
        connections: 1,
        durationSeconds: 30,
        next: () => ({ method: 'GET', path: '/', headers: {} }),
        signal: AbortSignal.timeout(500),
      });
      expect(performance.now() - started).toBeLessThan(10_000);
      expect(result.requests).toBeGreaterThan(0);
      expect(result.statusCodes['200']).toBe(result.requests);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
