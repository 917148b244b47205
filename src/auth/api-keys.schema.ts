// API keys of the caller's account ("account settings, tab Integrations"): owners and admins
// list, create and revoke them. The plain key appears only in the creation answer. A key always
// acts as the agent who creates it: an admin cannot mint a key that acts as the owner (issue 15).
import { z } from 'zod';
import { builder } from '../graphql/builder.ts';
import { NotFoundError, ValidationError } from '../errors.ts';
import { trimmedString } from '../shared/fields.ts';
import { parseOrThrow } from '../validation.ts';
import { createKey } from './api-keys.ts';

const _ApiKeyType = builder.prismaObject('ApiKey', {
  fields: (t) => ({
    id: t.exposeInt('id'),
    name: t.exposeString('name', { nullable: true }),
    prefix: t.exposeString('prefix', {
      description: 'The first 8 characters of the key, to recognise it.',
    }),
    agentId: t.exposeInt('agentId'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    revokedAt: t.expose('revokedAt', { type: 'DateTime', nullable: true }),
  }),
});

const CreatedApiKey = builder.objectRef<{ id: number; key: string }>('CreatedApiKey').implement({
  fields: (t) => ({
    key: t.exposeString('key', {
      description: 'The API key. Shown this once; only its hash is kept.',
    }),
    apiKey: t.prismaField({
      type: 'ApiKey',
      resolve: (query, created, _args, ctx) =>
        ctx.prisma.apiKey.findUniqueOrThrow({ ...query, where: { id: created.id } }),
    }),
  }),
});

const createInput = z.object({
  name: trimmedString().min(1).max(100).nullish(),
  agentId: z.number().int().positive().nullish(),
});

builder.queryField('apiKeys', (t) =>
  t.prismaField({
    type: ['ApiKey'],
    authScopes: { permission: 'manage:keys' },
    resolve: (query, _root, _args, ctx) =>
      ctx.prisma.apiKey.findMany({
        ...query,
        where: { accountId: ctx.actor!.accountId },
        orderBy: { id: 'asc' },
      }),
  }),
);

builder.mutationField('createApiKey', (t) =>
  t.field({
    type: CreatedApiKey,
    authScopes: { permission: 'manage:keys' },
    args: {
      name: t.arg.string(),
      agentId: t.arg.int({
        description:
          "The caller's own agent id, or omitted: a key always acts as the agent who creates it.",
      }),
    },
    resolve: async (_root, args, ctx) => {
      const input = parseOrThrow(createInput, args);
      const actor = ctx.actor!;
      if (input.agentId != null && input.agentId !== actor.agentId) {
        throw ValidationError.field(
          'agentId',
          `An API key acts as the agent who creates it: omit agentId or give your own (${actor.agentId}).`,
        );
      }
      const created = await createKey(ctx.prisma, {
        agentId: actor.agentId,
        accountId: actor.accountId,
        name: input.name ?? undefined,
      });
      return { id: created.keyId, key: created.apiKey };
    },
  }),
);

builder.mutationField('revokeApiKey', (t) =>
  t.prismaField({
    type: 'ApiKey',
    authScopes: { permission: 'manage:keys' },
    args: { id: t.arg.int({ required: true }) },
    resolve: async (query, _root, args, ctx) => {
      const where = { id: args.id, accountId: ctx.actor!.accountId };
      if (!(await ctx.prisma.apiKey.findFirst({ where, select: { id: true } })))
        throw new NotFoundError('API key not found.');
      // Revoking twice keeps the first revocation time.
      await ctx.prisma.apiKey.updateMany({
        where: { ...where, revokedAt: null },
        data: { revokedAt: new Date() },
      });
      ctx.services.apiKeys.invalidate({ apiKeyId: args.id });
      return ctx.prisma.apiKey.findUniqueOrThrow({ ...query, where: { id: args.id } });
    },
  }),
);
