// Issue 18 item 2 derives the response and event schemas from each resource's one definition
// instead of writing them by hand. The document must say the same as before: this compares it
// with openapi.json as it was before (test/fixtures/openapi/before-item-2.json), with object keys
// in any order and `required` as a set. The only differences allowed are the improvements listed
// in IMPROVEMENTS, each applied to the old document before comparing and saying why.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { printedDocument } from '../../src/openapi/print-document.ts';

type Json = unknown;
let printed: Json;
const current = () => {
  printed ??= JSON.parse(printedDocument());
  return printed;
};
type Document = { components: { schemas: Record<string, { properties: Record<string, Json> }> } };

interface Improvement {
  /** Path into the document, one segment per key. */
  at: string[];
  why: string;
  /** The new value, from the old one and the old document. */
  change(old: Json, document: Document): Json;
}

/** Every field of the trip's shape, which the service always sends (null when empty). */
const TRIP_FIELDS = [
  'id',
  'title',
  'slug',
  'joinCode',
  'seoDescription',
  'duration',
  'dateStart',
  'dateFinish',
  'dateExpiration',
  'code',
  'logo',
  'countries',
  'imageUrl',
  'agentId',
  'template',
  'visibility',
  'accountId',
  'createdAt',
  'updatedAt',
  'visualizations',
];

const IMPROVEMENTS: Improvement[] = [
  {
    at: ['components', 'schemas', 'Trip', 'required'],
    why: 'A trip always has all its fields, null when empty: the schema required only ten of them.',
    change: () => TRIP_FIELDS,
  },
  {
    at: ['components', 'schemas', 'TripListItem', 'required'],
    why: 'A trip in a list always has all its fields and agentPictureUrl, null when empty.',
    change: () => [...TRIP_FIELDS, 'agentPictureUrl'],
  },
  {
    at: ['components', 'schemas', 'PublicTrip', 'properties'],
    why: "A public trip's fields are the trip's, now with the trip's descriptions (Days., Cover image., ...).",
    change: (old, document) =>
      Object.fromEntries(
        Object.keys(old as object).map((name) => [
          name,
          document.components.schemas.Trip!.properties[name],
        ]),
      ),
  },
  ...['BulkDeleteTripsRequest', 'BulkDeleteCatalogsRequest'].map((name) => ({
    at: ['components', 'schemas', name],
    why: 'One object whose one key is the plural or the singular, each checked on its own (a union told {"tripIds":"7"} only that no shape matched), with ids within int4 (larger ones failed in GraphQL).',
    change: () => JSON.parse(printedDocument()).components.schemas[name] as Json,
  })),
  {
    at: ['components', 'schemas', 'WebhookDelivery'],
    why: 'A delivery shows its request as sent (docs/decisions.md#events-and-webhooks: each attempt is kept with its request): requestUrl, requestHeaders and requestBody.',
    change: () => JSON.parse(printedDocument()).components.schemas.WebhookDelivery as Json,
  },
  ...['WebhookDeliveryPending', 'WebhookDeliveryPage'].map((name) => ({
    at: ['components', 'examples', name],
    why: "The delivery examples show the request: the envelope, its headers and the endpoint's URL.",
    change: () => JSON.parse(printedDocument()).components.examples[name] as Json,
  })),
  // Taken from the document as printed now: these sentences are written once, in the operation.
  ...(['put', 'patch'] as const).flatMap((method): Improvement[] => {
    const at = ['paths', '/trips/{tripId}/config', method];
    const now = (...path: string[]) =>
      path.reduce<Json>((node, name) => (node as Record<string, Json>)[name], current());
    return [
      {
        at: [...at, 'description'],
        why: 'The configuration states its nesting limits and that a save changing nothing keeps its revision.',
        change: () => now(...at, 'description'),
      },
      {
        at: [...at, 'responses', '200', 'description'],
        why: 'The ETag of a save that changes nothing is the same one.',
        change: () => now(...at, 'responses', '200', 'description'),
      },
    ];
  }),
];

/** The value at `at` in the printed document: for a description that now says more. */
const newValue = (at: string[]) => () =>
  at.reduce<Json>(
    (node, name) => (node as Record<string, Json>)[name],
    JSON.parse(printedDocument()),
  );

