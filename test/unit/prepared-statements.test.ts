// Prepared statement names: one per distinct SQL text, up to a bound, so no connection prepares
// statements without end when a text varies (IN lists of any length).
import { describe, expect, it } from 'vitest';
import { preparedStatementNames } from '../../src/db/prisma.ts';

describe('preparedStatementNames', () => {
  it('names each text once, the same name every time, and leaves texts past the bound unnamed', () => {
    const nameOf = preparedStatementNames(2);
    const a = nameOf({ sql: 'SELECT 1' });
    const b = nameOf({ sql: 'SELECT 2' });
    expect(a).toEqual(expect.any(String));
    expect(b).not.toBe(a);
    expect(nameOf({ sql: 'SELECT 1' })).toBe(a);
    expect(nameOf({ sql: 'SELECT 3' })).toBeUndefined();
    expect(nameOf({ sql: 'SELECT 2' })).toBe(b);
  });
});
