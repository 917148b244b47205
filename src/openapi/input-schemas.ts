// Request-body schemas derived from the zod schemas the routes validate with, so the document
// cannot drift from what the service accepts (converted by json-schema.ts), with the descriptions
// zod cannot carry without editing the domain files.
import type { z } from 'zod';
import { createApiKeyBody } from '../auth/api-keys.input.ts';
import {
  bulkDeleteCatalogsBody,
  createCatalogInput,
  updateCatalogInput,
} from '../catalogs/catalog.input.ts';
import { configurationInput } from '../trips/configuration.input.ts';
import { bulkDeleteTripsBody, createTripInput, updateTripInput } from '../trips/trip.input.ts';
import { createEndpointInput, updateEndpointInput } from '../webhooks/endpoint.input.ts';
import { componentSchemas } from './json-schema.ts';
import type { Schema } from './types.ts';

/** Component name → zod schema. Recursive parts need a name of their own to become a `$ref`. */
function inputs(): Record<string, z.ZodType> {
  return {
    CreateTripRequest: createTripInput,
    UpdateTripRequest: updateTripInput,
    BulkDeleteTripsRequest: bulkDeleteTripsBody,
    TripConfigurationDocument: configurationInput,
    ConfigurationBlock: configurationInput.shape.blocks.element,
    CreateApiKeyRequest: createApiKeyBody,
    CreateCatalogRequest: createCatalogInput,
    UpdateCatalogRequest: updateCatalogInput,
    BulkDeleteCatalogsRequest: bulkDeleteCatalogsBody,
    CreateWebhookEndpointRequest: createEndpointInput,
    UpdateWebhookEndpointRequest: updateEndpointInput,
  };
}

const TRIP_FIELD_NOTES: Record<string, string> = {
  title: '1 to 200 characters after trimming.',
  duration: 'Days, a positive integer.',
  dateStart: 'ISO 8601 date-time (or date).',
  dateFinish: 'ISO 8601 date-time (or date); not before dateStart.',
  dateExpiration: 'Expiration of the trip offer, ISO 8601 date-time (or date).',
  logo: 'http or https URL.',
  imageUrl: 'Cover image, http or https URL.',
  countries: 'ISO 3166-1 alpha-3 codes, any case; stored upper case, once each.',
  visibility: 'A private trip never appears on a public surface. Default public.',
};

const CONFIGURATION_NOTES: Record<string, string> = {
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
};

const BLOCK_NOTES: Record<string, string> = {
  type: 'accommodation, activity, flight, text, price, payment, transport and others; unknown types are allowed. Containers: itinerary, itineraryDay, group, box, dropdown.',
  content: 'Depends on the block type.',
  children: 'Only container types have children.',
  parent: 'Id of an existing container block; parents form no cycle.',
};

const WEBHOOK_ENDPOINT_NOTES: Record<string, string> = {
  name: '1 to 200 characters after trimming.',
  url: 'HTTPS only, resolving to public addresses only (no localhost, private, link-local or metadata addresses; no credentials in the URL). Checked now and again at every delivery.',
  eventTypes: 'The event types to receive; at least one, duplicates kept once.',
};

export function inputSchemas(): Record<string, Schema> {
  const out = componentSchemas(inputs(), 'input');
  annotate(out.CreateTripRequest!, TRIP_FIELD_NOTES);
  annotate(out.UpdateTripRequest!, TRIP_FIELD_NOTES);
  annotate(out.TripConfigurationDocument!, CONFIGURATION_NOTES);
  annotate(out.ConfigurationBlock!, BLOCK_NOTES);
  annotate(out.CreateWebhookEndpointRequest!, WEBHOOK_ENDPOINT_NOTES);
  annotate(out.UpdateWebhookEndpointRequest!, WEBHOOK_ENDPOINT_NOTES);
  out.CreateTripRequest!.description =
    'Only title is required. agentId and accountId come from the caller; id, slug, code, joinCode and the counters are generated. Any other field is refused (400).';
  out.UpdateTripRequest!.description =
    'The fields of create, all optional; at least one. null clears a field. Unknown and read-only fields are refused (400).';
  out.BulkDeleteTripsRequest!.description =
    "1 to 100 trip ids, as tripIds (or tripId). Ids that are missing, already deleted or not the caller's are skipped.";
  out.CreateWebhookEndpointRequest!.description =
    'All three fields are required; any other field is refused (400). The signing secret is generated.';
  out.UpdateWebhookEndpointRequest!.description =
    'The fields of create, all optional; at least one. eventTypes replaces the list. Any other field is refused (400).';
  out.TripConfigurationDocument!.description =
    'The whole configuration. Block ids are unique; a parent names an existing container block; the tree has no cycles.';
  return out;
}

/** Adds descriptions by dotted property path (`settings.timezone`). */
function annotate(schema: Schema, notes: Record<string, string>): void {
  for (const [path, description] of Object.entries(notes)) {
    let target: Schema | undefined = schema;
    for (const name of path.split('.'))
      target = (target?.properties as Record<string, Schema> | undefined)?.[name];
    if (!target) throw new Error(`OpenAPI: no property ${path} to describe`);
    target.description = description;
  }
}
