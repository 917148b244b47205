// The embedded PostgreSQL a pair bench (bench/webhook-pair.ts, bench/rate-limit-pair.ts) runs on:
// a fresh data directory, pg_stat_statements preloaded when the bench reports its statements,
// and the postmaster's pid, whose backends' CPU time the bench measures.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../src/db/embedded.ts';
import { freePort } from '../test/helpers/ports.ts';

export async function benchDatabase(prefix: string, options: { statements?: boolean } = {}) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  const port = await freePort();
  let database = await startEmbeddedPostgres({ dataDir, port });
  if (options.statements) {
    // The extension's library loads only at start-up: set it, then start again.
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    await admin.query(`ALTER SYSTEM SET shared_preload_libraries = 'pg_stat_statements'`);
    await admin.end();
    await database.stop();
    database = await startEmbeddedPostgres({ dataDir, port });
  }
  // The first line of postmaster.pid is the postmaster's pid.
  const postgresPid = async () =>
    Number(
      (await fs.readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[0],
    );
  return { database, dataDir, postgresPid };
}
