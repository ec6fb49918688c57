import { describe, expect, it } from '@jest/globals';
import { ConfigError, peerAddresses } from './config';

describe('peer addresses', () => {
  it('defaults to the one-machine address of the topology outside production', () => {
    expect(peerAddresses(['users', 'auth'], 'development', {})).toEqual({
      users: 'http://127.0.0.1:4102',
      auth: 'http://127.0.0.1:4101',
    });
    expect(peerAddresses(['users'], 'test', { USERS_SERVICE_ADDR: 'http://users:4102' })).toEqual({
      users: 'http://users:4102',
    });
  });

  it('refuses to start in production without every peer address', () => {
    expect(() => peerAddresses(['users', 'auth'], 'production', { AUTH_SERVICE_ADDR: 'http://auth:4101' })).toThrow(
      /USERS_SERVICE_ADDR \(not set\): required in production/,
    );
    expect(() => peerAddresses(['users'], 'production', { USERS_SERVICE_ADDR: 'not a url' })).toThrow(ConfigError);
  });
});
