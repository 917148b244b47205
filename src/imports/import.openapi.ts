// The AI import on {base_url}: /ai/trips/... (docs/decisions.md#ai-import). The same three
// operations answer on {ai_url} as /trip-imports, /trip-imports/{publicId}/status and
// /trip-imports/{publicId}/actions/cancel. Errors use {error: {code, message}} throughout.
import { errorExample } from '../openapi/examples.ts';
import {
  body,
  callerOperation,
  exampleRef,
  json,
  ok,
  publicOperation,
  schemaRef,
} from '../openapi/operations.ts';
import { errorSchema } from '../openapi/response-schemas.ts';
import type { Parameter, Paths, Response } from '../openapi/types.ts';
import { UNKNOWN_QUERY_PARAMETER } from '../rest/contract.ts';

const TAGS = ['AI import'];
const PUBLIC_ID: Parameter = {
  name: 'publicId',
  in: 'path',
  required: true,
  description: "The job's UUID (jobId).",
  schema: { type: 'string' },
};

const aiError = (
  description: string,
  codes: string[],
  examples: Record<string, [string, string]>,
): Response => ({
  description,
  headers: { 'X-Request-Id': { $ref: '#/components/headers/X-Request-Id' } },
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
});

const NOT_FOUND = aiError(
  'No job has this id (or it belongs to another account, for cancel).',
  ['job_not_found'],
  { notFound: ['job_not_found', 'No import job has this id.'] },
);
const DUPLICATE_HEADER: [string, string] = [
  'duplicate_header',
  'The x-on-behalf-of header must be sent once.',
];
/** The request contract's refusal in this body (rest/contract.ts), on each operation. */
const unknownQuery = (operation: string): [string, string] => [
  UNKNOWN_QUERY_PARAMETER,
  `pageSize is not a query parameter of ${operation}. It takes none.`,
];

export function importPaths(): Paths {
  return {
    '/ai/trips/from-document': {
      post: callerOperation('create:imports', {
        operationId: 'createTripFromDocument',
        summary: 'Create a trip from a document',
        description:
          'Starts an asynchronous import: the document (PDF, DOCX Word document, TXT, HTML, EML email, ICS calendar, JPG or PNG, told by content; at most 20 MB) is read, its structured data first (schema.org reservations in HTML, iCalendar events, boarding-pass barcodes, a JSON booking export sent as text) and then its text, its itinerary extracted, and a trip created with its configuration (an itinerary block with a day block per day holding flight, accommodation, activity, transport and text blocks, and a price block). Poll links.status. On {ai_url} this is POST /trip-imports.',
        tags: TAGS,
        requestBody: body(
          json(schemaRef('CreateTripImportRequest'), {
            url: exampleRef('CreateTripImportUrl'),
            text: exampleRef('CreateTripImportText'),
            inline: exampleRef('CreateTripImportInline'),
          }),
        ),
        responses: {
          '202': ok(
            'Accepted: the job is processing.',
            json(schemaRef('TripImportAccepted'), { accepted: exampleRef('TripImportAccepted') }),
          ),
          '400': aiError(
            'The source cannot be used (or a query parameter the operation does not take).',
            [
              'invalid_source',
              'invalid_url',
              'unsupported_format',
              'duplicate_header',
              UNKNOWN_QUERY_PARAMETER,
            ],
            {
              invalidSource: ['invalid_source', 'source.type must be "url", "text" or "inline".'],
              invalidUrl: ['invalid_url', 'The URL must point at a public address.'],
              unsupportedFormat: [
                'unsupported_format',
                'plan.xlsx is not a PDF, DOCX, TXT, HTML, EML, ICS, JPG or PNG file.',
              ],
              duplicateHeader: DUPLICATE_HEADER,
              unknownQueryParameter: unknownQuery('POST /ai/trips/from-document'),
            },
          ),
        },
        errors: ['ImportTooLarge'],
      }),
    },
    '/ai/trips/{publicId}/status': {
      get: publicOperation({
        operationId: 'getTripImportStatus',
        summary: 'Status of an import job',
        description:
          "Public. Without a key (or with one of another account): no error, no aiCredits. With a key that reads imports in the job's account: both. On {ai_url}: GET /trip-imports/{publicId}/status.",
        tags: TAGS,
        parameters: [PUBLIC_ID],
        responses: {
          '200': ok(
            'The job.',
            json(schemaRef('TripImportJob'), {
              processing: exampleRef('TripImportProcessing'),
              completed: exampleRef('TripImportCompleted'),
              failed: exampleRef('TripImportFailed'),
            }),
          ),
          '400': aiError(
            'A query parameter the operation does not take, or x-on-behalf-of sent twice.',
            ['duplicate_header', UNKNOWN_QUERY_PARAMETER],
            {
              unknownQueryParameter: unknownQuery('GET /ai/trips/{publicId}/status'),
              duplicateHeader: DUPLICATE_HEADER,
            },
          ),
          '404': NOT_FOUND,
        },
      }),
    },
    '/ai/trips/{publicId}/actions/cancel': {
      post: callerOperation('create:imports', {
        operationId: 'cancelTripImport',
        summary: 'Cancel an import job',
        description:
          'Only the agent who created the job (403 for others of its account), only while processing; the job stops between or within stages and leaves no trip. On {ai_url}: POST /trip-imports/{publicId}/actions/cancel.',
        tags: TAGS,
        parameters: [PUBLIC_ID],
        responses: {
          '200': ok(
            'The cancelled job.',
            json(schemaRef('TripImportJob'), { canceled: exampleRef('TripImportCanceled') }),
          ),
          '400': aiError(
            'The job is not processing (or a query parameter the operation does not take).',
            ['job_not_cancelable', 'duplicate_header', UNKNOWN_QUERY_PARAMETER],
            {
              notCancelable: [
                'job_not_cancelable',
                'The job is completed; only a job that is processing can be cancelled.',
              ],
              duplicateHeader: DUPLICATE_HEADER,
              unknownQueryParameter: unknownQuery('POST /ai/trips/{publicId}/actions/cancel'),
            },
          ),
          '404': NOT_FOUND,
        },
      }),
    },
  };
}

/** The same three operations on the AI server ({ai_url}), as /trip-imports/... */
const ON_AI_SERVER: Record<string, string> = {
  '/ai/trips/from-document': '/trip-imports',
  '/ai/trips/{publicId}/status': '/trip-imports/{publicId}/status',
  '/ai/trips/{publicId}/actions/cancel': '/trip-imports/{publicId}/actions/cancel',
};

export function aiServerImportPaths(aiUrl: string): Paths {
  const base = importPaths();
  return Object.fromEntries(
    Object.entries(ON_AI_SERVER).map(([from, to]) => {
      const item = Object.fromEntries(
        Object.entries(base[from]!).map(([key, value]) => [
          key,
          key === 'parameters'
            ? value
            : {
                ...(value as object),
                operationId: `${(value as { operationId: string }).operationId}OnAiServer`,
              },
        ]),
      );
      return [
        to,
        { ...item, servers: [{ url: aiUrl, description: 'AI import server ({ai_url})' }] },
      ];
    }),
  );
}
