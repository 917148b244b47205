// How deep a JSON value nests, measured before anything recursive walks it. V8's JSON.parse is
// iterative, but JSON.stringify, zod's recursive schemas and a merge patch recurse, and overflow
// the stack (a RangeError, answered 500) between about 1,000 and 5,000 levels, while a 5 MB body
// can nest two million. This walk recurses too, but never past `max` levels.

type Path = Array<string | number>;

/**
 * The path of the first object or array nested more than `max` levels deep (`value` itself, when
 * an object or array, is level 1), or undefined when none is.
 */
export function pathDeeperThan(value: unknown, max: number): Path | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  if (max <= 0) return [];
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const path = within(i, value[i], max);
      if (path) return path;
    }
    return undefined;
  }
  for (const key of Object.keys(value)) {
    const path = within(key, (value as Record<string, unknown>)[key], max);
    if (path) return path;
  }
  return undefined;
}

/** The path, from the container, of what nests too deep under its item `key`. */
function within(key: string | number, item: unknown, max: number): Path | undefined {
  if (typeof item !== 'object' || item === null) return undefined;
  const path = pathDeeperThan(item, max - 1);
  path?.unshift(key);
  return path;
}
