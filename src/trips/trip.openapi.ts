// /trips and /trips/{tripId} (docs/decisions.md#trips, docs/decisions.md#lists).
import { FILTER_FIELDS, ORDER_FIELDS, SEARCH_FIELDS } from './trip-list.input.ts';
import {
  body,
  callerOperation,
  exampleRef,
  json,
  listParameters,
  ok,
  parameterRef,
  schemaRef,
} from '../openapi/operations.ts';
import type { Paths, RequestBodyInput } from '../openapi/types.ts';
import { DATE_RANGE_TEXT } from '../shared/date-range.ts';
import { bulkDeleteTripsBody, createTripInput, updateTripInput } from './trip.input.ts';

const TAGS = ['Trips'];

const bulkDelete = (operationId: string, summary: string, example: string) =>
  callerOperation('delete:trips', {
    operationId,
    summary,
    description:
      "Moves up to 100 trips to the trash (restorable for 90 days). Ids that are missing, already deleted or not the caller's are skipped; deletedCount counts what was deleted.",
    tags: TAGS,
    requestBody: body(
      json(schemaRef('BulkDeleteTripsRequest'), { [example]: exampleRef(example) }),
    ),
    responses: {
      '200': ok(
        'What was deleted.',
        json(schemaRef('BulkDeleteResult'), { deleted: exampleRef('BulkDeleteResult') }),
      ),
    },
    errors: ['PayloadTooLarge'],
  });

export function tripPaths(): Paths {
  return {
    '/trips': {
      get: callerOperation('read:trips', {
        operationId: 'listTrips',
        summary: 'List trips',
        description:
          "Trips of the caller's account (never the trash), in the paginated envelope, each with agentPictureUrl.",
        tags: TAGS,
        parameters: listParameters(
          { filter: FILTER_FIELDS, search: SEARCH_FIELDS, order: ORDER_FIELDS },
          {
            filters: [
              { field: 'countries', operator: 'contains', value: 'FRA' },
              { field: 'duration', operator: 'gte', value: 5 },
            ],
            search: { fields: ['title'], term: 'paris' },
            orderBy: { field: 'dateStart', direction: 'asc' },
          },
        ),
        responses: {
          '200': ok(
            'One page of trips.',
            json(schemaRef('TripPage'), { page: exampleRef('TripPage') }),
          ),
        },
      }),
      post: callerOperation('create:trips', {
        operationId: 'createTrip',
        summary: 'Create a trip',
        description:
          'Creates the trip with a default configuration. slug, code and joinCode are generated; the caller is its agent and account.',
        tags: TAGS,
        requestBody: body(
          json(schemaRef('CreateTripRequest'), { create: exampleRef('CreateTrip') }),
        ),
        responses: {
          '201': ok('The created trip.', json(schemaRef('Trip'), { trip: exampleRef('Trip') })),
        },
        errors: ['PayloadTooLarge'],
      }),
      delete: bulkDelete('deleteTrips', 'Delete several trips', 'BulkDeleteTripsById'),
    },
    '/trips/bulk-delete': {
      post: bulkDelete('bulkDeleteTrips', 'Delete several trips (POST form)', 'BulkDeleteTrips'),
    },
    '/trips/{tripId}': {
      parameters: [parameterRef('TripId')],
      get: callerOperation('read:trips', {
        operationId: 'getTrip',
        summary: 'Get a trip',
        description:
          'Documented at version 1.0.1: machine clients (m2mOnBehalfOf) read it for the agent named in x-on-behalf-of.',
        tags: TAGS,
        responses: {
          '200': ok('The trip.', json(schemaRef('Trip'), { trip: exampleRef('Trip') })),
        },
        errors: ['NotFound'],
      }),
      patch: callerOperation('update:trips', {
        operationId: 'updateTrip',
        summary: 'Update a trip',
        tags: TAGS,
        requestBody: body(
          json(schemaRef('UpdateTripRequest'), { update: exampleRef('UpdateTrip') }),
        ),
        responses: {
          '200': ok('The updated trip.', json(schemaRef('Trip'), { trip: exampleRef('Trip') })),
        },
        errors: ['NotFound', 'PayloadTooLarge'],
      }),
      delete: callerOperation('delete:trips', {
        operationId: 'deleteTrip',
        summary: 'Delete a trip',
        description:
          'Moves the trip to the trash, restorable for 90 days; until then, and after, it reads as 404.',
        tags: TAGS,
        responses: { '200': ok('The trip is in the trash.', json(schemaRef('Message'))) },
        errors: ['NotFound'],
      }),
    },
  };
}

const TRIP_FIELD_NOTES: Record<string, string> = {
  title: '1 to 200 characters after trimming.',
  duration: 'Days, a positive integer.',
  dateStart: `ISO 8601 date-time (or date), ${DATE_RANGE_TEXT}.`,
  dateFinish: `ISO 8601 date-time (or date), ${DATE_RANGE_TEXT}; not before dateStart.`,
  dateExpiration: `Expiration of the trip offer, ISO 8601 date-time (or date), ${DATE_RANGE_TEXT}.`,
  logo: 'http or https URL.',
  imageUrl: 'Cover image, http or https URL.',
  countries: 'ISO 3166-1 alpha-3 codes, any case; stored upper case, once each.',
  visibility: 'A private trip never appears on a public surface. Default public.',
};

/** The request bodies of the trips paths, by component name. */
export const TRIP_REQUEST_BODIES: Record<string, RequestBodyInput> = {
  CreateTripRequest: {
    schema: createTripInput,
    notes: TRIP_FIELD_NOTES,
    description:
      'Only title is required. agentId and accountId come from the caller; id, slug, code, joinCode and the counters are generated. Any other field is refused (400).',
  },
  UpdateTripRequest: {
    schema: updateTripInput,
    notes: TRIP_FIELD_NOTES,
    description:
      'The fields of create, all optional; at least one. null clears a field. Unknown and read-only fields are refused (400).',
  },
  BulkDeleteTripsRequest: {
    schema: bulkDeleteTripsBody,
    description:
      "1 to 100 trip ids, as tripIds (or tripId). Ids that are missing, already deleted or not the caller's are skipped.",
  },
};
