import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/config.ts';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      aiPort: 3001,
      mockPort: 4010,
      databaseUrl: undefined,
      logLevel: 'info',
      rateLimitPerMinute: 600,
      publicRateLimitPerMinute: 120,
      graphiql: true,
      outboundAllowLoopback: false,
      webhookDebounceSeconds: 60,
      authCacheMs: 5_000,
      databasePoolSize: 10,
      databasePreparedStatements: true,
      databaseTransactionTimeoutMs: 30_000,
    });
    expect([...config.roles]).toEqual(['api', 'ai', 'worker']);
  });

  it('treats empty variables as unset and parses roles', () => {
    const config = loadConfig({ DATABASE_URL: '', SERVICE_ROLES: 'api, worker' });
    expect(config.databaseUrl).toBeUndefined();
    expect([...config.roles]).toEqual(['api', 'worker']);
    expect(loadConfig({ DATABASE_PREPARED_STATEMENTS: 'false' }).databasePreparedStatements).toBe(
      false,
    );
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
      // In the product's words (validation.ts), not zod's "Invalid input: expected number, received NaN".
      expect((error as Error).message).toContain('  PORT must be a number.\n');
      expect((error as Error).message).toContain(
        '  SERVICE_ROLES[1] must be one of "api", "ai", "worker".',
      );
      expect((error as Error).message).not.toMatch(/Invalid (input|option)/);
    }
  });

  it('production needs a SECRET_KEY and turns GraphiQL and the demo account off', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SECRET_KEY/);
    const production = loadConfig({ NODE_ENV: 'production', SECRET_KEY: 'k'.repeat(32) });
    expect(production).toMatchObject({ graphiql: false, demoSeed: false, trustProxy: false });
    expect(loadConfig({}).demoSeed).toBe(true);
  });

  it('GraphQL introspection is off in production unless GRAPHQL_INTROSPECTION turns it on; the budgets have defaults', () => {
    const secret = { SECRET_KEY: 'k'.repeat(32) };
    expect(loadConfig({ NODE_ENV: 'production', ...secret }).graphql).toEqual({
      introspection: false,
      costLimit: 10_000,
      anonymousCostLimit: 2_000,
      timeoutMs: 10_000,
      subscriptions: { perKey: 100, perIp: 10 },
      documents: { anonymous: 'trusted', keyed: 'any' },
      metricsOperations: [],
    });
    expect(
      loadConfig({ NODE_ENV: 'production', GRAPHQL_INTROSPECTION: 'true', ...secret }).graphql
        .introspection,
    ).toBe(true);
    expect(loadConfig({}).graphql.introspection).toBe(true);
    expect(
      loadConfig({
        GRAPHQL_COST_LIMIT: '500',
        GRAPHQL_ANONYMOUS_COST_LIMIT: '50',
        GRAPHQL_TIMEOUT_MS: '250',
      }).graphql,
    ).toMatchObject({ costLimit: 500, anonymousCostLimit: 50, timeoutMs: 250 });
    expect(() => loadConfig({ GRAPHQL_TIMEOUT_MS: '0' })).toThrow(/GRAPHQL_TIMEOUT_MS/);
  });

  it('the listeners have time-outs, a connection cap and a drain delay by default', () => {
    const config = loadConfig({});
    expect(config.http).toEqual({
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 30_000,
      keepAliveTimeoutMs: 65_000,
      idleTimeoutMs: 60_000,
      maxConnections: 1_000,
    });
    expect(config.shutdownDrainDelayMs).toBe(5_000);
    expect(config.databaseStartupTimeoutMs).toBe(60_000);
    expect(
      loadConfig({ HTTP_REQUEST_TIMEOUT_MS: '3000', HTTP_HEADERS_TIMEOUT_MS: '2000' }).http,
    ).toMatchObject({ requestTimeoutMs: 3000, headersTimeoutMs: 2000 });
    expect(() => loadConfig({ HTTP_REQUEST_TIMEOUT_MS: '3000' })).toThrow(
      /HTTP_HEADERS_TIMEOUT_MS: must not exceed HTTP_REQUEST_TIMEOUT_MS/,
    );
    expect(() => loadConfig({ HTTP_MAX_CONNECTIONS: '0' })).toThrow(/HTTP_MAX_CONNECTIONS/);
    expect(loadConfig({ GRAPHQL_METRICS_OPERATIONS: 'Dashboard, TripPage' }).graphql).toMatchObject(
      { metricsOperations: ['Dashboard', 'TripPage'] },
    );
    expect(() => loadConfig({ GRAPHQL_METRICS_OPERATIONS: 'a-b' })).toThrow(
      /GRAPHQL_METRICS_OPERATIONS/,
    );
  });

  it('the external issuer is configured whole or not at all', () => {
    expect(() => loadConfig({ OAUTH_EXTERNAL_ISSUER: 'https://x.example/' })).toThrow(
      /OAUTH_EXTERNAL/,
    );
  });

  it('the test-only loopback allowance is off by default and refused in production', () => {
    expect(loadConfig({ OUTBOUND_ALLOW_LOOPBACK: 'true' }).outboundAllowLoopback).toBe(true);
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        SECRET_KEY: 'x'.repeat(40),
        OUTBOUND_ALLOW_LOOPBACK: 'true',
      }),
    ).toThrow(/OUTBOUND_ALLOW_LOOPBACK/);
  });

  it('the test-only idempotency delay is off by default, waits at the moment named, and is refused in production', async () => {
    expect(loadConfig({}).idempotencyTestHook).toBeUndefined();
    const hook = loadConfig({
      IDEMPOTENCY_TEST_DELAY_MS: '60000',
      IDEMPOTENCY_TEST_DELAY_AT: 'beforeCommit',
    }).idempotencyTestHook!;
    const waited = await Promise.race([
      hook('afterCommit').then(() => 'no wait'),
      new Promise((resolve) => setImmediate(() => resolve('waits'))),
    ]);
    expect(waited).toBe('no wait');
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        SECRET_KEY: 'x'.repeat(40),
        IDEMPOTENCY_TEST_DELAY_MS: '1000',
      }),
    ).toThrow(/IDEMPOTENCY_TEST_DELAY_MS/);
  });

  it('CORS_ORIGINS: none by default; a list of origins, written as browsers send them; nothing else', () => {
    expect(loadConfig({}).corsOrigins).toEqual([]);
    expect(
      loadConfig({
        CORS_ORIGINS: 'https://App.example.com/, http://localhost:5173,https://app.example.com:443',
      }).corsOrigins,
    ).toEqual(['https://app.example.com', 'http://localhost:5173', 'https://app.example.com']);
    for (const bad of [
      '*',
      'null',
      'app.example.com',
      'https://app.example.com/path',
      'https://app.example.com?x',
      'ftp://files.example',
      'https://u:p@app.example.com',
    ]) {
      expect(() => loadConfig({ CORS_ORIGINS: bad }), bad).toThrow(/CORS_ORIGINS/);
    }
  });
});
