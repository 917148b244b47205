// The `where` and `orderBy` that lists/list-query.ts builds for Prisma, evaluated in memory, so the
// mock filters, searches and sorts by the same rules (and refuses the same parameters) as the
// service. Only the subset list-query produces is understood; SQL's NULL semantics are kept: a
// missing value matches no comparison, not even `not`.

import { foldCase } from '../../lists/case-fold.ts';

type Row = Record<string, unknown>;
type Condition = Record<string, unknown>;

export function matches(row: object, where: object): boolean {
  return Object.entries(where).every(([key, condition]) => {
    if (key === 'AND') return (condition as Condition[]).every((part) => matches(row, part));
    if (key === 'OR') return (condition as Condition[]).some((part) => matches(row, part));
    return holds(columnOf(row as Row, key), condition as Condition);
  });
}

/** A column, or the folded twin the database would generate for it (lists/case-fold.ts). */
function columnOf(row: Row, key: string): unknown {
  if (key in row || !key.endsWith('Folded')) return row[key];
  const text = row[key.slice(0, -'Folded'.length)];
  return typeof text === 'string' ? foldCase(text) : text;
}

function holds(value: unknown, condition: Condition): boolean {
  if (value === null || value === undefined) return false;
  const insensitive = condition.mode === 'insensitive';
  const norm = (v: unknown) => comparable(v, insensitive);
  return Object.entries(condition).every(([operator, operand]) => {
    switch (operator) {
      case 'mode':
        return true;
      case 'equals':
        return norm(value) === norm(operand);
      case 'not':
        return norm(value) !== norm(operand);
      case 'in':
        return (operand as unknown[]).some((item) => norm(item) === norm(value));
      case 'contains':
        return String(norm(value)).includes(String(norm(operand)));
      case 'gt':
        return norm(value)! > norm(operand)!;
      case 'gte':
        return norm(value)! >= norm(operand)!;
      case 'lt':
        return norm(value)! < norm(operand)!;
      case 'lte':
        return norm(value)! <= norm(operand)!;
      case 'has':
        return (value as unknown[]).includes(operand);
      case 'hasSome':
        return (operand as unknown[]).some((item) => (value as unknown[]).includes(item));
      default:
        throw new Error(`mock list filter: unsupported operator ${operator}`);
    }
  });
}

/** Dates (as Date or ISO string) compare as instants; text case-insensitively when asked. */
function comparable(value: unknown, insensitive: boolean): string | number | boolean | undefined {
  if (value === null || value === undefined) return undefined;
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value)) return Date.parse(value);
  if (typeof value === 'string') return insensitive ? value.toLowerCase() : value;
  return value as number | boolean | undefined;
}

type Direction = 'asc' | 'desc';
type OrderTerm = Record<string, Direction | { sort: Direction; nulls: 'last' }>;

export function compareBy(orderBy: readonly object[]): (a: object, b: object) => number {
  return (a, b) => {
    for (const term of orderBy as readonly OrderTerm[]) {
      const [field, spec] = Object.entries(term)[0]!;
      const direction = typeof spec === 'string' ? spec : spec.sort;
      const [x, y] = [comparable((a as Row)[field], false), comparable((b as Row)[field], false)];
      if (x === y) continue;
      // PostgreSQL puts NULLs first in descending order unless told NULLS LAST.
      const nullsLast = typeof spec !== 'string' || direction === 'asc';
      if (x === undefined) return nullsLast ? 1 : -1;
      if (y === undefined) return nullsLast ? -1 : 1;
      return (x < y ? -1 : 1) * (direction === 'asc' ? 1 : -1);
    }
    return 0;
  };
}
