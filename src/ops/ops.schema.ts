// Ops in GraphQL: the state of every pg-boss queue (operators only: queues span every account)
// and the delivery health of the account's webhook endpoints (its owners and admins, or an
// operator). Who is an operator: auth/operator.ts.
import { actorCan } from '../auth/actor.ts';
import { isOperator } from '../auth/operator.ts';
import { ValidationError } from '../errors.ts';
import { builder } from '../graphql/builder.ts';
import { queueStats, type QueueStats } from '../jobs/queue-stats.ts';
import { webhookHealth, type EndpointHealth } from './ops.service.ts';

const DEFAULT_WINDOW_HOURS = 24;
/** Deliveries are kept 30 days. */
const MAX_WINDOW_HOURS = 720;

const JobQueueType = builder.objectRef<QueueStats>('JobQueue').implement({
  description: 'One pg-boss queue: its jobs by state, read when asked.',
  fields: (t) => ({
    name: t.exposeString('name'),
    waiting: t.exposeInt('waiting', { description: 'Due and not yet taken by a worker.' }),
    deferred: t.exposeInt('deferred', {
      description: 'Created for later (a start time or a retry delay not reached yet).',
    }),
    active: t.exposeInt('active', { description: 'Taken by a worker and running.' }),
    failed: t.exposeInt('failed', {
      description: "Failed on every attempt, kept by pg-boss's retention.",
    }),
    oldestWaitingSeconds: t.exposeInt('oldestWaitingSeconds', {
      nullable: true,
      description: 'How long the longest-waiting due job has waited; null when none waits.',
    }),
  }),
});

const EndpointHealthType = builder.objectRef<EndpointHealth>('WebhookEndpointHealth').implement({
  description: 'Deliveries of one webhook endpoint over the window asked for.',
  fields: (t) => ({
    endpointId: t.exposeInt('endpointId'),
    name: t.exposeString('name'),
    url: t.exposeString('url'),
    status: t.exposeString('status', { description: 'active or paused.' }),
    deliveries: t.exposeInt('deliveries'),
    succeeded: t.exposeInt('succeeded'),
    failed: t.exposeInt('failed'),
    pending: t.exposeInt('pending'),
    skipped: t.exposeInt('skipped', {
      description: 'Not sent: the endpoint was paused while they were queued.',
    }),
    // A percentage, not a Float: the schema has no Float output (see test/unit/rest-leaf-values.test.ts).
    successPercent: t.exposeInt('successPercent', {
      nullable: true,
      description:
        'succeeded / (succeeded + failed) as a percentage, rounded (the counts give it exactly); null when none completed.',
    }),
    averageLatencyMs: t.exposeInt('averageLatencyMs', {
      nullable: true,
      description: "Mean time to the receiver's answer (or to the failure).",
    }),
    p95LatencyMs: t.exposeInt('p95LatencyMs', { nullable: true }),
    lastSuccessAt: t.expose('lastSuccessAt', { type: 'DateTime', nullable: true }),
    lastFailureAt: t.expose('lastFailureAt', { type: 'DateTime', nullable: true }),
    lastFailureError: t.exposeString('lastFailureError', { nullable: true }),
    lastFailureStatus: t.exposeInt('lastFailureStatus', {
      nullable: true,
      description: "The receiver's status code, when it answered.",
    }),
  }),
});

builder.queryFields((t) => ({
  jobQueues: t.field({
    type: [JobQueueType],
    description:
      'Every pg-boss queue of the service. Operators only (a machine token with the read:ops scope).',
    authScopes: (_root, _args, ctx) => isOperator(ctx.actor),
    resolve: (_root, _args, ctx) => queueStats(ctx.prisma),
  }),
  webhookDeliveryHealth: t.field({
    type: [EndpointHealthType],
    description: `The account's webhook endpoints with their deliveries of the last \`hours\` (default ${DEFAULT_WINDOW_HOURS}, at most ${MAX_WINDOW_HOURS}). Owners and admins, or an operator.`,
    args: { hours: t.arg.int() },
    authScopes: (_root, _args, ctx) =>
      actorCan(ctx.actor, 'manage:webhooks') || isOperator(ctx.actor),
    resolve: (_root, args, ctx) => {
      const hours = args.hours ?? DEFAULT_WINDOW_HOURS;
      if (hours < 1 || hours > MAX_WINDOW_HOURS)
        throw new ValidationError({ hours: [`hours must be between 1 and ${MAX_WINDOW_HOURS}.`] });
      return webhookHealth(
        ctx.prisma,
        ctx.actor!.accountId,
        new Date(ctx.services.config.clock().getTime() - hours * 3_600_000),
      );
    },
  }),
}));
