// OAuth 2.0 client credentials as a GraphQL mutation; POST /oauth/token runs it. Bad client
// credentials spend the caller IP's failed-authentication budget, like bad keys (http/rate-limit.ts).
import { UnauthenticatedError } from '../errors.ts';
import { builder } from '../graphql/builder.ts';
import type { TokenResponse } from './machine-clients.ts';

const TokenType = builder.objectRef<TokenResponse>('MachineToken').implement({
  fields: (t) => ({
    accessToken: t.exposeString('access_token'),
    tokenType: t.exposeString('token_type'),
    expiresIn: t.exposeInt('expires_in'),
    scope: t.exposeString('scope'),
  }),
});

builder.mutationField('issueMachineToken', (t) =>
  t.field({
    type: TokenType,
    description: "Exchanges a machine client's credentials for a short-lived access token.",
    args: {
      clientId: t.arg.string({ required: true }),
      clientSecret: t.arg.string({ required: true }),
      scope: t.arg.string({
        description: "Space-separated scopes; all of the client's scopes when omitted.",
      }),
    },
    resolve: async (_root, args, ctx) => {
      const { rateLimits, machines } = ctx.services;
      await rateLimits.assertMayAuthenticate(ctx.clientIp);
      try {
        return await machines.issueToken(args);
      } catch (error) {
        if (error instanceof UnauthenticatedError) await rateLimits.recordAuthFailure(ctx.clientIp);
        throw error;
      }
    },
  }),
);
