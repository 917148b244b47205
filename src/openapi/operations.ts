// Small builders for the path files, so each operation reads as what is particular to it: its
// success answer, body and parameters. The answers every operation shares (the errors of
// authentication, rate limits and outages) are added here, once.
import { LIMITS } from '../config/constants.ts';
import type { Permission } from '../auth/permissions.ts';
import type { FilterKind } from '../lists/list-query.ts';
import { COUNTED_HEADERS } from './components.ts';
import type {
  Header,
  MediaType,
  Operation,
  Parameter,
  Reference,
  RequestBody,
  Response,
  Schema,
} from './types.ts';
import { DATE_RANGE_TEXT } from '../shared/date-range.ts';

export const schemaRef = (name: string): Reference => ({ $ref: `#/components/schemas/${name}` });
export const parameterRef = (name: string): Reference => ({
  $ref: `#/components/parameters/${name}`,
});
export const exampleRef = (name: string): Reference => ({ $ref: `#/components/examples/${name}` });
const responseRef = (name: string): Reference => ({ $ref: `#/components/responses/${name}` });

export function json(
  schema: Schema | Reference,
  examples?: Record<string, Reference>,
): Record<string, MediaType> {
  return { 'application/json': examples ? { schema, examples } : { schema } };
}

/** A success answer, with the rate-limit and request-id headers every counted request gets. */
export function ok(
  description: string,
  content?: Record<string, MediaType>,
  headers: Record<string, Header | Reference> = {},
): Response {
  return {
    description,
    headers: { ...COUNTED_HEADERS(), ...headers },
    ...(content ? { content } : {}),
  };
}

export function body(content: Record<string, MediaType>, description?: string): RequestBody {
  return { required: true, content, ...(description ? { description } : {}) };
}

/** Errors an operation adds to the shared ones: a resource that may not exist, a body, If-Match. */
type ExtraError =
  | 'NotFound'
  | 'PayloadTooLarge'
  | 'ConfigurationTooLarge'
  | 'ImportTooLarge'
  | 'PreconditionFailed';
const STATUS_OF: Record<ExtraError, string> = {
  NotFound: '404',
  PayloadTooLarge: '413',
  ConfigurationTooLarge: '413',
  ImportTooLarge: '413',
  PreconditionFailed: '412',
};

// Every request that sends credentials is authenticated first, public path or not: it can fail
// with 400 (x-on-behalf-of twice), 401 or 403 before the route runs.
const SHARED_ERRORS = {
  '400': responseRef('BadRequest'),
  '401': responseRef('Unauthorized'),
  '403': responseRef('Forbidden'),
  '429': responseRef('TooManyRequests'),
  '500': responseRef('InternalError'),
  '503': responseRef('ServiceUnavailable'),
};

interface OperationInput extends Omit<Operation, 'security' | 'responses'> {
  responses: Record<string, Response | Reference>;
  errors?: ExtraError[];
}

function withErrors(
  input: OperationInput,
  security: Operation['security'],
  shared: Record<string, Reference> = SHARED_ERRORS,
): Operation {
  const { errors = [], responses, ...rest } = input;
  const extra = Object.fromEntries(errors.map((name) => [STATUS_OF[name], responseRef(name)]));
  // A body of another media type is refused before anything reads it (rest/contract.ts).
  if (input.requestBody) extra['415'] = responseRef('UnsupportedMediaType');
  return { ...rest, security, responses: sortByStatus({ ...shared, ...extra, ...responses }) };
}

/** An operation for a caller: an API key, or a machine client with `scope` acting for an agent. */
export function callerOperation(scope: Permission, input: OperationInput): Operation {
  const parameters = [...(input.parameters ?? []), parameterRef('OnBehalfOf')];
  return withErrors({ ...input, parameters }, [{ bearerAuth: [] }, { m2mOnBehalfOf: [scope] }]);
}

