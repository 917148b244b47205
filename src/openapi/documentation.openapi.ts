// This document and the reference page that renders it; both public.
import { ok, publicOperation } from './operations.ts';
import type { Paths } from './types.ts';

const TAGS = ['Documentation'];
const DOCUMENT = {
  type: 'object',
  required: ['openapi', 'info', 'paths'],
  properties: {
    openapi: { type: 'string', pattern: '^3\\.1\\.' },
    info: { type: 'object' },
    paths: { type: 'object' },
  },
  additionalProperties: true,
};

export function documentationPaths(): Paths {
  return {
    '/openapi.json': {
      get: publicOperation({
        operationId: 'getOpenApiDocument',
        summary: 'This OpenAPI document',
        tags: TAGS,
        responses: {
          '200': ok('The OpenAPI 3.1 document.', { 'application/json': { schema: DOCUMENT } }),
        },
      }),
    },
    '/docs': {
      get: publicOperation({
        operationId: 'getDocs',
        summary: 'The API reference page',
        description:
          'Swagger UI rendering /openapi.json; its scripts and styles are served under /docs/.',
        tags: TAGS,
        responses: { '200': ok('An HTML page.', { 'text/html': { schema: { type: 'string' } } }) },
      }),
    },
  };
}
