// The one place that reads process.env. zod parses it once and reports every problem together.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { DURATIONS, WEBHOOK_DELIVERY } from './constants.ts';
import { productMessage } from '../validation.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const port = z.coerce.number().int().min(0).max(65535);
// At most 10^9 a minute: the shared counters are 32-bit integers (rate_limit_counters).
const perMinute = z.coerce.number().int().positive().max(1_000_000_000);
const optionalUrl = z.url().optional();
/**
 * CORS_ORIGINS: comma-separated origins (`https://app.example.com`), each written as the browser
 * sends it in `Origin` (a trailing slash is forgiven). No `*`: the allow-list is the point.
 */
const origins = z
  .string()
  .transform((s) =>
    s
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean),
  )
  .pipe(
    z.array(
      z.string().transform((value, ctx) => {
        const origin = originOf(value);
        if (origin === undefined) {
          ctx.addIssue({
            code: 'custom',
            message: `"${value}" is not an origin such as https://app.example.com (scheme, host and port only; no *)`,
          });
          return z.NEVER;
        }
        return origin;
      }),
    ),
  );

function originOf(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  const bare =
    (url.protocol === 'https:' || url.protocol === 'http:') &&
    !url.username &&
    !url.password &&
    url.pathname === '/' &&
    !url.search &&
    !url.hash;
  // The origin as browsers send it: lower case, without a default port.
  return bare ? url.origin : undefined;
}

/** A comma-separated list of GraphQL names. */
const names = z
  .string()
  .transform((s) =>
    s
      .split(',')
      .map((n) => n.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.string().regex(/^[_A-Za-z][_0-9A-Za-z]*$/, 'must be GraphQL names')).max(1000));

