// The Pothos builder: plugins and scalars only. Types live in each domain's *.schema.ts.
import SchemaBuilder from '@pothos/core';
import PrismaPlugin from '@pothos/plugin-prisma';
import RelayPlugin from '@pothos/plugin-relay';
import ScopeAuthPlugin from '@pothos/plugin-scope-auth';
import { DateTimeResolver, JSONObjectResolver, JSONResolver } from 'graphql-scalars';
import { actorCan } from '../auth/actor.ts';
import type { Permission } from '../auth/permissions.ts';
import { ForbiddenError, UnauthenticatedError } from '../errors.ts';
import type PrismaTypes from '../generated/pothos-types.ts';
import { getDatamodel } from '../generated/pothos-types.ts';
import type { Context } from './context.ts';

export const builder = new SchemaBuilder<{
  Context: Context;
  PrismaTypes: PrismaTypes;
  AuthScopes: { authenticated: boolean; permission: Permission };
  DefaultFieldNullability: false;
  Scalars: {
    DateTime: { Input: Date; Output: Date | string };
    JSONObject: { Input: Record<string, unknown>; Output: Record<string, unknown> };
    JSON: { Input: unknown; Output: unknown };
  };
}>({
  plugins: [ScopeAuthPlugin, PrismaPlugin, RelayPlugin],
  defaultFieldNullability: false,
  prisma: {
    client: (ctx) => ctx.prisma,
    dmmf: getDatamodel(),
    filterConnectionTotalCount: true,
  },
  relay: { clientMutationId: 'omit', cursorType: 'String' },
  scopeAuth: {
    authScopes: (ctx) => ({
      authenticated: ctx.actor !== null,
      permission: (permission: Permission) => actorCan(ctx.actor, permission),
    }),
    // No credentials: 401; credentials without the permission: 403 (decisions "Roles").
    unauthorizedError: (_parent, ctx) => (ctx.actor ? new ForbiddenError() : new UnauthenticatedError('missing_api_key')),
  },
});

builder.queryType({});
builder.mutationType({});
builder.addScalarType('DateTime', DateTimeResolver);
builder.addScalarType('JSONObject', JSONObjectResolver);
builder.addScalarType('JSON', JSONResolver);
