// npm run bench [-- --trips=1000000 --seconds=6 --warmup=2 --start-warmup=2 --connections=50 --only=trip-by-id,trips-list --cpu-prof=dir
//                   --node-flags=--trace-gc --trace-file=/tmp/gc.log
//                   --rounds=3 --deliveries=2000 --import-seconds=12 --import-concurrency=4
//                   --page-requests=300 --pdf-requests=20]
// Starts PostgreSQL (embedded in a temporary directory, or DATABASE_URL), seeds a large account,
// captures the SQL of each request shape, starts the service as `npm start` would and the bare
// node:http + pg baseline beside it, measures each scenario with autocannon (each service/baseline pair in alternating rounds); then starts a service
// process with the worker role and measures webhook deliveries and AI imports end to end; times the
// traveller pages (a 14-day, 60-block trip's page and PDF, one request at a time); and writes
// bench/results/<date>.md and .json. A benchmark, never a test: nothing here asserts a time.
import { execFileSync } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { loadConfig } from '../src/config/config.ts';
import { startEmbeddedPostgres } from '../src/db/embedded.ts';
import { migrate } from '../src/db/migrate.ts';
import { createPrisma } from '../src/db/prisma.ts';
import { freePort } from '../test/helpers/ports.ts';
import { REPO_ROOT, spawnService, type ServiceProcess } from '../test/helpers/processes.ts';
import type { BaselineSpec } from './baseline-server.ts';
import { captureStatements, sequentialScans } from './capture.ts';
import { IMPORT_KINDS, measureImports, warmUpImports } from './imports.ts';
import { measure } from './load.ts';
import { measureTravellerPages, PAGE_SCENARIOS, type PageResult } from './pages.ts';
import {
  divide,
  latestReference,
  ratiosOf,
  rps,
  writeResults,
  type BackgroundResult,
  type BenchRun,
  type ScenarioResult,
} from './report.ts';
import {
  BACKGROUND_SCENARIOS,
  GRAPHQL_PAIRS,
  RATIO_PAIRS,
  scenarios,
  WRITE_PAIRS,
  type Scenario,
} from './scenarios.ts';
import { seed, seedBackgroundAccount } from './seed.ts';
import { measureWebhookDeliveries } from './webhooks.ts';
import { soak, type SoakResult } from './soak.ts';