const roles = z
  .string()
  .transform((s) =>
    s
      .split(',')
      .map((r) => r.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.enum(['api', 'ai', 'worker'])).min(1));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: port.default(3000),
  AI_PORT: port.default(3001),
  MOCK_PORT: port.default(4010),
  /** The Prometheus listener (GET /metrics); 0 turns it off. */
  METRICS_PORT: port.default(9464),
  DATABASE_URL: z.string().min(1).optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().positive().default(10),
  /** Named prepared statements; off behind a pooler that cannot keep them (PgBouncer before 1.21 in transaction mode). */
  DATABASE_PREPARED_STATEMENTS: z.stringbool().default(true),
  /** How long a transaction may run before it is rolled back, Prisma's or one in SQL (db/sql-transaction.ts). */
  DATABASE_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  DATA_DIR: z.string().default(path.join(repoRoot, '.data')),
  EMBEDDED_PG_PORT: port.default(54329),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  RATE_LIMIT_PER_MINUTE: perMinute.default(600),
  PUBLIC_RATE_LIMIT_PER_MINUTE: perMinute.default(120),
  /** Where the budgets are counted: PostgreSQL, one budget for every process, or each process's memory. */
  RATE_LIMIT_STORE: z.enum(['postgres', 'memory']).default('postgres'),
  PUBLIC_APP_URL: z.url().default('http://localhost:5173'),
  PUBLIC_API_URL: optionalUrl,
  /** Where travellers open trip and catalog pages; unset: this service serves them (PUBLIC_API_URL). */
  PUBLIC_PAGES_URL: optionalUrl,
  PUBLIC_AI_URL: optionalUrl,
  SERVICE_ROLES: roles.default(['api', 'ai', 'worker']),
  SECRET_KEY: z.string().min(32, 'SECRET_KEY must be at least 32 characters').optional(),
  OAUTH_ISSUER: z.string().default('trips-service'),
  OAUTH_TOKEN_TTL_SECONDS: z.coerce.number().int().positive().max(86_400).default(3600),
  OAUTH_EXTERNAL_ISSUER: z.string().optional(),
  OAUTH_EXTERNAL_AUDIENCE: z.string().optional(),
  OAUTH_EXTERNAL_JWKS_URL: optionalUrl,
  GRAPHIQL: z.stringbool().optional(),
  /** Introspection and "Did you mean" suggestions on /graphql (default: outside production). */
  GRAPHQL_INTROSPECTION: z.stringbool().optional(),
  /** Cost budgets of one GraphQL operation (see GRAPHQL_LIMITS in constants.ts for the cost model). */
  GRAPHQL_COST_LIMIT: z.coerce.number().int().positive().default(10_000),
  GRAPHQL_ANONYMOUS_COST_LIMIT: z.coerce.number().int().positive().default(2_000),
  /** How long one GraphQL operation may run before its remaining resolvers are skipped. */
  GRAPHQL_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /** Subscriptions (live updates over SSE) open at once on one process, per API key or machine client. */
  GRAPHQL_SUBSCRIPTIONS_PER_KEY: z.coerce.number().int().positive().max(100_000).default(100),
  /** The same for callers without credentials, per client IP. */
  GRAPHQL_SUBSCRIPTIONS_PER_IP: z.coerce.number().int().positive().max(100_000).default(10),
  /** Which documents callers without credentials may send: trusted ones only (default in production), or any. */
  GRAPHQL_ANONYMOUS_DOCUMENTS: z.enum(['trusted', 'any']).optional(),
  /** Which documents callers with credentials may send: any within their cost budget (default), or trusted ones only. */
  GRAPHQL_KEYED_DOCUMENTS: z.enum(['trusted', 'any']).default('any'),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /** At shutdown, how long /readyz answers 503 while the listeners still serve, before they stop accepting. */
  SHUTDOWN_DRAIN_DELAY_MS: z.coerce.number().int().min(0).max(120_000).default(5_000),
  /** The listeners' own time-outs and connection cap (docs/operations.md#slow-clients). */
  HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().positive().max(600_000).default(10_000),
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().positive().max(3_600_000).default(30_000),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().positive().max(600_000).default(65_000),
  HTTP_IDLE_TIMEOUT_MS: z.coerce.number().int().positive().max(3_600_000).default(60_000),
  HTTP_MAX_CONNECTIONS: z.coerce.number().int().positive().max(1_000_000).default(1_000),
  /** How long start-up keeps trying to reach PostgreSQL (with backoff) before it exits; 0: one try. */
  DATABASE_STARTUP_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
  /** Operation names counted by name in graphql_operations_total, besides those the REST routes run. */
  GRAPHQL_METRICS_OPERATIONS: names.default([]),
  DEMO_SEED: z.stringbool().optional(),
  TRUST_PROXY: z.stringbool().default(false),
  CORS_ORIGINS: origins.default([]),
  /** Test-only: lets the outgoing client reach 127.0.0.1 (test receivers). Refused in production. */
  OUTBOUND_ALLOW_LOOPBACK: z.stringbool().default(false),
  /**
   * Test-only: a request sent with an Idempotency-Key waits this long just before its transaction
   * commits (IDEMPOTENCY_TEST_DELAY_AT=beforeCommit) or just after, before answering
   * (afterCommit), so a fault test can kill the process there. Refused in production.
   */
  IDEMPOTENCY_TEST_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(0),
  IDEMPOTENCY_TEST_DELAY_AT: z.enum(['beforeCommit', 'afterCommit']).default('afterCommit'),
  /** The debounce window of trip.configUpdated and catalog.updated; tests shorten it. */
  /** Optional LLM generator of the AI import: any OpenAI-compatible endpoint (unset: built-in extractor only). */
  IMPORT_LLM_BASE_URL: optionalUrl,
  IMPORT_LLM_API_KEY: z.string().optional(),
  IMPORT_LLM_MODEL: z.string().default('gpt-4o-mini'),
  IMPORT_LLM_TIMEOUT_MS: z.coerce.number().int().positive().default(60_000),
  AUTH_CACHE_SECONDS: z.coerce
    .number()
    .min(0)
    .max(3600)
    .default(DURATIONS.apiKeyCacheMs / 1000),
  /** OpenTelemetry tracing, on when the endpoint is set (OTLP/HTTP; spans go to <endpoint>/v1/traces). */
  OTEL_EXPORTER_OTLP_ENDPOINT: optionalUrl,
  OTEL_SERVICE_NAME: z.string().default('trips-service'),
  /** `key=value` pairs separated by commas, sent with every export (for example an API key of the collector). */
  OTEL_EXPORTER_OTLP_HEADERS: z.string().optional(),
  WEBHOOK_DEBOUNCE_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(3600)
    .default(DURATIONS.webhookDebounceSeconds),
  /** At most 30 s (the receivers' contract); shorter for tests of hanging receivers. */
  WEBHOOK_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(DURATIONS.webhookTimeoutMs)
    .default(DURATIONS.webhookTimeoutMs),
  WEBHOOK_ENDPOINT_CONCURRENCY: z.coerce
    .number()
    .int()
    .min(1)
    .max(100)
    .default(WEBHOOK_DELIVERY.endpointConcurrency),
  WEBHOOK_ACCOUNT_CONCURRENCY: z.coerce
    .number()
    .int()
    .min(1)
    .max(1000)
    .default(WEBHOOK_DELIVERY.accountConcurrency),
  WEBHOOK_DELIVERY_CONCURRENCY: z.coerce
    .number()
    .int()
    .min(1)
    .max(1000)
    .default(WEBHOOK_DELIVERY.processConcurrency),
});

