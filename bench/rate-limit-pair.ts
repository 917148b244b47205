// What exact global rate limits cost GET /trips/{id}: the budgets leased from PostgreSQL
// (RATE_LIMIT_STORE=postgres, one budget for every process, src/http/leased-limiter.ts) against
// each process counting in its own memory (RATE_LIMIT_STORE=memory, rate-limiter-flexible's
// RateLimiterMemory), in alternating rounds: the machine may be shared and noisy, so the two are
// compared round by round rather than against a figure of another day.
//
// One embedded PostgreSQL; per variant two API processes as `npm start` runs them
// (NODE_ENV=production, SERVICE_ROLES=api, LOG_LEVEL=warn), all four started at once and loaded
// one variant at a time, the connections split evenly over the variant's two processes (as a
// load balancer would). The limit (--limit a minute per key) is one the load never reaches: what
// is measured is the bookkeeping, never a 429. Two scenarios:
// - one-key: one busy API key reading its account's trips;
// - many-keys: --keys API keys of as many accounts, each reading its own trip in turn, so that
//   each key sends a few requests a second to each process: its leases are small, which is the
//   leased limiter's expensive case.
// Each round: --warmup seconds unmeasured, then --seconds measured, per variant; the order
// alternates from round to round. Any answer but 200 is an error. A benchmark, never a test.
//
//   node bench/rate-limit-pair.ts [--seconds 10] [--warmup 2] [--rounds 3] [--connections 50]
//     [--keys 200] [--limit 1000000] [--only one-key|many-keys] [--statements] [--out file.md]
//     [--cpu-prof dir]
//
// --statements: also the lease statements a request (pg_stat_statements, loaded for the run), and
// the statements that took PostgreSQL the most time in each postgres round.
// --cpu-prof: a V8 CPU profile of each service process, in <dir>/<variant>/, written as it exits.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { migrate } from '../src/db/migrate.ts';
import { createPrisma } from '../src/db/prisma.ts';
import { freePort } from '../test/helpers/ports.ts';
import {
  REPO_ROOT,
  type ServiceProcess,
  spawnService,
  stopAll,
} from '../test/helpers/processes.ts';
import { quantile, usageMeter } from './load.ts';
import { benchDatabase } from './database.ts';
import { seedBackgroundAccount } from './seed.ts';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    /** Seconds of load on each variant once, after they start, before any round. */
    'start-warmup': { type: 'string', default: '5' },
    rounds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '50' },
    keys: { type: 'string', default: '200' },
    limit: { type: 'string', default: '1000000' },
    only: { type: 'string' },
    statements: { type: 'boolean', default: false },
    out: { type: 'string' },
    /** Write a V8 CPU profile of each service process to this directory (at its exit). */
    'cpu-prof': { type: 'string' },
  },
});
const VARIANTS = ['postgres', 'memory'] as const;
type Variant = (typeof VARIANTS)[number];
const SCENARIOS = ['one-key', 'many-keys'] as const;
type ScenarioId = (typeof SCENARIOS)[number];
const seconds = Number(args.seconds);
const connections = Number(args.connections);

const log = (message: string) =>
  process.stdout.write(`[rate-limits ${new Date().toISOString().slice(11, 19)}] ${message}\n`);
const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');

/** Who sends a request: a key and the path of one of its account's trips. */
interface Caller {
  key: string;
  tripIds: number[];
}

interface Round {
  variant: Variant;
  rps: number;
  requests: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  /** CPU time of the two API processes, and of PostgreSQL, per request (µs). */
  cpuUs: number;
  databaseCpuUs: number | undefined;
  /** Lease statements (rate_limit_counters upserts) a request, with --statements. */
  leasesPerRequest: number | undefined;
  /** The machine's one-minute load average when the round ended. */
  load: number;
}

const { database, dataDir, postgresPid } = await benchDatabase('trips-rate-limits-', {
  statements: args.statements,
});
const processes: ServiceProcess[] = [];
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    for (const p of processes) p.child.kill('SIGTERM');
    void database.stop().finally(() => process.exit(1));
  });

