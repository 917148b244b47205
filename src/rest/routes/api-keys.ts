// /api-keys: the account's API keys (owners and admins), a facade over the GraphQL operations.
import type { GraphQLSchema } from 'graphql';
import { z } from 'zod';
import { LIMITS } from '../../config/constants.ts';
import { ValidationError } from '../../errors.ts';
import { parseOrThrow } from '../../validation.ts';
import { readJson } from '../body.ts';
import { prepareOperation, runOperation } from '../execute.ts';
import { graphQLErrorsResponse, jsonResponse } from '../errors.ts';
import type { RestRouter } from '../router.ts';

const FIELDS = 'id name prefix agentId createdAt revokedAt';
const CREATE_BODY = z.strictObject({ name: z.string().nullish(), agentId: z.number().int().positive().nullish() });

export function registerApiKeyRoutes(router: RestRouter, schema: GraphQLSchema): void {
  const LIST = prepareOperation<{ apiKeys: unknown[] }>(schema, `query ApiKeys { apiKeys { ${FIELDS} } }`);
  const CREATE = prepareOperation<{ createApiKey: { key: string; apiKey: Record<string, unknown> } }>(schema, `
    mutation CreateApiKey($name: String, $agentId: Int) { createApiKey(name: $name, agentId: $agentId) { key apiKey { ${FIELDS} } } }`);
  const REVOKE = prepareOperation<{ revokeApiKey: unknown }>(schema, `mutation RevokeApiKey($id: Int!) { revokeApiKey(id: $id) { id } }`);

  router.get('/api-keys', async (_request, context) => {
    const result = await runOperation(schema, LIST, context);
    if (!result.data) return graphQLErrorsResponse(result.errors ?? [], context.logger);
    return jsonResponse({ data: result.data.apiKeys });
  });

  router.post('/api-keys', async (request, context) => {
    const body = parseOrThrow(CREATE_BODY, await readJson(request, LIMITS.jsonBodyBytes));
    const result = await runOperation(schema, CREATE, context, body);
    if (!result.data) return graphQLErrorsResponse(result.errors ?? [], context.logger);
    const { key, apiKey } = result.data.createApiKey;
    return jsonResponse({ ...apiKey, key }, 201);
  });

  router.delete('/api-keys/:id', async (request, context) => {
    const id = Number(request.params['id']);
    if (!Number.isSafeInteger(id) || id < 1) throw ValidationError.field('id', 'Expected a positive integer.');
    const result = await runOperation(schema, REVOKE, context, { id });
    if (!result.data) return graphQLErrorsResponse(result.errors ?? [], context.logger);
    return jsonResponse({ message: 'API key revoked.' });
  });
}
