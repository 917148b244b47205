// An API key's shape, written once: the document's ApiKey, ApiKeyList and CreatedApiKey schemas
// and the REST selection derive from it; test/unit/pothos-shapes.test.ts holds the Pothos ApiKey
// type to it. The secret key itself appears once, in the answer of create.
import { z } from 'zod';
import { id, timestamp } from '../shared/shape-parts.ts';

export const apiKeyShape = z.object({
  id: id(),
  name: z.string().nullable(),
  prefix: z.string().meta({ description: 'The first 8 characters of the key, to recognise it.' }),
  agentId: id().meta({ description: 'The agent the key acts as.' }),
  createdAt: timestamp(),
  revokedAt: timestamp().nullable(),
});

export const apiKeyListShape = z.object({ data: z.array(apiKeyShape) });

/** The answer of POST /api-keys: the key's fields and the key, shown this once. */
export const createdApiKeyShape = apiKeyShape.extend({
  key: z
    .string()
    .regex(/^ak_[A-Za-z0-9]{32,}$/)
    .meta({ description: 'The API key. Shown this once; only its hash is kept.' }),
});

/** The document's components, by name. */
export const API_KEY_SHAPES = {
  ApiKey: apiKeyShape,
  ApiKeyList: apiKeyListShape,
  CreatedApiKey: createdApiKeyShape,
};
