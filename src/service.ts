// Starts everything a process of the service runs, per SERVICE_ROLES: the database (embedded
// when DATABASE_URL is unset), migrations, pg-boss, the API listener (REST + GraphQL), the AI
// listener and the workers. stop() undoes it in reverse, letting in-flight work finish. It is the
// composition root: it hands the list of domains (src/domains.ts) to the plumbing, which imports
// no domain: the GraphQL schema, the job registry, and, through createApp, the REST router and the
// OpenAPI document.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createServerAdapter } from '@whatwg-node/server';
import { createApp } from './app.ts';
import { demoBanner, seedDemoAccount } from './accounts/demo-seed.ts';
import { ApiKeyVerifier } from './auth/api-keys.ts';
import { listenToAuthChanges, type AuthChange } from './auth/auth-changes.ts';
import { Authenticator } from './auth/authenticate.ts';
import { MachineAuth } from './auth/machine-clients.ts';
import type { Config } from './config/config.ts';
import { loadKeys } from './config/secret-key.ts';
import { startEmbeddedPostgres } from './db/embedded.ts';
import { migrate } from './db/migrate.ts';
import { waitForDatabase } from './db/wait-for-database.ts';
import { createPrisma, databasePool } from './db/prisma.ts';
import { buildSchema } from './graphql/schema.ts';
import type { App, ServerContext } from './http/fetch-handler.ts';
import { RateLimits } from './http/rate-limit.ts';
import { PgLeaseStore } from './http/rate-limit-counters.ts';
import { startBoss } from './jobs/boss.ts';
import { jobRegistry } from './jobs/registry.ts';
import { DOMAINS, eventResources } from './domains.ts';
import { JobQueue } from './jobs/queue.ts';
import { groupBacklog, queueStats } from './jobs/queue-stats.ts';
import { createQueues, startWorkers } from './jobs/workers.ts';
import type { Logger } from './logger.ts';
import { LiveChanges } from './live/live-changes.ts';
import { Metrics } from './metrics/metrics.ts';
import { startMetricsServer } from './metrics/metrics.server.ts';
import type { Services } from './services.ts';
import { Readiness, withProbes } from './status/probes.ts';
import { StatusService } from './status/status.service.ts';
import { routeOf } from './metrics/route.ts';
import { startTracing, stopTracing, traceRequest } from './tracing/tracing.ts';
import { EventRecorder } from './webhooks/events.ts';

export interface RunningService {
  apiUrl: string | undefined;
  aiUrl: string | undefined;
  /** The metrics listener, unless METRICS_PORT is 0. */
  metricsUrl: string | undefined;
  databaseUrl: string;
  services: Services;
  /** What the API and AI listeners serve, per role: the probes in front of the app, traced. */
  handlers: { api?: App; ai?: App };
  stop(): Promise<void>;
}

export interface ServiceOptions {
  /** false: no API or AI listener opens, and the caller serves `handlers` itself (in-process tests). */
  listen?: boolean;
}

