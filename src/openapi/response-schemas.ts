// The schemas that belong to no resource: the error bodies, the plain message, and the trip
// configuration's (built from its request schema, which the registry gives). Every resource's
// response schema is converted from its shape (<entity>.shape.ts), given through the registry.
import type { Schema } from './types.ts';

/** The `{error: {code, message}}` body; `codes` narrows the codes a response may carry. */
export const errorSchema = (codes?: readonly string[]): Schema => ({
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: codes ? { type: 'string', enum: [...codes] } : { type: 'string' },
        message: { type: 'string' },
      },
    },
  },
});

export function responseSchemas(configurationDocument: Schema): Record<string, Schema> {
  return {
    // GET and PATCH answer the stored document: the PUT shape plus updatedAt, and an id on each
    // more-info field. Built from the request schema so the two cannot part.
    TripConfiguration: {
      ...configurationDocument,
      description: 'The trip configuration as stored, with updatedAt.',
      required: [...(configurationDocument.required as string[]), 'updatedAt'],
    },
    TripConfigurationPatch: {
      type: 'object',
      description:
        'A JSON Merge Patch (RFC 7396) of the configuration: objects merge, null removes a member, anything else replaces. The result must be a valid configuration.',
    },
    Message: { type: 'object', required: ['message'], properties: { message: { type: 'string' } } },
    ValidationErrors: {
      type: 'object',
      required: ['errors'],
      description:
        'Field path (settings.currency, blocks[3].id; body for the body as a whole) to its messages.',
      properties: {
        errors: {
          type: 'object',
          additionalProperties: { type: 'array', items: { type: 'string' }, minItems: 1 },
        },
      },
    },
    Error: errorSchema(),
  };
}
