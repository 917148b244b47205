// pg-boss: same database, its own schema. Every role sends jobs; only the worker role runs
// maintenance (supervision, cron scheduling) and handlers.
import { PgBoss } from 'pg-boss';
import { DURATIONS } from '../config/constants.ts';
import type { Logger } from '../logger.ts';
import { BOSS_SCHEMA } from './boss-db.ts';

export { BOSS_SCHEMA };

export async function startBoss(options: {
  databaseUrl: string;
  worker: boolean;
  logger: Logger;
}): Promise<PgBoss> {
  const boss = new PgBoss({
    connectionString: options.databaseUrl,
    schema: BOSS_SCHEMA,
    max: 4,
    supervise: options.worker,
    schedule: options.worker,
    // Supervision fails the jobs of dead workers (stale heartbeat): look often enough that a
    // restart resumes them within seconds (see jobHeartbeatSeconds).
    superviseIntervalSeconds: DURATIONS.jobSuperviseSeconds,
    monitorIntervalSeconds: DURATIONS.jobSuperviseSeconds,
  });
  // Without a listener an 'error' event would crash the process (for example while PostgreSQL
  // restarts); pg-boss recovers by itself.
  boss.on('error', (error) => options.logger.warn({ err: error }, 'pg-boss error'));
  await boss.start();
  return boss;
}
