// The one place that turns errors into the documented REST bodies (docs/errors-and-limits.md#error-codes):
// `{errors: {field: [messages]}}` for validation, `{error: {code, message}}` for the
// rest. Unknown errors become a 500 without details; PostgreSQL being unreachable becomes a 503.
import { GraphQLError } from 'graphql';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { type AppError, ServiceUnavailableError, ValidationError } from '../errors.ts';
import { appErrorOf } from '../graphql/errors.ts';
import { errorBody, jsonResponse } from '../http/json-response.ts';
import type { Logger } from '../logger.ts';

// The route files answer through these too (re-exported so that they import one module).
export { errorBody, jsonResponse };

export function errorResponse(error: unknown, logger: Logger): Response {
  const appError =
    appErrorOf(error) ?? (isDatabaseUnavailable(error) ? new ServiceUnavailableError() : undefined);
  if (appError instanceof ValidationError) return jsonResponse({ errors: appError.fields }, 400);
  if (appError)
    return jsonResponse(
      errorBody(appError.code, appError.message),
      appError.status,
      extraHeaders(appError),
    );
  logger.error({ err: error }, 'unhandled error');
  return jsonResponse(errorBody('internal_error', 'An unexpected error occurred.'), 500);
}

/** The error of a failed GraphQL result that decides the REST answer (see errorResponse). */
export function errorOfGraphQLResult(errors: readonly GraphQLError[]): unknown {
  const known = errors.find((e) => appErrorOf(e));
  if (known) return known;
  // An error of the GraphQL layer itself (a variable of the wrong type) is the caller's input.
  // Such errors come before execution, so they have no path; graphql 17 wraps a variable's
  // coercion error around the GraphQLError that describes it (found by the OpenAPI fuzzer).
  const request = errors.find(
    (e) => !e.originalError || (e.path === undefined && e.originalError instanceof GraphQLError),
  );
  if (request) return inputError(request.message);
  return errors[0]?.originalError ?? errors[0];
}

/** Variables that carry a whole JSON body (see execute.ts): their problems are the body's. */
const BODY_VARIABLES = new Set(['input', 'document', 'patch']);

/**
 * REST checks its input before GraphQL sees it, so this is a safety net: a variable GraphQL could
 * not coerce is named as the REST parameter it came from (its variable bears the parameter's
 * name, `$ids` excepted), without GraphQL's own words (type names, `Expected type Int`).
 */
function inputError(message: string): ValidationError {
  const variable = /^Variable "\$(\w+)" got invalid value/.exec(message)?.[1];
  if (!variable) return ValidationError.field('body', message);
  if (BODY_VARIABLES.has(variable))
    return ValidationError.field('body', 'The body does not have the shape this operation takes.');
  const name = variable === 'ids' ? 'body' : variable;
  return ValidationError.field(
    name,
    `${name} does not have the shape or range this operation takes.`,
  );
}

function extraHeaders(error: AppError): Record<string, string> | undefined {
  return 'headers' in error ? (error.headers as Record<string, string>) : undefined;
}
