// /trips/{tripId}/config (docs/decisions.md#trip-configuration):
// read with an ETag, replace (PUT) or merge-patch (PATCH), each guarded by If-Match.
import { LIMITS } from '../config/constants.ts';
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
import type { Paths, RequestBodyInput } from '../openapi/types.ts';
import { configurationInput } from './configuration.input.ts';

const TAGS = ['Trip configuration'];
const NESTING = `Blocks nest at most ${LIMITS.configBlockDepthMax} levels deep, and objects and arrays at most ${LIMITS.configJsonDepthMax} anywhere in the document or patch (400 beyond, naming the first value too deep).`;
const UNCHANGED =
  'A save whose document equals the stored one (as JSON: key order aside) changes nothing: the same revision, ETag and updatedAt, and no trip.configUpdated event. Fields of moreInfo sent without an id get new ids, which is a change.';
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
        description: `Validates and stores the whole document (up to 5 MB). What GET returns can be sent back as it is. ${NESTING} ${UNCHANGED}`,
        tags: TAGS,
        parameters: [parameterRef('IfMatch')],
        requestBody: body(
          json(schemaRef('TripConfigurationDocument'), {
            configuration: exampleRef('TripConfiguration'),
          }),
        ),
        responses: {
          '200': ok(
            'Saved; ETag names the new revision (the same one when nothing changed).',
            json(schemaRef('Message')),
            ETAG_HEADER(),
          ),
        },
        errors: ['NotFound', 'PreconditionFailed', 'ConfigurationTooLarge'],
      }),
      patch: callerOperation('update:trips', {
        operationId: 'patchTripConfiguration',
        summary: 'Merge-patch the trip configuration',
        description: `Applies a JSON Merge Patch (RFC 7396) to the stored document and validates the result as PUT does. ${NESTING} ${UNCHANGED}`,
        tags: TAGS,
        parameters: [parameterRef('IfMatch')],
        requestBody: body({ 'application/merge-patch+json': patch, 'application/json': patch }),
        responses: {
          '200': ok(
            'The configuration after the patch; ETag names the new revision (the same one when nothing changed).',
            configuration(),
            ETAG_HEADER(),
          ),
        },
        errors: ['NotFound', 'PreconditionFailed', 'ConfigurationTooLarge'],
      }),
    },
  };
}

/** The configuration's request body, and its blocks (recursive: a component of their own). */
export const CONFIGURATION_REQUEST_BODIES: Record<string, RequestBodyInput> = {
  TripConfigurationDocument: {
    schema: configurationInput,
    description:
      'The whole configuration. Block ids are unique; a parent names an existing container block; the tree has no cycles.',
    notes: {
      version: 'Semantic version of the configuration schema.',
      'settings.timezone': 'IANA timezone identifier, for example Europe/Madrid.',
      'settings.currency': 'ISO 4217 currency code, for example EUR.',
      'settings.language': 'Language code, for example en or pt-BR.',
      'settings.dateFormat': 'Date format pattern, for example DD/MM/YYYY.',
      'settings.description': 'Trip description.',
      'settings.shareOnWhatsapp': 'phoneNumber in international format, for example +34600111222.',
      'theme.color': 'Hex colour, for example #1A2B3C.',
      'moreInfo.fields': 'Each field gets an id when saved without one; GET returns it.',
      updatedAt:
        'Returned by GET; accepted and ignored, so a document read can be written back as it is.',
    },
  },
  ConfigurationBlock: {
    schema: configurationInput.shape.blocks.element,
    notes: {
      type: 'accommodation, activity, flight, text, price, payment, transport and others; unknown types are allowed. Containers: itinerary, itineraryDay, group, box, dropdown.',
      content: 'Depends on the block type.',
      children: 'Only container types have children.',
      parent: 'Id of an existing container block; parents form no cycle.',
    },
  },
};
