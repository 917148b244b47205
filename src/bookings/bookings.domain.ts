// The bookings domain: bookings and payment links. GraphQL only; their events are public.
import type { DomainModule } from '../domain-module.ts';
import { loadBookingEventData, loadPaymentEventData } from './booking.payload.ts';
import { BOOKING_SHAPES } from './booking.shape.ts';
import { expirePaymentLinksWorker } from './bookings.jobs.ts';

export const bookingsDomain: DomainModule = {
  name: 'bookings',
  graphql: () => import('./booking.schema.ts'),
  openapi: { shapes: BOOKING_SHAPES },
  jobs: [expirePaymentLinksWorker],
  events: { booking: loadBookingEventData, payment: loadPaymentEventData },
};
