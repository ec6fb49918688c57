import { describe, expect, it } from '@jest/globals';
import { settings } from './config';

const loadServiceConfig = settings.load;

describe('users config', () => {
  it("calls auth where the topology says, and refuses to start in production without auth's address", () => {
    expect(loadServiceConfig({ PORT: '4102' }).AUTH_SERVICE_ADDR).toBe('http://127.0.0.1:4101');
    const production = { PORT: '4102', NODE_ENV: 'production', INTERNAL_TOKEN_SECRET: 'a-real-internal-secret-0123' };
    expect(() => loadServiceConfig(production)).toThrow(/AUTH_SERVICE_ADDR \(not set\): required in production/);
    expect(loadServiceConfig({ ...production, AUTH_SERVICE_ADDR: 'http://auth:4101' }).AUTH_SERVICE_ADDR).toBe(
      'http://auth:4101',
    );
  });
});
