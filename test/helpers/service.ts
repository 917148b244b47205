// Starts the real service (HTTP listeners, pg-boss, PostgreSQL) for a test file, on its own
// database, and gives a small client: `api.request('GET /status', { key })`.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, type Config } from '../../src/config/config.ts';
import { createPrisma, type PrismaClient } from '../../src/db/prisma.ts';
import { createLogger } from '../../src/logger.ts';
import { buildOpenApiDocument } from '../../src/openapi/document.ts';
import { startService, type RunningService } from '../../src/service.ts';
import { createTestDatabase } from './database.ts';
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
  url: string;
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
};

let openApiCheck: ResponseCheck | undefined;
/** Every response of the API listener is checked against the OpenAPI document (see openapi-check.ts). */
const checkResponse: ResponseCheck = (response) => {
  openApiCheck ??= createOpenApiCheck(buildOpenApiDocument({ apiUrl: 'http://localhost' }));
  openApiCheck(response);
};

export async function startTestService(
  env: Record<string, string> = {},
  overrides: Partial<Config> = {},
): Promise<TestService> {
  const databaseUrl = env.DATABASE_URL ?? (await createTestDatabase());
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'trips-svc-'));
  const config: Config = {
    ...loadConfig({
      ...TEST_ENV,
      METRICS_PORT: String(await freePort()),
      DATA_DIR: dataDir,
      ...env,
      DATABASE_URL: databaseUrl,
    }),
    outboundAllowLoopback: true,
    ...overrides,
  };
  const running = await startService(config, createLogger(config.logLevel));
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
    const response = await fetch(fullUrl, { method, headers, body });
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
