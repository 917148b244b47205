// zod issues → the documented validation body's field map, with paths a client can map to its
// form (`settings.currency`, `blocks[3].id`), in the product's words: every schema is parsed with
// productMessage below, the one place that words zod's issues, so a client reads "tripIds is
// required: an array of trip ids, e.g. [12, 15]." rather than "Invalid input: expected array,
// received undefined". A message a schema gives itself ("Title is required.") wins over it.
import { z } from 'zod';
import { ValidationError, type FieldErrors } from './errors.ts';
import { didYouMean } from './shared/did-you-mean.ts';

export function fieldPath(path: ReadonlyArray<PropertyKey>): string {
  let out = '';
  for (const part of path)
    out += typeof part === 'number' ? `[${part}]` : out ? `.${String(part)}` : String(part);
  return out || 'body';
}

/** The fields an object accepts, by the path of the object, for "did you mean" on unknown keys. */
type KnownKeys = Map<string, readonly string[]>;

export function toFieldErrors(
  issues: ReadonlyArray<z.core.$ZodIssue>,
  known: KnownKeys = new Map(),
): FieldErrors {
  // A Map, not an object literal: a client's field may be called `toString` or `__proto__`
  // (found by the OpenAPI fuzzer); fromEntries then makes each one an own property.
  const fields = new Map<string, string[]>();
  const add = (path: string, message: string) => {
    const messages = fields.get(path);
    if (messages) {
      if (!messages.includes(message)) messages.push(message);
    } else fields.set(path, [message]);
  };
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      const accepted = known.get(fieldPath(issue.path)) ?? [];
      for (const key of issue.keys)
        add(
          fieldPath([...issue.path, key]),
          `This field is not accepted.${didYouMean(key, accepted)}`,
        );
      continue;
    }
    add(fieldPath(issue.path), issue.message);
  }
  return Object.fromEntries(fields);
}

export function parseOrThrow<S extends z.ZodType>(schema: S, data: unknown): z.infer<S> {
  const known: KnownKeys = new Map();
  const result = schema.safeParse(data, { error: (issue) => productMessage(issue, known) });
  if (!result.success) throw new ValidationError(toFieldErrors(result.error.issues, known));
  return result.data;
}

/** zod's error map: the product's sentence for an issue, or undefined to keep zod's. */
export function productMessage(
  issue: z.core.$ZodRawIssue,
  known: KnownKeys = new Map(),
): string | undefined {
  const field = fieldPath(issue.path ?? []);
  switch (issue.code) {
    case 'invalid_type': {
      const wanted = expected(issue.expected, field, issue.inst);
      const example = exampleOf(field, issue.inst);
      if (issue.input === undefined) return `${field} is required: ${wanted}${example}.`;
      if (issue.input === null) return `${field} cannot be null: give ${wanted}${example}.`;
      // zod's int is a safe integer: 2^53 + 1 is an integer, but not one JSON can carry exactly.
      if (issue.expected === 'int' && Number.isInteger(issue.input))
        return `${field} must be an integer from ${Number.MIN_SAFE_INTEGER} to ${Number.MAX_SAFE_INTEGER}.`;
      // NaN is what a coerced number makes of text ("abc"), which the caller never wrote.
      if (Number.isNaN(issue.input)) return `${field} must be ${wanted}${example}.`;
      return `${field} must be ${wanted}, not ${kindOf(issue.input)}${example}.`;
    }
    case 'too_small':
    case 'too_big':
      return sizeMessage(field, issue);
    case 'invalid_value': {
      const values = issue.values.map((value) => JSON.stringify(value));
      const hint =
        typeof issue.input === 'string' ? didYouMean(issue.input, issue.values.map(String)) : '';
      return values.length === 1
        ? `${field} must be ${values[0]}.`
        : `${field} must be one of ${values.join(', ')}.${hint}`;
    }
    case 'invalid_format':
      return `${field} must be ${FORMATS[issue.format] ?? `a valid ${issue.format}`}.`;
    case 'unrecognized_keys':
      known.set(field, objectKeys(issue.inst));
      return `Fields not accepted here: ${issue.keys.join(', ')}.`;
    case 'invalid_union':
      return `${field} does not have any of the accepted shapes.`;
    case 'not_multiple_of':
      return `${field} must be a multiple of ${String(issue.divisor)}.`;
    default:
      return undefined;
  }
}

