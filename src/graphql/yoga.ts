import { createYoga } from 'graphql-yoga';
import type { GraphQLSchema } from 'graphql';
import type { Context } from './context.ts';
import type { Logger } from '../logger.ts';
import type { Metrics } from '../metrics/metrics.ts';
import { useOperationMetrics } from '../metrics/graphql.plugin.ts';
import { useOperationTracing } from '../tracing/graphql.plugin.ts';
import { maskError } from './errors.ts';
import { renderGraphiQLPage } from './graphiql-page.ts';

/** The app builds the Context (auth, request id) and passes it as Yoga's server context. */
export interface YogaServerContext {
  appContext: Context;
}

export function createGraphQLHandler(schema: GraphQLSchema, options: { graphiql: boolean; logger: Logger; metrics: Metrics }) {
  return createYoga<YogaServerContext, Context>({
    schema,
    graphqlEndpoint: '/graphql',
    graphiql: options.graphiql ? { title: 'Trips API GraphiQL' } : false,
    renderGraphiQL: renderGraphiQLPage,
    landingPage: false,
    logging: false,
    context: ({ appContext }) => appContext,
    plugins: [useOperationMetrics(options.metrics), useOperationTracing()],
    maskedErrors: { maskError: (error) => maskError(error, (cause) => options.logger.error({ err: cause }, 'unexpected GraphQL error')) },
  });
}
