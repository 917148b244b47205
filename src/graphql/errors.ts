// How errors leave GraphQL: domain errors keep their message and get `extensions.code` (plus
// `extensions.errors`, the field map, for validation); everything else is masked.
import { PothosValidationError } from '@pothos/core';
import { GraphQLError } from 'graphql';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { AppError, ServiceUnavailableError, ValidationError } from '../errors.ts';
import { RateLimitedError } from '../http/rate-limit.ts';

export function appErrorOf(error: unknown): AppError | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    if (current instanceof AppError) return current;
    current = (current as { originalError?: unknown }).originalError;
  }
  return undefined;
}

/** `onUnexpected` sees the errors that are masked, so they reach the logs. */
export function maskError(error: unknown, onUnexpected?: (error: unknown) => void): GraphQLError {
  const graphqlError = error instanceof GraphQLError ? error : undefined;
  const appError = appErrorOf(error);
  if (appError) {
    const extensions: Record<string, unknown> = { code: appError.code };
    if (appError instanceof ValidationError) extensions.errors = appError.fields;
    // A refusal for rate (429) is the answer's status, with Retry-After, as on REST; Yoga sends
    // `extensions.http` as the HTTP status and headers and leaves it out of the body.
    if (appError instanceof RateLimitedError)
      extensions.http = { status: appError.status, headers: appError.headers };
    return new GraphQLError(appError.message, {
      nodes: graphqlError?.nodes,
      path: graphqlError?.path,
      extensions,
    });
  }
  // A variable missing, null for a non-null type or of a shape GraphQL cannot coerce, found before
  // execution: the caller's input, named by its variable like the other validation errors.
  // (A document's own errors about its variables carry Yoga's GRAPHQL_VALIDATION_FAILED already.)
  const variable =
    graphqlError !== undefined &&
    graphqlError.path === undefined &&
    graphqlError.extensions?.code === undefined &&
    /^Variable "\$(\w+)"/.exec(graphqlError.message)?.[1];
  if (
    variable &&
    (!graphqlError.originalError || graphqlError.originalError instanceof GraphQLError)
  )
    return new GraphQLError(graphqlError.message, {
      nodes: graphqlError.nodes,
      extensions: { code: 'validation_failed', errors: { [variable]: [graphqlError.message] } },
    });
  // Errors of the GraphQL layer itself (syntax, validation of the document) are the client's.
  if (graphqlError && !graphqlError.originalError) return graphqlError;
  // Pothos refuses bad arguments itself (a negative `first`, a cursor that is not one of ours).
  if (graphqlError?.originalError instanceof PothosValidationError) {
    return new GraphQLError(graphqlError.message, {
      nodes: graphqlError.nodes,
      path: graphqlError.path,
      extensions: { code: 'validation_failed' },
    });
  }
  // The database down or too busy to answer in time: REST's 503, by its code (not logged as a fault).
  if (isDatabaseUnavailable(graphqlError?.originalError ?? error)) {
    const unavailable = new ServiceUnavailableError();
    return new GraphQLError(unavailable.message, {
      nodes: graphqlError?.nodes,
      path: graphqlError?.path,
      extensions: { code: unavailable.code },
    });
  }
  onUnexpected?.(graphqlError?.originalError ?? error);
  return new GraphQLError('Unexpected error.', {
    nodes: graphqlError?.nodes,
    path: graphqlError?.path,
    extensions: { code: 'internal_error' },
  });
}
