// The shape of POST /oauth/token's answer (RFC 6749 names), written once: the document's
// TokenResponse is converted from it. The GraphQL mutation it runs answers in camelCase
// (oauth.rest.ts renames), so no selection is derived here.
import { z } from 'zod';

export const tokenResponseShape = z.object({
  access_token: z.string().meta({ description: 'A signed JWT.' }),
  token_type: z.enum(['Bearer']),
  expires_in: z.int().min(1).meta({ description: 'Seconds.' }),
  scope: z.string().meta({ description: 'The granted scopes, space-separated.' }),
});

/** The document's components, by name. */
export const OAUTH_SHAPES = { TokenResponse: tokenResponseShape };
