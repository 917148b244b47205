// node bench/micro.ts [--trips=5000] [--requests=4000] [--rounds=5] [--path=/trips/{id}] [--create | --config [--changing] | --graphql=<query> | --graphql-body=<json>] [--subscribed] [--alloc] >/dev/null
// CPU per request of the service in this process, for A/B work on a loaded machine where wall
// clock means nothing: the service (request logging on, to stdout: send it to /dev/null) answers
// `--requests` keep-alive requests from 8 clients in this same process, and the process's CPU time
// (process.cpuUsage) is divided by the requests. The clients' own share is a constant of this
// script, so compare runs of it with each other, never with `npm run bench`. Results on stderr.
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { loadConfig } from '../src/config/config.ts';
import { startEmbeddedPostgres } from '../src/db/embedded.ts';
import { migrate } from '../src/db/migrate.ts';
import { createPrisma } from '../src/db/prisma.ts';
import { createLogger } from '../src/logger.ts';
import { startService } from '../src/service.ts';
import { freePort } from '../test/helpers/ports.ts';
import { configurationWithBlocks, NEW_TRIP } from './documents.ts';
import { seed } from './seed.ts';

const { values: args } = parseArgs({
  options: {
    trips: { type: 'string', default: '5000' },
    requests: { type: 'string', default: '4000' },
    rounds: { type: 'string', default: '5' },
    path: { type: 'string', default: '/trips/{id}' },
    'log-level': { type: 'string', default: 'info' },
    /** POST /trips (the benchmark's new trip) instead of GETs of --path. */
    create: { type: 'boolean', default: false },
    /** PUT /trips/{id}/config with the benchmark's 200-block document instead. */
    config: { type: 'boolean', default: false },
    /**
     * With --config: each PUT changes the document (its itinerary's title counts the requests),
     * so every one is a real save; without it a trip's second PUT of the same document is a no-op.
     */
    changing: { type: 'boolean', default: false },
    /**
     * An endpoint of the account subscribes to trip.created and trip.configUpdated, so each
     * write records its event (and queues its job: no worker runs here, nothing is delivered).
     */
    subscribed: { type: 'boolean', default: false },
    /** POST /graphql with this query instead. */
    graphql: { type: 'string' },
    /**
     * POST /graphql with this JSON body instead, `"$ID"` replaced by a random trip id: e.g.
     * '{"documentId":"sha256:<hash>","variables":{"id":"$ID"}}' for a trusted document.
     */
    'graphql-body': { type: 'string' },
    /**
     * Then sample what the service allocates for --requests more requests, garbage included
     * (V8's sampling heap profiler; the clients run in a worker thread, whose heap is not
     * sampled), and print the bytes a request and the functions that allocate most.
     */
    alloc: { type: 'boolean', default: false },
  },
});
const say = (line: string) => process.stderr.write(`${line}\n`);

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'trips-micro-'));
const database = await startEmbeddedPostgres({ dataDir, port: await freePort() });
try {
  await migrate(database.url);
  const prisma = createPrisma({ databaseUrl: database.url, poolSize: 2 });
  const account = await seed(prisma, database.url, Number(args.trips));
  await prisma.$disconnect();
  const config = loadConfig({
    NODE_ENV: 'production',
    SECRET_KEY: 'bench-secret-key-0123456789abcdefghijklmnopqrstuv',
    DATABASE_URL: database.url,
    DATABASE_POOL_SIZE: '10',
    HOST: '127.0.0.1',
    PORT: String(await freePort()),
    SERVICE_ROLES: 'api',
    LOG_LEVEL: args['log-level'],
    DATA_DIR: dataDir,
    DEMO_SEED: 'false',
    METRICS_PORT: '0',
    RATE_LIMIT_PER_MINUTE: '1000000000',
    PUBLIC_RATE_LIMIT_PER_MINUTE: '1000000000',
  });
  const service = await startService(config, createLogger(args['log-level']));
  const url = new URL(service.apiUrl!);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
  const db = new pg.Client({ connectionString: database.url });
  await db.connect();
  const ids = (
    await db.query<{ id: number }>(
      'SELECT id FROM trips WHERE account_id = $1 AND deleted_at IS NULL',
      [account.accountId],
    )
  ).rows.map((r) => r.id);
  if (args.subscribed)
    await db.query(
      `INSERT INTO webhook_endpoints (account_id, name, url, event_types, secret_encrypted, updated_at)
       VALUES ($1, 'Bench', 'https://hooks.example.com/trips', '{trip.created,trip.configUpdated}', 'unused', now())`,
      [account.accountId],
    );
  await db.end();
  const pathOf = () =>
    args.path.replace('{id}', String(ids[Math.floor(Math.random() * ids.length)]));
  const graphqlBody =
    args['graphql-body'] ?? (args.graphql ? JSON.stringify({ query: args.graphql }) : undefined);
  const body = graphqlBody
    ? graphqlBody
    : args.config
      ? JSON.stringify(configurationWithBlocks(200))
      : args.create
        ? JSON.stringify(NEW_TRIP)
        : undefined;
  const method = args.config ? 'PUT' : args.create || graphqlBody ? 'POST' : 'GET';
  const requestPath = () =>
    graphqlBody
      ? '/graphql'
      : args.create
        ? '/trips'
        : args.config
          ? `${pathOf()}/config`
          : pathOf();
  let sent = 0;
  const bodyOf = () =>
    body && args.changing
      ? body.replace('"title":"Itinerary"', `"title":"Itinerary ${++sent}"`)
      : body?.replace('"$ID"', String(ids[Math.floor(Math.random() * ids.length)]));
  const get = () =>
    new Promise<number>((resolve, reject) => {
      const request = http.request(
        {
          host: url.hostname,
          port: url.port,
          method,
          path: requestPath(),
          agent,
          headers: {
            authorization: `Bearer ${account.key}`,
            ...(body ? { 'content-type': 'application/json' } : {}),
          },
        },
        (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode!));
        },
      );
      request.on('error', reject);
      request.end(bodyOf());
    });
  const run = async (total: number) => {
    let next = 0;
    const client = async () => {
      while (next++ < total) {
        const status = await get();
        if (status >= 500) throw new Error(`answered ${status}`);
      }
    };
    await Promise.all(Array.from({ length: 8 }, client));
  };
  await run(2000);
  const results: number[] = [];
  for (let round = 0; round < Number(args.rounds); round++) {
    const requests = Number(args.requests);
    const before = process.cpuUsage();
    await run(requests);
    const used = process.cpuUsage(before);
    results.push((used.user + used.system) / requests);
    say(`round ${round + 1}: ${results.at(-1)!.toFixed(1)} µs CPU a request`);
  }
  if (args.alloc) {
    const requests = Number(args.requests);
    const fromWorker = () => {
      const paths = Array.from({ length: requests }, requestPath);
      const headers = {
        authorization: `Bearer ${account.key}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      };
      return clientsInWorker({ origin: url.origin, method, paths, headers, body });
    };
    await fromWorker();
    await sampleAllocation(fromWorker, requests);
  }
  if (process.env.MICRO_COUNT_WRITES) {
    const net = await import('node:net');
    const counts: Record<string, number> = {};
    const proto = net.Socket.prototype as unknown as Record<string, (...a: unknown[]) => unknown>;
    for (const method of ['_writev', '_write']) {
      const original = proto[method]!;
      proto[method] = function (this: import('node:net').Socket, ...a: unknown[]) {
        const key = `${method} remote:${this.remotePort === Number(url.port) ? 'api' : this.localPort === Number(url.port) ? 'api-server' : this.remotePort} ${Array.isArray(a[0]) ? a[0].length : 1}`;
        counts[key] = (counts[key] ?? 0) + 1;
        return original.apply(this, a);
      };
    }
    await run(1000);
    say(JSON.stringify(counts));
  }
  results.sort((a, b) => a - b);
  say(
    `median ${results[Math.floor(results.length / 2)]!.toFixed(1)} µs CPU a request (${args.path}, client included)`,
  );
  agent.destroy();
  await service.stop();
} finally {
  await database.stop();
  await fs.rm(dataDir, { recursive: true, force: true });
}

interface SampleNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: SampleNode[];
}

/** 8 keep-alive clients in a worker thread send these requests; resolves when all are answered. */
async function clientsInWorker(work: {
  origin: string;
  method: string;
  paths: string[];
  headers: Record<string, string>;
  body: string | undefined;
}) {
  const { Worker } = await import('node:worker_threads');
  const source = `
    const { workerData, parentPort } = require('node:worker_threads');
    const { origin, method, paths, headers, body } = workerData;
    let next = 0;
    const client = async () => {
      while (next < paths.length) {
        const response = await fetch(origin + paths[next++], { method, headers, body });
        await response.arrayBuffer();
        if (response.status >= 500) throw new Error('answered ' + response.status);
      }
    };
    Promise.all(Array.from({ length: 8 }, client)).then(() => parentPort.postMessage('done'));`;
  const worker = new Worker(source, { eval: true, workerData: work });
  await new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  await worker.terminate();
}

/** Bytes the main thread allocates while `work` runs, by allocating function, on stderr. */
async function sampleAllocation(work: () => Promise<void>, requests: number) {
  const { Session } = await import('node:inspector/promises');
  const session = new Session();
  session.connect();
  await session.post('HeapProfiler.startSampling', {
    samplingInterval: 256,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  await work();
  const { profile } = (await session.post('HeapProfiler.stopSampling')) as {
    profile: { head: SampleNode };
  };
  session.disconnect();
  const bySite = new Map<string, number>();
  let total = 0;
  const visit = (node: SampleNode) => {
    const { functionName, url, lineNumber } = node.callFrame;
    const site = `${functionName || '(anonymous)'} ${url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/src\//, 'src/')}:${lineNumber + 1}`;
    bySite.set(site, (bySite.get(site) ?? 0) + node.selfSize);
    total += node.selfSize;
    for (const child of node.children) visit(child);
  };
  visit(profile.head);
  say(`the service allocated ${(total / requests / 1024).toFixed(1)} KB a request`);
  for (const [site, bytes] of [...bySite].sort((a, b) => b[1] - a[1]).slice(0, 40))
    say(`${(bytes / requests).toFixed(0).padStart(7)} B  ${site}`);
}
