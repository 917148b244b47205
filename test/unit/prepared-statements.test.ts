// Prepared statement names: one per SQL text that repeats, up to a bound, so no connection
// prepares statements without end when a text varies (IN lists of any length, rare selections).
import { describe, expect, it } from 'vitest';
import { preparedStatementNames } from '../../src/db/prisma.ts';

describe('preparedStatementNames', () => {
  it('names a text from its third execution on, the same name every time', () => {
    const nameOf = preparedStatementNames(10, 3);
    expect(nameOf({ sql: 'SELECT 1' })).toBeUndefined();
    expect(nameOf({ sql: 'SELECT 1' })).toBeUndefined();
    const name = nameOf({ sql: 'SELECT 1' });
    expect(name).toEqual(expect.any(String));
    expect(nameOf({ sql: 'SELECT 1' })).toBe(name);
    for (let i = 0; i < 3; i++) nameOf({ sql: 'SELECT 2' });
    expect(nameOf({ sql: 'SELECT 2' })).not.toBe(name);
  });

  it('leaves one-off texts unnamed, and every text past the bound', () => {
    const nameOf = preparedStatementNames(2, 1);
    for (let n = 1; n <= 50; n++)
      nameOf({
        sql: `SELECT * FROM t WHERE id IN (${Array.from({ length: n }, (_, i) => `$${i + 1}`).join(', ')})`,
      });
    const rare = preparedStatementNames(2, 3);
    for (let n = 1; n <= 5_000; n++) expect(rare({ sql: `SELECT ${n}` })).toBeUndefined();
    expect(nameOf({ sql: 'SELECT 1' })).toBeUndefined(); // the bound was used by the first two texts
    expect(nameOf({ sql: 'SELECT * FROM t WHERE id IN ($1)' })).toEqual(expect.any(String));
  });
});
