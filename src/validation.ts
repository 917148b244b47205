// zod issues → the documented validation body's field map, with paths a client can map to its
// form (`settings.currency`, `blocks[3].id`).
import type { z } from 'zod';
import { ValidationError, type FieldErrors } from './errors.ts';

export function fieldPath(path: ReadonlyArray<PropertyKey>): string {
  let out = '';
  for (const part of path) out += typeof part === 'number' ? `[${part}]` : out ? `.${String(part)}` : String(part);
  return out || 'body';
}

export function toFieldErrors(issues: ReadonlyArray<z.core.$ZodIssue>): FieldErrors {
  // A Map, not an object literal: a client's field may be called `toString` or `__proto__`
  // (found by the OpenAPI fuzzer); fromEntries then makes each one an own property.
  const fields = new Map<string, string[]>();
  const add = (path: string, message: string) => {
    const messages = fields.get(path);
    if (messages) messages.push(message);
    else fields.set(path, [message]);
  };
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) add(fieldPath([...issue.path, key]), 'This field is not accepted.');
      continue;
    }
    add(fieldPath(issue.path), issue.message);
  }
  return Object.fromEntries(fields);
}

export function parseOrThrow<S extends z.ZodType>(schema: S, data: unknown): z.infer<S> {
  const result = schema.safeParse(data);
  if (!result.success) throw new ValidationError(toFieldErrors(result.error.issues));
  return result.data;
}

/** GraphQL passes omitted optional fields as absent, explicit nulls as null; both mean "not given" on create. */
export function withoutNulls<T extends Record<string, unknown>>(input: T, keep: string[]): T {
  return Object.fromEntries(Object.entries(input).filter(([k, v]) => v !== null || keep.includes(k))) as T;
}
