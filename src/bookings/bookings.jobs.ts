// Background jobs of bookings and payments.
import { z } from 'zod';
import { defineJob } from '../jobs/workers.ts';
import { expirePaymentLinks } from './payment.service.ts';

/** Every 15 minutes: unpaid payment links past their expiresAt expire. Safe to run twice. */
export const expirePaymentLinksJob = defineJob({
  name: 'payments.expire-links',
  schema: z.object({}),
  cron: '*/15 * * * *',
  async handle(_data, { prisma, services, logger }) {
    logger.info(
      { expired: await expirePaymentLinks(prisma, services.events, services.config.clock()) },
      'payment links expired',
    );
  },
});
