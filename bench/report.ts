// The benchmark's results: a JSON file (every number, for comparing runs) and a Markdown table
// next to it, both under bench/results/, with the ratios the issue sets targets for.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Measurement, Usage } from './load.ts';
import type { PageResult } from './pages.ts';
import type { SoakResult } from './soak.ts';

export interface ScenarioResult extends Measurement {
  id: string;
  label: string;
  target: 'service' | 'baseline';
  /** SQL statements the service ran for one such request (undefined for the baseline). */
  statements: number | undefined;
}

/**
 * Work the service does in the background, measured end to end: webhook deliveries, AI imports.
 * `p50Ms`/`p99Ms` are the time of one item: event to arrival at the receiver, or POST to a
 * completed import. CPU and RSS are those of the service process running the api and worker roles.
 */
export interface BackgroundResult extends Usage {
  id: string;
  label: string;
  unit: 'deliveries/s' | 'imports/min';
  rate: number;
  items: number;
  seconds: number;
  /** Clients sending the work: bulk deletions or imports in flight at once. */
  concurrency: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  /** What else the run tells about this work (shown under the table). */
  note?: string;
}

export interface BenchRun {
  date: string;
  commit: string;
  machine: { cpu: string; cores: number; memoryGb: number; node: string; postgres: string };
  options: {
    trips: number;
    connections: number;
    seconds: number;
    warmupSeconds: number;
    logLevel: string;
    poolSize: number;
    /** The service's Node flags, from `npm start` (absent in earlier runs). */
    nodeFlags?: string;
    /** Background work (absent in earlier runs). */
    deliveries?: number;
    importSeconds?: number;
    importConcurrency?: number;
  };
  scenarios: ScenarioResult[];
  /** service/baseline ratios of each round, by service scenario (absent in earlier runs). */
  pairRatios?: Record<string, number[]>;
  /** p99/p50 of each round, by service scenario (absent in earlier runs). */
  spreads?: Record<string, number[]>;
  /** Absent in runs made before these were measured. */
  background?: BackgroundResult[];
  /** The traveller pages, one request at a time (absent in earlier runs and with --only without them). */
  pages?: PageResult[];
  /** --soak: RSS under minutes of mixed load (absent without the option). */
  soak?: SoakResult;
  /** SQL of the read scenarios whose plan scans the trips table whole (should be none). */
  sequentialScans: string[];
  ratios: Ratio[];
}

export interface Ratio {
  name: string;
  value: number | undefined;
  target: string;
  met: boolean | undefined;
  note?: string;
}

export const rps = (run: Pick<BenchRun, 'scenarios'>, id: string) =>
  run.scenarios.find((s) => s.id === id)?.requestsPerSecond;
/** a / b to two decimals; undefined without both. */
export const divide = (a: number | undefined, b: number | undefined) =>
  a !== undefined && b ? Math.round((a / b) * 100) / 100 : undefined;

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;
/** The median of the pair's rounds, or the ratio of its one measurement (earlier runs). */
const pairRatio = (
  run: Pick<BenchRun, 'scenarios' | 'pairRatios'>,
  service: string,
  baseline: string,
) => {
  const rounds = run.pairRatios?.[service];
  return rounds?.length ? median(rounds) : divide(rps(run, service), rps(run, baseline));
};
const roundsNote = (run: Pick<BenchRun, 'pairRatios'>, service: string) => {
  const rounds = run.pairRatios?.[service];
  return rounds && rounds.length > 1
    ? `median of ${rounds.length} alternating rounds: ${rounds.join(', ')}`
    : undefined;
};

