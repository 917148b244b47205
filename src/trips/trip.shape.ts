// A trip's shape, written once (docs/decisions.md#trips, docs/decisions.md#events-and-webhooks):
// GET /trips/{tripId} answers it, events carry it, the mock server stores it. The document's Trip,
// TripListItem and TripPage schemas, the REST routes' GraphQL selections and the event payload's
// type derive from it; test/unit/pothos-shapes.test.ts holds the Pothos Trip type to it.
import { z } from 'zod';
import {
  bulkDeleteResultOf,
  id,
  pageOf,
  type ShapeExample,
  timestamp,
  url,
} from '../shared/shape-parts.ts';

export const tripShape = z.object({
  id: id().meta({ description: 'Trip identifier.' }),
  title: z.string(),
  slug: z
    .string()
    .meta({ description: 'URL-friendly identifier: the title plus 6 random characters.' }),
  joinCode: z
    .string()
    .meta({ description: 'Code for travelers to join the trip: 8 upper-case letters and digits.' }),
  seoDescription: z.string().nullable(),
  duration: z.int().min(1).meta({ description: 'Days.' }).nullable(),
  dateStart: timestamp().nullable(),
  dateFinish: timestamp().nullable(),
  dateExpiration: timestamp().meta({ description: 'Expiration of the trip offer.' }).nullable(),
  code: z.string().meta({ description: 'Internal trip code, TRIP-<n>, unique in the account.' }),
  logo: url().nullable(),
  countries: z
    .array(z.string().regex(/^[A-Z]{3}$/))
    .meta({ description: 'ISO 3166-1 alpha-3 codes.' }),
  imageUrl: url().meta({ description: 'Cover image.' }).nullable(),
  agentId: id().meta({ description: 'The agent who created the trip.' }),
  template: z.boolean().meta({ description: 'Whether the trip is a template.' }),
  visibility: z
    .enum(['public', 'private'])
    .meta({ description: 'A private trip never appears on a public surface.' }),
  accountId: id().meta({ description: 'The owning account.' }),
  createdAt: timestamp(),
  updatedAt: timestamp(),
  // Not `readOnly`: the schema is also the body of webhook events, requests to the receiver, where
  // readOnly would forbid it (Redocly's no-invalid-media-type-examples). Write bodies refuse it anyway.
  visualizations: z.int().min(0).meta({
    description: 'Traveler views (at most one per viewer per hour), counted by the service.',
  }),
});
export type TripShape = z.output<typeof tripShape>;

/** A trip in a list: the trip with its agent's picture. */
export const tripListItemShape = tripShape.extend({
  agentPictureUrl: url()
    .meta({ description: 'Profile picture URL of the agent who created the trip.' })
    .nullable(),
});
export const tripPageShape = pageOf(tripListItemShape);

/** The trip fields a public page may show: no codes, no owner ids (docs/decisions.md#catalogs). */
export const publicTripShape = tripShape
  .pick({
    id: true,
    title: true,
    slug: true,
    seoDescription: true,
    duration: true,
    dateStart: true,
    dateFinish: true,
    dateExpiration: true,
    logo: true,
    countries: true,
    imageUrl: true,
    createdAt: true,
    updatedAt: true,
  })
  .meta({ description: 'A public trip: no codes, no owner ids.' });

/** The trip of trip.deleted: as it was when deleted, with deletedAt. */
export const deletedTripShape = z
  .intersection(tripShape, z.object({ deletedAt: timestamp() }))
  .meta({
    description: 'The trip as it was when deleted (the GET /trips/{tripId} shape), with deletedAt.',
  });

/** What DELETE /trips and POST /trips/bulk-delete answer. */
export const tripBulkDeleteResultShape = bulkDeleteResultOf('trips');

/** The document's components, by name. */
export const TRIP_SHAPES = {
  Trip: tripShape,
  TripListItem: tripListItemShape,
  TripPage: tripPageShape,
  PublicTrip: publicTripShape,
  BulkDeleteResult: tripBulkDeleteResultShape,
  DeletedTrip: deletedTripShape,
};

const trip: TripShape = {
  id: 1,
  title: 'Paris Summer Vacation',
  slug: 'paris-summer-vacation-abc123',
  joinCode: 'K7P2QX9M',
  seoDescription: 'Five days in Paris in July.',
  duration: 5,
  dateStart: '2026-07-01T00:00:00.000Z',
  dateFinish: '2026-07-06T00:00:00.000Z',
  dateExpiration: null,
  code: 'TRIP-1',
  logo: null,
  countries: ['FRA'],
  imageUrl: 'https://images.example.com/paris.jpg',
  agentId: 1,
  template: false,
  visibility: 'public',
  accountId: 1,
  createdAt: '2026-03-02T09:30:00.000Z',
  updatedAt: '2026-03-02T09:30:00.000Z',
  visualizations: 42,
};

export const TRIP_EXAMPLES = {
  Trip: { summary: 'A trip', value: trip } satisfies ShapeExample<typeof tripShape>,
  TripPage: {
    summary: 'One page of trips',
    value: {
      data: [{ ...trip, agentPictureUrl: 'https://images.example.com/agents/1.jpg' }],
      page: 1,
      pageSize: 20,
      totalCount: 1,
      totalPages: 1,
    },
  } satisfies ShapeExample<typeof tripPageShape>,
  BulkDeleteResult: {
    summary: 'Two deleted, one skipped',
    value: { message: '2 trips deleted.', deletedCount: 2 },
  } satisfies ShapeExample<typeof tripBulkDeleteResultShape>,
};

/** The example trip, as plain data (the mock server's starting state). */
export const exampleTrip = (): TripShape => structuredClone(trip);
