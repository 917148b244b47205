// The handlers of webhooks' background jobs (declared in webhooks.jobs.ts) and how the worker role
// runs them.
import { WEBHOOK_DELIVERY } from '../config/constants.ts';
import { defineWorker, type JobDeps } from '../jobs/workers.ts';
import { deliver, fanOut, purgeOldDeliveries, type DeliveryDeps } from './delivery.service.ts';
import { deliverJob, fanOutJob, flushDebouncedJob, purgeDeliveriesJob } from './webhooks.jobs.ts';

const deliveryDeps = (deps: JobDeps): DeliveryDeps => ({
  prisma: deps.prisma,
  logger: deps.logger,
  jobs: deps.jobs,
  keys: deps.keys,
  clock: deps.clock,
  allowLoopback: deps.config.outboundAllowLoopback,
  timeoutMs: deps.config.webhookDelivery.timeoutMs,
  onAttempt: (outcome, seconds) => deps.metrics.webhookDelivery(outcome, seconds),
  ...(deps.lane && { lane: deps.lane }),
});

// Its deliveries are queued with a wake of this process's delivery worker once they commit.
export const fanOutWorker = defineWorker(fanOutJob, {
  concurrency: 2,
  batchSize: 20,
  pollingIntervalSeconds: 0.5,
  handle: async ({ eventId }, deps) => {
    await fanOut(deliveryDeps(deps), eventId);
  },
});

/**
 * Shared fairly (docs/webhooks.md#one-slow-receiver-delays-only-itself): the group of a delivery is its endpoint and its tier the
 * endpoint's account, so a receiver that hangs holds at most its endpoint's slots (and its
 * account's), and the other endpoints' deliveries go on. A delivery over a limit waits queued.
 */
export const deliverWorker = defineWorker(deliverJob, {
  pollingIntervalSeconds: 0.5,
  fair: (config) => ({
    slots: config.webhookDelivery.perProcess,
    perGroup: config.webhookDelivery.perEndpoint,
    perTier: config.webhookDelivery.perAccount,
    batch: WEBHOOK_DELIVERY.laneBatch,
  }),
  handle: ({ deliveryId }, deps) => deliver(deliveryDeps(deps), deliveryId),
});

/**
 * Every minute, and for each resource when its window ends. In batches: one job a poll drained one
 * resource a second, and 20 busy trips fell behind. The events it records are queued with a wake of
 * this process's fan-out worker once they commit.
 */
export const flushDebouncedWorker = defineWorker(flushDebouncedJob, {
  cron: '* * * * *',
  batchSize: 20,
  pollingIntervalSeconds: 0.5,
  handle: async ({ key }, { prisma, events }) => {
    await events.flushDue(prisma, key);
  },
});

export const purgeDeliveriesWorker = defineWorker(purgeDeliveriesJob, {
  cron: '37 3 * * *',
  async handle(_data, { prisma, clock, logger }) {
    logger.info(
      { deliveries: await purgeOldDeliveries(prisma, clock()) },
      'old webhook deliveries purged',
    );
  },
});

export const WEBHOOK_WORKERS = [
  fanOutWorker,
  deliverWorker,
  flushDebouncedWorker,
  purgeDeliveriesWorker,
];
