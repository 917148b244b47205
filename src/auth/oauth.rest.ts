// POST /oauth/token (RFC 6749 section 4.4, client credentials). Credentials by HTTP Basic or in
// the body; the body may be form-encoded (the standard) or JSON.
import type { GraphQLSchema } from 'graphql';
import { BadRequestError } from '../errors.ts';
import { LIMITS } from '../config/constants.ts';
import type { TokenResponse } from './machine-clients.ts';
import { isStorableText, UNSTORABLE_TEXT_MESSAGE } from '../shared/storable-text.ts';
import { notJsonMessage, readBody } from '../rest/body.ts';
import { prepareOperation, runOperation } from '../rest/execute.ts';
import { jsonResponse } from '../rest/errors.ts';
import type { RestRouter } from '../rest/types.ts';

interface TokenData {
  issueMachineToken: {
    accessToken: string;
    tokenType: TokenResponse['token_type'];
    expiresIn: number;
    scope: string;
  };
}

export function registerOAuthRoutes(router: RestRouter, schema: GraphQLSchema): void {
  const ISSUE = prepareOperation<TokenData>(
    schema,
    `
    mutation IssueMachineToken($clientId: String!, $clientSecret: String!, $scope: String) {
      issueMachineToken(clientId: $clientId, clientSecret: $clientSecret, scope: $scope) { accessToken tokenType expiresIn scope }
    }`,
  );

  router.post('/oauth/token', async (request, context) => {
    const params = await readTokenRequest(request);
    if (params.grantType !== 'client_credentials') {
      throw new BadRequestError(
        'unsupported_grant_type',
        'Only grant_type=client_credentials is supported.',
      );
    }
    if (!params.clientId || !params.clientSecret) {
      throw new BadRequestError(
        'invalid_request',
        'client_id and client_secret are required (HTTP Basic or body).',
      );
    }
    const { issueMachineToken: token } = await runOperation(schema, ISSUE, context, {
      clientId: params.clientId,
      clientSecret: params.clientSecret,
      scope: params.scope,
    });
    return jsonResponse(
      {
        access_token: token.accessToken,
        token_type: token.tokenType,
        expires_in: token.expiresIn,
        scope: token.scope,
      },
      200,
      { 'cache-control': 'no-store', pragma: 'no-cache' },
    );
  });
}

async function readTokenRequest(request: Request) {
  const text = Buffer.from(await readBody(request, LIMITS.jsonBodyBytes)).toString('utf8');
  const type = request.headers.get('content-type') ?? '';
  let fields: unknown;
  try {
    fields = type.includes('application/json')
      ? JSON.parse(text || '{}')
      : Object.fromEntries(new URLSearchParams(text));
  } catch {
    throw new BadRequestError('invalid_request', notJsonMessage(text));
  }
  // `null`, an array or a number is valid JSON but no set of parameters (found by the OpenAPI fuzzer).
  if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) {
    throw new BadRequestError('invalid_request', 'The body must be a JSON object or form-encoded.');
  }
  const basic = basicCredentials(request.headers.get('authorization'));
  const str = (value: unknown) => (typeof value === 'string' ? value : undefined);
  const field = (name: string) => str((fields as Record<string, unknown>)[name]);
  // RFC 6749 section 2.3: one way of authenticating a request. A body may repeat Basic's client_id.
  if (
    basic &&
    (field('client_secret') !== undefined ||
      (field('client_id') !== undefined && field('client_id') !== basic.clientId))
  )
    throw new BadRequestError(
      'invalid_request',
      'Authenticate the client one way: HTTP Basic, or client_id and client_secret in the body, not both.',
    );
  const params = {
    grantType: field('grant_type'),
    clientId: basic?.clientId ?? field('client_id'),
    clientSecret: basic?.clientSecret ?? field('client_secret'),
    scope: field('scope') ?? null,
  };
  // The same rule as every other string (shared/storable-text.ts), in this endpoint's error body.
  for (const [name, value] of Object.entries(params)) {
    if (typeof value === 'string' && !isStorableText(value))
      throw new BadRequestError('invalid_request', `${name} ${UNSTORABLE_TEXT_MESSAGE}`);
  }
  return params;
}

function basicCredentials(
  header: string | null,
): { clientId: string; clientSecret: string } | undefined {
  const match = header && /^Basic\s+(\S+)$/i.exec(header);
  if (!match) return undefined;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  try {
    return {
      clientId: decodeURIComponent(decoded.slice(0, colon)),
      clientSecret: decodeURIComponent(decoded.slice(colon + 1)),
    };
  } catch {
    // A stray % that starts no escape: not credentials we can read.
    throw new BadRequestError(
      'invalid_request',
      'The Basic credentials are not correctly URL-encoded.',
    );
  }
}