export async function startService(
  config: Config,
  logger: Logger,
  options: ServiceOptions = {},
): Promise<RunningService> {
  const cleanups: Array<() => Promise<void>> = [];
  const readiness = new Readiness();
  const servers: http.Server[] = [];
  const beforeClose: Array<() => Promise<void>> = [];
  const stop = async () => {
    // Not ready any more; the listeners keep serving for the drain delay, so that a load balancer
    // sees /readyz fail and stops sending before they close.
    const wasReady = readiness.state === 'ready';
    readiness.drain();
    if (wasReady && config.shutdownDrainDelayMs)
      await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainDelayMs));
    await Promise.all(beforeClose.map((end) => end().catch(() => {})));
    await Promise.all(servers.map((server) => closeServer(server, config.shutdownTimeoutMs)));
    for (const cleanup of cleanups.reverse())
      await cleanup().catch((error) => logger.error({ err: error }, 'error while stopping'));
  };
  try {
    if (config.tracing) {
      await startTracing(config.tracing);
      cleanups.push(() => stopTracing());
    }
    // The ports open first: /livez and /readyz answer (503 "starting") while the rest starts.
    const apps: { api?: App; ai?: App } = {};
    const handlers = {
      api: config.roles.has('api') ? traced(withProbes(readiness, () => apps.api)) : undefined,
      ai: config.roles.has('ai') ? traced(withProbes(readiness, () => apps.ai)) : undefined,
    };
    const listening = options.listen ?? true;
    const apiServer =
      handlers.api && listening ? await listen(handlers.api, config, config.port) : undefined;
    if (apiServer) servers.push(apiServer);
    const aiServer =
      handlers.ai && listening ? await listen(handlers.ai, config, config.aiPort) : undefined;
    if (aiServer) servers.push(aiServer);

    const embedded = config.databaseUrl
      ? undefined
      : await startEmbeddedPostgres({
          dataDir: config.dataDir,
          port: config.embeddedPgPort,
          logger,
        });
    if (embedded) cleanups.push(() => embedded.stop());
    const databaseUrl = config.databaseUrl ?? embedded!.url;

    if (config.databaseUrl)
      await waitForDatabase(databaseUrl, { timeoutMs: config.databaseStartupTimeoutMs, logger });
    await migrate(databaseUrl, logger);
    const prisma = createPrisma({
      databaseUrl,
      poolSize: config.databasePoolSize,
      preparedStatements: config.databasePreparedStatements,
      transactionTimeoutMs: config.databaseTransactionTimeoutMs,
      onQuery: config.onDatabaseQuery,
    });
    cleanups.push(() => prisma.$disconnect());
    const boss = await startBoss({ databaseUrl, worker: config.roles.has('worker'), logger });
    cleanups.push(() => boss.stop({ graceful: true, timeout: config.shutdownTimeoutMs }));

    const registry = jobRegistry(DOMAINS);
    await createQueues(boss, registry.jobs);
    // Only the listeners count requests; a worker-only process keeps no budgets and opens no pool,
    // nor does one that counts them in memory (RATE_LIMIT_STORE=memory).
    const leaseStore =
      (config.roles.has('api') || config.roles.has('ai')) && config.rateLimitStore === 'postgres'
        ? new PgLeaseStore(databaseUrl)
        : undefined;
    if (leaseStore) cleanups.push(() => leaseStore.end());
    const services = await buildServices(config, prisma, boss, leaseStore, logger);
    cleanups.push(() => services.rateLimits.stop());
    if (config.roles.has('api') || config.roles.has('ai')) {
      // The processes that authenticate forget cached credentials as soon as they change anywhere.
      const authChanges = listenToAuthChanges({
        databaseUrl,
        logger,
        onChange: (change) => forgetCredentials(services, change),
      });
      await authChanges.start();
      cleanups.push(() => authChanges.stop());
    }
    if (config.roles.has('api')) {
      await services.live.start(databaseUrl, logger);
      cleanups.push(() => services.live.stop());
      // Open streams end before the listeners close: their clients reconnect elsewhere.
      beforeClose.push(() => services.live.stop());
    }
    const schema = await buildSchema(DOMAINS);
    const deps = { domains: DOMAINS, schema, prisma, logger, services };
    const metricsServer = config.metricsPort
      ? await startMetricsServer(services.metrics, config.host, config.metricsPort, logger)
      : undefined;
    if (metricsServer) cleanups.push(() => metricsServer.close());
    if (config.roles.has('worker')) {
      const { keys, jobs, metrics, events } = services;
      const jobDeps = { prisma, logger, clock: config.clock, jobs, metrics, config, keys, events };
      const stopWorkers = await startWorkers(boss, registry.workers, jobDeps);
      cleanups.push(() => stopWorkers(config.shutdownTimeoutMs));
      logger.info({ queues: registry.workers.length }, 'workers started');
    }

    const apiUrl = apiServer && urlOf(apiServer);
    const aiUrl = aiServer && urlOf(aiServer);
    if (handlers.api) {
      if (config.demoSeed) {
        const seed = await seedDemoAccount(prisma);
        if (seed) process.stdout.write(demoBanner(seed, config.publicApiUrl));
      }
      apps.api = createApp(deps, 'api');
      logger.info({ url: apiUrl }, 'API listening (REST and /graphql)');
    }
    if (handlers.ai) {
      apps.ai = createApp(deps, 'ai');
      logger.info({ url: aiUrl }, 'AI import API listening');
    }
    readiness.ready(async () => (await services.status.report()).checks.database === 'ok');
    return { apiUrl, aiUrl, metricsUrl: metricsServer?.url, databaseUrl, services, handlers, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function buildServices(
  config: Config,
  prisma: ReturnType<typeof createPrisma>,
  boss: Services['boss'],
  leaseStore: PgLeaseStore | undefined,
  logger: Logger,
): Promise<Services> {
  const keys = await loadKeys(config);
  const apiKeys = new ApiKeyVerifier(prisma, Date.now, config.authCacheMs);
  const machines = new MachineAuth(prisma, config.oauth, keys.tokenSigning, config.authCacheMs);
  const jobs = new JobQueue(boss);
  const live = new LiveChanges(prisma, config.graphql.subscriptions);
  return {
    config,
    keys,
    boss,
    jobs,
    apiKeys,
    machines,
    authenticator: new Authenticator(prisma, apiKeys, machines),
    rateLimits: new RateLimits({
      perKeyPerMinute: config.rateLimitPerMinute,
      perIpPerMinute: config.publicRateLimitPerMinute,
      store: leaseStore,
      logger,
    }),
    status: new StatusService(prisma, boss),
    events: new EventRecorder({
      jobs,
      debounceSeconds: config.webhookDebounceSeconds,
      clock: config.clock,
      resources: eventResources(),
    }),
    metrics: new Metrics({
      pool: databasePool(prisma),
      queues: () => queueStats(prisma),
      groups: (top) => groupBacklog(prisma, top),
      subscriptions: () => live.open,
    }),
    live,
  };
}

/** What a change notification makes this process forget (machine grants hold no account data). */
function forgetCredentials(services: Services, change: AuthChange) {
  if ('all' in change) {
    services.apiKeys.clearCache();
    services.machines.clearCache();
  } else if ('clientId' in change) {
    services.machines.invalidate(change.clientId);
  } else {
    services.apiKeys.invalidate(change);
  }
}

/** The app with a span per request, named by its route. */
function traced(app: App): App {
  return {
    fetch: (request, serverContext) =>
      traceRequest(
        request,
        () => app.fetch(request, serverContext),
        () => routeOf(request, new URL(request.url).pathname, undefined),
      ),
  };
}

/**
 * A listener with the time-outs and the connection cap of the configuration: a client that
 * dribbles its headers or body is cut after HTTP_HEADERS_TIMEOUT_MS / HTTP_REQUEST_TIMEOUT_MS
 * (408), one that stops reading or sending mid-request after HTTP_IDLE_TIMEOUT_MS, and past
 * HTTP_MAX_CONNECTIONS new connections are closed as they arrive.
 */
function listen(
  app: App,
  config: Pick<Config, 'host' | 'http'>,
  port: number,
): Promise<http.Server> {
  const adapter = createServerAdapter<ServerContext>((request, serverContext) =>
    app.fetch(request, serverContext),
  );
  const server = http.createServer(
    {
      headersTimeout: config.http.headersTimeoutMs,
      requestTimeout: config.http.requestTimeoutMs,
      keepAliveTimeout: config.http.keepAliveTimeoutMs,
      // Node checks the two time-outs above every 30 s by default, which would let a slow client
      // hold on for up to 30 s past them.
      connectionsCheckingInterval: Math.min(1_000, config.http.headersTimeoutMs),
    },
    adapter,
  );
  server.timeout = config.http.idleTimeoutMs;
  server.maxConnections = config.http.maxConnections;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, config.host, () => resolve(server));
  });
}

/** Stops accepting, lets in-flight requests finish, then closes what is left after the time-out. */
function closeServer(server: http.Server, timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => server.closeAllConnections(), timeoutMs);
    server.close(() => {
      clearTimeout(timer);
      resolve();
    });
    server.closeIdleConnections();
  });
}

function urlOf(server: http.Server): string {
  const { port } = server.address() as AddressInfo;
  return `http://localhost:${port}`;
}