const startedAt = new Date();
const loadBefore = loadAverage();
const results: Partial<Record<ScenarioId, Round[][]>> = {};
try {
  await migrate(database.url);
  if (args.statements) await sql(database.url, 'CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
  log(`seeding: one account with 1,000 trips, ${args.keys} accounts with one trip each`);
  const prisma = createPrisma({ databaseUrl: database.url, poolSize: 2 });
  const busy: Caller = await seedBackgroundAccount(prisma, database.url, 1_000);
  const many: Caller[] = [];
  for (let i = 0; i < Number(args.keys); i++)
    many.push(await seedBackgroundAccount(prisma, database.url, 1));
  await prisma.$disconnect();
  await sql(database.url, 'VACUUM ANALYZE');

  const services: Record<Variant, Array<{ url: string; pid: number }>> = {
    postgres: [],
    memory: [],
  };
  for (const variant of VARIANTS)
    for (let i = 0; i < 2; i++) services[variant].push(await start(variant));
  log(
    `started: ${VARIANTS.map((v) => `${v} ${services[v].map((s) => s.url).join(' ')}`).join('; ')}`,
  );

  const callersOf: Record<ScenarioId, Caller[]> = { 'one-key': [busy], 'many-keys': many };
  for (const scenario of SCENARIOS.filter((s) => !args.only || s === args.only)) {
    const callers = callersOf[scenario];
    for (const variant of VARIANTS)
      await fire(services[variant], callers, Number(args['start-warmup']));
    const rounds: Round[][] = [];
    for (let round = 1; round <= Number(args.rounds); round++) {
      // Alternate which goes first, so that neither always has the machine warmer.
      const order = round % 2 === 1 ? VARIANTS : [...VARIANTS].reverse();
      const measured: Round[] = [];
      for (const variant of order) {
        if (Number(args.warmup) > 0) await fire(services[variant], callers, Number(args.warmup));
        measured.push(await measure(variant, services[variant], callers));
        const r = measured.at(-1)!;
        log(
          `${scenario} round ${round} ${variant}: ${r.rps} req/s, p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms, ${r.errors} errors, CPU ${r.cpuUs} µs a request (PostgreSQL ${r.databaseCpuUs} µs), load ${r.load}${r.leasesPerRequest === undefined ? '' : `, ${r.leasesPerRequest} lease statements a request`}`,
        );
      }
      rounds.push(measured);
      log(`${scenario} round ${round}: postgres/memory ${ratioOf(measured).toFixed(3)}`);
    }
    results[scenario] = rounds;
    const ratios = rounds.map(ratioOf);
    log(
      `${scenario}: median ratio ${median(ratios).toFixed(3)} (rounds ${ratios.map((r) => r.toFixed(3)).join(', ')}); median req/s postgres ${median(rounds.map((r) => byVariant(r, 'postgres').rps))}, memory ${median(rounds.map((r) => byVariant(r, 'memory').rps))}`,
    );
  }
  if (args.out) {
    await fs.writeFile(args.out, report());
    log(`written: ${args.out}`);
  }
} finally {
  await stopAll(processes);
  await database.stop();
  await fs.rm(dataDir, { recursive: true, force: true });
}

function byVariant(rounds: Round[], variant: Variant): Round {
  return rounds.find((r) => r.variant === variant)!;
}

function ratioOf(rounds: Round[]): number {
  return byVariant(rounds, 'postgres').rps / byVariant(rounds, 'memory').rps;
}

function median(xs: number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Two API processes of one variant, as `npm start` runs them, on the one database. */
async function start(variant: Variant): Promise<{ url: string; pid: number }> {
  const pkg = JSON.parse(await fs.readFile(path.join(REPO_ROOT, 'package.json'), 'utf8'));
  const flags = String(pkg.scripts.start)
    .split(' ')
    .filter((word) => word.startsWith('--'));
  const apiPort = await freePort();
  const service = spawnService(
    {
      NODE_ENV: 'production',
      SECRET_KEY: 'bench-secret-key-0123456789abcdefghijklmnopqrstuv',
      DATABASE_URL: database.url,
      HOST: '127.0.0.1',
      PORT: String(apiPort),
      METRICS_PORT: '0',
      SERVICE_ROLES: 'api',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      DEMO_SEED: 'false',
      SHUTDOWN_DRAIN_DELAY_MS: '0',
      RATE_LIMIT_STORE: variant,
      RATE_LIMIT_PER_MINUTE: args.limit!,
      PUBLIC_RATE_LIMIT_PER_MINUTE: args.limit!,
    },
    [
      ...flags,
      ...(args['cpu-prof']
        ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(args['cpu-prof'], variant)}`]
        : []),
      'src/main.ts',
    ],
  );
  processes.push(service);
  const url = `http://127.0.0.1:${apiPort}`;
  for (let tries = 0; ; tries++) {
    const status = await fetch(`${url}/status`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) break;
    if (tries > 240 || service.child.exitCode !== null)
      throw new Error(`the ${variant} service did not start:\n${service.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { url, pid: service.child.pid! };
}

async function measure(
  variant: Variant,
  targets: Array<{ url: string; pid: number }>,
  callers: Caller[],
): Promise<Round> {
  const databasePid = await postgresPid();
  if (args.statements) await sql(database.url, 'SELECT pg_stat_statements_reset()');
  const meters = targets.map((t, i) => usageMeter(t.pid, i === 0 ? databasePid : undefined));
  const result = await fire(targets, callers, seconds);
  const usage = meters.map((m) => m.stop(result.requests));
  const leases = args.statements
    ? Number(
        (
          await sql(
            database.url,
            `SELECT coalesce(sum(calls), 0)::int AS n FROM pg_stat_statements WHERE query LIKE '%INSERT INTO rate_limit_counters%'`,
          )
        )[0]!.n,
      )
    : undefined;
  if (args.statements)
    for (const r of await sql(
      database.url,
      `SELECT calls, round(total_exec_time)::int AS ms, left(regexp_replace(query, '\\s+', ' ', 'g'), 100) AS query
       FROM pg_stat_statements ORDER BY total_exec_time DESC LIMIT 6`,
    ))
      log(`    ${String(r.ms).padStart(6)} ms ${String(r.calls).padStart(7)}x ${r.query}`);
  return {
    variant,
    rps: Math.round((result.requests / result.seconds) * 10) / 10,
    requests: result.requests,
    p50Ms: result.p50Ms,
    p99Ms: result.p99Ms,
    errors: result.errors,
    cpuUs: usage.reduce((sum, u) => sum + u.cpuUsPerItem, 0),
    databaseCpuUs: usage[0]!.databaseCpuUsPerItem,
    leasesPerRequest:
      leases === undefined ? undefined : Math.round((leases / result.requests) * 1000) / 1000,
    load: Math.round(os.loadavg()[0]! * 100) / 100,
  };
}

/**
 * autocannon on each target at once, the connections split evenly. Each target's requests go to
 * the callers in turn (every key as often, on both processes), each to one of its own trips.
 */
async function fire(targets: Array<{ url: string }>, callers: Caller[], duration: number) {
  const times: number[] = [];
  let errors = 0;
  const runs = targets.map((target, t) => {
    let turn = t;
    const instance = autocannon({
      url: target.url,
      connections: Math.max(1, Math.round(connections / targets.length)),
      duration,
      timeout: 30,
      requests: [
        {
          setupRequest: (request) => {
            const caller = callers[turn++ % callers.length]!;
            const tripId = caller.tripIds[Math.floor(Math.random() * caller.tripIds.length)]!;
            return {
              ...request,
              method: 'GET',
              path: `/trips/${tripId}`,
              headers: { authorization: `Bearer ${caller.key}` },
            };
          },
        },
      ],
    }) as Promise<autocannon.Result> & autocannon.Instance;
    instance.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
      if (status === 200) times.push(ms);
      else errors++;
    });
    return instance;
  });
  const done = await Promise.all(runs);
  const exact = (q: number) => Math.round(quantile(times, q) * 100) / 100;
  return {
    requests: done.reduce((sum, r) => sum + r.requests.total, 0),
    seconds: Math.max(...done.map((r) => r.duration)),
    p50Ms: exact(0.5),
    p99Ms: exact(0.99),
    // Answers other than 200, plus socket errors and time-outs.
    errors: errors + done.reduce((sum, r) => sum + r.errors, 0),
  };
}

async function sql(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

function report(): string {
  const cpu = os.cpus();
  const git = (...a: string[]) => {
    try {
      return execFileSync('git', a, { cwd: REPO_ROOT, encoding: 'utf8' }).trim();
    } catch {
      return '(not a git checkout)'; // an exported copy of a commit, to measure it beside another
    }
  };
  const lines = [
    `# Rate limits: PostgreSQL leases against memory, ${startedAt.toISOString().slice(0, 10)}`,
    '',
    `\`node bench/rate-limit-pair.ts ${process.argv.slice(2).join(' ')}\` at ${git('rev-parse', '--short', 'HEAD')}${git('status', '--porcelain', '--', 'src') ? ' (with uncommitted changes in src/)' : ''}.`,
    `${cpu.length} × ${cpu[0]?.model ?? 'CPU'}, Node ${process.version}; load average (1, 5, 15 min) ${loadBefore} before, ${loadAverage()} after.`,
    `Two API processes per variant (NODE_ENV=production, SERVICE_ROLES=api, LOG_LEVEL=warn), ${connections} connections split evenly over them, RATE_LIMIT_PER_MINUTE=${args.limit} (never reached), ${args.warmup} s warm-up then ${seconds} s a round, ${args.rounds} rounds alternating which variant goes first.`,
    '',
  ];
  for (const [scenario, rounds] of Object.entries(results) as Array<[ScenarioId, Round[][]]>) {
    const ratios = rounds.map(ratioOf);
    lines.push(
      `## ${scenario === 'one-key' ? 'One busy key' : `${args.keys} keys of as many accounts`}`,
      '',
      `Median postgres/memory: **${median(ratios).toFixed(3)}**.`,
      '',
      '| round | variant | req/s | p50 ms | p99 ms | errors | CPU µs/req (2 processes) | PostgreSQL µs/req | lease statements/req | load | postgres/memory |',
      '| ----: | ------- | ----: | -----: | -----: | -----: | -----------------------: | ----------------: | -------------------: | ---: | --------------: |',
    );
    rounds.forEach((measured, i) => {
      for (const r of measured)
        lines.push(
          `| ${i + 1} | ${r.variant} | ${r.rps} | ${r.p50Ms} | ${r.p99Ms} | ${r.errors} | ${r.cpuUs} | ${r.databaseCpuUs ?? '–'} | ${r.leasesPerRequest ?? '–'} | ${r.load} | ${r === measured.at(-1) ? ratioOf(measured).toFixed(3) : ''} |`,
        );
    });
    lines.push('');
  }
  return lines.join('\n');
}
