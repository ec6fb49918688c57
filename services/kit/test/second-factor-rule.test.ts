/**
 * The one rule for staff powers where every service reads its caller: the kit's internal-token check. A token whose
 * actor's account role needs a second factor the session has not passed reaches the routes with no staff role,
 * whoever minted it, so no policy of any service (today's or tomorrow's) can grant it a staff power.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import type { Actor } from '@rainmakers/contracts';
import { createApp } from '../src/http';
import { configureSecondFactorRule, requireActor, trustedActor } from '../src/internal-token';
import { buildActor, client, startTestServer, TEST_SECRET, type TestServer } from '../src/testing';
import { silentLogger } from './support';

let server: TestServer;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  const app = createApp({ name: 'rule', logger: silentLogger, internalTokenKeys: TEST_SECRET }, (app) => {
    app.get('/me', (req, res) => {
      res.json(requireActor(req));
    });
  });
  server = await startTestServer(app);
  api = client(server.url);
});
afterEach(() => {
  configureSecondFactorRule({ requiredForCoaches: false });
});
afterAll(async () => {
  await server?.close();
});

const seenAs = async (actor: Actor) => (await api.get<Actor>(actor, '/me')).body;

describe('the internal-token check', () => {
  it('withholds the admin role from a session that has not passed the second factor, switched role included', async () => {
    for (const actor of [
      buildActor('admin', { secondFactor: false }),
      buildActor('admin', { secondFactor: null }),
      buildActor('coach', { accountRole: 'admin', isAdmin: true, secondFactor: false }),
    ]) {
      expect(await seenAs(actor)).toMatchObject({
        userId: actor.userId,
        role: 'basic',
        accountRole: 'basic',
        isAdmin: false,
        withheldRole: 'admin',
      });
    }
    const { secondFactor: _omitted, ...minted } = buildActor('admin');
    expect(await seenAs(minted)).toMatchObject({ role: 'basic', withheldRole: 'admin' });
  });

  it('leaves an admin who passed it, and members, as they are', async () => {
    const admin = buildActor('admin', { secondFactor: true });
    expect(await seenAs(admin)).toMatchObject({ role: 'admin', accountRole: 'admin' });
    const previewing = buildActor('premium', { accountRole: 'admin', isAdmin: true, secondFactor: true });
    expect(await seenAs(previewing)).toMatchObject({ role: 'premium', accountRole: 'admin', isAdmin: true });
    const member = buildActor('premium', { secondFactor: false });
    expect(await seenAs(member)).toMatchObject({ role: 'premium', accountRole: 'premium' });
  });

  it('withholds the coach role too when SECOND_FACTOR_REQUIRED_FOR_COACHES says so', async () => {
    const coach = buildActor('coach', { secondFactor: false });
    expect(await seenAs(coach)).toMatchObject({ role: 'coach' });
    configureSecondFactorRule({ requiredForCoaches: true });
    expect(await seenAs(coach)).toMatchObject({ role: 'basic', withheldRole: 'coach' });
    expect(await seenAs({ ...coach, secondFactor: true })).toMatchObject({ role: 'coach' });
  });

  it('gives job workers the same actor from stored data, and nothing from a malformed one', () => {
    expect(trustedActor(buildActor('admin', { secondFactor: false }))).toMatchObject({ role: 'basic' });
    expect(trustedActor({ userId: 'x' })).toBeNull();
  });
});