const { values: args } = parseArgs({
  options: {
    trips: { type: 'string', default: '100000' },
    seconds: { type: 'string', default: '6' },
    warmup: { type: 'string', default: '2' },
    /** Seconds of each read sent to both servers once, after they start, before any measurement. */
    'start-warmup': { type: 'string', default: '2' },
    connections: { type: 'string', default: '50' },
    only: { type: 'string' },
    /** Request logging on, as in production (one line a request, drained and dropped by the benchmark). */
    'log-level': { type: 'string', default: 'info' },
    'pool-size': { type: 'string', default: '10' },
    out: { type: 'string', default: path.join(REPO_ROOT, 'bench/results') },
    'no-write': { type: 'boolean', default: false },
    /** Measurements of each service/baseline pair, alternating; its ratio is their median. */
    rounds: { type: 'string', default: '3' },
    /** More Node flags for the service, after those of `npm start` (e.g. "--trace-gc"). */
    'node-flags': { type: 'string' },
    /** Keep the service's output lines that are not log lines (V8's traces) in this file. */
    'trace-file': { type: 'string' },
    /** Write a V8 CPU profile of the service to this directory (open it in Chrome DevTools). */
    'cpu-prof': { type: 'string' },
    /** Trips deleted at once for the webhook scenario: one delivery each (about 2% fewer: seeded trash). */
    deliveries: { type: 'string', default: '2000' },
    /** How long clients start new AI imports, per document kind. */
    'import-seconds': { type: 'string', default: '12' },
    'import-concurrency': { type: 'string', default: '4' },
    /** The trip page's requests timed one at a time, and its PDF's (`--only=trip-page,trip-pdf`). */
    'page-requests': { type: 'string', default: '300' },
    'pdf-requests': { type: 'string', default: '20' },
    /** Seconds of steady mixed load after the scenarios, RSS sampled every 10 s (0: none). */
    soak: { type: 'string', default: '0' },
  },
});
/** The Node flags of `npm start`: the service is measured as it is started. */
const startScript = (
  JSON.parse(await fs.readFile(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  }
).scripts.start;
const nodeFlags = startScript.split(' ').filter((word) => word.startsWith('--'));
if (args['node-flags']) nodeFlags.push(...args['node-flags'].split(' ').filter(Boolean));
const options = {
  trips: Number(args.trips),
  nodeFlags: nodeFlags.join(' '),
  seconds: Number(args.seconds),
  warmupSeconds: Number(args.warmup),
  connections: Number(args.connections),
  logLevel: args['log-level'],
  poolSize: Number(args['pool-size']),
  deliveries: Number(args.deliveries),
  importSeconds: Number(args['import-seconds']),
  importConcurrency: Number(args['import-concurrency']),
  rounds: Number(args.rounds),
};
const log = (message: string) =>
  process.stdout.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}\n`);

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'trips-bench-'));
let embeddedPid: (() => Promise<number>) | undefined;
const cleanups: Array<() => Promise<unknown>> = [
  () => fs.rm(dataDir, { recursive: true, force: true }),
];
try {
  const databaseUrl = process.env.DATABASE_URL ?? (await embeddedDatabase());
  await migrate(databaseUrl);
  const prisma = createPrisma({ databaseUrl, poolSize: 2 });
  cleanups.push(() => prisma.$disconnect());

  log(
    `seeding ${options.trips.toLocaleString('en')} trips with configurations, catalogs and agents`,
  );
  const account = await seed(prisma, databaseUrl, options.trips);
  const tripIds = await liveTripIds(databaseUrl, account.accountId);
  const only = args.only?.split(',');
  const all = scenarios(tripIds).filter((s) => !only || only.includes(s.id));

  const env = serviceEnv(databaseUrl);
  log('capturing the SQL of each request and checking its plans');
  const captured = await captureStatements(loadConfig(env), account.key, all);
  for (const [id, c] of captured)
    if (c.status >= 300)
      throw new Error(`${id}: ${c.request.method} ${c.request.path} answered ${c.status}`);
  const reads = [...captured.entries()]
    .filter(([id]) => !all.find((s) => s.id === id)?.writes)
    .flatMap(([, c]) => c.statements);
  const seqScans = await sequentialScans(databaseUrl, reads);

  const service = await startServiceProcess(env);
  cleanups.push(() => stopProcess(service.process));
  const baseline = await startBaseline({
    databaseUrl,
    poolSize: options.poolSize,
    port: await freePort(),
    key: account.key,
    accountId: account.accountId,
    agentId: account.ownerAgentId,
  });
  cleanups.push(() => stopProcess(baseline.process));
  log('checking that the baseline answers the very JSON the service answers');
  await checkSameAnswers(all, service.url, baseline.url, account.key);

  const runScenario = async (scenario: Scenario) => {
    const server =
      scenario.target === 'service'
        ? { url: service.url, pid: service.process.child.pid! }
        : { url: baseline.url, pid: baseline.process.child.pid! };
    const databasePid = embeddedPid ? await embeddedPid() : undefined;
    log(`${scenario.label}: ${options.seconds} s`);
    const measured = await measure(scenario.next, {
      ...options,
      ...server,
      databasePid,
      key: account.key,
    });
    if (scenario.target === 'service' && measured.p50Ms > 0)
      (spreads[scenario.id] ??= []).push(Math.round((measured.p99Ms / measured.p50Ms) * 100) / 100);
    log(
      `  ${measured.requestsPerSecond} req/s, p50 ${measured.p50Ms} ms, p99 ${measured.p99Ms} ms, ${measured.errors} errors${measured.errors ? ` ${JSON.stringify(measured.statusCodes)}` : ''}, CPU a request ${measured.cpuUsPerRequest} µs (PostgreSQL ${measured.databaseCpuUsPerRequest ?? '?'} µs), peak RSS ${measured.peakRssMb} MB`,
    );
    return measured;
  };
  /** p99/p50 of every measurement of each service scenario, in the order measured. */
  const spreads: Record<string, number[]> = {};
  // Both servers are measured warm, as a server that has run for a while is: each read is sent
  // for a while first, so that V8's optimisation and the heap's growth after start (the first
  // full collections) fall before any measurement instead of into the first scenarios' tails.
  const startWarmup = Number(args['start-warmup']);
  if (startWarmup > 0) {
    log(`warming both servers up: each read for ${startWarmup} s`);
    for (const scenario of all.filter((s) => !s.writes))
      await measure(scenario.next, {
        ...options,
        ...(scenario.target === 'service'
          ? { url: service.url, pid: service.process.child.pid! }
          : { url: baseline.url, pid: baseline.process.child.pid! }),
        key: account.key,
        seconds: startWarmup,
        warmupSeconds: 0,
      });
  }
  const results: ScenarioResult[] = [];
  const record = async (scenario: Scenario) => {
    const measured = await runScenario(scenario);
    results.push({
      id: scenario.id,
      label: scenario.label,
      target: scenario.target,
      statements: captured.get(scenario.id)?.statements.length,
      ...measured,
    });
  };
  for (const scenario of all.filter((s) => !s.writes)) await record(scenario);
  // On a shared machine one 8-second measurement can land on a busy moment: each service/baseline
  // pair is measured again, on the same data (before the writes), baseline first in the second
  // round and service first in the third, and its ratio is the median of the rounds. The table
  // shows the first round.
  const pairRatios: Record<string, number[]> = {};
  for (const [serviceId, baselineId] of [...RATIO_PAIRS, ...GRAPHQL_PAIRS]) {
    const service = all.find((s) => s.id === serviceId);
    const baseline = all.find((s) => s.id === baselineId);
    if (!service || !baseline) continue;
    const rounds = [
      divide(rps({ scenarios: results }, serviceId), rps({ scenarios: results }, baselineId))!,
    ];
    for (let round = 1; round < options.rounds; round++) {
      log(`round ${round + 1} of ${options.rounds}: ${service.label} and its baseline`);
      const [first, second] = round % 2 ? [baseline, service] : [service, baseline];
      const measured = {
        [first.id]: (await runScenario(first)).requestsPerSecond,
        [second.id]: (await runScenario(second)).requestsPerSecond,
      };
      rounds.push(divide(measured[serviceId], measured[baselineId])!);
    }
    pairRatios[serviceId] = rounds;
  }
  // The reads without a pair are measured as many times, so that each scenario's tail is the
  // median of as many rounds (the table shows the first).
  const paired = new Set<string>([...RATIO_PAIRS, ...GRAPHQL_PAIRS].flat());
  for (let round = 1; round < options.rounds; round++)
    for (const scenario of all.filter((s) => !s.writes && !paired.has(s.id))) {
      log(`round ${round + 1} of ${options.rounds}: ${scenario.label}`);
      await runScenario(scenario);
    }
  for (const scenario of all.filter((s) => s.writes)) await record(scenario);
  for (const [serviceId, baselineId] of WRITE_PAIRS) {
    const service = results.find((s) => s.id === serviceId);
    const baseline = results.find((s) => s.id === baselineId);
    if (service && baseline)
      pairRatios[serviceId] = [divide(service.requestsPerSecond, baseline.requestsPerSecond)!];
  }
  const pages = await measurePages(service, account.key, only);
  const soaked =
    Number(args.soak) > 0 ? await soakService(scenarios(tripIds), service, account.key) : undefined;
  const background = await measureBackground(
    databaseUrl,
    BACKGROUND_SCENARIOS.filter((id) => !only || only.includes(id)),
  );

  const partial = {
    date: new Date().toISOString().slice(0, 10),
    commit: execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
    }).trim(),
    machine: await machine(databaseUrl),
    options: { ...options },
    scenarios: results,
    pairRatios,
    spreads,
    ...(pages.length ? { pages } : {}),
    ...(background.length ? { background } : {}),
    ...(soaked ? { soak: soaked } : {}),
    sequentialScans: seqScans,
  };
  const run: BenchRun = {
    ...partial,
    ratios: ratiosOf(
      partial,
      options.trips === 100_000 ? undefined : await latestReference(args.out),
    ),
  };
  for (const r of run.ratios) log(`${r.name}: ${r.value ?? '–'} (target ${r.target})`);
  if (!args['no-write'])
    log(`results: ${path.relative(REPO_ROOT, await writeResults(args.out, run))}`);
} finally {
  for (const cleanup of cleanups.reverse())
    await cleanup().catch((error: unknown) => log(`cleanup failed: ${String(error)}`));
}

/**
 * The traveller pages on the measured service (production settings): its own public trip of 14
 * days and 60 blocks in the seeded account, its page and PDF timed one request at a time.
 */
async function measurePages(
  service: { url: string; process: ServiceProcess },
  key: string,
  only: string[] | undefined,
): Promise<PageResult[]> {
  const ids = PAGE_SCENARIOS.filter((id) => !only || only.includes(id));
  if (ids.length === 0) return [];
  return measureTravellerPages(
    {
      url: service.url,
      key,
      pid: service.process.child.pid!,
      databasePid: embeddedPid ? await embeddedPid() : undefined,
      pageRequests: Number(args['page-requests']),
      pdfRequests: Number(args['pdf-requests']),
    },
    ids,
    log,
  );
}

/** --soak: by-id reads, list pages and creations mixed, for minutes; RSS every 10 s. */
async function soakService(
  list: Scenario[],
  service: { url: string; process: ServiceProcess },
  key: string,
): Promise<SoakResult> {
  const pick = (id: string) => list.find((s) => s.id === id)!.next;
  const [byId, page, create] = [pick('trip-by-id'), pick('trips-list'), pick('create-trip')];
  let n = 0;
  const next = () => {
    n++;
    return n % 50 === 0 ? create() : n % 5 === 0 ? page() : byId();
  };
  log(`soak: ${args.soak} s of mixed load after a minute's warm-up, RSS every 10 s`);
  const result = await soak(
    next,
    {
      url: service.url,
      key,
      connections: options.connections,
      pid: service.process.child.pid!,
    },
    Number(args.soak),
  );
  log(
    `  ${result.requestsPerSecond} req/s, p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms, ${result.errors} errors ${JSON.stringify(result.errorKinds)}, RSS ${result.firstMinuteMb} MB (first minute) -> ${result.lastMinuteMb} MB (last minute), ${result.growthMbPerMinute} MB a minute`,
  );
  return result;
}