/** The issue's targets, as ratios measured in this run (and, for a large run, against the latest 100,000-trip run). */
export function ratiosOf(run: Omit<BenchRun, 'ratios'>, reference: BenchRun | undefined): Ratio[] {
  const atLeast = (name: string, value: number | undefined, min: number, note?: string): Ratio => ({
    name,
    value,
    target: `≥ ${min}`,
    met: value === undefined ? undefined : value >= min,
    ...(note ? { note } : {}),
  });
  // Each scenario's tail is the median of its rounds, as each ratio is (earlier runs: the one
  // measurement); the worst scenario sets the figure.
  const tails = run.scenarios
    .filter((s) => s.target === 'service' && s.p50Ms > 0)
    .map((s) => {
      const rounds = run.spreads?.[s.id];
      return {
        label: s.label,
        rounds,
        value: rounds?.length ? median(rounds) : Math.round((s.p99Ms / s.p50Ms) * 100) / 100,
      };
    });
  const worst = tails.reduce<(typeof tails)[number] | undefined>(
    (w, t) => (!w || t.value > w.value ? t : w),
    undefined,
  );
  const spread = worst?.value;
  const ratios: Ratio[] = [
    atLeast(
      'GET /trips/{id}: service / hand-written node:http + pg',
      pairRatio(run, 'trip-by-id', 'trip-by-id-baseline'),
      0.5,
      roundsNote(run, 'trip-by-id'),
    ),
    ...(['trips-list', 'trips-list-filter', 'trips-list-search', 'trips-list-sort'] as const).map(
      (id) =>
        atLeast(
          `${run.scenarios.find((s) => s.id === id)?.label ?? id}: service / hand-written`,
          pairRatio(run, id, `${id}-baseline`),
          1.0,
          roundsNote(run, id),
        ),
    ),
    atLeast(
      'POST /trips: service / hand-written',
      pairRatio(run, 'create-trip', 'create-trip-baseline'),
      0.5,
    ),
    atLeast(
      'PUT /trips/{id}/config: service / hand-written',
      pairRatio(run, 'put-config', 'put-config-baseline'),
      0.5,
    ),
    atLeast(
      'POST /graphql, trusted document / GET /trips/{id} (the same read)',
      pairRatio(run, 'trip-by-id-trusted', 'trip-by-id'),
      0.7,
      roundsNote(run, 'trip-by-id-trusted'),
    ),
    atLeast(
      'POST /graphql, a document of its own / GET /trips/{id} (the same read)',
      pairRatio(run, 'trip-by-id-graphql', 'trip-by-id'),
      0.5,
      roundsNote(run, 'trip-by-id-graphql'),
    ),
    {
      name: `p99 / p50 at ${run.options.connections} connections, worst scenario${worst ? ` (${worst.label})` : ''}`,
      value: spread,
      target: '≤ 3',
      met: spread === undefined ? undefined : spread <= 3,
      ...(worst?.rounds && worst.rounds.length > 1
        ? {
            note: `median of ${worst.rounds.length} rounds: ${worst.rounds.join(', ')}; every scenario: ${tails.map((t) => `${t.label} ${t.rounds?.join('/') ?? t.value}`).join('; ')}`,
          }
        : {}),
    },
    {
      name: 'sequential scans on trips in the plans of the reads',
      value: run.sequentialScans.length,
      target: '0',
      met: run.sequentialScans.length === 0,
    },
  ];
  for (const [id, name, max] of PAGE_TARGETS) {
    const page = run.pages?.find((p) => p.id === id);
    if (page)
      ratios.push({
        name,
        value: page.p50Ms,
        target: `< ${max} ms`,
        met: page.p50Ms < max,
        note: `one request at a time, p99 ${page.p99Ms} ms`,
      });
  }
  if (run.options.trips !== 100_000) {
    const note = reference
      ? `against the run of ${reference.date} (${reference.options.trips.toLocaleString('en')} trips)`
      : 'no 100,000-trip run in bench/results to compare with';
    ratios.push(
      atLeast(
        `GET /trips throughput: ${run.options.trips.toLocaleString('en')} trips / 100,000 trips`,
        divide(rps(run, 'trips-list'), reference && rps(reference, 'trips-list')),
        0.7,
        note,
      ),
    );
  }
  return ratios;
}

/** Issue 27's targets for the traveller pages: median server time. */
const PAGE_TARGETS = [
  ['trip-page', 'GET /t/{slug}, a 14-day trip of 60 blocks: median server time, ms', 50],
  ['trip-pdf', 'GET /t/{slug}/pdf, the same trip: median server time, ms', 1000],
] as const;

