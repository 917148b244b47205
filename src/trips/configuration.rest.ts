// /trips/{tripId}/config: read (with ETag), replace (PUT) and merge-patch (PATCH, RFC 7396),
// each refused with 412 when If-Match names an older revision.
import type { GraphQLSchema } from 'graphql';
import { LIMITS } from '../config/constants.ts';
import { ValidationError } from '../errors.ts';
import type { Context } from '../graphql/context.ts';
import { readJson } from '../rest/body.ts';
import { prepareOperation, runOperation, type PreparedOperation } from '../rest/execute.ts';
import { jsonResponse } from '../rest/errors.ts';
import { idParam } from '../rest/params.ts';
import type { RestRouter } from '../rest/types.ts';

interface Config {
  document: Record<string, unknown>;
  updatedAt: string;
  etag: string;
}
const FIELDS = 'document updatedAt etag';

export function registerTripConfigurationRoutes(router: RestRouter, schema: GraphQLSchema): void {
  const GET = prepareOperation(
    schema,
    `query TripConfiguration($tripId: Int!) { tripConfiguration(tripId: $tripId) { ${FIELDS} } }`,
  );
  const PUT = prepareOperation(
    schema,
    `
    mutation ReplaceTripConfiguration($tripId: Int!, $document: JSONObject!, $ifMatch: String) {
      replaceTripConfiguration(tripId: $tripId, document: $document, ifMatch: $ifMatch) { ${FIELDS} }
    }`,
  );
  const PATCH = prepareOperation(
    schema,
    `
    mutation PatchTripConfiguration($tripId: Int!, $patch: JSONObject!, $ifMatch: String) {
      patchTripConfiguration(tripId: $tripId, patch: $patch, ifMatch: $ifMatch) { ${FIELDS} }
    }`,
  );

  async function run(
    operation: PreparedOperation,
    context: Context,
    variables: Record<string, unknown>,
    body: (c: Config) => unknown,
  ) {
    const config = Object.values(
      await runOperation(schema, operation, context, variables),
    )[0] as Config;
    return jsonResponse(body(config), 200, { etag: config.etag, 'cache-control': 'no-cache' });
  }
  const whole = (c: Config) => ({ ...c.document, updatedAt: c.updatedAt });

  router.get('/trips/:tripId/config', (request, context) =>
    run(GET, context, { tripId: idParam(request.params.tripId, 'tripId') }, whole),
  );

  router.put('/trips/:tripId/config', async (request, context) => {
    const tripId = idParam(request.params.tripId, 'tripId');
    const document = objectBody(await readJson(request, LIMITS.configBodyBytes));
    return run(
      PUT,
      context,
      { tripId, document, ifMatch: request.headers.get('if-match') },
      () => ({ message: 'Trip configuration saved.' }),
    );
  });

  router.patch('/trips/:tripId/config', async (request, context) => {
    const tripId = idParam(request.params.tripId, 'tripId');
    const patch = objectBody(await readJson(request, LIMITS.configBodyBytes));
    return run(PATCH, context, { tripId, patch, ifMatch: request.headers.get('if-match') }, whole);
  });
}

export function objectBody(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw ValidationError.field('body', 'Expected a JSON object.');
  return body as Record<string, unknown>;
}
