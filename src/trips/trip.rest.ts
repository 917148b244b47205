// /trips: REST facade over the GraphQL trip operations (docs/decisions.md#trips).
import type { GraphQLSchema } from 'graphql';
import type { IRequest } from 'itty-router';
import { LIMITS } from '../config/constants.ts';
import { ValidationError } from '../errors.ts';
import {
  bulkDeleteTripsBody,
  createTripInput,
  rememberCreateInput,
  updateTripInput,
} from './trip.input.ts';
import { parseOrThrow } from '../validation.ts';
import { readJson } from '../rest/body.ts';
import {
  answer as respond,
  prepareOperation,
  runOperation,
  type PreparedOperation,
} from '../rest/execute.ts';
import { jsonResponse } from '../rest/errors.ts';
import { idParam, listParams } from '../rest/params.ts';
import type { RestRouter } from '../rest/types.ts';
import type { Context } from '../graphql/context.ts';
import { selectionOf } from '../rest/selection.ts';
import { tripBulkDeleteResultShape, tripListItemShape, tripShape } from './trip.shape.ts';

/** The GraphQL selection of a trip, and of a trip in a list: the shapes' fields. */
export const TRIP_FIELDS = selectionOf(tripShape);
export const TRIP_LIST_ITEM_FIELDS = selectionOf(tripListItemShape);

export function registerTripRoutes(router: RestRouter, schema: GraphQLSchema): void {
  const LIST = prepareOperation<{ trips: Record<string, unknown> }>(
    schema,
    `
    query Trips($page: Int, $pageSize: Int, $filters: [ListFilterInput!], $search: ListSearchInput, $orderBy: ListOrderInput) {
      trips(page: $page, pageSize: $pageSize, filters: $filters, search: $search, orderBy: $orderBy) {
        data { ${TRIP_LIST_ITEM_FIELDS} } page pageSize totalCount totalPages
      }
    }`,
  );
  const GET = prepareOperation<{ trip: unknown }>(
    schema,
    `query Trip($id: Int!) { trip(id: $id) { ${TRIP_FIELDS} } }`,
  );
  const CREATE = prepareOperation<{ createTrip: unknown }>(
    schema,
    `
    mutation CreateTrip($input: CreateTripInput!) { createTrip(input: $input) { ${TRIP_FIELDS} } }`,
  );
  const UPDATE = prepareOperation<{ updateTrip: unknown }>(
    schema,
    `
    mutation UpdateTrip($id: Int!, $input: UpdateTripInput!) { updateTrip(id: $id, input: $input) { ${TRIP_FIELDS} } }`,
  );
  const DELETE = prepareOperation<{ deleteTrip: boolean }>(
    schema,
    'mutation DeleteTrip($id: Int!) { deleteTrip(id: $id) }',
  );
  const DELETE_MANY = prepareOperation<{ deleteTrips: { message: string; deletedCount: number } }>(
    schema,
    `
    mutation DeleteTrips($ids: [Int!]!) { deleteTrips(ids: $ids) { ${selectionOf(tripBulkDeleteResultShape)} } }`,
  );

  const answer = (
    operation: PreparedOperation,
    context: Context,
    variables: Record<string, unknown>,
    status = 200,
  ) => respond(schema, operation, context, variables, status);

  router.get('/trips', (request, context) => answer(LIST, context, listParams(request)));

  router.post('/trips', async (request, context) => {
    const body = await readJson(request, LIMITS.jsonBodyBytes);
    // Field-level messages before GraphQL sees the input; the resolver takes what was parsed.
    rememberCreateInput(context, parseOrThrow(createTripInput, body));
    return answer(CREATE, context, { input: body }, 201);
  });

  router.post('/trips/bulk-delete', (request, context) => bulkDelete(request, context));
  router.delete('/trips', (request, context) => bulkDelete(request, context));

  async function bulkDelete(request: IRequest, context: Context) {
    return answer(DELETE_MANY, context, {
      ids: parseOrThrow(bulkDeleteTripsBody, await readJson(request, LIMITS.jsonBodyBytes)),
    });
  }

  router.get('/trips/:tripId', (request, context) =>
    answer(GET, context, { id: idParam(request.params.tripId, 'tripId') }),
  );

  router.patch('/trips/:tripId', async (request, context) => {
    const id = idParam(request.params.tripId, 'tripId');
    const body = await readJson(request, LIMITS.jsonBodyBytes);
    parseOrThrow(updateTripInput, body);
    if (Object.keys(body as object).length === 0)
      throw ValidationError.field('body', 'Give at least one field to change.');
    return answer(UPDATE, context, { id, input: body });
  });

  router.delete('/trips/:tripId', async (request, context) => {
    await runOperation(schema, DELETE, context, {
      id: idParam(request.params.tripId, 'tripId'),
    });
    return jsonResponse({ message: 'Trip moved to the trash.' });
  });
}
