// Path and query parameters of the REST facade, checked before any GraphQL runs.
import { z } from 'zod';
import { INT4, LIMITS } from '../config/constants.ts';
import { ValidationError } from '../errors.ts';
import { pageOf } from '../lists/list-query.ts';
import { jsonSyntaxProblem } from '../shared/json-syntax.ts';
import { fieldPath } from '../validation.ts';

export function idParam(value: string | undefined, name: string): number {
  const id = Number(value);
  if (
    !/^\d{1,10}$/.test(value ?? '') ||
    !Number.isSafeInteger(id) ||
    id < 1 ||
    id > 2_147_483_647
  ) {
    throw ValidationError.field(name, `${name} must be a positive integer.`);
  }
  return id;
}

/**
 * A text path parameter as the client meant it: percent-escapes decoded, so that `%00` is the NUL
 * it stands for and is refused (400) with every other unstorable string when the operation runs.
 * A malformed escape (`%E0%A4%A`) stays as sent, and names nothing.
 */
export function textParam(value: string | undefined): string {
  const raw = value ?? '';
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

export function intQuery(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^-?\d{1,10}$/.test(value)) throw ValidationError.field(name, `${name} must be an integer.`);
  return Number(value);
}

/** A JSON-encoded query parameter (`filters`, `search`, `orderBy`) of the expected shape. */
export function jsonQuery(
  value: string | undefined,
  name: string,
  shape: 'array' | 'object',
): unknown {
  if (value === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    const example = name in LIST_EXAMPLES ? `, e.g. ${LIST_EXAMPLES[name as ListParameter]}` : '';
    throw ValidationError.field(
      name,
      `${name} must be JSON-encoded${example}; here: ${jsonSyntaxProblem(value) ?? 'it does not parse'}.`,
    );
  }
  const ok =
    shape === 'array'
      ? Array.isArray(parsed) &&
        parsed.every((item) => typeof item === 'object' && item !== null && !Array.isArray(item))
      : typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed);
  if (!ok)
    throw ValidationError.field(
      name,
      name in SHAPE_HINTS
        ? SHAPE_HINTS[name as ListParameter]
        : `${name} must be a JSON ${shape === 'array' ? 'array of objects' : 'object'}.`,
    );
  return parsed;
}

/** A single value of a query parameter: `?page=1&page=2` is ambiguous, so it is refused. */
export function single(
  query: Record<string, string | string[] | undefined>,
  name: string,
): string | undefined {
  const value = query[name];
  if (Array.isArray(value)) throw ValidationError.field(name, `${name} must be given once.`);
  return value;
}

// Strict: a key GraphQL's input types do not have would fail the variable's coercion, in
// GraphQL's words (`Field "extra" is not defined by type ListFilterInput`).
const LIST_SHAPES = {
  filters: z.array(z.strictObject({ field: z.string(), operator: z.string(), value: z.unknown() })),
  search: z.strictObject({ fields: z.array(z.string()).nullish(), term: z.string() }),
  orderBy: z.strictObject({ field: z.string(), direction: z.string().nullish() }),
};
type ListParameter = keyof typeof LIST_SHAPES;
/** What each list parameter looks like, in every message about it (then URL-encoded in a request). */
const LIST_EXAMPLES: Record<ListParameter, string> = {
  filters: 'filters=[{"field":"title","operator":"contains","value":"rome"}]',
  search: 'search={"term":"rome"}',
  orderBy: 'orderBy={"field":"createdAt","direction":"desc"}',
};
const SHAPE_HINTS: Record<ListParameter, string> = {
  filters: `filters must be a JSON array of {field, operator, value}, e.g. ${LIST_EXAMPLES.filters}.`,
  search: `search must be a JSON object {fields?, term}, e.g. ${LIST_EXAMPLES.search}.`,
  orderBy: `orderBy must be a JSON object {field, direction?}, e.g. ${LIST_EXAMPLES.orderBy}.`,
};

/** A list parameter of the right shape; which fields and operators are allowed is the list's to say. */
function listShape(name: ListParameter, value: unknown): unknown {
  if (value === undefined) return undefined;
  const parsed = LIST_SHAPES[name].safeParse(value);
  if (parsed.success) return value;
  const unknownKey = parsed.error.issues.find((issue) => issue.code === 'unrecognized_keys');
  const where = unknownKey && fieldPath([name, ...unknownKey.path, unknownKey.keys[0]!]);
  throw ValidationError.field(
    name,
    where ? `${where.slice(0, 200)} is not accepted: ${SHAPE_HINTS[name]}` : SHAPE_HINTS[name],
  );
}

type QueryOf = { query: Record<string, string | string[] | undefined> };

/** `page` and `pageSize` of a paginated answer; their range is checked where the page is made. */
export function pageParams(request: QueryOf) {
  const params = {
    page: intQuery(single(request.query, 'page'), 'page'),
    pageSize: intQuery(single(request.query, 'pageSize'), 'pageSize'),
  };
  // Checked here too: a value beyond int4 would fail GraphQL's Int before the page's own check.
  pageOf(params);
  return params;
}

/** The list conventions' query parameters (docs/decisions.md#lists), checked for shape. */
export function listParams(request: QueryOf) {
  const query = request.query;
  return {
    ...pageParams(request),
    filters: listShape('filters', jsonQuery(single(query, 'filters'), 'filters', 'array')),
    search: listShape('search', jsonQuery(single(query, 'search'), 'search', 'object')),
    orderBy: listShape('orderBy', jsonQuery(single(query, 'orderBy'), 'orderBy', 'object')),
  };
}

/**
 * A bulk-deletion body: `{<plural>: [ids]}`, or `{<singular>: [ids]}` (docs/decisions.md#trips,
 * docs/decisions.md#catalogs).
 */
export function bulkIdsBody(plural: string, singular: string) {
  // Ids are int4 (GraphQL's Int): a larger one failed the variable's coercion, in GraphQL's words.
  const ids = z.array(z.number().int().positive().max(INT4.max)).min(1).max(LIMITS.bulkDeleteMax);
  // Not a union: each key is checked on its own, so `{"tripIds":"7"}` is told what tripIds takes.
  return (
    z
      .strictObject({ [plural]: ids.optional(), [singular]: ids.optional() })
      // The document says "one of the two keys" as the union it replaced did.
      .meta({ minProperties: 1, maxProperties: 1 })
      .superRefine((value, ctx) => {
        const given = [plural, singular].filter((key) => value[key] !== undefined);
        if (given.length === 1) return;
        ctx.addIssue({
          code: 'custom',
          path: given.length ? [singular] : [],
          message: given.length
            ? `Give ${plural} or ${singular}, not both.`
            : `Give ${plural} (or ${singular}): an array of 1 to ${LIMITS.bulkDeleteMax} ids.`,
        });
      })
      .transform((value) => (value[plural] ?? value[singular]) as number[])
  );
}
