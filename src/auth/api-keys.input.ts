// What POST /api-keys accepts (docs/decisions.md#accounts-roles-and-keys).
import { z } from 'zod';

export const createApiKeyBody = z.strictObject({
  name: z.string().nullish(),
  agentId: z
    .number()
    .int()
    .positive()
    .nullish()
    .describe(
      'Your own agent id, or omitted: a key always acts as the agent who creates it (another id: 400).',
    ),
});
