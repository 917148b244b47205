// Webhook deliveries per second on one endpoint, this tree against another checkout of the
// service (--base, e.g. a `git worktree` of main with node_modules linked in), in alternating
// rounds on one PostgreSQL: the machine may be shared and noisy, so the two are compared round by
// round rather than against a figure of another day. Each variant has a database of its own (its
// own migrations, applied when it starts) and runs as `npm start` does with the api and worker
// roles; each round gives a fresh account `--events` trips, then measures their deletion's
// trip.deleted deliveries to a receiver that answers 200 at once (bench/webhooks.ts).
//
// With --drain, the receiver holds the first requests until every delivery is queued, then
// answers them all at once: the figure is the delivery stage alone, a backlog of one endpoint
// drained (without it, on a busy machine, the rate is often the fan-out's).
//
//   node bench/webhook-pair.ts --base /tmp/fairbase [--events 2000] [--rounds 3] [--drain]
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { createPrisma } from '../src/db/prisma.ts';
import { freePort } from '../test/helpers/ports.ts';
import { REPO_ROOT } from '../test/helpers/processes.ts';
import { startReceiver } from '../test/helpers/receiver.ts';
import { usageMeter } from './load.ts';
import { benchDatabase } from './database.ts';
import { seedBackgroundAccount } from './seed.ts';
import { measureWebhookDeliveries } from './webhooks.ts';

const { values: args } = parseArgs({
  options: {
    base: { type: 'string' },
    events: { type: 'string', default: '2000' },
    rounds: { type: 'string', default: '3' },
    env: { type: 'string', multiple: true, default: [] },
    only: { type: 'string' },
    statements: { type: 'boolean', default: false },
    drain: { type: 'boolean', default: false },
  },
});
if (!args.base) throw new Error('--base <directory of the other checkout> is required');
const variants = [
  { name: 'this', root: REPO_ROOT },
  { name: 'base', root: path.resolve(args.base) },
];
const log = (message: string) =>
  process.stdout.write(`[pair ${new Date().toISOString().slice(11, 19)}] ${message}\n`);

const { database, dataDir, postgresPid } = await benchDatabase('trips-pair-', {
  statements: args.statements,
});
const children: Array<ReturnType<typeof spawn>> = [];
// Interrupted: the services and PostgreSQL stop with the script.
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    for (const child of children) child.kill('SIGTERM');
    void database.stop().finally(() => process.exit(1));
  });
try {
  const admin = new pg.Client({ connectionString: database.url });
  await admin.connect();
  const services = [];
  for (const variant of variants) {
    await admin.query(`CREATE DATABASE pair_${variant.name}`);
    const url = new URL(database.url);
    url.pathname = `/pair_${variant.name}`;
    if (args.statements) {
      const db = new pg.Client({ connectionString: url.toString() });
      await db.connect();
      await db.query('CREATE EXTENSION pg_stat_statements');
      await db.end();
    }
    services.push({
      ...variant,
      databaseUrl: url.toString(),
      ...(await start(variant.root, url.toString())),
    });
  }
  await admin.end();

  const figures: Record<string, number[]> = { this: [], base: [] };
  for (let round = 1; round <= Number(args.rounds); round++) {
    // Alternate which goes first, so that neither always has the machine warmer.
    const order = (round % 2 === 1 ? services : [...services].reverse()).filter(
      (s) => !args.only || s.name === args.only,
    );
    for (const service of order) {
      if (args.statements) await statements(service.databaseUrl, 'reset');
      const prisma = createPrisma({ databaseUrl: service.databaseUrl, poolSize: 2 });
      const account = await seedBackgroundAccount(
        prisma,
        service.databaseUrl,
        Number(args.events),
      ).finally(() => prisma.$disconnect());
      if (args.drain) {
        const drained = await measureDrain(service, account);
        figures[service.name]!.push(drained.rate);
        log(`round ${round} ${service.name}: ${drained.text}`);
        if (args.statements) await statements(service.databaseUrl, 'print');
        continue;
      }
      const result = await measureWebhookDeliveries({
        url: service.url,
        key: account.key,
        tripIds: account.tripIds,
        pid: service.pid,
        databasePid: await postgresPid(),
        timeoutMs: 180_000,
      });
      figures[service.name]!.push(result.rate);
      const stage = await deliveryStage(service.databaseUrl);
      if (args.statements) await statements(service.databaseUrl, 'print');
      log(
        `round ${round} ${service.name}: ${result.rate} deliveries/s (${result.items} in ${result.seconds} s, ${result.errors} missing), p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms, CPU ${result.cpuUsPerItem} µs a delivery (PostgreSQL ${result.databaseCpuUsPerItem} µs); once every delivery was queued, ${stage}`,
      );
    }
    if (!args.only)
      log(
        `round ${round}: this/base ${(figures.this!.at(-1)! / figures.base!.at(-1)!).toFixed(2)}`,
      );
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  if (!args.only)
    log(
      `median: this ${median(figures.this!)}/s, base ${median(figures.base!)}/s, ratio ${(median(figures.this!) / median(figures.base!)).toFixed(2)}`,
    );
} finally {
  for (const child of children) {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
  await database.stop();
  await fs.rm(dataDir, { recursive: true, force: true });
}

/**
 * --drain: an endpoint on a receiver that holds every request until all of the burst's deliveries
 * are queued (and the fan-out's queue is empty), then answers at once; the rate is the deliveries
 * that arrive after the release over the time until the last.
 */
async function measureDrain(
  service: { url: string; pid: number; databaseUrl: string },
  account: { key: string; tripIds: number[] },
) {
  const receiver = await startReceiver();
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let open = true;
  receiver.respond(() => (open ? { status: 200, until: released } : { status: 200 }));
  const db = new pg.Client({ connectionString: service.databaseUrl });
  await db.connect();
  try {
    const headers = { authorization: `Bearer ${account.key}`, 'content-type': 'application/json' };
    const endpoint = await fetch(`${service.url}/webhooks/endpoints`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: 'Drain', url: receiver.url, eventTypes: ['trip.deleted'] }),
    });
    const { id } = (await endpoint.json()) as { id: number };
    for (let i = 0; i < account.tripIds.length; i += 100) {
      const chunk = account.tripIds.slice(i, i + 100);
      for (let attempt = 1; ; attempt++) {
        const res = await fetch(`${service.url}/trips`, {
          method: 'DELETE',
          headers,
          body: JSON.stringify({ tripIds: chunk }),
        });
        await res.arrayBuffer();
        if (res.status === 200) break;
        if (attempt === 5) throw new Error(`DELETE /trips answered ${res.status}`);
        await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
      }
    }
    const total = account.tripIds.length;
    for (;;) {
      const { rows } = await db.query<{ n: number; fanning: number }>(
        `SELECT (SELECT count(*)::int FROM deliveries WHERE endpoint_id = $1) AS n,
           (SELECT count(*)::int FROM pgboss.job WHERE name = 'webhooks.fan-out' AND state < 'completed') AS fanning`,
        [id],
      );
      if (rows[0]!.n >= total && rows[0]!.fanning === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const held = receiver.requests.length;
    const meter = usageMeter(service.pid, await postgresPid());
    const started = Date.now();
    open = false;
    release();
    const unique = () => new Set(receiver.requests.map((r) => r.headers['x-service-delivery']));
    const deadline = started + 300_000;
    while (unique().size < total && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    const last = Math.max(...receiver.requests.map((r) => r.answeredAt ?? r.receivedAt));
    const items = unique().size - held;
    const usage = meter.stop(items);
    const rate = Math.round((items / Math.max(1, last - started)) * 10_000) / 10;
    return {
      rate,
      text: `${rate} deliveries/s drained (${items} after the release in ${((last - started) / 1000).toFixed(1)} s, ${held} held before it, ${total - unique().size} missing), CPU ${usage.cpuUsPerItem} µs a delivery (PostgreSQL ${usage.databaseCpuUsPerItem} µs)`,
    };
  } finally {
    await db.end();
    await receiver.close();
  }
}

/**
 * The delivery stage alone: from the moment the last delivery was queued (fan-out done), the
 * deliveries completed after it over the time they took.
 */
async function deliveryStage(databaseUrl: string): Promise<string> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query<{ n: number; seconds: number }>(
      `WITH queued AS (SELECT max(created_at) AS at FROM deliveries)
       SELECT count(*)::int AS n, extract(epoch FROM max(d.completed_at) - (SELECT at FROM queued))::float8 AS seconds
       FROM deliveries d WHERE d.completed_at > (SELECT at FROM queued)`,
    );
    const { n, seconds } = rows[0]!;
    await db.query('DELETE FROM deliveries');
    return `${n} in ${seconds?.toFixed(1)} s: ${seconds ? (n / seconds).toFixed(1) : '–'}/s`;
  } finally {
    await db.end();
  }
}

