// The trips paths of the mock server (docs/api.md#api-reference-and-mock-server), answered from the
// in-memory store with the service's own input schemas, parameter parsing and body limits, so a
// request the service refuses is refused here with the same body.
import { Router, type IRequest } from 'itty-router';
import { LIMITS } from '../../config/constants.ts';
import { NotFoundError, ValidationError } from '../../errors.ts';
import type { Logger } from '../../logger.ts';
import type { OpenApiDocument } from '../../openapi/types.ts';
import { readJson } from '../../rest/body.ts';
import { requestContract } from '../../rest/contract.ts';
import { errorResponse, jsonResponse } from '../../rest/errors.ts';
import { idParam, listParams } from '../../rest/params.ts';
import { objectBody } from '../configuration.rest.ts';
import { tripListQuery, type TripListArgs } from '../trip-list.input.ts';
import { bulkDeleteTripsBody, createTripInput, updateTripInput } from '../trip.input.ts';
import { parseOrThrow } from '../../validation.ts';
import type { TripStore } from './trip-store.ts';

export type MockRouter = ReturnType<typeof Router<IRequest, [Logger]>>;

const tripId = (request: IRequest) => idParam(request.params.tripId, 'tripId');

export function createMockRouter(store: TripStore, document: OpenApiDocument): MockRouter {
  const contract = tripsContract(document);
  const router = Router<IRequest, [Logger]>({
    before: [(request) => contract(request, new URL(request.url))],
    catch: (error, _request, logger) => errorResponse(error, logger),
  });

  router.get('/trips', (request) =>
    jsonResponse(store.list(tripListQuery(listParams(request) as TripListArgs))),
  );

  router.post('/trips', async (request) => {
    return jsonResponse(
      store.create(parseOrThrow(createTripInput, await readJson(request, LIMITS.jsonBodyBytes))),
      201,
    );
  });

  const bulkDelete = async (request: IRequest) => {
    const deletedCount = store.deleteMany(
      parseOrThrow(bulkDeleteTripsBody, await readJson(request, LIMITS.jsonBodyBytes)),
    );
    return jsonResponse({
      message: `${deletedCount} trip${deletedCount === 1 ? '' : 's'} deleted.`,
      deletedCount,
    });
  };
  router.post('/trips/bulk-delete', bulkDelete);
  router.delete('/trips', bulkDelete);

  router.get('/trips/:tripId', (request) => jsonResponse(store.get(tripId(request))));

  router.patch('/trips/:tripId', async (request) => {
    const id = tripId(request);
    const input = parseOrThrow(updateTripInput, await readJson(request, LIMITS.jsonBodyBytes));
    if (Object.keys(input).length === 0)
      throw ValidationError.field('body', 'Give at least one field to change.');
    return jsonResponse(store.update(id, input));
  });

  router.delete('/trips/:tripId', (request) => {
    store.delete(tripId(request));
    return jsonResponse({ message: 'Trip moved to the trash.' });
  });

  const withEtag = ({ etag }: { etag: string }, body: unknown) =>
    jsonResponse(body, 200, { etag, 'cache-control': 'no-cache' });

  router.get('/trips/:tripId/config', (request) => {
    const config = store.configuration(tripId(request));
    return withEtag(config, config.document);
  });

  router.put('/trips/:tripId/config', async (request) => {
    const id = tripId(request);
    const document = objectBody(await readJson(request, LIMITS.configBodyBytes));
    return withEtag(store.saveConfiguration(id, { document }, request.headers.get('if-match')), {
      message: 'Trip configuration saved.',
    });
  });

  router.patch('/trips/:tripId/config', async (request) => {
    const id = tripId(request);
    const patch = objectBody(await readJson(request, LIMITS.configBodyBytes));
    const config = store.saveConfiguration(id, { patch }, request.headers.get('if-match'));
    return withEtag(config, config.document);
  });

  router.all('*', (request) => {
    throw new NotFoundError(
      `The mock server serves the /trips paths only: no route for ${request.method} ${new URL(request.url).pathname}.`,
    );
  });
  return router;
}

/** The service's checks of method, media type and query parameters, for the trips paths served here. */
function tripsContract(document: OpenApiDocument) {
  const paths = Object.fromEntries(
    Object.entries(document.paths).filter(
      ([path]) => path === '/trips' || path.startsWith('/trips/'),
    ),
  );
  return requestContract(paths, document.components.parameters);
}
