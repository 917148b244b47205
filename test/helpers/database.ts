import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { TEMPLATE_DATABASE, withDatabase } from '../setup/global-setup.ts';

/** A fresh, migrated database of its own for the calling test file. */
export async function createTestDatabase(): Promise<string> {
  const serverUrl = inject('serverUrl');
  const name = `trips_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DATABASE}`);
  } finally {
    await admin.end();
  }
  return withDatabase(serverUrl, name);
}

/**
 * A fresh database in the C locale whatever the server's default (ILIKE and lower() then fold only
 * ASCII), left empty: the service migrates it when it starts.
 */
export async function createCLocaleDatabase(): Promise<string> {
  const serverUrl = inject('serverUrl');
  const name = `trips_test_c_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(
      `CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'UTF8' LOCALE_PROVIDER libc LC_COLLATE 'C' LC_CTYPE 'C'`,
    );
  } finally {
    await admin.end();
  }
  return withDatabase(serverUrl, name);
}
