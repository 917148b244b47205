// LocalWorkers: a job sent by this process wakes this process's workers of that queue, and only them.
import type { PgBoss } from 'pg-boss';
import { describe, expect, it } from 'vitest';
import { LocalWorkers } from '../../src/jobs/workers.ts';

describe('LocalWorkers', () => {
  it('wakes every local worker of the queue, none of another, and nothing without a local worker', () => {
    const woken: string[] = [];
    const workers = new LocalWorkers({ notifyWorker: (id: string) => void woken.push(id) } as unknown as PgBoss);
    workers.add('import-extract', 'w1');
    workers.add('import-extract', 'w2');
    workers.add('webhook-deliver', 'w3');
    workers.wake('import-extract');
    expect(woken).toEqual(['w1', 'w2']);
    workers.wake('import-generate');
    expect(woken).toEqual(['w1', 'w2']);
  });
});
