// What a domain plugs into the plumbing. Each domain folder has one <domain>.domain.ts that says
// it; src/domains.ts lists them, and service.ts hands that list to the plumbing (REST router,
// OpenAPI document, GraphQL schema, workers, event recorder), which imports no domain itself.
import type { GraphQLSchema } from 'graphql';
import type { z } from 'zod';
import type { JobWorker } from './jobs/workers.ts';
import type {
  Example,
  Paths,
  PathsOptions,
  RequestBodyInput,
  Schema,
  WebhookEvents,
} from './openapi/types.ts';
import type { RestRouter, Surface } from './rest/types.ts';
import type { EventResources } from './webhooks/events.ts';

export interface DomainModule {
  name: string;
  /**
   * Loads the domain's Pothos types and fields (<entity>.schema.ts). Lazy, so that the REST and
   * OpenAPI parts load without GraphQL or Prisma: the mock server builds its contract from the
   * document and must start without a database.
   */
  graphql?: () => Promise<unknown>;
  /** Its REST routes, on the listeners named. */
  routes?: {
    on: readonly Surface[];
    register(router: RestRouter, schema: GraphQLSchema, surface: Surface): void;
  };
  /**
   * Its part of the OpenAPI document: paths, the events webhook receivers get, and its resources'
   * output shapes (<entity>.shape.ts) by component name, with their named examples.
   */
  openapi?: {
    paths?(options: PathsOptions): Paths;
    webhooks?(): WebhookEvents;
    shapes?: Readonly<Record<string, z.ZodType>>;
    /** Request bodies validated with zod, by component name: their schemas are converted. */
    requestBodies?: Readonly<Record<string, RequestBodyInput>>;
    /** Request bodies written as JSON Schema, where zod would say less plainly. */
    requestSchemas?(): Record<string, Schema>;
    examples?: Readonly<Record<string, Example>>;
  };
  /** Its background jobs, by their workers (<domain>.jobs.ts declares them), run by the worker role. */
  jobs?: ReadonlyArray<JobWorker>;
  /** How to read its resources as events' `data`. */
  events?: Partial<EventResources>;
}
