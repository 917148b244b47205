// The REST facade runs GraphQL operations of the same schema in-process: each document is parsed
// and validated once, when its route module loads, and executed directly per request (no HTTP,
// no yoga.fetch; see docs/architecture.md).
import {
  getOperationAST,
  type DocumentNode,
  type ExecutionResult,
  type GraphQLSchema,
} from 'graphql';
import type { CompiledQuery } from 'graphql-jit';
import type { Context } from '../graphql/context.ts';
import { compileDocument } from '../graphql/prepared-document.ts';
import { assertStorableText } from '../shared/storable-text.ts';
import { fieldPath } from '../validation.ts';
import { errorOfGraphQLResult, jsonResponse } from './errors.ts';

export interface PreparedOperation<TData = Record<string, unknown>> {
  readonly document: DocumentNode;
  readonly source: string;
  /** The operation compiled to a function by graphql-jit, once, instead of interpreted per request. */
  readonly compiled: CompiledQuery;
  /** Phantom field carrying the result type. */
  readonly __data?: TData;
}

export function prepareOperation<TData = Record<string, unknown>>(
  schema: GraphQLSchema,
  source: string,
): PreparedOperation<TData> {
  const { document, compiled } = compileDocument(schema, source);
  preparedOperations.set(source, document);
  return { document, source, compiled };
}

/**
 * Every document the REST facade prepared, by its text. They are fixed, so they stay within the
 * limits of /graphql by construction: test/unit/rest-operation-limits.test.ts checks each one.
 */
export const preparedOperations = new Map<string, DocumentNode>();

/** The names of the operations the REST facade prepared (Trips, CreateTrip...). */
export function preparedOperationNames(): string[] {
  return [...preparedOperations.values()].flatMap((document) => {
    const name = getOperationAST(document)?.name?.value;
    return name ? [name] : [];
  });
}

/** The operation's data; a failed operation throws, and the router renders the error. */
export async function runOperation<TData>(
  _schema: GraphQLSchema,
  operation: PreparedOperation<TData>,
  context: Context,
  variables?: Record<string, unknown>,
): Promise<TData> {
  // Every string of a REST request reaches the operation as a variable: one check for all of them.
  if (variables) assertStorableText(variables, restFieldName);
  const result = (await operation.compiled.query(
    undefined,
    context,
    variables ?? {},
  )) as ExecutionResult<TData>;
  if (result.errors?.length || !result.data) throw errorOfGraphQLResult(result.errors ?? []);
  return result.data;
}

/** Variables that carry a whole JSON body: its fields are named as the client wrote them. */
const BODY_VARIABLES = new Set(['input', 'document', 'patch']);
const restFieldName = (path: Array<string | number>) =>
  fieldPath(path.length > 1 && BODY_VARIABLES.has(String(path[0])) ? path.slice(1) : path);

/** Runs the operation and answers with the first root field of its data as the JSON body. */
export async function answer(
  schema: GraphQLSchema,
  operation: PreparedOperation,
  context: Context,
  variables: Record<string, unknown>,
  status = 200,
) {
  return jsonResponse(
    Object.values(await runOperation(schema, operation, context, variables))[0],
    status,
  );
}
