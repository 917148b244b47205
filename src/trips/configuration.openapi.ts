// /trips/{tripId}/config (service-spec "Trip configuration", decisions "Trip configuration"):
// read with an ETag, replace (PUT) or merge-patch (PATCH), each guarded by If-Match.
import { ETAG_HEADER } from '../openapi/components.ts';
import {
  body,
  callerOperation,
  exampleRef,
  json,
  ok,
  parameterRef,
  schemaRef,
} from '../openapi/operations.ts';
import type { Paths } from '../openapi/types.ts';

const TAGS = ['Trip configuration'];
const configuration = () =>
  json(schemaRef('TripConfiguration'), { configuration: exampleRef('TripConfiguration') });

export function tripConfigurationPaths(): Paths {
  const patch = {
    schema: schemaRef('TripConfigurationPatch'),
    examples: { patch: exampleRef('TripConfigurationPatch') },
  };
  return {
    '/trips/{tripId}/config': {
      parameters: [parameterRef('TripId')],
      get: callerOperation('read:trips', {
        operationId: 'getTripConfiguration',
        summary: 'Get the trip configuration',
        tags: TAGS,
        responses: {
          '200': ok(
            'The configuration, with its revision in ETag.',
            configuration(),
            ETAG_HEADER(),
          ),
        },
        errors: ['NotFound'],
      }),
      put: callerOperation('update:trips', {
        operationId: 'replaceTripConfiguration',
        summary: 'Replace the trip configuration',
        description:
          'Validates and stores the whole document (up to 5 MB). What GET returns can be sent back as it is.',
        tags: TAGS,
        parameters: [parameterRef('IfMatch')],
        requestBody: body(
          json(schemaRef('TripConfigurationDocument'), {
            configuration: exampleRef('TripConfiguration'),
          }),
        ),
        responses: {
          '200': ok(
            'Saved; ETag names the new revision.',
            json(schemaRef('Message')),
            ETAG_HEADER(),
          ),
        },
        errors: ['NotFound', 'PreconditionFailed', 'ConfigurationTooLarge'],
      }),
      patch: callerOperation('update:trips', {
        operationId: 'patchTripConfiguration',
        summary: 'Merge-patch the trip configuration',
        description:
          'Applies a JSON Merge Patch (RFC 7396) to the stored document and validates the result as PUT does.',
        tags: TAGS,
        parameters: [parameterRef('IfMatch')],
        requestBody: body({ 'application/merge-patch+json': patch, 'application/json': patch }),
        responses: {
          '200': ok(
            'The configuration after the patch; ETag names the new revision.',
            configuration(),
            ETAG_HEADER(),
          ),
        },
        errors: ['NotFound', 'PreconditionFailed', 'ConfigurationTooLarge'],
      }),
    },
  };
}