/** The descriptions that now state the accepted dates (docs/errors-and-limits.md#dates). */
const DATE_RANGE_DESCRIPTIONS: Improvement[] = [
  ...['/trips', '/catalogs'].map((path) => [
    'paths',
    path,
    'get',
    'parameters',
    '2',
    'description',
  ]),
  ...['CreateTripRequest', 'UpdateTripRequest'].flatMap((schema) =>
    ['dateStart', 'dateFinish', 'dateExpiration'].map((field) => [
      'components',
      'schemas',
      schema,
      'properties',
      field,
      'description',
    ]),
  ),
].map((at) => ({
  at,
  why: 'Dates are accepted from 0001-01-01 to 9999-12-31 (UTC), and the description says so.',
  change: newValue(at),
}));
IMPROVEMENTS.push(...DATE_RANGE_DESCRIPTIONS);

/** The AI import's operations, with their 400's description and the operation its example names. */
const AI_BAD_REQUESTS = [
  [
    '/ai/trips/from-document',
    '/trip-imports',
    'post',
    'The source cannot be used (or a query parameter the operation does not take).',
    'POST /ai/trips/from-document',
  ],
  [
    '/ai/trips/{publicId}/status',
    '/trip-imports/{publicId}/status',
    'get',
    'A query parameter the operation does not take, or x-on-behalf-of sent twice.',
    'GET /ai/trips/{publicId}/status',
  ],
  [
    '/ai/trips/{publicId}/actions/cancel',
    '/trip-imports/{publicId}/actions/cancel',
    'post',
    'The job is not processing (or a query parameter the operation does not take).',
    'POST /ai/trips/{publicId}/actions/cancel',
  ],
] as const;

/** An AI import 400 that also lists unknown_query_parameter, with its example. */
function withUnknownQuery(old: Json, description: string, operation: string): Json {
  const response = structuredClone(old) as any; // a path into the old document's JSON
  const media = response.content['application/json'];
  media.schema.properties.error.properties.code.enum.push('unknown_query_parameter');
  media.examples.unknownQueryParameter = {
    summary: 'unknown_query_parameter',
    value: {
      error: {
        code: 'unknown_query_parameter',
        message: `pageSize is not a query parameter of ${operation}. It takes none.`,
      },
    },
  };
  response.description = description;
  return response;
}

IMPROVEMENTS.push(
  ...AI_BAD_REQUESTS.flatMap(([base, ai, method, description, operation]) =>
    [base, ai].map((path) => ({
      at: ['paths', path, method, 'responses', '400'],
      why: 'The AI import refuses a query parameter an operation does not take, in its own body (rest/contract.ts), as the other paths do in the validation body.',
      change: (old: Json) => withUnknownQuery(old, description, operation),
    })),
  ),
);

// After the 400s above, whose unsupported_format example is one of the texts that list the formats.
const SOURCE = [
  'components',
  'schemas',
  'CreateTripImportRequest',
  'properties',
  'source',
  'oneOf',
];
const UNSUPPORTED = ['content', 'application/json', 'examples', 'unsupportedFormat', 'value'];
IMPROVEMENTS.push(
  ...[
    ...['/ai/trips/from-document', '/trip-imports'].flatMap((path) => [
      ['paths', path, 'post', 'description'],
      ['paths', path, 'post', 'responses', '400', ...UNSUPPORTED, 'error', 'message'],
    ]),
    [...SOURCE, '0', 'description'],
    [...SOURCE, '2', 'description'],
    ['components', 'examples', 'TripImportFailed', 'value', 'error'],
  ].map((at) => ({
    at,
    why: 'The AI import reads Word documents (.docx): the texts that list its formats name DOCX.',
    change: newValue(at),
  })),
);

IMPROVEMENTS.push(
  ...[
    ['components', 'schemas', 'TripImportJob', 'properties', 'publicUrl', 'description'],
    ...[
      'TripImportProcessing',
      'TripImportCompleted',
      'TripImportFailed',
      'TripImportCanceled',
    ].map((name) => ['components', 'examples', name, 'value', 'publicUrl']),
    ['components', 'examples', 'TripImportAccepted', 'value', 'links', 'publicUrl'],
  ].map((at) => ({
    at,
    why: "An import's publicUrl is the trip page the service serves (/t/{slug}; /i/{jobId} while it works), at PUBLIC_PAGES_URL.",
    change: newValue(at),
  })),
);

