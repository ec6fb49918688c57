import type { AddressInfo } from 'node:net';
import { describe, expect, it } from '@jest/globals';
import type { Actor } from '@rainmakers/contracts';
import { pino } from 'pino';
import { createApp } from './http';
import { signActorToken, signServiceToken } from './internal-token';
import type { SecretKeys } from './secret-keys';

const SECRET = 'a'.repeat(40);
const OTHER_SECRET = 'b'.repeat(40);

const actor: Actor = {
  userId: 7,
  sessionId: 'session-7',
  role: 'premium',
  accountRole: 'premium',
  isAdmin: false,
  tagIds: [],
  tagNames: [],
  stripeStatus: null,
  alwaysGrantAccess: false,
  impersonatorId: null,
  createdAt: null,
  email: 'member@example.com',
  secondFactor: false,
  withheldRole: null,
};

/** A service with one route answering the actor it was given, and a way to call it with a token. */
async function serviceWith(secret: SecretKeys | string) {
  const app = createApp({ name: 'test', logger: pino({ level: 'silent' }), internalTokenKeys: secret }, (app) => {
    app.get('/api/me', (req, res) => {
      res.json({ userId: req.actor?.userId ?? null });
    });
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    call: (token: string) =>
      fetch(`http://127.0.0.1:${port}/api/me`, { headers: { 'x-internal-token': token } }).then(async (response) => ({
        status: response.status,
        body: (await response.json()) as { userId?: number | null },
      })),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

describe('internal token, kept once verified', () => {
  it('answers the same actor for a token used again, and refuses it at a service with another secret', async () => {
    const token = signActorToken(actor, SECRET);
    const service = await serviceWith(SECRET);
    const other = await serviceWith(OTHER_SECRET);
    try {
      for (let i = 0; i < 3; i += 1) expect(await service.call(token)).toEqual({ status: 200, body: { userId: 7 } });
      expect((await other.call(token)).status).toBe(401);
    } finally {
      await service.close();
      await other.close();
    }
  });

  it('refuses a token past its expiry, and a token with a changed signature', async () => {
    const service = await serviceWith(SECRET);
    try {
      const expired = signActorToken(actor, SECRET, -1);
      expect((await service.call(expired)).status).toBe(401);
      const token = signActorToken(actor, SECRET);
      expect((await service.call(token)).status).toBe(200);
      const forged = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
      expect((await service.call(forged)).status).toBe(401);
    } finally {
      await service.close();
    }
  });
});

describe('internal token, during a rotation', () => {
  const OLD = 'o'.repeat(40);
  const NEW = 'n'.repeat(40);

  it('accepts tokens of the previous secret beside the current one, and refuses them once it is removed', async () => {
    const rotating = await serviceWith({ current: NEW, previous: OLD });
    const rotated = await serviceWith({ current: NEW });
    try {
      const fromAnOldPod = signActorToken(actor, OLD);
      const fromANewPod = signActorToken(actor, NEW);
      // Twice each: the second answer comes from the verified-token cache.
      for (let i = 0; i < 2; i += 1) {
        expect(await rotating.call(fromAnOldPod)).toEqual({ status: 200, body: { userId: 7 } });
        expect(await rotating.call(fromANewPod)).toEqual({ status: 200, body: { userId: 7 } });
      }
      // The same process kept the old token as verified; a service without the previous secret must not use that.
      expect((await rotated.call(fromAnOldPod)).status).toBe(401);
      expect(await rotated.call(fromANewPod)).toEqual({ status: 200, body: { userId: 7 } });
      expect((await rotating.call(signActorToken(actor, OTHER_SECRET))).status).toBe(401);
    } finally {
      await rotating.close();
      await rotated.close();
    }
  });

  it('treats service tokens the same way', async () => {
    const rotating = await serviceWith({ current: NEW, previous: OLD });
    const rotated = await serviceWith({ current: NEW, previous: undefined });
    try {
      const token = signServiceToken('users', OLD);
      expect((await rotating.call(token)).status).toBe(200);
      expect((await rotated.call(token)).status).toBe(401);
    } finally {
      await rotating.close();
      await rotated.close();
    }
  });
});
