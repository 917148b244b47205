// The real service for a test file, on its own database, with a small client:
// `api.request('GET /status', { key })`. startTestApp() runs it in the test's process with no
// listener: requests go straight to the handlers the listeners would serve, and pg-boss, its
// workers and everything else start as in a process of the service. startTestService() opens the
// real API, AI and metrics listeners too, for the suites whose point is the socket (raw HTTP,
// duplicate headers, chunked bodies, tracing headers, the metrics port).
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, type Config } from '../../src/config/config.ts';
import { createPrisma, type PrismaClient } from '../../src/db/prisma.ts';
import { createLogger } from '../../src/logger.ts';
import { DOMAINS } from '../../src/domains.ts';
import { buildOpenApiDocument } from '../../src/openapi/document.ts';
import { startService, type RunningService } from '../../src/service.ts';
import { createTestDatabase } from './database.ts';
import { inProcessFetch, type Fetch } from './in-process-fetch.ts';
import { freePort } from './ports.ts';
import { createOpenApiCheck, type ResponseCheck } from './openapi-check.ts';

export interface TestResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface RequestOptions {
  key?: string;
  body?: unknown;
  rawBody?: BodyInit;
  headers?: Record<string, string>;
}

export interface TestService {
  running: RunningService;
  config: Config;
  prisma: PrismaClient;
  databaseUrl: string;
  /** The API's base URL; in process, an origin only `fetch` below (and `request`) reach. */
  url: string;
  /** fetch() as a client of this service sees it: in process for startTestApp(). */
  fetch: Fetch;
  request<T = any>(route: string, options?: RequestOptions): Promise<TestResponse<T>>;
  /** The body is `{data, errors}`, or the `{error}` body when the request fails before GraphQL runs. */
  graphql(
    query: string,
    variables?: Record<string, unknown>,
    options?: RequestOptions,
  ): Promise<TestResponse>;
  stop(): Promise<void>;
}

export const TEST_ENV = {
  NODE_ENV: 'test',
  LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
  HOST: '127.0.0.1',
  PORT: '0',
  AI_PORT: '0',
  // Off in spawned processes unless a test gives a port; startTestService picks a free one.
  METRICS_PORT: '0',
  DEMO_SEED: 'false',
  SECRET_KEY: 'test-secret-key-0123456789abcdefghijklmnop',
  // Stopping a test's service waits for nothing; the rolling-restart fault test keeps the default.
  SHUTDOWN_DRAIN_DELAY_MS: '0',
};

let openApiCheck: ResponseCheck | undefined;
/** Every response of the API (listener or in process) is checked against the OpenAPI document (see openapi-check.ts). */
const checkResponse: ResponseCheck = (response) => {
  openApiCheck ??= createOpenApiCheck(
    buildOpenApiDocument(DOMAINS, { apiUrl: 'http://localhost' }),
  );
  openApiCheck(response);
};

/** The origins of the in-process API and AI handlers (`.test` names never resolve). */
const IN_PROCESS = { api: 'http://api.in-process.test', ai: 'http://ai.in-process.test' };

/** The service with its listeners (API, AI, metrics on a free port): for suites about sockets. */
export function startTestService(
  env: Record<string, string> = {},
  overrides: Partial<Config> = {},
): Promise<TestService> {
  return start(env, overrides, true);
}

/** The service in the test's process, without listeners (see the top of this file). */
export function startTestApp(
  env: Record<string, string> = {},
  overrides: Partial<Config> = {},
): Promise<TestService> {
  return start(env, overrides, false);
}

async function start(
  env: Record<string, string>,
  overrides: Partial<Config>,
  listen: boolean,
): Promise<TestService> {
  const databaseUrl = env.DATABASE_URL ?? (await createTestDatabase());
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'trips-svc-'));
  const config: Config = {
    ...loadConfig({
      ...TEST_ENV,
      METRICS_PORT: listen ? String(await freePort()) : '0',
      DATA_DIR: dataDir,
      ...env,
      DATABASE_URL: databaseUrl,
    }),
    outboundAllowLoopback: true,
    ...overrides,
  };
  const started = await startService(config, createLogger(config.logLevel), { listen });
  const running = listen ? started : { ...started, apiUrl: IN_PROCESS.api, aiUrl: IN_PROCESS.ai };
  const send: Fetch = listen
    ? fetch
    : inProcessFetch({
        [IN_PROCESS.api]: started.handlers.api,
        [IN_PROCESS.ai]: started.handlers.ai,
      });
  const prisma = createPrisma({ databaseUrl, poolSize: 2 });
  const url = running.apiUrl!;

  async function request<T>(route: string, options: RequestOptions = {}): Promise<TestResponse<T>> {
    const [method, target] = route.split(' ') as [string, string];
    const headers: Record<string, string> = { ...options.headers };
    if (options.key) headers.authorization = `Bearer ${options.key}`;
    let body = options.rawBody;
    if (options.body !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = JSON.stringify(options.body);
    }
    const fullUrl = `${target.startsWith('http') ? '' : url}${target}`;
    const response = await send(fullUrl, { method, headers, body });
    const text = await response.text();
    if (fullUrl.startsWith(`${url}/`))
      checkResponse({
        method,
        url: fullUrl,
        status: response.status,
        headers: response.headers,
        text,
      });
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, headers: response.headers, body: parsed as T, text };
  }

  return {
    running,
    config,
    prisma,
    databaseUrl,
    url,
    fetch: send,
    request,
    graphql: (query, variables, options = {}) =>
      request('POST /graphql', { ...options, body: { query, variables } }),
    async stop() {
      await prisma.$disconnect();
      await running.stop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
