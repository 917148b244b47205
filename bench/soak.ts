// --soak=<seconds>: the service under steady load for minutes, its resident memory sampled every
// 10 s, to show it stays flat (no growth: a leak would show as a slope). The load mixes the reads
// the benchmark measures (by id, 4 in 5, and the default list page) and a trip creation in 50,
// the writes that allocate most, as autocannon from `connections` clients.
import { fire, rssMb, type LoadOptions } from './load.ts';
import type { BenchRequest } from './scenarios.ts';

export interface SoakResult {
  seconds: number;
  requests: number;
  requestsPerSecond: number;
  errors: number;
  /** The errors by kind: an HTTP status, `timeouts` or `socket` (autocannon's other errors). */
  errorKinds: Record<string, number>;
  p50Ms: number;
  p99Ms: number;
  /** RSS every 10 s, MB. */
  rssMb: number[];
  /** Mean RSS of the first and the last minute, and the change between them a minute. */
  firstMinuteMb: number;
  lastMinuteMb: number;
  growthMbPerMinute: number;
}

const SAMPLE_MS = 10_000;

export async function soak(
  next: () => BenchRequest,
  options: Omit<LoadOptions, 'seconds' | 'warmupSeconds'>,
  seconds: number,
): Promise<SoakResult> {
  // One minute first, unmeasured: the heap and the caches grow to their working size.
  await fire(next, { ...options, seconds: 60, warmupSeconds: 0 }, 60);
  const samples = [rssMb(options.pid)];
  const timer = setInterval(() => samples.push(rssMb(options.pid)), SAMPLE_MS);
  let result: Awaited<ReturnType<typeof fire>>;
  try {
    result = await fire(next, { ...options, seconds, warmupSeconds: 0 }, seconds);
  } finally {
    clearInterval(timer);
  }
  samples.push(rssMb(options.pid));
  const perMinute = Math.max(1, Math.round(60_000 / SAMPLE_MS));
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
  const first = mean(samples.slice(0, perMinute));
  const last = mean(samples.slice(-perMinute));
  const minutes = Math.max(1, (seconds - 60) / 60);
  return {
    seconds,
    requests: result.requests.total,
    requestsPerSecond: Math.round(result.requests.total / result.duration),
    errors: result.errors + result.non2xx,
    errorKinds: errorKinds(result),
    p50Ms: result.exact.p50,
    p99Ms: result.exact.p99,
    rssMb: samples.map((mb) => Math.round(mb)),
    firstMinuteMb: Math.round(first),
    lastMinuteMb: Math.round(last),
    growthMbPerMinute: Math.round(((last - first) / minutes) * 10) / 10,
  };
}

function errorKinds(result: Awaited<ReturnType<typeof fire>>): Record<string, number> {
  const kinds: Record<string, number> = {};
  for (const [code, stats] of Object.entries(result.statusCodeStats ?? {}))
    if (!code.startsWith('2') && stats.count) kinds[code] = stats.count;
  if (result.timeouts) kinds.timeouts = result.timeouts;
  const socket = result.errors - (result.timeouts ?? 0);
  if (socket > 0) kinds.socket = socket;
  return kinds;
}
