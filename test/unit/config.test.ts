import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/config.ts';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000, aiPort: 3001, mockPort: 4010, databaseUrl: undefined, logLevel: 'info',
      rateLimitPerMinute: 600, publicRateLimitPerMinute: 120, graphiql: true, outboundAllowLoopback: false, webhookDebounceSeconds: 60, authCacheMs: 5_000,
      databasePoolSize: 10, databasePreparedStatements: true,
    });
    expect([...config.roles]).toEqual(['api', 'ai', 'worker']);
  });

  it('treats empty variables as unset and parses roles', () => {
    const config = loadConfig({ DATABASE_URL: '', SERVICE_ROLES: 'api, worker' });
    expect(config.databaseUrl).toBeUndefined();
    expect([...config.roles]).toEqual(['api', 'worker']);
    expect(loadConfig({ DATABASE_PREPARED_STATEMENTS: 'false' }).databasePreparedStatements).toBe(false);
  });

  it('reports every problem at once', () => {
    try {
      loadConfig({ PORT: 'abc', SERVICE_ROLES: 'api,cook', LOG_LEVEL: 'loud' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as Error).message).toMatch(/PORT/);
      expect((error as Error).message).toMatch(/SERVICE_ROLES/);
      expect((error as Error).message).toMatch(/LOG_LEVEL/);
    }
  });

  it('production needs a SECRET_KEY and turns GraphiQL and the demo account off', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SECRET_KEY/);
    const production = loadConfig({ NODE_ENV: 'production', SECRET_KEY: 'k'.repeat(32) });
    expect(production).toMatchObject({ graphiql: false, demoSeed: false, trustProxy: false });
    expect(loadConfig({}).demoSeed).toBe(true);
  });

  it('the external issuer is configured whole or not at all', () => {
    expect(() => loadConfig({ OAUTH_EXTERNAL_ISSUER: 'https://x.example/' })).toThrow(/OAUTH_EXTERNAL/);
  });

  it('the test-only loopback allowance is off by default and refused in production', () => {
    expect(loadConfig({ OUTBOUND_ALLOW_LOOPBACK: 'true' }).outboundAllowLoopback).toBe(true);
    expect(() => loadConfig({ NODE_ENV: 'production', SECRET_KEY: 'x'.repeat(40), OUTBOUND_ALLOW_LOOPBACK: 'true' })).toThrow(/OUTBOUND_ALLOW_LOOPBACK/);
  });
});
