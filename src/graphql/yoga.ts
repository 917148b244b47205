import { createYoga } from 'graphql-yoga';
import type { GraphQLSchema } from 'graphql';
import type { Config } from '../config/config.ts';
import { armorPlugins } from './armor.ts';
import type { Context } from './context.ts';
import type { Logger } from '../logger.ts';
import type { Metrics } from '../metrics/metrics.ts';
import { useOperationMetrics } from '../metrics/graphql.plugin.ts';
import { useOperationTracing } from '../tracing/graphql.plugin.ts';
import { maskError } from './errors.ts';
import { renderGraphiQLPage } from './graphiql-page.ts';
import { useJsonSyntaxPositions } from './json-body.plugin.ts';

/** The app builds the Context (auth, request id) and passes it as Yoga's server context. */
export interface YogaServerContext {
  appContext: Context;
}

export function createGraphQLHandler(
  schema: GraphQLSchema,
  options: {
    graphiql: boolean;
    limits: Config['graphql'];
    logger: Logger;
    metrics: Metrics;
    /** Operation names the metrics count by name; the others are `other`. */
    knownOperations: ReadonlySet<string>;
  },
) {
  return createYoga<YogaServerContext, Context>({
    schema,
    graphqlEndpoint: '/graphql',
    graphiql: options.graphiql ? { title: 'Trips API GraphiQL' } : false,
    renderGraphiQL: renderGraphiQLPage,
    landingPage: false,
    // CORS is app.ts's (http/cors.ts), the same for REST: Yoga's would reflect any Origin.
    cors: false,
    logging: false,
    context: ({ appContext }) => appContext,
    plugins: [
      useJsonSyntaxPositions(),
      ...armorPlugins(options.limits),
      useOperationMetrics(options.metrics, options.knownOperations),
      useOperationTracing(),
    ],
    maskedErrors: {
      maskError: (error) =>
        maskError(error, (cause) =>
          options.logger.error({ err: cause }, 'unexpected GraphQL error'),
        ),
    },
  });
}
