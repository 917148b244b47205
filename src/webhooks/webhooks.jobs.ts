// Background jobs of webhooks: fan out an event, deliver one delivery, turn due debounced
// changes into events, and forget deliveries after 30 days.
import { z } from 'zod';
import { DURATIONS } from '../config/constants.ts';
import { defineJob, type JobDeps } from '../jobs/workers.ts';
import {
  DELIVER_JOB,
  deliver,
  fanOut,
  purgeOldDeliveries,
  type DeliveryDeps,
} from './delivery.service.ts';
import { FANOUT_JOB, FLUSH_JOB } from './events.ts';

const deliveryDeps = ({ prisma, services, logger }: JobDeps): DeliveryDeps => ({
  prisma,
  logger,
  boss: services.boss,
  keys: services.keys,
  clock: services.config.clock,
  allowLoopback: services.config.outboundAllowLoopback,
  onAttempt: (outcome, seconds) => services.metrics.webhookDelivery(outcome, seconds),
});

export const fanOutJob = defineJob({
  name: FANOUT_JOB,
  schema: z.object({ eventId: z.string() }),
  concurrency: 2,
  batchSize: 20,
  pollingIntervalSeconds: 0.5,
  // An event acknowledged before a crash is delivered soon after the restart, not 15 minutes later.
  heartbeatSeconds: DURATIONS.jobHeartbeatSeconds,
  handle: async ({ eventId }, deps) => {
    // Its deliveries are committed: this process's delivery worker takes them now, not at its next poll.
    if (await fanOut(deliveryDeps(deps), eventId)) deps.services.workers.wake(DELIVER_JOB);
  },
});

/** Many at once: a receiver that answers slowly (up to 30 s) must not hold back the others. */
export const deliverJob = defineJob({
  name: DELIVER_JOB,
  schema: z.object({ deliveryId: z.string() }),
  concurrency: 8,
  batchSize: 8,
  pollingIntervalSeconds: 0.5,
  // Retried after its worker dies: the receiver may get it twice (same eventId), never not at all.
  heartbeatSeconds: DURATIONS.jobHeartbeatSeconds,
  handle: ({ deliveryId }, deps) => deliver(deliveryDeps(deps), deliveryId),
});

/**
 * With a key: that resource's pending change, when due. Without (every minute): every due change.
 * In batches: one job a poll drained one resource a second, and 20 busy trips fell behind.
 */
export const flushDebouncedJob = defineJob({
  name: FLUSH_JOB,
  schema: z.object({ key: z.string().optional() }),
  cron: '* * * * *',
  batchSize: 20,
  pollingIntervalSeconds: 0.5,
  heartbeatSeconds: DURATIONS.jobHeartbeatSeconds,
  handle: async ({ key }, { prisma, services }) => {
    // Its events are committed: this process's fan-out worker takes them now, not at its next poll.
    if (await services.events.flushDue(prisma, key)) services.workers.wake(FANOUT_JOB);
  },
});

export const purgeDeliveriesJob = defineJob({
  name: 'webhooks.purge-deliveries',
  schema: z.object({}),
  cron: '37 3 * * *',
  async handle(_data, { prisma, services, logger }) {
    logger.info(
      { deliveries: await purgeOldDeliveries(prisma, services.config.clock()) },
      'old webhook deliveries purged',
    );
  },
});

export const WEBHOOK_JOBS = [fanOutJob, deliverJob, flushDebouncedJob, purgeDeliveriesJob];