const FORMATS: Record<string, string> = {
  email: 'an email address, e.g. ana@agency.example',
  url: 'a URL, e.g. https://example.com/path',
  datetime: 'an ISO 8601 date-time, e.g. 2026-05-01T09:00:00Z',
  date: 'an ISO 8601 date, e.g. 2026-05-01',
  uuid: 'a UUID',
  regex: 'in the expected format',
};

const TYPES: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  int: 'an integer',
  boolean: 'true or false',
  object: 'a JSON object',
  record: 'a JSON object',
  date: 'an ISO 8601 date-time',
};

/** "an array of trip ids": what a value should be. */
function expected(type: string, field: string, schema: unknown): string {
  if (type !== 'array') return TYPES[type] ?? `a ${type}`;
  if (idsName(field)) return `an array of ${idsName(field)} ids`;
  const element = (
    schema as { _zod?: { def?: { element?: { _zod?: { def?: { type?: string } } } } } }
  )._zod?.def?.element?._zod?.def?.type;
  return element === 'string'
    ? 'an array of strings'
    : element === 'number'
      ? 'an array of numbers'
      : 'an array';
}

/** `tripIds` → `trip`, `catalogTripIds` → `catalog trip`. */
const idsName = (field: string) =>
  /([A-Za-z]+)Ids$/
    .exec(field)?.[1]
    ?.replace(/([A-Z])/g, ' $1')
    .toLowerCase();

/** ", e.g. [12, 15]": the example a schema declares (`.meta({ examples })`), or one for id lists. */
function exampleOf(field: string, schema: unknown): string {
  const declared = schema instanceof z.ZodType ? z.globalRegistry.get(schema)?.examples : undefined;
  if (Array.isArray(declared) && declared.length) return `, e.g. ${JSON.stringify(declared[0])}`;
  return idsName(field) ? ', e.g. [12, 15]' : '';
}

/** "a string", "an array", "a fraction": what a value is, to say what it should not be. */
export function kindOf(value: unknown): string {
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'number')
    return Number.isInteger(value)
      ? 'an integer'
      : Number.isFinite(value)
        ? 'a fraction'
        : String(value);
  if (typeof value === 'object') return 'an object';
  return `a ${typeof value}`;
}

function sizeMessage(
  field: string,
  issue: z.core.$ZodRawIssue<z.core.$ZodIssueTooSmall | z.core.$ZodIssueTooBig>,
): string {
  const small = issue.code === 'too_small';
  const limit = Number(
    small ? (issue as z.core.$ZodIssueTooSmall).minimum : (issue as z.core.$ZodIssueTooBig).maximum,
  );
  const inclusive = issue.inclusive !== false;
  switch (issue.origin) {
    case 'string':
      if (small && limit === 1) return `${field} cannot be empty.`;
      return `${field} must have ${small ? 'at least' : 'at most'} ${limit} character${limit === 1 ? '' : 's'}.`;
    case 'array':
    case 'set':
      if (small && limit === 1) return `${field} needs at least one item.`;
      return `${field} takes ${small ? 'at least' : 'at most'} ${limit} item${limit === 1 ? '' : 's'}.`;
    default: {
      const bound = small
        ? inclusive
          ? 'at least'
          : 'greater than'
        : inclusive
          ? 'at most'
          : 'less than';
      return `${field} must be ${bound} ${limit}.`;
    }
  }
}

function objectKeys(schema: unknown): readonly string[] {
  const shape = (schema as { _zod?: { def?: { shape?: Record<string, unknown> } } })._zod?.def
    ?.shape;
  return shape ? Object.keys(shape) : [];
}

/** GraphQL passes omitted optional fields as absent, explicit nulls as null; both mean "not given" on create. */
export function withoutNulls<T extends Record<string, unknown>>(input: T, keep: string[]): T {
  return Object.fromEntries(
    Object.entries(input).filter(([k, v]) => v !== null || keep.includes(k)),
  ) as T;
}