/**
 * A ratio is only honest if both sides do the same job: each baseline scenario's answer must be the
 * service's, byte for byte for reads, and the same keys and status for writes (whose ids, codes and
 * timestamps differ by nature).
 */
async function checkSameAnswers(
  list: Scenario[],
  serviceUrl: string,
  baselineUrl: string,
  key: string,
) {
  const ask = async (url: string, scenario: Scenario) => {
    const request = scenario.next();
    const response = await fetch(`${url}${request.path}`, {
      method: request.method,
      headers: { ...request.headers, authorization: `Bearer ${key}` },
      body: request.body ?? null,
    });
    return { status: response.status, body: await response.text() };
  };
  // The GraphQL reads answer data, not errors (trusted-documents.test.ts compares them with REST's).
  for (const [graphqlId] of GRAPHQL_PAIRS) {
    const scenario = list.find((s) => s.id === graphqlId);
    if (!scenario) continue;
    const answer = await ask(serviceUrl, scenario);
    const body = JSON.parse(answer.body) as { data?: { trip?: unknown }; errors?: unknown };
    if (answer.status !== 200 || body.errors || !body.data?.trip)
      throw new Error(`${graphqlId} answers ${answer.status} ${answer.body.slice(0, 400)}`);
  }
  for (const [serviceId, baselineId] of [...RATIO_PAIRS, ...WRITE_PAIRS]) {
    const service = list.find((s) => s.id === serviceId);
    const baseline = list.find((s) => s.id === baselineId);
    if (!service || !baseline) continue;
    if (service.writes) {
      const [a, b] = [await ask(serviceUrl, service), await ask(baselineUrl, baseline)];
      const keys = (text: string) => Object.keys(JSON.parse(text) as object).join();
      if (a.status !== b.status || keys(a.body) !== keys(b.body))
        throw new Error(
          `${baselineId} answers ${b.status} ${b.body.slice(0, 200)}, the service ${a.status} ${a.body.slice(0, 200)}`,
        );
      continue;
    }
    // The same request to both: fix the random trip id by asking the service first with one request.
    const request = service.next();
    const one = { ...service, next: () => request };
    const [a, b] = [await ask(serviceUrl, one), await ask(baselineUrl, one)];
    if (a.status !== b.status || a.body !== b.body)
      throw new Error(
        `${baselineId} does not answer what the service answers:\n${a.body.slice(0, 400)}\n${b.body.slice(0, 400)}`,
      );
  }
}

