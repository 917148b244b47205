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
  const fields: FieldErrors = {};
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) (fields[fieldPath([...issue.path, key])] ??= []).push('This field is not accepted.');
      continue;
    }
    (fields[fieldPath(issue.path)] ??= []).push(issue.message);
  }
  return fields;
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
