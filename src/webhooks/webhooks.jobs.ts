// The background jobs of webhooks, as their senders see them (name, payload, options): events.ts
// queues the fan-out and the debounce flush, delivery.service.ts the deliveries. Their handlers
// are in webhooks.workers.ts.
import { z } from 'zod';
import { DURATIONS } from '../config/constants.ts';
import { defineJob } from '../jobs/job.ts';

/** An event recorded: make its deliveries, one per subscribed endpoint. */
export const fanOutJob = defineJob({
  name: 'webhooks.fan-out',
  schema: z.object({ eventId: z.string() }),
  // An event acknowledged before a crash is delivered soon after the restart, not 15 minutes later.
  heartbeatSeconds: DURATIONS.jobHeartbeatSeconds,
});

/** Send one delivery and record the attempt. */
export const deliverJob = defineJob({
  name: 'webhooks.deliver',
  schema: z.object({ deliveryId: z.string() }),
  // Retried after its worker dies: the receiver may get it twice (same eventId), never not at all.
  heartbeatSeconds: DURATIONS.jobHeartbeatSeconds,
});

/** With a key: that resource's pending debounced change, when due. Without (cron): every due change. */
export const flushDebouncedJob = defineJob({
  name: 'webhooks.flush-debounced',
  schema: z.object({ key: z.string().optional() }),
  heartbeatSeconds: DURATIONS.jobHeartbeatSeconds,
});

/** Daily: forget deliveries after 30 days. */
export const purgeDeliveriesJob = defineJob({
  name: 'webhooks.purge-deliveries',
  schema: z.object({}),
});