/**
 * Webhook deliveries and AI imports, on a service process of their own: it runs the worker role,
 * and delivers to a receiver on 127.0.0.1, which only a non-production process may do.
 */
async function measureBackground(
  databaseUrl: string,
  ids: readonly string[],
): Promise<BackgroundResult[]> {
  if (ids.length === 0) return [];
  const prisma = createPrisma({ databaseUrl, poolSize: 2 });
  const account = await seedBackgroundAccount(prisma, databaseUrl, options.deliveries).finally(() =>
    prisma.$disconnect(),
  );
  const service = await startServiceProcess({
    ...serviceEnv(databaseUrl),
    NODE_ENV: 'development',
    SERVICE_ROLES: 'api,worker',
    OUTBOUND_ALLOW_LOOPBACK: 'true',
    NODE_EXTRA_CA_CERTS: path.join(REPO_ROOT, 'test/fixtures/tls/ca.pem'),
    GRAPHIQL: 'false',
  });
  try {
    const target = {
      url: service.url,
      key: account.key,
      pid: service.process.child.pid!,
      databasePid: embeddedPid ? await embeddedPid() : undefined,
      databaseUrl,
      accountId: account.accountId,
    };
    const results: BackgroundResult[] = [];
    const report = (r: BackgroundResult) => {
      results.push(r);
      log(
        `  ${r.rate} ${r.unit} (${r.items} in ${r.seconds} s), p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms, ${r.errors} errors, CPU an item ${r.cpuUsPerItem} µs (PostgreSQL ${r.databaseCpuUsPerItem ?? '?'} µs), peak RSS ${r.peakRssMb} MB${r.note ? `; ${r.note}` : ''}`,
      );
    };
    if (ids.includes('webhook-deliveries')) {
      log(`webhook deliveries: ${account.tripIds.length} trips deleted, 100 a call`);
      report(
        await measureWebhookDeliveries({ ...target, tripIds: account.tripIds, timeoutMs: 180_000 }),
      );
    }
    for (const kind of IMPORT_KINDS) {
      if (!ids.includes(`ai-imports-${kind}`)) continue;
      const importOptions = {
        ...target,
        concurrency: options.importConcurrency,
        seconds: options.importSeconds,
      };
      log(
        `AI imports (${kind}): warm-up, then ${options.importSeconds} s with ${options.importConcurrency} in flight`,
      );
      await warmUpImports(importOptions, kind);
      report(await measureImports(importOptions, kind));
    }
    return results;
  } finally {
    await stopProcess(service.process);
  }
}

