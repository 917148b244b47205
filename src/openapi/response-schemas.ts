// Response and non-JSON request schemas, written by hand from the specification's tables (the
// service's answers come from GraphQL types, not zod). They stay open to new fields, as a minor
// version may add some; the tests hold the service to exactly these fields (see
// test/helpers/openapi-check.ts), so they cannot drift either.
import { PERMISSIONS } from '../auth/permissions.ts';
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
    StatusReport: {
      type: 'object',
      required: ['status', 'version', 'checks'],
      properties: {
        status: { type: 'string', enum: ['ok', 'degraded'] },
        version: { type: 'string', description: 'The API version.' },
        checks: {
          type: 'object',
          required: ['database', 'queue'],
          properties: {
            database: { type: 'string', enum: ['ok', 'error'] },
            queue: { type: 'string', enum: ['ok', 'error'] },
          },
        },
      },
    },
    TokenRequest: {
      type: 'object',
      required: ['grant_type'],
      properties: {
        grant_type: { type: 'string', enum: ['client_credentials'] },
        client_id: { type: 'string', description: 'mc_...; or send it with HTTP Basic.' },
        client_secret: { type: 'string', description: 'mcs_...; or send it with HTTP Basic.' },
        scope: {
          type: 'string',
          description: `Space-separated, within the client's scopes (all of them when omitted): ${PERMISSIONS.join(' ')}.`,
        },
      },
    },
    TokenResponse: {
      type: 'object',
      required: ['access_token', 'token_type', 'expires_in', 'scope'],
      properties: {
        access_token: { type: 'string', description: 'A signed JWT.' },
        token_type: { type: 'string', enum: ['Bearer'] },
        expires_in: { type: 'integer', minimum: 1, description: 'Seconds.' },
        scope: { type: 'string', description: 'The granted scopes, space-separated.' },
      },
    },
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
