// The OpenAPI 3.1 document of the REST paths: info and servers here, reusable parts in
// components.ts, and each domain's paths from its own <entity>.openapi.ts, through the list of
// domains the caller hands over (src/domains.ts, by way of service.ts), in the list's order.
import { API_VERSION, LIMITS } from '../config/constants.ts';
import { IDEMPOTENCY_MESSAGES, megabytes } from '../errors.ts';
import type { DomainModule } from '../domain-module.ts';
import { components } from './components.ts';
import { documentationPaths } from './documentation.openapi.ts';
import { errorExample } from './examples.ts';
import type {
  Method,
  OpenApiDocument,
  Operation,
  Paths,
  Reference,
  Response,
  Schema,
  WebhookEvents,
} from './types.ts';

export interface DocumentOptions {
  /** Public base URL of the API listener ({base_url}); also where the token URL lives. */
  apiUrl: string;
  /** The AI import server ({ai_url}): its /trip-imports paths are documented with it as their server. */
  aiUrl?: string;
  /** Where `npm run mock` serves the trips paths ({mock_url}). */
  mockUrl?: string;
}

const DESCRIPTION = `The HTTP API of a travel agency's trips, with JSON bodies. Its resources:

- **Trips** (\`/trips\`): itineraries of the caller's account; listed with \`page\`, \`pageSize\`, \`filters\`,
  \`search\` and \`orderBy\`; deleted trips go to the trash for 90 days.
- **Trip configuration** (\`/trips/{tripId}/config\`): the content document of a trip (blocks, contact,
  settings, theme), read whole, replaced with PUT or merge-patched, guarded by \`ETag\` / \`If-Match\`.
- **Catalogs** (\`/catalogs\`): ordered selections of trips, shared with the organisation or made public
  (\`/catalogs/public/{idOrSlug}\`, no key needed).
- **AI import** (\`/ai/trips/...\`, and \`/trip-imports\` on the AI server): a trip made from a document (URL,
  text or an inline file) by an asynchronous job you poll.
- **Webhooks** (\`/webhooks/endpoints\`): endpoints that receive the account's events, signed; the events
  are listed under webhooks.
- **API keys** (\`/api-keys\`) and **OAuth** (\`/oauth/token\`): the account's keys, and tokens for machine clients.
- **Status** (\`/status\`): is the API up, and which version. This document is \`/openapi.json\`, rendered at \`/docs\`.

GraphQL (\`POST /graphql\`) serves the same operations and a few more; it is not described here.

**Authentication.** Send an API key as \`Authorization: Bearer ak_...\` (scheme bearerAuth), or, as a machine
client, a token from \`POST /oauth/token\` plus the \`x-on-behalf-of\` header naming the agent (scheme
m2mOnBehalfOf). Paths marked public need neither; credentials sent to them are still checked. A 403 names the
permission missing: the roles that have it, or the scope a machine token lacks.

**Errors.** Validation errors are \`400 {"errors": {"<field>": ["<message>"]}}\`, each message naming the field,
what it takes and, for a near miss, the name you probably meant; every other error is
\`{"error": {"code", "message"}}\`. A query parameter an operation does not list is a 400 naming the ones it
does. A method a path does not answer is a \`405 method_not_allowed\` with \`Allow\` listing those it does (not
repeated under each operation, since it answers for the methods that have none). A body whose \`Content-Type\`
an operation does not read is a \`415 unsupported_media_type\` naming the types it does; without a
\`Content-Type\`, a body is read as JSON. Malformed JSON is a 400 giving the line, the column and the token. A
string anywhere in a request (body, query or path) that holds a NUL character or an unpaired UTF-16 surrogate,
which PostgreSQL cannot store, is a 400 naming its field.

**Limits.** Answers carry \`RateLimit-Limit\`, \`RateLimit-Remaining\` and \`RateLimit-Reset\`; a 429 carries
\`Retry-After\`. JSON bodies are limited to ${megabytes(LIMITS.jsonBodyBytes)}, a trip configuration to ${megabytes(LIMITS.configBodyBytes)}, an AI import's to
${megabytes(LIMITS.importBodyBytes)} (a ${megabytes(LIMITS.importDocumentBytes)} document inline in base64); past them, 413. Every answer echoes \`X-Request-Id\`.

**Safe retries.** Every POST and PATCH with credentials takes an optional \`Idempotency-Key\` header (a UUID): its
answer is stored with its change, in one transaction, for 24 hours. Sent again with the same method, path and body,
the key replays that answer with \`Idempotent-Replayed: true\` and does nothing again; with another request it is a
\`422 idempotency_key_mismatch\`; while the first request still runs, a \`409 idempotency_key_in_use\` with
\`Retry-After\`. Refusals (400, 401, 403, 405, 413, 415, 429) and 5xx are not stored. GraphQL mutations take the same
header.

**Versioning.** Semantic versioning; paths carry no version. \`GET /status\` reports the version.`;

