// The AI import's create body, written as JSON Schema (its source is a oneOf zod does not say as
// plainly), and the examples; the answers' shapes are in import.shape.ts.
import type { Example, Schema } from '../openapi/types.ts';

const url: Schema = { type: 'string', format: 'uri' };
const source = (type: string, properties: Record<string, Schema>, description: string): Schema => ({
  type: 'object',
  required: ['type', ...Object.keys(properties)],
  additionalProperties: false,
  description,
  properties: { type: { type: 'string', const: type }, ...properties },
});

export function importRequestSchemas(): Record<string, Schema> {
  return {
    CreateTripImportRequest: {
      type: 'object',
      required: ['source'],
      additionalProperties: false,
      properties: {
        source: {
          oneOf: [
            source(
              'url',
              { url: { ...url, maxLength: 2048 } },
              'A public http(s) URL of a PDF, DOCX (Word), TXT, HTML, EML, ICS, JPG or PNG document (told by content, not by name or Content-Type; no redirects followed, at most 20 MB).',
            ),
            source(
              'text',
              {
                text: {
                  oneOf: [{ type: 'string', minLength: 1 }, { type: 'object' }, { type: 'array' }],
                },
              },
              'Plain text, or a JSON value (a booking-system export: its segments, stays, dates and amounts are mapped by their keys).',
            ),
            source(
              'inline',
              {
                data: { type: 'string', contentEncoding: 'base64' },
                filename: { type: 'string', minLength: 1, maxLength: 255 },
              },
              'A base64 PDF, DOCX (Word: its text, headings, tables and lists; images ignored), TXT, HTML, EML (MIME email, attachments read too), ICS, JPG or PNG document (told by content, not name), at most 20 MB.',
            ),
          ],
        },
        isTemplate: {
          type: 'boolean',
          default: false,
          description: 'Create the trip as a template.',
        },
      },
    },
  };
}

const jobId = '5b0e8c1e-7a53-4a8e-9d6c-2f1f3f0f9a11';
export const IMPORT_EXAMPLES = {
  CreateTripImportUrl: {
    summary: 'A PDF at a URL',
    value: {
      source: { type: 'url', url: 'https://agency.example/programmes/andalusia.pdf' },
      isTemplate: false,
    },
  },
  CreateTripImportText: {
    summary: 'Plain text',
    value: {
      source: {
        type: 'text',
        text: 'Weekend in Lisbon, 14 to 16 April 2026. Day 1: flight TP1351 London (LHR) 07:45 – Lisbon (LIS) 10:25...',
      },
    },
  },
  CreateTripImportInline: {
    summary: 'An inline PNG',
    value: { source: { type: 'inline', data: 'iVBORw0KGgoAAAANSUhEUg...', filename: 'plan.png' } },
  },
  TripImportAccepted: {
    summary: 'Accepted',
    value: {
      jobId,
      status: 'processing',
      links: {
        publicUrl: `https://api.example.com/i/${jobId}`,
        builderUrl: `https://app.example.com/builder/imports/${jobId}`,
        status: `https://api.example.com/ai/trips/${jobId}/status`,
        cancel: `https://api.example.com/ai/trips/${jobId}/actions/cancel`,
      },
    },
  },
  TripImportProcessing: {
    summary: 'Processing (public view)',
    value: {
      jobId,
      status: 'processing',
      stage: 'generatingBlocks',
      publicUrl: `https://api.example.com/i/${jobId}`,
      builderUrl: `https://app.example.com/builder/imports/${jobId}`,
      tripId: null,
      tripSlug: null,
      updatedAt: '2026-03-02T09:30:04.120Z',
    },
  },
  TripImportCompleted: {
    summary: "Completed (the creator's view)",
    value: {
      jobId,
      status: 'completed',
      stage: 'completed',
      publicUrl: 'https://api.example.com/t/andalusia-highlights-tour-k3j9x2',
      builderUrl: 'https://app.example.com/builder/trips/42',
      tripId: 42,
      tripSlug: 'andalusia-highlights-tour-k3j9x2',
      updatedAt: '2026-03-02T09:30:07.481Z',
      aiCredits: 2,
    },
  },
  TripImportFailed: {
    summary: "Failed (the creator's view)",
    value: {
      jobId,
      status: 'error',
      stage: 'initializing',
      publicUrl: `https://api.example.com/i/${jobId}`,
      builderUrl: `https://app.example.com/builder/imports/${jobId}`,
      tripId: null,
      tripSlug: null,
      error:
        'The document at the URL is not a PDF, DOCX, TXT, HTML, EML, ICS, JPG or PNG file (unsupported_format).',
      updatedAt: '2026-03-02T09:30:02.010Z',
      aiCredits: 0,
    },
  },
  TripImportCanceled: {
    summary: 'Cancelled',
    value: {
      jobId,
      status: 'canceled',
      stage: 'extractingText',
      publicUrl: `https://api.example.com/i/${jobId}`,
      builderUrl: `https://app.example.com/builder/imports/${jobId}`,
      tripId: null,
      tripSlug: null,
      updatedAt: '2026-03-02T09:30:03.500Z',
      aiCredits: 0,
    },
  },
} satisfies Record<string, Example>;
