// /api-keys: the account's API keys, for owners and admins
// (docs/decisions.md#accounts-roles-and-keys).
import { body, callerOperation, json, ok, parameterRef, schemaRef } from '../openapi/operations.ts';
import type { Paths, RequestBodyInput } from '../openapi/types.ts';
import { createApiKeyBody } from './api-keys.input.ts';

const TAGS = ['Authentication'];

export function apiKeyPaths(): Paths {
  return {
    '/api-keys': {
      get: callerOperation('manage:keys', {
        operationId: 'listApiKeys',
        summary: "List the account's API keys",
        description: 'Never the keys themselves: their prefix.',
        tags: TAGS,
        responses: {
          '200': ok(
            'The keys, oldest first, revoked ones included.',
            json(schemaRef('ApiKeyList')),
          ),
        },
      }),
      post: callerOperation('manage:keys', {
        operationId: 'createApiKey',
        summary: 'Create an API key',
        description:
          "The key acts as the caller's agent, always: an agentId other than the caller's own is refused (400). The key is in this answer only.",
        tags: TAGS,
        requestBody: body({
          'application/json': {
            schema: schemaRef('CreateApiKeyRequest'),
            examples: { named: { value: { name: 'CI' } } },
          },
        }),
        responses: { '201': ok('The key, shown this once.', json(schemaRef('CreatedApiKey'))) },
        errors: ['PayloadTooLarge'],
      }),
    },
    '/api-keys/{id}': {
      parameters: [parameterRef('ApiKeyId')],
      delete: callerOperation('manage:keys', {
        operationId: 'revokeApiKey',
        summary: 'Revoke an API key',
        description:
          'Takes effect at once on the process that answers, and on the others within 5 seconds. Revoking twice keeps the first time.',
        tags: TAGS,
        responses: { '200': ok('Revoked.', json(schemaRef('Message'))) },
        errors: ['NotFound'],
      }),
    },
  };
}

/** The request body of POST /api-keys. */
export const API_KEY_REQUEST_BODIES: Record<string, RequestBodyInput> = {
  CreateApiKeyRequest: { schema: createApiKeyBody },
};