const TAGS = [
  {
    name: 'Trips',
    description:
      "Travel itineraries of the caller's account. Deleted trips go to the trash for 90 days.",
  },
  {
    name: 'Trip configuration',
    description:
      'The content document of a trip: blocks, contact, settings, theme. Read and replaced whole, or merge-patched.',
  },
  {
    name: 'Catalogs',
    description: 'Ordered selections of trips, shareable with the organisation and publishable.',
  },
  {
    name: 'Webhooks',
    description:
      "Endpoints that receive the account's events (enterprise plan; owners and admins). Each event is one POST of the JSON envelope `{eventId, type, createdAt, accountId, data}` with the headers `X-Service-Event` (the type), `X-Service-Delivery` (= eventId, for deduplication) and `X-Service-Signature-256`: `sha256=<hex HMAC-SHA256 of the raw body>` keyed with the endpoint's whsec_ secret. A 2xx within 30 s counts as delivered; anything else is recorded as failed, with no automatic retry (redeliver by hand). The events are under webhooks.",
  },
  {
    name: 'AI import',
    description:
      'Trips created from a document (URL, text or inline file) by an asynchronous job: create, poll, cancel. The same operations answer on the AI server as /trip-imports/...',
  },
  { name: 'Authentication', description: 'API keys and machine-client tokens.' },
  { name: 'Health', description: 'Is the API up, and which version.' },
  { name: 'Documentation', description: 'This document and its reference page.' },
];

/** The document, with the events webhook endpoints receive (OpenAPI 3.1 top-level `webhooks`). */
export type OpenApiDocumentWithWebhooks = OpenApiDocument & {
  webhooks: WebhookEvents;
};

export function buildOpenApiDocument(
  domains: readonly DomainModule[],
  options: DocumentOptions,
): OpenApiDocumentWithWebhooks {
  const apiUrl = options.apiUrl.replace(/\/$/, '');
  const servers = [{ url: apiUrl, description: 'API' }];
  if (options.mockUrl)
    servers.push({
      url: options.mockUrl.replace(/\/$/, ''),
      description: 'Mock server: the trips paths only, in memory (npm run mock)',
    });
  const aiUrl = options.aiUrl?.replace(/\/$/, '');
  const paths: Paths = Object.assign(
    {},
    ...domains.map((domain) => domain.openapi?.paths?.({ aiUrl })),
    documentationPaths(),
  );
  return {
    openapi: '3.1.1',
    info: { title: 'Trips API', version: API_VERSION, description: DESCRIPTION },
    servers,
    tags: TAGS,
    paths: withIdempotencyKeys(withOperationParameters(paths)),
    webhooks: Object.assign({}, ...domains.map((domain) => domain.openapi?.webhooks?.())),
    components: components({
      tokenUrl: `${apiUrl}/oauth/token`,
      shapes: Object.assign({}, ...domains.map((domain) => domain.openapi?.shapes)),
      requestBodies: Object.assign({}, ...domains.map((domain) => domain.openapi?.requestBodies)),
      requestSchemas: Object.assign(
        {},
        ...domains.map((domain) => domain.openapi?.requestSchemas?.()),
      ),
      examples: Object.assign({}, ...domains.map((domain) => domain.openapi?.examples)),
    }),
  };
}

