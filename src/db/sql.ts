// Hand-written SQL on the Prisma client's own pg pool, for the few hot reads where Prisma's query
// engine costs more than the statement (a trip by id: about 70 µs of Prisma runtime on a 36 µs
// statement). Each statement is named, so every connection parses and plans it once, as the
// adapter names Prisma's repeated statements (db/prisma.ts); rows come as arrays for the caller's
// row mapper; the `onDatabaseQuery` hook sees the statement as it sees Prisma's.
import type { PrismaClient } from './prisma.ts';
import { clientPool, preparedStatementNames } from './prisma.ts';

export interface Statement {
  /**
   * Its prepared statement's name: unique, and unlike the adapter's `s<n>`. Without one, a text
   * is named `h<n>` on its third execution, as the adapter names Prisma's (db/prisma.ts).
   */
  readonly name?: string;
  readonly text: string;
}

export type Rows = (statement: Statement, values: unknown[]) => Promise<unknown[][]>;

const runners = new WeakMap<object, Rows>();

/** Runs statements on the pool under `client`; undefined for a client createPrisma did not make (a transaction's). */
export function sqlRows(client: PrismaClient): Rows | undefined {
  let rows = runners.get(client);
  if (rows) return rows;
  const under = clientPool(client);
  if (!under) return undefined;
  const { pool, named, onQuery } = under;
  const nameOf = preparedStatementNames(1_000, 3, 'h');
  rows = async (statement, values) => {
    onQuery?.({ sql: statement.text, params: JSON.stringify(values) });
    const result = await pool.query<unknown[]>({
      name: named ? (statement.name ?? nameOf({ sql: statement.text })) : undefined,
      text: statement.text,
      values,
      rowMode: 'array',
    });
    return result.rows;
  };
  runners.set(client, rows);
  return rows;
}
