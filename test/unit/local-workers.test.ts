// LocalWorkers: a job sent by this process wakes every one of this process's workers of its queue
// (startWorkers starts one pg-boss worker per unit of concurrency, each with its own id), and
// none of another queue.
import type { PgBoss } from 'pg-boss';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineJob } from '../../src/jobs/job.ts';
import { LocalWorkers } from '../../src/jobs/local-workers.ts';
import { defineWorker, startWorkers, type JobDeps } from '../../src/jobs/workers.ts';
import { createLogger } from '../../src/logger.ts';

describe('LocalWorkers', () => {
  it('wakes every local worker of the queue, none of another, and nothing without a local worker', async () => {
    const started: string[] = [];
    const woken: string[] = [];
    const boss = {
      work: async (name: string) => {
        started.push(name);
        return `${name}#${started.length}`;
      },
      notifyWorker: (id: string) => void woken.push(id),
    } as unknown as PgBoss;
    const workers = new LocalWorkers();
    const job = (name: string, concurrency: number) =>
      defineWorker(defineJob({ name, schema: z.object({}) }), {
        concurrency,
        handle: async () => {},
      });
    const deps = { jobs: { local: workers }, logger: createLogger('silent') } as unknown as JobDeps;
    await startWorkers(boss, [job('import-extract', 2), job('webhook-deliver', 3)], deps);
    expect(started).toEqual([
      'import-extract',
      'import-extract',
      'webhook-deliver',
      'webhook-deliver',
      'webhook-deliver',
    ]);

    workers.wake('webhook-deliver');
    expect(woken).toEqual(['webhook-deliver#3', 'webhook-deliver#4', 'webhook-deliver#5']);
    workers.wake('import-generate');
    expect(woken).toHaveLength(3);
  });
});