/**
 * Path files may declare parameters shared by a path's operations (`{tripId}`) on the path; they
 * are moved onto each operation here, because Swagger UI 5 shows a path-level `$ref` parameter as
 * a nameless "any" field and never sends it.
 */
function withOperationParameters(paths: Paths): Paths {
  return Object.fromEntries(
    Object.entries(paths).map(([path, { parameters: shared = [], servers, ...item }]) => {
      const operations = Object.entries(item).map(([method, operation]) => {
        const parameters = [...shared, ...(operation.parameters ?? [])];
        return [method, parameters.length ? { ...operation, parameters } : operation];
      });
      return [
        path,
        {
          ...(Object.fromEntries(operations) as Partial<Record<Method, (typeof item)[Method]>>),
          ...(servers && { servers }),
        },
      ];
    }),
  );
}

const IDEMPOTENT_METHODS = ['post', 'patch'] as const;
const ref = (kind: string, name: string): Reference => ({ $ref: `#/components/${kind}/${name}` });

/**
 * Every POST and PATCH that takes credentials takes an Idempotency-Key
 * (docs/errors-and-limits.md#idempotency-keys): the header, the 409 and 422 it can answer, invalid_idempotency_key among its 400s, and
 * Idempotent-Replayed on its successes. Written here once, for every domain's operations.
 */
function withIdempotencyKeys(paths: Paths): Paths {
  return Object.fromEntries(
    Object.entries(paths).map(([path, item]) => {
      const guarded = { ...item };
      for (const method of IDEMPOTENT_METHODS) {
        const operation = item[method];
        if (operation?.security?.length) guarded[method] = idempotent(operation);
      }
      return [path, guarded];
    }),
  );
}

function idempotent(operation: Operation): Operation {
  const responses: Record<string, Response | Reference> = {};
  for (const [status, response] of Object.entries(operation.responses)) {
    responses[status] = status.startsWith('2')
      ? withReplayedHeader(response as Response)
      : status === '400'
        ? withInvalidKey(response)
        : response;
  }
  responses['409'] = ref('responses', 'IdempotencyKeyInUse');
  responses['422'] = ref('responses', 'IdempotencyKeyMismatch');
  return {
    ...operation,
    parameters: [...(operation.parameters ?? []), ref('parameters', 'IdempotencyKey')],
    responses: Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b))),
  };
}

function withReplayedHeader(response: Response): Response {
  return {
    ...response,
    headers: { ...response.headers, 'Idempotent-Replayed': ref('headers', 'Idempotent-Replayed') },
  };
}

/** The shared 400 becomes its variant with the code; an operation's own 400 gets the code added. */
function withInvalidKey(response: Response | Reference): Response | Reference {
  if ('$ref' in response) return ref('responses', 'IdempotentBadRequest');
  const media = response.content?.['application/json'];
  const codes = ((media?.schema as Schema | undefined)?.properties as Schema | undefined)?.error as
    | { properties?: { code?: { enum?: string[] } } }
    | undefined;
  const known = codes?.properties?.code?.enum;
  if (!media || !known) return response;
  const schema = structuredClone(media.schema) as {
    properties: { error: { properties: { code: { enum: string[] } } } };
  };
  schema.properties.error.properties.code.enum = [...known, 'invalid_idempotency_key'];
  return {
    ...response,
    content: {
      'application/json': {
        schema,
        examples: {
          ...media.examples,
          invalidIdempotencyKey: errorExample(
            'invalid_idempotency_key',
            IDEMPOTENCY_MESSAGES.invalid,
          ),
        },
      },
    },
  };
}
