// /api-keys: the account's API keys (owners and admins), a facade over the GraphQL operations.
import type { GraphQLSchema } from 'graphql';
import { LIMITS } from '../config/constants.ts';
import { parseOrThrow } from '../validation.ts';
import { readJson } from '../rest/body.ts';
import { prepareOperation, runOperation } from '../rest/execute.ts';
import { jsonResponse } from '../rest/errors.ts';
import { idParam } from '../rest/params.ts';
import { selectionOf } from '../rest/selection.ts';
import { apiKeyShape } from './api-keys.shape.ts';
import type { RestRouter } from '../rest/types.ts';
import { createApiKeyBody } from './api-keys.input.ts';

/** The GraphQL selection of a key: its shape's fields. */
const FIELDS = selectionOf(apiKeyShape);

export function registerApiKeyRoutes(router: RestRouter, schema: GraphQLSchema): void {
  const LIST = prepareOperation<{ apiKeys: unknown[] }>(
    schema,
    `query ApiKeys { apiKeys { ${FIELDS} } }`,
  );
  const CREATE = prepareOperation<{
    createApiKey: { key: string; apiKey: Record<string, unknown> };
  }>(
    schema,
    `
    mutation CreateApiKey($name: String, $agentId: Int) { createApiKey(name: $name, agentId: $agentId) { key apiKey { ${FIELDS} } } }`,
  );
  const REVOKE = prepareOperation<{ revokeApiKey: unknown }>(
    schema,
    `mutation RevokeApiKey($id: Int!) { revokeApiKey(id: $id) { id } }`,
  );

  router.get('/api-keys', async (_request, context) => {
    return jsonResponse({ data: (await runOperation(schema, LIST, context)).apiKeys });
  });

  router.post('/api-keys', async (request, context) => {
    const body = parseOrThrow(createApiKeyBody, await readJson(request, LIMITS.jsonBodyBytes));
    const { key, apiKey } = (await runOperation(schema, CREATE, context, body)).createApiKey;
    return jsonResponse({ ...apiKey, key }, 201);
  });

  router.delete('/api-keys/:id', async (request, context) => {
    await runOperation(schema, REVOKE, context, { id: idParam(request.params.id, 'id') });
    return jsonResponse({ message: 'API key revoked.' });
  });
}