/** An operation that needs no credentials. */
export function publicOperation(input: OperationInput): Operation {
  return withErrors(input, []);
}

/** An operation whose Authorization header is its own (the token endpoint): never authenticated. */
export function selfAuthenticatedOperation(input: OperationInput): Operation {
  const { '400': _badRequest, '401': _unauthorized, '403': _forbidden, ...shared } = SHARED_ERRORS;
  return withErrors(input, [], shared);
}

function sortByStatus<T>(responses: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b)));
}

const ANY_VALUE: Schema = {
  description: 'A string, number or boolean; an array of them for `in`.',
};

// The operators of each kind of field (docs/decisions.md#lists).
const OPERATORS_OF: Record<string, string> = {
  text: 'eq, neq, in, contains (case-insensitive)',
  number: 'eq, neq, gt, gte, lt, lte, in',
  date: `eq, neq, gt, gte, lt, lte, in (ISO 8601 date-times or dates, ${DATE_RANGE_TEXT})`,
  boolean: 'eq, neq',
  countries: 'contains (has this code), in (has any of these)',
  enum: 'eq, neq, in',
};

function describeFilters(filters: Record<string, FilterKind>): string {
  const byKind = new Map<string, string[]>();
  for (const [field, kind] of Object.entries(filters)) {
    const name = typeof kind === 'string' ? kind : 'enum';
    byKind.set(name, [
      ...(byKind.get(name) ?? []),
      typeof kind === 'string' ? field : `${field} (${kind.join(', ')})`,
    ]);
  }
  return [...byKind]
    .map(([kind, fields]) => `${fields.join(', ')}: ${OPERATORS_OF[kind]}.`)
    .join(' ');
}

/** page, pageSize, filters, search and orderBy of a list (docs/decisions.md#lists). */
export function listParameters(
  fields: {
    filter: Record<string, FilterKind>;
    search: readonly string[];
    order: readonly string[];
  },
  examples: { filters: unknown; search: unknown; orderBy: unknown },
): Array<Parameter | Reference> {
  return [
    parameterRef('Page'),
    parameterRef('PageSize'),
    jsonQuery(
      'filters',
      `Conditions, all of which must hold: at most ${LIMITS.listFiltersMax}, and at most ${LIMITS.listInValuesMax} values in an \`in\`. Numbers are integers of PostgreSQL's int4 range. ${describeFilters(fields.filter)}`,
      {
        type: 'array',
        maxItems: LIMITS.listFiltersMax,
        items: {
          type: 'object',
          required: ['field', 'operator'],
          properties: {
            field: { type: 'string', enum: Object.keys(fields.filter) },
            operator: {
              type: 'string',
              enum: ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'in', 'contains'],
            },
            value: ANY_VALUE,
          },
        },
      },
      examples.filters,
    ),
    jsonQuery(
      'search',
      `A case-insensitive term (at most ${LIMITS.listSearchTermMax} characters) matched anywhere in the named fields (by default all of ${fields.search.join(', ')}).`,
      {
        type: 'object',
        required: ['term'],
        properties: {
          fields: { type: 'array', items: { type: 'string', enum: [...fields.search] } },
          term: { type: 'string', maxLength: LIMITS.listSearchTermMax },
        },
      },
      examples.search,
    ),
    jsonQuery(
      'orderBy',
      'Sort order; by default createdAt desc, then id desc. Items without a value come last.',
      {
        type: 'object',
        required: ['field'],
        properties: {
          field: { type: 'string', enum: [...fields.order] },
          direction: { type: 'string', enum: ['asc', 'desc'], default: 'asc' },
        },
      },
      examples.orderBy,
    ),
  ];
}

function jsonQuery(name: string, description: string, schema: Schema, example: unknown): Parameter {
  return {
    name,
    in: 'query',
    description: `${description} JSON-encoded (then URL-encoded). Anything malformed: 400 naming the parameter.`,
    content: { 'application/json': { schema, examples: { [name]: { value: example } } } },
  };
}
