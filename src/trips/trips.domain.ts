// The trips domain: trips, their configuration, the trash and the view counter.
import type { DomainModule } from '../domain-module.ts';
import { CONFIGURATION_REQUEST_BODIES, tripConfigurationPaths } from './configuration.openapi.ts';
import { registerTripConfigurationRoutes } from './configuration.rest.ts';
import { TRIP_REQUEST_BODIES, tripPaths } from './trip.openapi.ts';
import { loadTripEventData } from './trip.payload.ts';
import { registerTripRoutes } from './trip.rest.ts';
import { TRIP_REQUEST_EXAMPLES } from './trip.examples.ts';
import { TRIP_EXAMPLES, TRIP_SHAPES } from './trip.shape.ts';
import { purgeTripTrashWorker } from './trips.jobs.ts';

export const tripsDomain: DomainModule = {
  name: 'trips',
  graphql: async () => {
    await import('./configuration.schema.ts');
    await import('./trip.schema.ts');
    await import('./trip-connection.schema.ts');
    await import('./trip-views.schema.ts');
    await import('./public-trip.schema.ts');
  },
  routes: {
    on: ['api'],
    register(router, schema) {
      registerTripRoutes(router, schema);
      registerTripConfigurationRoutes(router, schema);
    },
  },
  openapi: {
    paths: () => ({ ...tripPaths(), ...tripConfigurationPaths() }),
    shapes: TRIP_SHAPES,
    requestBodies: { ...TRIP_REQUEST_BODIES, ...CONFIGURATION_REQUEST_BODIES },
    examples: { ...TRIP_EXAMPLES, ...TRIP_REQUEST_EXAMPLES },
  },
  jobs: [purgeTripTrashWorker],
  events: { trip: loadTripEventData },
};
