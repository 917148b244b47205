// The reusable parts of the document: schemas, the error responses (docs/errors-and-limits.md#error-codes),
// headers, parameters and the two security schemes (docs/authentication.md).
import type { z } from 'zod';
import { PERMISSIONS } from '../auth/permissions.ts';
import { LIMITS } from '../config/constants.ts';
import { IDEMPOTENCY_MESSAGES, megabytes } from '../errors.ts';
import { EXAMPLES, errorExample } from './examples.ts';
import { inputSchemas } from './input-schemas.ts';
import { errorSchema, responseSchemas } from './response-schemas.ts';
import { componentSchemas } from './json-schema.ts';
import type {
  Components,
  Example,
  Header,
  Parameter,
  RequestBodyInput,
  Response,
  Schema,
} from './types.ts';

const integerHeader = (description: string, required = false): Header => ({
  description,
  required,
  schema: { type: 'integer', minimum: 0 },
});

const HEADERS: Record<string, Header> = {
  'RateLimit-Limit': integerHeader(
    'Requests allowed in the current one-minute window (per API key or machine client; per IP without credentials).',
    true,
  ),
  'RateLimit-Remaining': integerHeader('Requests left in the current window.', true),
  'RateLimit-Reset': integerHeader('Seconds until the window resets.', true),
  'Retry-After': integerHeader('Seconds to wait before retrying.', true),
  'X-Request-Id': {
    description:
      'The X-Request-Id sent (when it matches [\\w.:-]{1,128}) or a generated UUID; it appears in the logs.',
    required: true,
    schema: { type: 'string' },
  },
  'Idempotent-Replayed': {
    description:
      'true: this is the stored answer of an earlier request with the same Idempotency-Key, replayed; nothing was done again.',
    schema: { type: 'string', enum: ['true'] },
  },
  ETag: {
    description: 'Revision of the trip configuration; send it back in If-Match.',
    required: true,
    schema: { type: 'string', examples: ['"42-3"'] },
  },
};

const headerRefs = (...names: string[]) =>
  Object.fromEntries(names.map((name) => [name, { $ref: `#/components/headers/${name}` }]));

