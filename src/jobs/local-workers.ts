// Waking this process's own workers, apart from workers.ts: the job kit (queue.ts) holds one, wakes
// it when a job it queued has committed, and startWorkers adds the workers it starts.
/**
 * The workers this process runs, by queue. A job sent by this process can wake its queue's worker
 * here at once instead of leaving it to the worker's next poll; without a local worker (an API-only
 * process) waking does nothing and the worker processes poll as usual.
 */
export class LocalWorkers {
  private readonly wakes = new Map<string, Array<() => void>>();

  /** `wake` makes one worker of the queue look for jobs now (pg-boss's notifyWorker, or a fair worker's). */
  add(name: string, wake: () => void): void {
    this.wakes.set(name, [...(this.wakes.get(name) ?? []), wake]);
  }

  /** Call once the transaction that sent a job of `name` has committed: before, the worker would not see it. */
  wake(name: string): void {
    for (const wake of this.wakes.get(name) ?? []) wake();
  }
}
