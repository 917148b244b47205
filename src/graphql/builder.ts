// The Pothos builder: plugins and scalars only. Types live in each domain's *.schema.ts.
import SchemaBuilder from '@pothos/core';
import ComplexityPlugin from '@pothos/plugin-complexity';
import PrismaPlugin from '@pothos/plugin-prisma';
import RelayPlugin from '@pothos/plugin-relay';
import ScopeAuthPlugin, { AuthScopeFailureType, type AuthFailure } from '@pothos/plugin-scope-auth';
import { GraphQLScalarType } from 'graphql';
import { DateTimeResolver, JSONObjectResolver, JSONResolver } from 'graphql-scalars';
import { actorCan, missingPermissionMessage } from '../auth/actor.ts';
import type { Permission } from '../auth/permissions.ts';
import { ForbiddenError, UnauthenticatedError } from '../errors.ts';
import type PrismaTypes from '../generated/pothos-types.ts';
import { getDatamodel } from '../generated/pothos-types.ts';
import type { Context } from './context.ts';
import { fieldCost } from './cost.ts';

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
  plugins: [ScopeAuthPlugin, PrismaPlugin, RelayPlugin, ComplexityPlugin],
  defaultFieldNullability: false,
  // Costs only: armor.ts checks them per request, before execution, with the caller's budget;
  // no wrapper on the root resolvers (the REST facade's fixed documents never pay for one).
  complexity: { fieldComplexity: fieldCost, disabled: true },
  prisma: {
    client: (ctx) => ctx.prisma,
    dmmf: getDatamodel(),
    filterConnectionTotalCount: true,
  },
  relay: { clientMutationId: 'omit', cursorType: 'String' },
  scopeAuth: {
    // A subscription is refused when it is opened, not at its first event.
    authorizeOnSubscribe: true,
    authScopes: (ctx) => ({
      authenticated: ctx.actor !== null,
      permission: (permission: Permission) => actorCan(ctx.actor, permission),
    }),
    // No credentials: 401; credentials without the permission: 403
    // (docs/decisions.md#accounts-roles-and-keys).
    unauthorizedError: (_parent, ctx, _info, result) => {
      if (!ctx.actor) return new UnauthenticatedError('missing_api_key');
      const permission = missingPermission(result.failure);
      return new ForbiddenError(
        permission ? missingPermissionMessage(ctx.actor, permission) : undefined,
      );
    },
  },
});

/** The first `permission` scope that failed, to name it in the 403. */
function missingPermission(failure: AuthFailure): Permission | undefined {
  if (failure.kind === AuthScopeFailureType.AuthScope)
    return failure.scope === 'permission' ? (failure.parameter as Permission) : undefined;
  if (
    failure.kind === AuthScopeFailureType.AnyAuthScopes ||
    failure.kind === AuthScopeFailureType.AllAuthScopes
  ) {
    for (const child of failure.failures) {
      const found = missingPermission(child);
      if (found) return found;
    }
  }
  return undefined;
}

builder.queryType({});
builder.mutationType({});
builder.subscriptionType({});
/**
 * graphql-scalars' DateTime, serialized to its ISO 8601 string instead of a Date: the same JSON,
 * but JSON.stringify of a result full of Dates calls each one's toJSON and leaves V8's fast path
 * (a page of 20 trips took 90 µs to stringify with Dates, 24 µs with strings).
 */
const isoString = (value: unknown) =>
  (DateTimeResolver.coerceOutputValue(value) as Date).toISOString();
const DateTime = new GraphQLScalarType<Date, string>({
  ...DateTimeResolver.toConfig(),
  coerceOutputValue: isoString,
  serialize: isoString, // the name graphql-jit still calls
});
builder.addScalarType('DateTime', DateTime);
builder.addScalarType('JSONObject', JSONObjectResolver);
builder.addScalarType('JSON', JSONResolver);