/** Headers on every answer that got past authentication: the rate limit and the request id. */
export const COUNTED_HEADERS = () =>
  headerRefs('RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'X-Request-Id');
export const ETAG_HEADER = () => headerRefs('ETag');

const tooLarge = (description: string, limit: number) =>
  errorResponse(description, ['payload_too_large'], {
    tooLarge: [
      'payload_too_large',
      `The request body is larger than ${megabytes(limit)} (${limit} bytes).`,
    ],
  });

function errorResponse(
  description: string,
  codes: readonly string[],
  examples: Record<string, [string, string]>,
  extra: Partial<Response> = {},
): Response {
  return {
    description,
    headers: headerRefs('X-Request-Id'),
    content: {
      'application/json': {
        schema: errorSchema(codes),
        examples: Object.fromEntries(
          Object.entries(examples).map(([name, [code, message]]) => [
            name,
            errorExample(code, message),
          ]),
        ),
      },
    },
    ...extra,
  };
}

const RESPONSES: Record<string, Response> = {
  BadRequest: {
    description:
      'Invalid parameters or body: the validation body, naming each field. A duplicated x-on-behalf-of header: duplicate_header.',
    headers: headerRefs('X-Request-Id'),
    content: {
      'application/json': {
        schema: {
          oneOf: [
            { $ref: '#/components/schemas/ValidationErrors' },
            errorSchema(['duplicate_header']),
          ],
        },
        examples: {
          validation: { $ref: '#/components/examples/ValidationErrors' },
          duplicateHeader: errorExample(
            'duplicate_header',
            'The x-on-behalf-of header must be sent once.',
          ),
        },
      },
    },
  },
  Unauthorized: errorResponse(
    'No credentials where they are required, or credentials that do not authenticate (also on public paths when sent).',
    ['missing_api_key', 'invalid_api_key'],
    {
      missing: ['missing_api_key', 'An API key is required.'],
      invalid: ['invalid_api_key', 'The API key is not valid.'],
    },
  ),
  Forbidden: errorResponse(
    'The role, the token scopes or the plan do not allow this; or x-on-behalf-of names no agent this client may act for.',
    ['forbidden', 'plan_required'],
    {
      role: [
        'forbidden',
        'This needs the permission delete:trips, which the viewer role does not have (owner, admin and agent do).',
      ],
      scope: [
        'forbidden',
        'This token lacks the scope delete:trips: request a token with scope=delete:trips from POST /oauth/token (the client must be granted it).',
      ],
      planRequired: ['plan_required', 'Webhooks are available on the Enterprise plan.'],
    },
  ),
  NotFound: errorResponse(
    "No such resource in the caller's account (a trip in the trash reads as not found).",
    ['not_found'],
    {
      notFound: ['not_found', 'Trip not found.'],
    },
  ),
  PreconditionFailed: errorResponse(
    'If-Match names an older revision: nothing was changed.',
    ['precondition_failed'],
    {
      stale: ['precondition_failed', 'The resource has changed since it was read.'],
    },
  ),
  IdempotentBadRequest: {
    description:
      'Invalid parameters or body: the validation body, naming each field. A duplicated x-on-behalf-of header: duplicate_header. An Idempotency-Key that is not 1 to 255 visible ASCII characters, or sent twice: invalid_idempotency_key (not stored: correct it and send again).',
    headers: headerRefs('X-Request-Id'),
    content: {
      'application/json': {
        schema: {
          oneOf: [
            { $ref: '#/components/schemas/ValidationErrors' },
            errorSchema(['duplicate_header', 'invalid_idempotency_key']),
          ],
        },
        examples: {
          validation: { $ref: '#/components/examples/ValidationErrors' },
          duplicateHeader: errorExample(
            'duplicate_header',
            'The x-on-behalf-of header must be sent once.',
          ),
          invalidIdempotencyKey: errorExample(
            'invalid_idempotency_key',
            IDEMPOTENCY_MESSAGES.invalid,
          ),
        },
      },
    },
  },
  IdempotencyKeyInUse: errorResponse(
    'Another request with this Idempotency-Key is still running (the first of two sent at once, or one retried too soon). Nothing was done: retry after Retry-After seconds to get its answer.',
    ['idempotency_key_in_use'],
    {
      inUse: ['idempotency_key_in_use', IDEMPOTENCY_MESSAGES.inUse],
    },
    {
      headers: headerRefs(
        'Retry-After',
        'RateLimit-Limit',
        'RateLimit-Remaining',
        'RateLimit-Reset',
        'X-Request-Id',
      ),
    },
  ),
  IdempotencyKeyMismatch: errorResponse(
    'This Idempotency-Key answered another request of the same caller (another method, path or body) in the last 24 hours. Nothing was done: send this request with a new key.',
    ['idempotency_key_mismatch'],
    {
      mismatch: ['idempotency_key_mismatch', IDEMPOTENCY_MESSAGES.mismatch],
    },
  ),
  PayloadTooLarge: tooLarge(
    `The body is larger than ${megabytes(LIMITS.jsonBodyBytes)} (${LIMITS.jsonBodyBytes} bytes).`,
    LIMITS.jsonBodyBytes,
  ),
  ConfigurationTooLarge: tooLarge(
    `The configuration is larger than ${megabytes(LIMITS.configBodyBytes)} (${LIMITS.configBodyBytes} bytes).`,
    LIMITS.configBodyBytes,
  ),
  ImportTooLarge: tooLarge(
    `The body is larger than ${megabytes(LIMITS.importBodyBytes)} (${LIMITS.importBodyBytes} bytes): room for a document of ${megabytes(LIMITS.importDocumentBytes)} sent inline in base64, which adds a third. A document over ${megabytes(LIMITS.importDocumentBytes)} that fits is a 400 invalid_source; one fetched from a URL has the same ${megabytes(LIMITS.importDocumentBytes)} limit.`,
    LIMITS.importBodyBytes,
  ),
  UnsupportedMediaType: errorResponse(
    "The body's Content-Type is not one this operation reads (JSON Patch, text/plain, a form...): the message names those it does; a PATCH also lists them in Accept-Patch. A body without a Content-Type is read as JSON.",
    ['unsupported_media_type'],
    {
      textPlain: [
        'unsupported_media_type',
        'Content-Type text/plain is not accepted here: send the body as application/json.',
      ],
    },
    {
      headers: {
        ...headerRefs('X-Request-Id'),
        'Accept-Patch': {
          description: 'PATCH only: the media types the operation reads.',
          schema: { type: 'string' },
        },
      },
    },
  ),
  TooManyRequests: errorResponse(
    'Rate limit exceeded.',
    ['rate_limited'],
    {
      limited: ['rate_limited', 'Too many requests. Retry after the time given in Retry-After.'],
    },
    {
      headers: headerRefs(
        'Retry-After',
        'RateLimit-Limit',
        'RateLimit-Remaining',
        'RateLimit-Reset',
        'X-Request-Id',
      ),
    },
  ),
  InternalError: errorResponse('An unexpected error; never with details.', ['internal_error'], {
    internal: ['internal_error', 'An unexpected error occurred.'],
  }),
  ServiceUnavailable: errorResponse(
    'A dependency (PostgreSQL) cannot be reached.',
    ['service_unavailable'],
    {
      unavailable: ['service_unavailable', 'The service is temporarily unavailable.'],
    },
  ),
};

const PARAMETERS: Record<string, Parameter> = {
  TripId: {
    name: 'tripId',
    in: 'path',
    required: true,
    description: 'Trip identifier.',
    schema: { type: 'integer', minimum: 1, maximum: 2147483647 },
  },
  CatalogId: {
    name: 'id',
    in: 'path',
    required: true,
    description: 'Catalog identifier.',
    schema: { type: 'integer', minimum: 1, maximum: 2147483647 },
  },
  IdOrSlug: {
    name: 'idOrSlug',
    in: 'path',
    required: true,
    description: "The catalog's id or slug.",
    schema: { type: 'string' },
  },
  EndpointId: {
    name: 'id',
    in: 'path',
    required: true,
    description: 'Webhook endpoint identifier.',
    schema: { type: 'integer', minimum: 1, maximum: 2147483647 },
  },
  DeliveryId: {
    name: 'deliveryId',
    in: 'path',
    required: true,
    description: 'Delivery identifier (dlv_...).',
    schema: { type: 'string' },
  },
  ApiKeyId: {
    name: 'id',
    in: 'path',
    required: true,
    description: 'API key identifier.',
    schema: { type: 'integer', minimum: 1, maximum: 2147483647 },
  },
  OnBehalfOf: {
    name: 'x-on-behalf-of',
    in: 'header',
    description:
      "Machine clients (m2mOnBehalfOf) only, and then required: `<agent email>` or `<agent email>,<accountId>`. Without an account, the agent's current account; it must lie within the client's grant (403 otherwise). Sent twice: 400 duplicate_header. Ignored with an API key.",
    schema: { type: 'string' },
    examples: {
      agent: { value: 'ana@agency.example' },
      agentInAccount: { value: 'ana@agency.example,12' },
    },
  },
  IdempotencyKey: {
    name: 'Idempotency-Key',
    in: 'header',
    description:
      "Makes a retry safe: a unique value (a UUID) of 1 to 255 visible ASCII characters, sent again with the same request when its answer was lost. The first request's answer is stored with its change, in one transaction, for 24 hours; the same key with the same method, path and body replays it with `Idempotent-Replayed: true` and does nothing again (no second resource, no second event); with another request, 422 idempotency_key_mismatch; while the first still runs, 409 idempotency_key_in_use with Retry-After. Keys belong to their caller (the API key, or the machine client and its agent) in its account. Refusals (400, 401, 403, 405, 413, 415, 429) and 5xx are not stored: the same key may be sent again. Optional.",
    schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7E]+$' },
    examples: { uuid: { value: '5f0c6a3e-9f1b-4d0e-9a57-0f6f3b1c2d4e' } },
  },
  IfMatch: {
    name: 'If-Match',
    in: 'header',
    description:
      'The ETag of the revision the change is based on; 412 when the configuration has changed since. `*` matches any.',
    schema: { type: 'string' },
  },
  Page: {
    name: 'page',
    in: 'query',
    description: `Starts at 1. The page's offset ((page - 1) × pageSize) may not pass ${LIMITS.listOffsetMax}: 400 beyond.`,
    schema: { type: 'integer', minimum: 1, maximum: LIMITS.listOffsetMax, default: 1 },
  },
  PageSize: {
    name: 'pageSize',
    in: 'query',
    description: 'Items a page.',
    schema: {
      type: 'integer',
      minimum: 1,
      maximum: LIMITS.pageSizeMax,
      default: LIMITS.pageSizeDefault,
    },
  },
};

