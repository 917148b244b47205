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

/**
 * The path of the first string, or object key, in `value` that cannot be stored; undefined when
 * all can. Iterative, so a deeply nested JSON body cannot overflow the stack.
 */
export function findUnstorableText(value: unknown): Path | undefined {
  const stack: Array<[unknown, Path]> = [[value, []]];
  while (stack.length) {
    const [current, path] = stack.pop()!;
    if (typeof current === 'string') {
      if (!isStorableText(current)) return path;
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) stack.push([current[i], [...path, i]]);
    } else if (current !== null && typeof current === 'object') {
      for (const [key, item] of Object.entries(current)) {
        if (!isStorableText(key)) return [...path, key];
        stack.push([item, [...path, key]]);
      }
    }
  }
  return undefined;
}

/** Throws the validation error naming the field, as `name(path)` writes it, of the first unstorable string. */
export function assertStorableText(value: unknown, name: (path: Path) => string = fieldPath): void {
  const path = findUnstorableText(value);
  if (!path) return;
  const field = name(path);
  throw ValidationError.field(field, `${field} ${UNSTORABLE_TEXT_MESSAGE}`);
}