export function markdown(run: BenchRun): string {
  const o = run.options;
  const lines = [
    `# Benchmark of ${run.date}`,
    '',
    `${o.trips.toLocaleString('en')} trips in the measured account, ${o.connections} connections on loopback, ${o.seconds} s a scenario after ${o.warmupSeconds} s of warm-up. ` +
      `Service: \`node ${o.nodeFlags ?? '--max-semi-space-size=64'} src/main.ts\` (as \`npm start\`), \`NODE_ENV=production\`, \`SERVICE_ROLES=api\`, \`LOG_LEVEL=${o.logLevel}\`, ` +
      `\`DATABASE_POOL_SIZE=${o.poolSize}\`, rate limits raised out of the way. Load generator: autocannon, in the same machine.`,
    '',
    `Machine: ${run.machine.cpu}, ${run.machine.cores} cores, ${run.machine.memoryGb} GB; Node ${run.machine.node}; ${run.machine.postgres}. Commit ${run.commit}.`,
    '',
    '| Scenario | req/s | p50 ms | p99 ms | p99/p50 | errors | SQL a request | server CPU µs a request | PostgreSQL CPU µs a request | server peak RSS MB |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...run.scenarios.map(
      (s) =>
        `| ${s.label} | ${fmt(s.requestsPerSecond)} | ${s.p50Ms} | ${s.p99Ms} | ${s.p50Ms ? (s.p99Ms / s.p50Ms).toFixed(1) : '–'} | ${errorsOf(s)} | ${s.statements ?? '–'} | ${fmt(s.cpuUsPerRequest)} | ${s.databaseCpuUsPerRequest === undefined ? '–' : fmt(s.databaseCpuUsPerRequest)} | ${s.peakRssMb} |`,
    ),
    '',
    ...pageLines(run.pages ?? []),
    ...backgroundLines(run.background ?? []),
    ...soakLines(run.soak),
    '## Targets (issues 16, 27 and 29)',
    '',
    '| Ratio | Measured | Target | Met |',
    '|---|---:|---:|---|',
    ...run.ratios.map(
      (r) =>
        `| ${r.name}${r.note ? ` (${r.note})` : ''} | ${r.value ?? '–'} | ${r.target} | ${r.met === undefined ? '–' : r.met ? 'yes' : '**no**'} |`,
    ),
  ];
  if (run.sequentialScans.length)
    lines.push(
      '',
      'Statements planned with a sequential scan on trips:',
      '',
      ...run.sequentialScans.map((sql) => `- \`${sql}\``),
    );
  lines.push(
    '',
    'Reproduce: `npm run bench` (or `npm run bench -- --trips=1000000`); see docs/performance.md.',
    '',
  );
  return lines.join('\n');
}

const fmt = (n: number) => n.toLocaleString('en', { maximumFractionDigits: 0 });
const ms = (us: number | undefined) =>
  us === undefined ? '–' : (us / 1000).toLocaleString('en', { maximumFractionDigits: 1 });

function soakLines(soak: SoakResult | undefined): string[] {
  if (!soak) return [];
  return [
    '## Memory under steady load (--soak)',
    '',
    `${fmt(soak.seconds)} s of mixed load after a minute of warm-up (GET /trips/{id} 4 in 5, the default list page, POST /trips 1 in 50): ` +
      `${fmt(soak.requestsPerSecond)} req/s, p50 ${soak.p50Ms} ms, p99 ${soak.p99Ms} ms, ${soak.errors} errors${kindsOf(soak.errorKinds)}. ` +
      `Server RSS ${soak.firstMinuteMb} MB in the first minute, ${soak.lastMinuteMb} MB in the last: ${soak.growthMbPerMinute} MB a minute.`,
    '',
    `RSS every 10 s, MB: ${soak.rssMb.join(', ')}.`,
    '',
  ];
}

