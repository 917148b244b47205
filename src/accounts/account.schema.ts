// Accounts, agents and the `viewer` query: who the caller is, acting in which account.
import { builder } from '../graphql/builder.ts';
import { Plan, Role } from '../generated/prisma/enums.ts';

export const PlanEnum = builder.enumType('Plan', { values: Object.values(Plan) });
export const RoleEnum = builder.enumType('Role', { values: Object.values(Role) });

export const AgentType = builder.prismaObject('Agent', {
  fields: (t) => ({
    id: t.exposeInt('id'),
    email: t.exposeString('email'),
    name: t.exposeString('name'),
    pictureUrl: t.exposeString('pictureUrl', { nullable: true }),
  }),
});

export const AccountType = builder.prismaObject('Account', {
  fields: (t) => ({
    id: t.exposeInt('id'),
    name: t.exposeString('name'),
    plan: t.expose('plan', { type: PlanEnum }),
    organisationId: t.exposeInt('organisationId', { nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

const AuthMethod = builder.enumType('AuthMethod', { values: ['apiKey', 'machine'] as const });

interface ViewerShape {
  agentId: number;
  accountId: number;
  role: Role;
  via: 'apiKey' | 'machine';
  clientId: string | null;
}

const ViewerType = builder.objectRef<ViewerShape>('Viewer').implement({
  description:
    'The caller: an agent acting in one account, through an API key or a machine client.',
  fields: (t) => ({
    agent: t.prismaField({
      type: 'Agent',
      resolve: (query, viewer, _args, ctx) =>
        ctx.prisma.agent.findUniqueOrThrow({ ...query, where: { id: viewer.agentId } }),
    }),
    account: t.prismaField({
      type: 'Account',
      resolve: (query, viewer, _args, ctx) =>
        ctx.prisma.account.findUniqueOrThrow({ ...query, where: { id: viewer.accountId } }),
    }),
    role: t.field({ type: RoleEnum, resolve: (viewer) => viewer.role }),
    authMethod: t.field({ type: AuthMethod, resolve: (viewer) => viewer.via }),
    clientId: t.string({
      nullable: true,
      description: 'The machine client, when one acts on behalf of the agent.',
      resolve: (viewer) => viewer.clientId,
    }),
  }),
});

builder.queryField('viewer', (t) =>
  t.field({
    type: ViewerType,
    authScopes: { authenticated: true },
    resolve: (_root, _args, ctx) => {
      const actor = ctx.actor!;
      return {
        agentId: actor.agentId,
        accountId: actor.accountId,
        role: actor.role,
        via: actor.via,
        clientId: actor.clientId ?? null,
      };
    },
  }),
);