async function statements(databaseUrl: string, what: 'reset' | 'print') {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    if (what === 'reset') {
      await db.query('SELECT pg_stat_statements_reset()');
      return;
    }
    const { rows } = await db.query<{ calls: string; ms: number; query: string }>(
      `SELECT calls, round(total_exec_time)::int AS ms, left(regexp_replace(query, '\\s+', ' ', 'g'), 110) AS query
       FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
       ORDER BY total_exec_time DESC LIMIT 12`,
    );
    for (const r of rows)
      log(`    ${String(r.ms).padStart(6)} ms ${String(r.calls).padStart(6)}x ${r.query}`);
  } finally {
    await db.end();
  }
}

/** The service of the checkout at `root`, as `npm start` runs it, once /status answers 200. */
async function start(root: string, databaseUrl: string) {
  const port = await freePort();
  const pkg = JSON.parse(await fs.readFile(path.join(root, 'package.json'), 'utf8'));
  const flags = String(pkg.scripts.start)
    .split(' ')
    .filter((word) => word.startsWith('--'));
  const extra = Object.fromEntries(args.env!.map((pair) => pair.split('=', 2) as [string, string]));
  const child = spawn(process.execPath, [...flags, 'src/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'development',
      SECRET_KEY: 'bench-secret-key-0123456789abcdefghijklmnopqrstuv',
      DATABASE_URL: databaseUrl,
      HOST: '127.0.0.1',
      PORT: String(port),
      AI_PORT: String(await freePort()),
      METRICS_PORT: '0',
      SERVICE_ROLES: 'api,worker',
      LOG_LEVEL: 'info',
      DATA_DIR: dataDir,
      DEMO_SEED: 'false',
      GRAPHIQL: 'false',
      RATE_LIMIT_PER_MINUTE: '1000000000',
      PUBLIC_RATE_LIMIT_PER_MINUTE: '1000000000',
      OUTBOUND_ALLOW_LOOPBACK: 'true',
      NODE_EXTRA_CA_CERTS: path.join(REPO_ROOT, 'test/fixtures/tls/ca.pem'),
      ...extra,
    },
  });
  children.push(child);
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    errors = (errors + chunk.toString()).slice(-4000);
  });
  const url = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries++) {
    const status = await fetch(`${url}/status`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) break;
    if (tries > 240 || child.exitCode !== null)
      throw new Error(`the service at ${root} did not start:\n${errors}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { url, pid: child.pid! };
}