export type Env = z.infer<typeof envSchema>;

/** `trusted`: only the documents of trusted-documents.json; `any`: any document within the limits. */
export type DocumentMode = 'trusted' | 'any';

export interface Config {
  env: Env['NODE_ENV'];
  host: string;
  port: number;
  aiPort: number;
  mockPort: number;
  /** 0: no metrics listener. */
  metricsPort: number;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  databasePreparedStatements: boolean;
  databaseTransactionTimeoutMs: number;
  dataDir: string;
  embeddedPgPort: number;
  logLevel: Env['LOG_LEVEL'];
  rateLimitPerMinute: number;
  publicRateLimitPerMinute: number;
  /**
   * `postgres`: each budget is one for every API process (leased from rate_limit_counters);
   * `memory`: each process counts its own, for a deployment with a single API process.
   */
  rateLimitStore: 'postgres' | 'memory';
  publicAppUrl: string;
  publicApiUrl: string;
  publicAiUrl: string;
  /**
   * Base URL of the traveller pages (/t/{slug}, /c/{slug}, /i/{jobId}): the import jobs'
   * `publicUrl`. By default this service's own (PUBLIC_API_URL).
   */
  publicPagesUrl: string;
  roles: ReadonlySet<'api' | 'ai' | 'worker'>;
  /** Undefined outside production means: use the key kept in DATA_DIR (see secrets.ts). */
  secretKey: string | undefined;
  oauth: {
    issuer: string;
    tokenTtlSeconds: number;
    external: { issuer: string; audience: string; jwksUrl: string } | undefined;
  };
  graphiql: boolean;
  graphql: {
    /** Introspection and field suggestions in error messages (off in production unless set). */
    introspection: boolean;
    /** Cost budget of an operation with credentials, and without. */
    costLimit: number;
    anonymousCostLimit: number;
    /** Per-operation time budget on /graphql. */
    timeoutMs: number;
    /** Open subscriptions per process: per key for callers with credentials, per IP without. */
    subscriptions: { perKey: number; perIp: number };
    /** Trusted documents only, or any document, by caller class (docs/graphql.md#trusted-documents). */
    documents: { anonymous: DocumentMode; keyed: DocumentMode };
    /** Operation names the metrics label by name besides the REST routes' (GRAPHQL_METRICS_OPERATIONS). */
    metricsOperations: readonly string[];
  };
  /** The API and AI listeners' time-outs and connection cap. */
  http: {
    /** Until a request's headers have arrived. */
    headersTimeoutMs: number;
    /** Until the whole request (headers and body) has arrived. */
    requestTimeoutMs: number;
    /** How long an idle keep-alive connection stays open between requests. */
    keepAliveTimeoutMs: number;
    /** How long a connection with a request under way may see no byte pass either way. */
    idleTimeoutMs: number;
    /** Open connections per listener; more are closed as they arrive. */
    maxConnections: number;
  };
  /** How long start-up retries a PostgreSQL that does not answer (0: no retry). */
  databaseStartupTimeoutMs: number;
  shutdownTimeoutMs: number;
  /** At shutdown, /readyz fails this long before the listeners stop accepting (load balancers notice). */
  shutdownDrainDelayMs: number;
  /** Create the demo account on an empty database (default: outside production). */
  demoSeed: boolean;
  /** Take the client IP from X-Forwarded-For (behind a load balancer that sets it). */
  trustProxy: boolean;
  /** Browser origins allowed to call the API with credentials (CORS); none by default. */
  corsOrigins: readonly string[];
  /**
   * Test-only (OUTBOUND_ALLOW_LOOPBACK): lets customer URLs (webhooks, import documents) reach
   * loopback addresses, where test receivers listen. Never the default; refused in production.
   */
  outboundAllowLoopback: boolean;
  /**
   * Test-only: awaited by a request sent with an Idempotency-Key just before its transaction
   * commits (the key still held) and just after (the answer not yet sent). Set by
   * IDEMPOTENCY_TEST_DELAY_MS and _AT, or injected by a test; never by default.
   */
  idempotencyTestHook: ((moment: 'beforeCommit' | 'afterCommit') => Promise<void>) | undefined;
  webhookDebounceSeconds: number;
  /** Webhook deliveries (docs/webhooks.md#one-slow-receiver-delays-only-itself): how long a receiver has, and what runs at once. */
  webhookDelivery: {
    timeoutMs: number;
    /** Attempts under way to one endpoint, across every worker process. */
    perEndpoint: number;
    /** Attempts under way to one account's endpoints, across every worker process. */
    perAccount: number;
    /** Attempts one worker process runs at once. */
    perProcess: number;
  };
  /** How long cached credential lookups live without a change notification (ms). */
  authCacheMs: number;
  /** The AI import's LLM generator, when IMPORT_LLM_BASE_URL or IMPORT_LLM_API_KEY is set. */
  importLlm: { baseUrl: string; apiKey: string; model: string; timeoutMs: number } | undefined;
  /** OpenTelemetry tracing (OTEL_EXPORTER_OTLP_ENDPOINT); undefined: off. */
  tracing: { endpoint: string; serviceName: string; headers: Record<string, string> } | undefined;
  /** The time "now" for trash retention and view counting. Tests inject a clock; never from the environment. */
  clock: () => Date;
  /** Test-only: sees every SQL statement the service's Prisma client sends (N+1 checks). */
  onDatabaseQuery: ((query: DatabaseQuery) => void) | undefined;
}

