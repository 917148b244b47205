// Imports every domain's types, then builds the schema. No definitions here.
import '../accounts/account.schema.ts';
import '../auth/api-keys.schema.ts';
import '../auth/oauth.schema.ts';
import '../bookings/booking.schema.ts';
import '../catalogs/catalog.schema.ts';
import '../imports/import.schema.ts';
import '../ops/ops.schema.ts';
import '../status/status.schema.ts';
import '../trips/configuration.schema.ts';
import '../trips/trip.schema.ts';
import '../trips/trip-connection.schema.ts';
import '../trips/trip-views.schema.ts';
import '../webhooks/endpoint.schema.ts';
import { builder } from './builder.ts';

export const schema = builder.toSchema({ sortSchema: true });
