// One measurement: autocannon on loopback for a fixed time, after a short warm-up, while the
// server's resident memory is sampled from /proc.
import fs from 'node:fs';
import autocannon from 'autocannon';
import type { BenchRequest } from './scenarios.ts';

export interface LoadOptions {
  url: string;
  key: string;
  connections: number;
  seconds: number;
  warmupSeconds: number;
  /** The server process whose memory is sampled. */
  pid: number;
  /** The embedded PostgreSQL's postmaster, whose backends' CPU time is counted (unknown with DATABASE_URL). */
  databasePid?: number | undefined;
}

export interface Measurement {
  requestsPerSecond: number;
  requests: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Socket errors and time-outs, plus answers that were not 2xx. */
  errors: number;
  statusCodes: Record<string, number>;
  peakRssMb: number;
  /**
   * Server CPU time (user + system) per answered request, in microseconds. Steadier than req/s on
   * a shared machine: other load slows the server down but does not make it do more work.
   */
  cpuUsPerRequest: number;
  /** PostgreSQL's CPU time (every backend) per answered request, in microseconds, when it is the embedded one. */
  databaseCpuUsPerRequest: number | undefined;
}

export async function measure(
  next: () => BenchRequest,
  options: LoadOptions,
): Promise<Measurement> {
  if (options.warmupSeconds > 0) await fire(next, options, options.warmupSeconds);
  const meter = usageMeter(options.pid, options.databasePid);
  const result = await fire(next, options, options.seconds);
  const usage = meter.stop(result.requests.total);
  const statusCodes = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([code, s]) => [code, s.count ?? 0]),
  );
  return {
    requestsPerSecond: round(result.requests.total / result.duration),
    requests: result.requests.total,
    p50Ms: result.exact.p50,
    p99Ms: result.exact.p99,
    maxMs: result.latency.max,
    errors: result.errors + result.non2xx,
    statusCodes,
    peakRssMb: usage.peakRssMb,
    cpuUsPerRequest: usage.cpuUsPerItem,
    databaseCpuUsPerRequest: usage.databaseCpuUsPerItem,
  };
}

export interface Usage {
  /** Server CPU time (user + system) per item, in microseconds. */
  cpuUsPerItem: number;
  /** PostgreSQL's CPU time (every backend) per item, in microseconds, when it is the embedded one. */
  databaseCpuUsPerItem: number | undefined;
  peakRssMb: number;
}

/** What a stretch of work costs: the server's and PostgreSQL's CPU time, and the server's peak RSS. */
export function usageMeter(pid: number, databasePid: number | undefined) {
  const sampler = rssSampler(pid);
  const cpuBefore = cpuTicks(pid);
  const databaseBefore = databasePid ? treeCpuTicks(databasePid) : undefined;
  return {
    /** `items`: requests, deliveries or imports done meanwhile. */
    stop(items: number): Usage {
      const cpuAfter = cpuTicks(pid);
      const databaseAfter = databasePid ? treeCpuTicks(databasePid) : undefined;
      const perItem = (ticks: number) =>
        Math.round((ticks * (1e6 / CLOCK_TICKS)) / Math.max(1, items));
      return {
        cpuUsPerItem: perItem(cpuAfter - cpuBefore),
        databaseCpuUsPerItem:
          databaseBefore !== undefined && databaseAfter !== undefined
            ? perItem(databaseAfter - databaseBefore)
            : undefined,
        peakRssMb: sampler.stop(),
      };
    },
  };
}

/** The value at quantile q (0 to 1) of some numbers, nearest rank; 0 for none. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

/** Linux's USER_HZ: /proc reports CPU times in these ticks. */
const CLOCK_TICKS = 100;

/** Fields of /proc/<pid>/stat from the 3rd (state) on, or undefined when the process is gone. */
function stat(pid: number | string): string[] | undefined {
  try {
    return fs
      .readFileSync(`/proc/${pid}/stat`, 'utf8')
      .replace(/^.*\) /, '')
      .split(' ');
  } catch {
    return undefined;
  }
}

/** User + system CPU time of the process so far, in clock ticks (fields 14 and 15 of /proc/<pid>/stat). */
function cpuTicks(pid: number | string): number {
  const fields = stat(pid);
  return fields ? Number(fields[11]) + Number(fields[12]) : 0;
}

/**
 * CPU time of a process and its children (PostgreSQL's postmaster and its backends). A backend
 * that exits (an idle pool connection closed) has its time moved to the parent's cutime and
 * cstime (fields 16 and 17), which are counted too, so the total only grows. A backend exiting
 * while the children are read would be counted twice or not at all: the parent is read again
 * after them, and the count taken again when its children's time moved in between.
 */
function treeCpuTicks(parent: number): number {
  const reaped = () => {
    const own = stat(parent);
    return own
      ? ([Number(own[11]) + Number(own[12]), Number(own[13]) + Number(own[14])] as const)
      : ([0, 0] as const);
  };
  for (let attempt = 0; ; attempt++) {
    const [own, children] = reaped();
    let live = 0;
    for (const entry of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      const fields = stat(entry);
      if (fields && Number(fields[1]) === parent) live += Number(fields[11]) + Number(fields[12]);
    }
    if (reaped()[1] === children || attempt >= 5) return own + children + live;
  }
}

/** What autocannon answers, with p50/p99 of the 2xx answers to 0.01 ms (see fire). */
export type FireResult = autocannon.Result & { exact: { p50: number; p99: number } };

export async function fire(
  next: () => BenchRequest,
  options: LoadOptions,
  seconds: number,
): Promise<FireResult> {
  const authorization = `Bearer ${options.key}`;
  // Without a callback autocannon returns its instance, which is also a promise of the result.
  const instance = autocannon({
    url: options.url,
    connections: options.connections,
    duration: seconds,
    timeout: 30,
    requests: [
      {
        setupRequest: (request) => {
          const r = next();
          return {
            ...request,
            method: r.method,
            path: r.path,
            body: r.body,
            headers: { ...r.headers, authorization },
          };
        },
      },
    ],
  }) as Promise<autocannon.Result> & autocannon.Instance;
  // autocannon's histogram keeps whole milliseconds: a p50 of 2 ms is anything from 2.0 to 2.99,
  // so a p99/p50 of fast requests was off by up to half. Its response event has the time as
  // measured (hrtime, fractional ms); like its histogram, only 2xx answers count.
  const times: number[] = [];
  instance.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
    if (status >= 200 && status < 300) times.push(ms);
  });
  const result = await instance;
  const exact = (q: number) => Math.round(quantile(times, q) * 100) / 100;
  return Object.assign(result, { exact: { p50: exact(0.5), p99: exact(0.99) } });
}

/** The resident set size of a process now, in MB (0 when it cannot be read). */
export function rssMb(pid: number): number {
  try {
    const kb = Number(
      /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0,
    );
    return kb / 1024;
  } catch {
    return 0; // the process is gone, or /proc is not there (not Linux)
  }
}

/** Peak resident set size, in MB, sampled every 100 ms until stop(). */
function rssSampler(pid: number) {
  let peak = 0;
  const sample = () => {
    try {
      const kb = Number(
        /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0,
      );
      peak = Math.max(peak, kb / 1024);
    } catch {
      // the process is gone, or /proc is not there (not Linux): nothing to sample
    }
  };
  sample();
  const timer = setInterval(sample, 100);
  return {
    stop: () => {
      clearInterval(timer);
      sample();
      return Math.round(peak);
    },
  };
}

const round = (n: number) => Math.round(n * 10) / 10;
