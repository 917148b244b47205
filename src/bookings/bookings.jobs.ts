// Background jobs of bookings and payments.
import { z } from 'zod';
import { defineJob } from '../jobs/job.ts';
import { defineWorker } from '../jobs/workers.ts';
import { expirePaymentLinks } from './payment.service.ts';

/** Every 15 minutes: unpaid payment links past their expiresAt expire. Safe to run twice. */
export const expirePaymentLinksJob = defineJob({
  name: 'payments.expire-links',
  schema: z.object({}),
});

export const expirePaymentLinksWorker = defineWorker(expirePaymentLinksJob, {
  cron: '*/15 * * * *',
  async handle(_data, { prisma, events, clock, logger }) {
    logger.info(
      { expired: await expirePaymentLinks(prisma, events, clock()) },
      'payment links expired',
    );
  },
});