async function embeddedDatabase(): Promise<string> {
  const database = await startEmbeddedPostgres({ dataDir, port: await freePort() });
  cleanups.push(() => database.stop());
  // The first line of postmaster.pid is the postmaster's pid: its backends' CPU time is measured.
  embeddedPid = async () =>
    Number(
      (await fs.readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[0],
    );
  return database.url;
}

function serviceEnv(databaseUrl: string): Record<string, string> {
  return {
    NODE_ENV: 'production',
    SECRET_KEY: 'bench-secret-key-0123456789abcdefghijklmnopqrstuv',
    DATABASE_URL: databaseUrl,
    DATABASE_POOL_SIZE: String(options.poolSize),
    HOST: '127.0.0.1',
    SERVICE_ROLES: 'api',
    LOG_LEVEL: options.logLevel,
    DATA_DIR: dataDir,
    DEMO_SEED: 'false',
    // Metrics are recorded all the same; only their listener is off (no port to collide on).
    METRICS_PORT: '0',
    // The benchmark measures the service, not its rate limits.
    RATE_LIMIT_PER_MINUTE: '1000000000',
    PUBLIC_RATE_LIMIT_PER_MINUTE: '1000000000',
  };
}

/** The service as `npm start` runs it (same Node flags), on a free port, ready when /status says 200. */
async function startServiceProcess(env: Record<string, string>) {
  const port = await freePort();
  const profile = args['cpu-prof']
    ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(args['cpu-prof'])}`]
    : [];
  const child = spawnService({ ...env, PORT: String(port) }, [
    ...nodeFlags,
    ...profile,
    'src/main.ts',
  ]);
  const url = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries++) {
    const status = await fetch(`${url}/status`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) break;
    if (tries > 240 || child.child.exitCode !== null)
      throw new Error(`the service did not start:\n${child.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  // The service's log lines are written as in production, then dropped here: kept, they would grow
  // this process by megabytes a second.
  child.child.stdout!.removeAllListeners('data');
  if (args['trace-file']) {
    const out = createWriteStream(args['trace-file']);
    let rest = '';
    child.child.stdout!.on('data', (chunk: Buffer) => {
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop()!;
      for (const line of lines) if (!line.startsWith('{')) out.write(`${line}\n`);
    });
  }
  child.child.stdout!.resume();
  return { url, process: child };
}

async function startBaseline(spec: BaselineSpec) {
  const file = path.join(dataDir, 'baseline.json');
  await fs.writeFile(file, JSON.stringify(spec));
  const child = spawnService({}, ['bench/baseline-server.ts', file]);
  await child.waitFor(/baseline listening/);
  return { url: `http://127.0.0.1:${spec.port}`, process: child };
}

async function stopProcess(child: ServiceProcess) {
  if (child.child.exitCode !== null) return;
  child.child.kill('SIGTERM');
  await child.exited;
}

async function liveTripIds(databaseUrl: string, accountId: number): Promise<number[]> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query<{ id: number }>(
      'SELECT id FROM trips WHERE account_id = $1 AND deleted_at IS NULL',
      [accountId],
    );
    return rows.map((r) => r.id);
  } finally {
    await db.end();
  }
}

async function machine(databaseUrl: string) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const { rows } = await db.query<{ version: string }>('SELECT version()');
  await db.end();
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model.trim() ?? 'unknown',
    cores: cpus.length,
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    node: process.versions.node,
    postgres: rows[0]!.version.split(' on ')[0]!,
  };
}
