// GET /status (docs/decisions.md#errors-and-limits).
import { errorSchema } from '../openapi/response-schemas.ts';
import { exampleRef, ok, publicOperation, schemaRef } from '../openapi/operations.ts';
import type { Paths } from '../openapi/types.ts';

export function statusPaths(): Paths {
  const noStore = { 'Cache-Control': { description: 'no-store', schema: { type: 'string' } } };
  return {
    '/status': {
      get: publicOperation({
        operationId: 'getStatus',
        summary: 'Health check',
        description:
          'Checks PostgreSQL and the job queue; the API version can be verified here. Answered by both listeners.',
        tags: ['Health'],
        responses: {
          '200': ok(
            'Every check passed.',
            {
              'application/json': {
                schema: schemaRef('StatusReport'),
                examples: { ok: exampleRef('Status') },
              },
            },
            noStore,
          ),
          '503': {
            description:
              'A check failed: "degraded", naming it. (service_unavailable when credentials were sent and could not be checked.)',
            content: {
              'application/json': {
                schema: {
                  oneOf: [schemaRef('StatusReport'), errorSchema(['service_unavailable'])],
                },
                examples: { degraded: exampleRef('StatusDegraded') },
              },
            },
          },
        },
      }),
    },
  };
}
