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
