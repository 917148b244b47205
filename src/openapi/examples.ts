// Example values of the document (the resources' own are beside their shapes, <entity>.shape.ts).
// The mock server starts from the configuration here,
// and the document test checks every example against its schema.
import { API_VERSION } from '../config/constants.ts';
import { defaultConfiguration } from '../trips/configuration.defaults.ts';
import type { Example } from './types.ts';

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

export const EXAMPLES = {
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
  Status: {
    summary: 'Everything up',
    value: { status: 'ok', version: API_VERSION, checks: { database: 'ok', queue: 'ok' } },
  },
  StatusDegraded: {
    summary: 'PostgreSQL down',
    value: {
      status: 'degraded',
      version: API_VERSION,
      checks: { database: 'error', queue: 'error' },
    },
  },
  ValidationErrors: {
    summary: 'Two fields wrong',
    value: {
      errors: { title: ['Title is required.'], duration: ['Duration must be a positive integer.'] },
    },
  },
} satisfies Record<string, Example>;

/** The example configuration, as plain data (the mock server's starting state). */
export const exampleConfiguration = (): typeof configuration => structuredClone(configuration);

export const errorExample = (code: string, message: string): Example => ({
  summary: code,
  value: { error: { code, message } },
});