function securitySchemes(tokenUrl: string): Record<string, Schema> {
  return {
    bearerAuth: {
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'ak_<at least 32 base62 characters>',
      description:
        "An API key: `Authorization: Bearer ak_...`. It acts as its agent in its account, with that agent's role.",
    },
    webhookSignature: {
      type: 'apiKey',
      in: 'header',
      name: 'X-Service-Signature-256',
      description:
        "On the events this service POSTs to a webhook endpoint (not on requests to the API): `sha256=<hex HMAC-SHA256 of the raw body>` keyed with the endpoint's whsec_ secret. The receiver recomputes it over the raw bytes and compares in constant time.",
    },
    m2mOnBehalfOf: {
      type: 'oauth2',
      description:
        "A machine client's token from the token URL (client credentials), sent as `Authorization: Bearer <token>` together with the x-on-behalf-of header naming the agent it acts for.",
      flows: {
        clientCredentials: {
          tokenUrl,
          scopes: Object.fromEntries(PERMISSIONS.map((scope) => [scope, scopeDescription(scope)])),
        },
      },
    },
  };
}

function scopeDescription(scope: string): string {
  const [action, resource] = scope.split(':');
  return `${action === 'manage' ? 'Manage' : action![0]!.toUpperCase() + action!.slice(1)} ${resource}.`;
}

/** The domains' parts, gathered from the registry by document.ts. */
export interface ComponentsOptions {
  tokenUrl: string;
  /** Output shapes by component name, converted here in one pass so that they can `$ref` each other. */
  shapes: Record<string, z.ZodType>;
  /** Request bodies validated with zod, by component name. */
  requestBodies: Record<string, RequestBodyInput>;
  /** Request bodies written as JSON Schema, where zod would say less plainly. */
  requestSchemas: Record<string, Schema>;
  examples: Record<string, Example>;
}

export function components(options: ComponentsOptions): Components {
  const inputs = inputSchemas(options.requestBodies);
  return {
    schemas: {
      ...componentSchemas(options.shapes, 'output'),
      ...responseSchemas(inputs.TripConfigurationDocument!),
      ...options.requestSchemas,
      ...inputs,
    },
    responses: RESPONSES,
    parameters: PARAMETERS,
    headers: HEADERS,
    examples: {
      ...options.examples,
      ...EXAMPLES,
    },
    securitySchemes: securitySchemes(options.tokenUrl),
  };
}