function pageLines(results: PageResult[]): string[] {
  if (results.length === 0) return [];
  return [
    '## Traveller pages',
    '',
    'The same service process, on a public trip of 14 days and 60 blocks made through the API (bench/pages.ts): its page as a browser asks for it ' +
      '(gzip, no ETag to revalidate: rendered every time) and its PDF (made every time, no images), one request at a time on a keep-alive connection ' +
      'after a warm-up, each timed from the request to its last byte: with nothing queued, the server time.',
    '',
    '| Scenario | requests | p50 ms | p99 ms | max ms | errors | bytes an answer | server CPU µs a request | PostgreSQL CPU µs a request | server peak RSS MB |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...results.map(
      (p) =>
        `| ${p.label} | ${fmt(p.requests)} | ${p.p50Ms} | ${p.p99Ms} | ${p.maxMs} | ${p.errors} | ${fmt(p.bytes)} | ${fmt(p.cpuUsPerItem)} | ${p.databaseCpuUsPerItem === undefined ? '–' : fmt(p.databaseCpuUsPerItem)} | ${p.peakRssMb} |`,
    ),
    '',
  ];
}

function backgroundLines(results: BackgroundResult[]): string[] {
  if (results.length === 0) return [];
  return [
    '## Background work',
    '',
    'A second service process, `SERVICE_ROLES=api,worker`, `NODE_ENV=development` (loopback receivers are refused in production), ' +
      '`OUTBOUND_ALLOW_LOOPBACK=true`, on an account of its own. Webhooks: an endpoint on a local HTTPS receiver subscribed to `trip.deleted`, ' +
      "then the account's trips deleted 100 a call, as many calls at a time as the clients column says; the rate counts unique `X-Service-Delivery` ids from the first deletion to the last arrival, " +
      "and p50/p99 are from an event's `createdAt` to its arrival. AI imports: clients each run one import at a time " +
      '(`POST /ai/trips/from-document`, then its status every 100 ms) with the built-in extractor, after one unmeasured import of each document; ' +
      'p50/p99 are from the POST to the completed status.',
    '',
    '| Scenario | rate | items | seconds | clients | p50 ms | p99 ms | errors | server CPU ms an item | PostgreSQL CPU ms an item | server peak RSS MB |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...results.map(
      (b) =>
        `| ${b.label} | ${b.rate.toLocaleString('en')} ${b.unit} | ${fmt(b.items)} | ${b.seconds} | ${b.concurrency} | ${fmt(b.p50Ms)} | ${fmt(b.p99Ms)} | ${b.errors} | ${ms(b.cpuUsPerItem)} | ${ms(b.databaseCpuUsPerItem)} | ${b.peakRssMb} |`,
    ),
    '',
    ...results.filter((b) => b.note).map((b) => `- ${b.label}: ${b.note}.`),
    ...(results.some((b) => b.note) ? [''] : []),
  ];
}

function errorsOf(s: ScenarioResult): string {
  if (!s.errors) return '0';
  const other = Object.entries(s.statusCodes)
    .filter(([code]) => !code.startsWith('2'))
    .map(([code, n]) => `${n}× ${code}`);
  return `${s.errors}${other.length ? ` (${other.join(', ')})` : ''}`;
}

export async function writeResults(dir: string, run: BenchRun): Promise<string> {
  await fs.mkdir(dir, { recursive: true });
  const name = run.options.trips === 100_000 ? run.date : `${run.date}-trips-${run.options.trips}`;
  await fs.writeFile(path.join(dir, `${name}.json`), `${JSON.stringify(run, null, 2)}\n`);
  await fs.writeFile(path.join(dir, `${name}.md`), markdown(run));
  return path.join(dir, `${name}.md`);
}

/** The latest 100,000-trip run saved in `dir`, to compare a larger run with. */
export async function latestReference(dir: string): Promise<BenchRun | undefined> {
  const files = (await fs.readdir(dir).catch(() => [] as string[]))
    .filter((f) => /^\d{4}-\d{2}-\d{2}\.json$/.test(f))
    .sort();
  const last = files.at(-1);
  return last
    ? (JSON.parse(await fs.readFile(path.join(dir, last), 'utf8')) as BenchRun)
    : undefined;
}

/** ` (503: 2, timeouts: 1)`, or nothing without errors. */
function kindsOf(kinds: Record<string, number> | undefined): string {
  const entries = Object.entries(kinds ?? {});
  return entries.length ? ` (${entries.map(([kind, n]) => `${kind}: ${n}`).join(', ')})` : '';
}
