// GET /status (docs/decisions.md#errors-and-limits): the database and the job queue, each checked
// with a short time-out so the answer comes quickly even when PostgreSQL is gone.
import type { PgBoss } from 'pg-boss';
import { API_VERSION } from '../config/constants.ts';
import type { PrismaClient } from '../db/prisma.ts';

export type CheckResult = 'ok' | 'error';
export interface StatusReport {
  status: 'ok' | 'degraded';
  version: string;
  checks: { database: CheckResult; queue: CheckResult };
}

const CHECK_TIMEOUT_MS = 2_000;
/** An answer this fresh is given again instead of checking again. */
const REUSE_MS = 100;
/**
 * An answer this fresh is given while a new check runs in the background: callers never wait for
 * the check as long as someone asked in the last second. Older, a caller waits for a new check.
 */
const STALE_MS = 1_000;

export class StatusService {
  private readonly prisma: PrismaClient;
  private readonly boss: PgBoss;
  /** Milliseconds on a monotonic clock: a wall clock set back would keep an old answer. */
  private readonly now: () => number;
  private inFlight: Promise<StatusReport> | undefined;
  private last: { report: StatusReport; at: number } | undefined;

  constructor(prisma: PrismaClient, boss: PgBoss, now: () => number = () => performance.now()) {
    this.prisma = prisma;
    this.boss = boss;
    this.now = now;
  }

  /**
   * The checks' answer. Callers that ask while a check runs share its answer instead of starting
   * their own; an answer under REUSE_MS old is given again, and one under STALE_MS old is given
   * while a new check runs. Under load balancers' and monitors' polling (or a flood of GET
   * /status) the database sees at most one probe at a time and about ten a second, no caller
   * waits for a probe, and a change of state shows in the first answer after the check that saw
   * it (within a tenth of a second and a check's run, or STALE_MS if that check hangs).
   */
  report(): Promise<StatusReport> {
    const last = this.last;
    const age = last ? this.now() - last.at : Infinity;
    if (last && age < REUSE_MS) return Promise.resolve(last.report);
    this.inFlight ??= this.check()
      .then((report) => {
        this.last = { report, at: this.now() };
        return report;
      })
      .finally(() => {
        this.inFlight = undefined;
      });
    return last && age < STALE_MS ? Promise.resolve(last.report) : this.inFlight;
  }

  private async check(): Promise<StatusReport> {
    const [database, queue] = await Promise.all([
      check(() => this.prisma.$queryRaw`SELECT 1`),
      check(() =>
        this.boss.isInstalled().then((installed) => {
          if (!installed) throw new Error('pg-boss schema missing');
        }),
      ),
    ]);
    return {
      status: database === 'ok' && queue === 'ok' ? 'ok' : 'degraded',
      version: API_VERSION,
      checks: { database, queue },
    };
  }
}

async function check(probe: () => Promise<unknown>): Promise<CheckResult> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([probe(), timeout]);
    return 'ok';
  } catch {
    return 'error';
  } finally {
    clearTimeout(timer);
  }
}
