import { describe, expect, it } from '@jest/globals';
import { loadGatewayConfig } from './config';

describe('loadGatewayConfig', () => {
  it('defaults service addresses to the local ports outside production', () => {
    const config = loadGatewayConfig({});
    expect(config.PORT).toBe(8080);
    expect(config.upstreams.auth).toBe('http://127.0.0.1:4101');
    expect(config.upstreams.billing).toBe('http://127.0.0.1:4107');
    // No proxy is trusted unless configured: a client's own X-Forwarded-For never names its address.
    expect(config.trustProxy).toBe(false);
    expect(config.WEB_DIST).toMatch(/web[/\\]dist$/);
  });

  it('reads trust proxy and extra CSP sources from the environment', () => {
    const config = loadGatewayConfig({
      TRUST_PROXY: 'loopback, uniquelocal',
      CSP_EXTRA_SCRIPT_SRC: 'https://a.example.com, https://b.example.com',
      USERS_SERVICE_ADDR: 'http://users:4102',
    });
    expect(config.trustProxy).toEqual(['loopback', 'uniquelocal']);
    expect(config.CSP_EXTRA_SCRIPT_SRC).toEqual(['https://a.example.com', 'https://b.example.com']);
    expect(config.upstreams.users).toBe('http://users:4102');
  });

  it('refuses to start in production without every service address', () => {
    expect(() =>
      loadGatewayConfig({
        NODE_ENV: 'production',
        SESSION_SECRET: 'a-real-session-secret-0123456789',
        INTERNAL_TOKEN_SECRET: 'a-real-internal-secret-0123456789',
        AUTH_SERVICE_ADDR: 'http://auth:4101',
      }),
    ).toThrow(/USERS_SERVICE_ADDR/);
  });

  it('reads the previous session and internal-token secrets of a rotation; empty means none', () => {
    const rotating = loadGatewayConfig({
      SESSION_SECRET: 'the-new-session-secret-0123456789',
      SESSION_SECRET_PREVIOUS: 'the-old-session-secret-0123456789',
      INTERNAL_TOKEN_SECRET_PREVIOUS: 'the-old-internal-secret-0123456789',
    });
    expect(rotating.sessionKeys).toEqual({
      current: 'the-new-session-secret-0123456789',
      previous: 'the-old-session-secret-0123456789',
    });
    expect(rotating.INTERNAL_TOKEN_SECRET_PREVIOUS).toBe('the-old-internal-secret-0123456789');
    const settled = loadGatewayConfig({ SESSION_SECRET_PREVIOUS: '', INTERNAL_TOKEN_SECRET_PREVIOUS: '' });
    expect(settled.sessionKeys.previous).toBeUndefined();
    expect(settled.INTERNAL_TOKEN_SECRET_PREVIOUS).toBeUndefined();
    expect(() => loadGatewayConfig({ SESSION_SECRET_PREVIOUS: 'short' })).toThrow(/SESSION_SECRET_PREVIOUS/);
    // A development default is no more welcome as the previous secret in production than as the current one.
    expect(() =>
      loadGatewayConfig({
        NODE_ENV: 'production',
        SESSION_SECRET: 'a-real-session-secret-0123456789',
        SESSION_SECRET_PREVIOUS: 'dev-session-secret-change-me-000000000000',
        INTERNAL_TOKEN_SECRET: 'a-real-internal-secret-0123456789',
      }),
    ).toThrow(/SESSION_SECRET_PREVIOUS/);
  });
});
