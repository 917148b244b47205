// POST /oauth/token: client credentials (RFC 6749 section 4.4) for machine clients.
import { errorExample } from '../openapi/examples.ts';
import { errorSchema } from '../openapi/response-schemas.ts';
import { body, ok, schemaRef, selfAuthenticatedOperation } from '../openapi/operations.ts';
import type { Paths, Schema } from '../openapi/types.ts';
import { PERMISSIONS } from './permissions.ts';

export function oauthPaths(): Paths {
  const request = {
    schema: schemaRef('TokenRequest'),
    examples: {
      credentials: {
        value: {
          grant_type: 'client_credentials',
          client_id: 'mc_3fK9x2',
          client_secret: 'mcs_...',
          scope: 'read:trips',
        },
      },
    },
  };
  const noStore = { 'Cache-Control': { description: 'no-store', schema: { type: 'string' } } };
  return {
    '/oauth/token': {
      post: selfAuthenticatedOperation({
        operationId: 'issueToken',
        summary: 'Get a machine-client token',
        description:
          'The client authenticates with HTTP Basic (client id and secret) or with client_id and client_secret in the body. The token is then sent as `Authorization: Bearer <token>` with an x-on-behalf-of header (scheme m2mOnBehalfOf).',
        tags: ['Authentication'],
        requestBody: body({
          'application/x-www-form-urlencoded': request,
          'application/json': request,
        }),
        responses: {
          '200': ok(
            'A short-lived bearer token.',
            {
              'application/json': {
                schema: schemaRef('TokenResponse'),
                examples: {
                  token: {
                    value: {
                      access_token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJtY18zZks5eDIifQ.c2lnbmF0dXJl',
                      token_type: 'Bearer',
                      expires_in: 3600,
                      scope: 'read:trips',
                    },
                  },
                },
              },
            },
            noStore,
          ),
          '400': {
            description:
              "A grant other than client_credentials, missing credentials or a malformed body, or a scope beyond the client's.",
            content: {
              'application/json': {
                schema: errorSchema(['invalid_request', 'unsupported_grant_type', 'invalid_scope']),
                examples: {
                  grant: errorExample(
                    'unsupported_grant_type',
                    'Only grant_type=client_credentials is supported.',
                  ),
                },
              },
            },
          },
          '401': {
            description: 'Unknown client or wrong secret.',
            content: {
              'application/json': {
                schema: errorSchema(['invalid_client']),
                examples: {
                  client: errorExample('invalid_client', 'The client credentials are not valid.'),
                },
              },
            },
          },
        },
        errors: ['PayloadTooLarge'],
      }),
    },
  };
}

/** The token request, a form or JSON body the route reads by hand: written as JSON Schema. */
export const oauthRequestSchemas = (): Record<string, Schema> => ({
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
});
