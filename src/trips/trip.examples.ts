// The examples of the trips paths' request bodies and of the trip configuration (the trip's own are
// beside its shape, trip.shape.ts). The mock server starts from the configuration here.
import type { Example } from '../openapi/types.ts';
import { defaultConfiguration } from './configuration.defaults.ts';

const configuration = {
  ...defaultConfiguration(),
  blocks: [
    {
      id: 'itinerary',
      type: 'itinerary',
      children: [
        {
          id: 'day-1',
          type: 'itineraryDay',
          parent: 'itinerary',
          content: { title: 'Arrival' },
          children: [
            {
              id: 'hotel',
              type: 'accommodation',
              parent: 'day-1',
              content: { name: 'Hôtel du Louvre' },
            },
          ],
        },
      ],
    },
    { id: 'price', type: 'price', content: { amount: 129000 }, hidden: false },
  ],
  contact: {
    type: 'agency',
    agencyName: 'Demo Travel',
    email: 'hello@demo.example',
    visible: true,
  },
  theme: { headerImage: { config: 'cover' }, navigation: 'horizontal', color: '#1A2B3C' },
  updatedAt: '2026-03-02T10:00:00.000Z',
};

export const TRIP_REQUEST_EXAMPLES = {
  CreateTrip: {
    summary: 'The documented create shape',
    value: {
      title: 'Paris Summer Vacation',
      duration: 5,
      dateStart: '2026-07-01T00:00:00Z',
      dateFinish: '2026-07-06T00:00:00Z',
      countries: ['FRA'],
    },
  },
  UpdateTrip: {
    summary: 'Rename and make private',
    value: { title: 'Paris in July', visibility: 'private' },
  },
  BulkDeleteTrips: { summary: 'Three trips', value: { tripIds: [1, 2, 3] } },
  BulkDeleteTripsById: { summary: 'The tripId form', value: { tripId: [4, 5] } },
  TripConfiguration: { summary: 'A configured trip', value: configuration },
  TripConfigurationPatch: {
    summary: 'Change the currency, drop WhatsApp sharing',
    value: { settings: { currency: 'USD', shareOnWhatsapp: null } },
  },
} satisfies Record<string, Example>;

/** The example configuration, as plain data (the mock server's starting state). */
export const exampleConfiguration = (): typeof configuration => structuredClone(configuration);
