// What endpoint create and PATCH accept (docs/decisions.md#events-and-webhooks): all three fields
// on create, at least one on PATCH; unknown fields are refused. The URL is checked by the service.
import { z } from 'zod';
import { trimmedString } from '../shared/fields.ts';
import { EVENT_TYPES } from './events.ts';

const eventTypes = z
  .array(z.enum(EVENT_TYPES, { error: `Unknown event type. Types: ${EVENT_TYPES.join(', ')}.` }))
  .min(1, 'Subscribe to at least one event type.')
  .transform((types) => [...new Set(types)]);

const endpointFields = {
  name: trimmedString({ error: 'Name is required.' }).min(1, 'Name is required.').max(200),
  url: z.string({ error: 'URL is required.' }).max(2048),
  eventTypes,
};
export const createEndpointInput = z.strictObject(endpointFields);
export const updateEndpointInput = z.strictObject(endpointFields).partial();
