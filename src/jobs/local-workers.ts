// Waking this process's own workers, apart from workers.ts: the job kit (queue.ts) holds one, wakes
// it when a job it queued has committed, and startWorkers adds the workers it starts.
import type { PgBoss } from 'pg-boss';

/**
 * The workers this process runs, by queue. A job sent by this process can wake its queue's worker
 * here at once instead of leaving it to the worker's next poll; without a local worker (an API-only
 * process) waking does nothing and the worker processes poll as usual.
 */
export class LocalWorkers {
  private readonly ids = new Map<string, string[]>();
  private readonly boss: PgBoss;

  constructor(boss: PgBoss) {
    this.boss = boss;
  }

  add(name: string, workerId: string): void {
    this.ids.set(name, [...(this.ids.get(name) ?? []), workerId]);
  }

  /** Call once the transaction that sent a job of `name` has committed: before, the worker would not see it. */
  wake(name: string): void {
    for (const id of this.ids.get(name) ?? []) this.boss.notifyWorker(id);
  }
}
