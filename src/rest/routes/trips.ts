// /trips: REST facade over the GraphQL trip operations (service-spec "Trips", decisions "Trips").
import type { GraphQLSchema } from 'graphql';
import type { IRequest } from 'itty-router';
import { z } from 'zod';
import { LIMITS } from '../../config/constants.ts';
import { ValidationError } from '../../errors.ts';
import { createTripInput, updateTripInput } from '../../trips/trip.input.ts';
import { parseOrThrow } from '../../validation.ts';
import { readJson } from '../body.ts';
import { prepareOperation, runOperation, type PreparedOperation } from '../execute.ts';
import { jsonResponse } from '../errors.ts';
import { idParam, intQuery, jsonQuery, single } from '../params.ts';
import type { RestRouter } from '../router.ts';
import type { Context } from '../../graphql/context.ts';

export const TRIP_FIELDS = `id title slug joinCode seoDescription duration dateStart dateFinish dateExpiration code logo
  countries imageUrl agentId template visibility accountId createdAt updatedAt visualizations`;

const bulkBody = (key: 'tripId' | 'tripIds') =>
  z.strictObject({ [key]: z.array(z.number().int().positive()).min(1).max(LIMITS.bulkDeleteMax) });
export const BULK_BODY = z.union([bulkBody('tripIds'), bulkBody('tripId')], { error: 'Give tripIds (or tripId): an array of 1 to 100 trip ids.' });

export function registerTripRoutes(router: RestRouter, schema: GraphQLSchema): void {
  const LIST = prepareOperation<{ trips: Record<string, unknown> }>(schema, `
    query Trips($page: Int, $pageSize: Int, $filters: [TripFilterInput!], $search: TripSearchInput, $orderBy: TripOrderInput) {
      trips(page: $page, pageSize: $pageSize, filters: $filters, search: $search, orderBy: $orderBy) {
        data { ${TRIP_FIELDS} agentPictureUrl } page pageSize totalCount totalPages
      }
    }`);
  const GET = prepareOperation<{ trip: unknown }>(schema, `query Trip($id: Int!) { trip(id: $id) { ${TRIP_FIELDS} } }`);
  const CREATE = prepareOperation<{ createTrip: unknown }>(schema, `
    mutation CreateTrip($input: CreateTripInput!) { createTrip(input: $input) { ${TRIP_FIELDS} } }`);
  const UPDATE = prepareOperation<{ updateTrip: unknown }>(schema, `
    mutation UpdateTrip($id: Int!, $input: UpdateTripInput!) { updateTrip(id: $id, input: $input) { ${TRIP_FIELDS} } }`);
  const DELETE = prepareOperation<{ deleteTrip: boolean }>(schema, 'mutation DeleteTrip($id: Int!) { deleteTrip(id: $id) }');
  const DELETE_MANY = prepareOperation<{ deleteTrips: { message: string; deletedCount: number } }>(schema, `
    mutation DeleteTrips($ids: [Int!]!) { deleteTrips(ids: $ids) { message deletedCount } }`);

  /** Runs the operation; the first root field of its data is the answer. */
  async function answer(operation: PreparedOperation, context: Context, variables: Record<string, unknown>, status = 200) {
    return jsonResponse(Object.values(await runOperation(schema, operation, context, variables))[0], status);
  }

  router.get('/trips', (request, context) => {
    const query = request.query as Record<string, string | string[] | undefined>;
    return answer(LIST, context, {
      page: intQuery(single(query, 'page'), 'page'),
      pageSize: intQuery(single(query, 'pageSize'), 'pageSize'),
      filters: jsonQuery(single(query, 'filters'), 'filters', 'array'),
      search: jsonQuery(single(query, 'search'), 'search', 'object'),
      orderBy: jsonQuery(single(query, 'orderBy'), 'orderBy', 'object'),
    });
  });

  router.post('/trips', async (request, context) => {
    const body = await readJson(request, LIMITS.jsonBodyBytes);
    parseOrThrow(createTripInput, body); // field-level messages before GraphQL sees the input
    return answer(CREATE, context, { input: body }, 201);
  });

  router.post('/trips/bulk-delete', (request, context) => bulkDelete(request, context));
  router.delete('/trips', (request, context) => bulkDelete(request, context));

  async function bulkDelete(request: IRequest, context: Context) {
    const body = parseOrThrow(BULK_BODY, await readJson(request, LIMITS.jsonBodyBytes)) as { tripIds?: number[]; tripId?: number[] };
    return answer(DELETE_MANY, context, { ids: body.tripIds ?? body.tripId });
  }

  router.get('/trips/:tripId', (request, context) => answer(GET, context, { id: idParam(request.params['tripId'], 'tripId') }));

  router.patch('/trips/:tripId', async (request, context) => {
    const id = idParam(request.params['tripId'], 'tripId');
    const body = await readJson(request, LIMITS.jsonBodyBytes);
    parseOrThrow(updateTripInput, body);
    if (Object.keys(body as object).length === 0) throw ValidationError.field('body', 'Give at least one field to change.');
    return answer(UPDATE, context, { id, input: body });
  });

  router.delete('/trips/:tripId', async (request, context) => {
    await runOperation(schema, DELETE, context, { id: idParam(request.params['tripId'], 'tripId') });
    return jsonResponse({ message: 'Trip moved to the trash.' });
  });
}
