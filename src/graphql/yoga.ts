import { createYoga } from 'graphql-yoga';
import type { GraphQLSchema } from 'graphql';
import type { Config } from '../config/config.ts';
import { armorPlugins } from './armor.ts';
import type { Context, YogaServerContext } from './context.ts';
import type { Logger } from '../logger.ts';
import type { Metrics } from '../metrics/metrics.ts';
import { useOperationMetrics } from '../metrics/graphql.plugin.ts';
import { useOperationTracing } from '../tracing/graphql.plugin.ts';
import { maskError } from './errors.ts';
import { renderGraphiQLPage } from './graphiql-page.ts';
import { useJsonSyntaxPositions } from './json-body.plugin.ts';
import type { TrustedDocuments } from './trusted-documents.ts';
import { useTrustedDocuments } from './trusted-documents.plugin.ts';
import type { ValidatedDocuments } from './validated-documents.ts';

export type { YogaServerContext } from './context.ts';

export function createGraphQLHandler(
  schema: GraphQLSchema,
  options: {
    graphiql: boolean;
    limits: Config['graphql'];
    logger: Logger;
    metrics: Metrics;
    trusted: TrustedDocuments;
    validated: ValidatedDocuments;
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
    // GraphQL over HTTP's persisted documents name theirs so (trusted-documents.ts).
    extraParamNames: ['documentId'],
    plugins: [
      useJsonSyntaxPositions(),
      ...useTrustedDocuments(options.trusted, options.validated, options.limits.documents),
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
