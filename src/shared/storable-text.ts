// The one decision on which strings may reach PostgreSQL, for every way in: the REST facade's
// variables (bodies, query and path parameters) and /graphql's variables and literals. PostgreSQL
// refuses NUL in text and jsonb (a 500 before this check), and jsonb refuses the `\ud800` escapes
// JSON.stringify writes for unpaired UTF-16 surrogates (text columns would silently store U+FFFD).
import { ValidationError } from '../errors.ts';
import { fieldPath } from '../validation.ts';

/** NUL, or a surrogate that is not half of a pair (with the u flag, a pair is one code point). */
const UNSTORABLE = /[\0\p{Cs}]/u;

export const UNSTORABLE_TEXT_MESSAGE =
  'must not contain NUL characters or unpaired UTF-16 surrogates.';

export function isStorableText(value: string): boolean {
  return !UNSTORABLE.test(value);
}

type Path = Array<string | number>;

/** A value still to look at, with the way to it: a link to its parent, not a copy of the path. */
interface Pending {
  value: unknown;
  key: string | number;
  parent: Pending | undefined;
}

/**
 * The path of the first string, or object key, in `value` that cannot be stored; undefined when
 * all can. Iterative, so a deeply nested JSON body cannot overflow the stack, and linear in the
 * body's size: a copy of the path at each value was quadratic in its depth (a 150 KB body 30,000
 * objects deep took 18 s of CPU; 5 MB can nest a million).
 */
export function findUnstorableText(value: unknown): Path | undefined {
  const stack: Pending[] = [{ value, key: '', parent: undefined }];
  while (stack.length) {
    const current = stack.pop()!;
    const item = current.value;
    if (typeof item === 'string') {
      if (!isStorableText(item)) return pathOf(current);
    } else if (Array.isArray(item)) {
      for (let i = item.length - 1; i >= 0; i--)
        stack.push({ value: item[i], key: i, parent: current });
    } else if (item !== null && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) {
        if (!isStorableText(key)) return [...pathOf(current), key];
        stack.push({ value: child, key, parent: current });
      }
    }
  }
  return undefined;
}

function pathOf(pending: Pending): Path {
  const path: Path = [];
  for (let at = pending; at.parent; at = at.parent) path.push(at.key);
  return path.reverse();
}

/** Throws the validation error naming the field, as `name(path)` writes it, of the first unstorable string. */
export function assertStorableText(value: unknown, name: (path: Path) => string = fieldPath): void {
  const path = findUnstorableText(value);
  if (!path) return;
  const field = name(path);
  throw ValidationError.field(field, `${field} ${UNSTORABLE_TEXT_MESSAGE}`);
}