// Last, over the 400s the improvements above give the AI import: every POST and PATCH that takes
// credentials takes an Idempotency-Key (docs/errors-and-limits.md#idempotency-keys).
const ref = (kind: string, name: string) => ({ $ref: `#/components/${kind}/${name}` });
const WHY_KEYS =
  'Every POST and PATCH with credentials takes an Idempotency-Key: the header, 409 and 422, invalid_idempotency_key among its 400s, Idempotent-Replayed on its successes.';
function withIdempotencyKey(old: Json, now: Json): Json {
  const operation = structuredClone(old) as any; // a path into the old document's JSON
  operation.parameters = [...(operation.parameters ?? []), ref('parameters', 'IdempotencyKey')];
  for (const [status, response] of Object.entries<any>(operation.responses))
    if (status.startsWith('2'))
      response.headers = {
        ...response.headers,
        'Idempotent-Replayed': ref('headers', 'Idempotent-Replayed'),
      };
  operation.responses['400'] = (now as any).responses['400'];
  operation.responses['409'] = ref('responses', 'IdempotencyKeyInUse');
  operation.responses['422'] = ref('responses', 'IdempotencyKeyMismatch');
  return operation;
}
const guardedOperations = () =>
  Object.entries<any>((current() as { paths: object }).paths).flatMap(([path, item]) =>
    (['post', 'patch'] as const)
      .filter((method) => item[method]?.security?.length)
      .map((method) => ['paths', path, method]),
  );
const IDEMPOTENCY_KEYS: Improvement[] = [
  ...guardedOperations().map((at) => ({
    at,
    why: WHY_KEYS,
    change: (old: Json) => withIdempotencyKey(old, newValue(at)()),
  })),
  ...[
    ['info', 'description'],
    ['components', 'parameters', 'IdempotencyKey'],
    ['components', 'headers', 'Idempotent-Replayed'],
    ...['IdempotentBadRequest', 'IdempotencyKeyInUse', 'IdempotencyKeyMismatch'].map((name) => [
      'components',
      'responses',
      name,
    ]),
  ].map((at) => ({ at, why: WHY_KEYS, change: newValue(at) })),
];

const BEFORE = new URL('../fixtures/openapi/before-item-2.json', import.meta.url);

/** Keys sorted at every level; `required` sorted, being a set. */
function normalised(value: Json, key?: string): Json {
  if (Array.isArray(value)) {
    const items = value.map((item) => normalised(item));
    return key === 'required' ? [...(items as string[])].sort() : items;
  }
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((name) => [name, normalised((value as Record<string, Json>)[name], name)]),
  );
}

IMPROVEMENTS.push(...IDEMPOTENCY_KEYS);

function improved(document: Json, improvements = IMPROVEMENTS): Json {
  const copy = structuredClone(document) as Record<string, Json>;
  for (const { at, change } of improvements) {
    const parent = at.slice(0, -1).reduce<Record<string, Json>>((node, name) => {
      const next = node[name];
      if (typeof next !== 'object' || next === null) throw new Error(`no ${at.join('/')}`);
      return next as Record<string, Json>;
    }, copy);
    parent[at.at(-1)!] = change(parent[at.at(-1)!], document as Document);
  }
  return copy;
}

describe('the OpenAPI document derived from the resource shapes', () => {
  it('says what the hand-written one said, plus the listed improvements', () => {
    const before = JSON.parse(fs.readFileSync(BEFORE, 'utf8'));
    expect(normalised(JSON.parse(printedDocument()))).toEqual(normalised(improved(before)));
  });

  it('lists only improvements that change something', () => {
    const before = JSON.parse(fs.readFileSync(BEFORE, 'utf8'));
    for (const improvement of IMPROVEMENTS) {
      expect(improvement.why).not.toBe('');
      expect(normalised(improved(before, [improvement])), improvement.at.join('/')).not.toEqual(
        normalised(before),
      );
    }
  });
});