/** A statement as sent: its SQL and its parameters as a JSON array. */
export interface DatabaseQuery {
  sql: string;
  params: string;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable (`DATABASE_URL= npm start`) means unset, as in most tools.
  const parsed = envSchema.safeParse(
    Object.fromEntries(Object.entries(env).filter(([, value]) => value !== '')),
    { error: (issue) => productMessage(issue) },
  );
  if (!parsed.success) {
    // The product's messages name the variable already ("PORT must be at most 65535.").
    const lines = parsed.error.issues.map((i) =>
      i.message.startsWith(String(i.path[0]))
        ? `  ${i.message}`
        : `  ${i.path.join('.')}: ${i.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const external =
    e.OAUTH_EXTERNAL_ISSUER || e.OAUTH_EXTERNAL_AUDIENCE || e.OAUTH_EXTERNAL_JWKS_URL;
  if (
    external &&
    !(e.OAUTH_EXTERNAL_ISSUER && e.OAUTH_EXTERNAL_AUDIENCE && e.OAUTH_EXTERNAL_JWKS_URL)
  ) {
    throw new ConfigError(
      'Invalid configuration:\n  OAUTH_EXTERNAL_*: set ISSUER, AUDIENCE and JWKS_URL together',
    );
  }
  if (e.NODE_ENV === 'production' && e.OUTBOUND_ALLOW_LOOPBACK) {
    throw new ConfigError(
      'Invalid configuration:\n  OUTBOUND_ALLOW_LOOPBACK: test-only, refused in production',
    );
  }
  if (e.HTTP_HEADERS_TIMEOUT_MS > e.HTTP_REQUEST_TIMEOUT_MS) {
    // Node refuses a headers time-out longer than the request's: the headers are part of it.
    throw new ConfigError(
      'Invalid configuration:\n  HTTP_HEADERS_TIMEOUT_MS: must not exceed HTTP_REQUEST_TIMEOUT_MS',
    );
  }
  if (e.NODE_ENV === 'production' && e.IDEMPOTENCY_TEST_DELAY_MS) {
    throw new ConfigError(
      'Invalid configuration:\n  IDEMPOTENCY_TEST_DELAY_MS: test-only, refused in production',
    );
  }
  if (e.NODE_ENV === 'production' && !e.SECRET_KEY) {
    throw new ConfigError('Invalid configuration:\n  SECRET_KEY: required in production');
  }
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    aiPort: e.AI_PORT,
    mockPort: e.MOCK_PORT,
    metricsPort: e.METRICS_PORT,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databasePreparedStatements: e.DATABASE_PREPARED_STATEMENTS,
    databaseTransactionTimeoutMs: e.DATABASE_TRANSACTION_TIMEOUT_MS,
    dataDir: path.resolve(e.DATA_DIR),
    embeddedPgPort: e.EMBEDDED_PG_PORT,
    logLevel: e.LOG_LEVEL,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    publicRateLimitPerMinute: e.PUBLIC_RATE_LIMIT_PER_MINUTE,
    rateLimitStore: e.RATE_LIMIT_STORE,
    publicAppUrl: e.PUBLIC_APP_URL.replace(/\/$/, ''),
    publicApiUrl: (e.PUBLIC_API_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    publicAiUrl: (e.PUBLIC_AI_URL ?? `http://localhost:${e.AI_PORT}`).replace(/\/$/, ''),
    publicPagesUrl: (
      e.PUBLIC_PAGES_URL ??
      e.PUBLIC_API_URL ??
      `http://localhost:${e.PORT}`
    ).replace(/\/$/, ''),
    roles: new Set(e.SERVICE_ROLES),
    secretKey: e.SECRET_KEY,
    oauth: {
      issuer: e.OAUTH_ISSUER,
      tokenTtlSeconds: e.OAUTH_TOKEN_TTL_SECONDS,
      external: external
        ? {
            issuer: e.OAUTH_EXTERNAL_ISSUER!,
            audience: e.OAUTH_EXTERNAL_AUDIENCE!,
            jwksUrl: e.OAUTH_EXTERNAL_JWKS_URL!,
          }
        : undefined,
    },
    graphiql: e.GRAPHIQL ?? e.NODE_ENV !== 'production',
    graphql: {
      introspection: e.GRAPHQL_INTROSPECTION ?? e.NODE_ENV !== 'production',
      costLimit: e.GRAPHQL_COST_LIMIT,
      anonymousCostLimit: e.GRAPHQL_ANONYMOUS_COST_LIMIT,
      timeoutMs: e.GRAPHQL_TIMEOUT_MS,
      subscriptions: {
        perKey: e.GRAPHQL_SUBSCRIPTIONS_PER_KEY,
        perIp: e.GRAPHQL_SUBSCRIPTIONS_PER_IP,
      },
      documents: {
        anonymous:
          e.GRAPHQL_ANONYMOUS_DOCUMENTS ?? (e.NODE_ENV === 'production' ? 'trusted' : 'any'),
        keyed: e.GRAPHQL_KEYED_DOCUMENTS,
      },
      metricsOperations: e.GRAPHQL_METRICS_OPERATIONS,
    },
    http: {
      headersTimeoutMs: e.HTTP_HEADERS_TIMEOUT_MS,
      requestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_MS,
      keepAliveTimeoutMs: e.HTTP_KEEP_ALIVE_TIMEOUT_MS,
      idleTimeoutMs: e.HTTP_IDLE_TIMEOUT_MS,
      maxConnections: e.HTTP_MAX_CONNECTIONS,
    },
    databaseStartupTimeoutMs: e.DATABASE_STARTUP_TIMEOUT_MS,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    shutdownDrainDelayMs: e.SHUTDOWN_DRAIN_DELAY_MS,
    demoSeed: e.DEMO_SEED ?? e.NODE_ENV !== 'production',
    trustProxy: e.TRUST_PROXY,
    corsOrigins: e.CORS_ORIGINS,
    outboundAllowLoopback: e.OUTBOUND_ALLOW_LOOPBACK,
    idempotencyTestHook: testDelay(e.IDEMPOTENCY_TEST_DELAY_MS, e.IDEMPOTENCY_TEST_DELAY_AT),
    webhookDebounceSeconds: e.WEBHOOK_DEBOUNCE_SECONDS,
    webhookDelivery: {
      timeoutMs: e.WEBHOOK_TIMEOUT_MS,
      perEndpoint: e.WEBHOOK_ENDPOINT_CONCURRENCY,
      perAccount: e.WEBHOOK_ACCOUNT_CONCURRENCY,
      perProcess: e.WEBHOOK_DELIVERY_CONCURRENCY,
    },
    authCacheMs: e.AUTH_CACHE_SECONDS * 1000,
    importLlm:
      e.IMPORT_LLM_BASE_URL || e.IMPORT_LLM_API_KEY
        ? {
            baseUrl: (e.IMPORT_LLM_BASE_URL ?? 'https://api.openai.com/v1').replace(/\/$/, ''),
            apiKey: e.IMPORT_LLM_API_KEY ?? 'none',
            model: e.IMPORT_LLM_MODEL,
            timeoutMs: e.IMPORT_LLM_TIMEOUT_MS,
          }
        : undefined,
    tracing: e.OTEL_EXPORTER_OTLP_ENDPOINT
      ? {
          endpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT,
          serviceName: e.OTEL_SERVICE_NAME,
          headers: keyValuePairs(e.OTEL_EXPORTER_OTLP_HEADERS),
        }
      : undefined,
    clock: () => new Date(),
    onDatabaseQuery: undefined,
  };
}

function testDelay(ms: number, at: 'beforeCommit' | 'afterCommit'): Config['idempotencyTestHook'] {
  if (!ms) return undefined;
  return (moment) =>
    moment === at ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
}

/** `a=1,b=2` (the OTEL_EXPORTER_OTLP_HEADERS format, values URL-encoded) as an object. */
function keyValuePairs(text: string | undefined): Record<string, string> {
  const pairs: Record<string, string> = {};
  for (const part of (text ?? '').split(',')) {
    const at = part.indexOf('=');
    if (at > 0) pairs[part.slice(0, at).trim()] = decodeURIComponent(part.slice(at + 1).trim());
  }
  return pairs;
}

/** For a process entry point: the configuration, or every problem on stderr and exit code 1. */
export function loadConfigOrExit(env: NodeJS.ProcessEnv = process.env): Config {
  try {
    return loadConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}
