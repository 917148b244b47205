// A GraphQL document prepared once and run many times: parsed and validated before its first
// run, its operation's name, type and root fields read once, and its cost computed once when no
// variable sizes a list. Trusted documents and the REST facade's operations are compiled by
// graphql-jit; a document a client sent (validated by Yoga, see validated-documents.ts) runs on
// graphql-js's executor, which stops at the time budget between fields as Yoga's does.
import { complexityFromQuery } from '@pothos/plugin-complexity';
import {
  execute,
  GraphQLError,
  Kind,
  parse,
  validate,
  visit,
  type DocumentNode,
  type ExecutionResult,
  type FieldNode,
  type FragmentDefinitionNode,
  type SelectionSetNode,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type OperationTypeNode,
} from 'graphql';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';
import type { Context } from './context.ts';
import { SIZE_ARGUMENTS } from './cost.ts';

export interface PreparedDocument {
  readonly source: string;
  readonly document: DocumentNode;
  readonly name: string | undefined;
  readonly type: OperationTypeNode;
  /** Root fields of the operation (a mutation without credentials may hold one). */
  readonly rootFields: number;
  /** The cost with these variables; undefined when they do not fit the operation. */
  cost(variables: Record<string, unknown>, context: Context): number | undefined;
  run(
    context: Context,
    variables: Record<string, unknown>,
    signal: AbortSignal | undefined,
  ): Promise<ExecutionResult>;
}

/** A document of the repository's own (a REST route's, a trusted one): invalid is a bug, thrown at start-up. */
export function compileDocument(
  schema: GraphQLSchema,
  source: string,
): { document: DocumentNode; compiled: CompiledQuery } {
  const document = parse(source);
  const errors = validate(schema, document);
  if (errors.length)
    throw new Error(`Invalid operation:\n${errors.map((e) => e.message).join('\n')}\n${source}`);
  // Built-in scalars and enums go out as the resolvers return them, without graphql-jit's
  // per-field serializer call (which allocates its error location and path for every field of
  // every row): the schema has no ID or Float, its enums' values are their names, and Prisma's
  // types match the fields'. Custom scalars (DateTime, JSON) are still serialized.
  const compiled = compileQuery(schema, document, undefined, { disableLeafSerialization: true });
  if (!isCompiledQuery(compiled))
    throw new Error(
      `Operation not compiled:\n${compiled.errors?.map((e) => e.message).join('\n')}\n${source}`,
    );
  return { document, compiled };
}

export function prepareTrustedDocument(schema: GraphQLSchema, source: string): PreparedDocument {
  if (!singleOperation(parse(source)))
    throw new Error(`A trusted document holds one operation:\n${source}`);
  const { document, compiled } = compileDocument(schema, source);
  const operation = singleOperation(document)!;
  return {
    ...describe(schema, source, document, operation),
    run: async (context, variables) => {
      const result = (await compiled.query(undefined, context, variables)) as ExecutionResult;
      return result.errors
        ? { ...result, errors: result.errors.map((error) => withNodes(error, operation, document)) }
        : result;
    },
  };
}

/**
 * graphql-jit's field errors carry a path but no nodes, so no locations: the field the path
 * names gives them, as graphql-js's errors have them.
 */
function withNodes(
  error: GraphQLError,
  operation: OperationDefinitionNode,
  document: DocumentNode,
): GraphQLError {
  if (error.nodes?.length || !error.path?.length) return error;
  const node = fieldAt(operation.selectionSet, error.path, document);
  return node
    ? new GraphQLError(error.message, {
        nodes: [node],
        path: error.path,
        originalError: error.originalError ?? undefined,
        extensions: error.extensions,
      })
    : error;
}

function fieldAt(
  selectionSet: SelectionSetNode,
  path: ReadonlyArray<string | number>,
  document: DocumentNode,
): FieldNode | undefined {
  const [key, ...rest] = path;
  if (typeof key === 'number') return fieldAt(selectionSet, rest, document);
  for (const selection of selectionSet.selections) {
    let found: FieldNode | undefined;
    if (selection.kind === Kind.FIELD && (selection.alias ?? selection.name).value === key)
      found =
        rest.some((k) => typeof k === 'string') && selection.selectionSet
          ? fieldAt(selection.selectionSet, rest, document)
          : selection;
    else if (selection.kind === Kind.INLINE_FRAGMENT)
      found = fieldAt(selection.selectionSet, path, document);
    else if (selection.kind === Kind.FRAGMENT_SPREAD) {
      const fragment = document.definitions.find(
        (d): d is FragmentDefinitionNode =>
          d.kind === Kind.FRAGMENT_DEFINITION && d.name.value === selection.name.value,
      );
      found = fragment && fieldAt(fragment.selectionSet, path, document);
    }
    if (found) return found;
  }
  return undefined;
}

/**
 * A document Yoga parsed and validated (every rule of /graphql passed); undefined unless it holds
 * exactly one operation, a query: the rest keeps going through Yoga.
 */
export function prepareValidatedDocument(
  schema: GraphQLSchema,
  source: string,
  document: DocumentNode,
  hideSuggestions: boolean,
): PreparedDocument | undefined {
  const operation = singleOperation(document);
  if (operation?.operation !== 'query') return undefined;
  return {
    ...describe(schema, source, document, operation),
    run: async (context, variables, signal) =>
      execute({
        schema,
        document,
        contextValue: context,
        variableValues: variables,
        abortSignal: signal,
        hideSuggestions,
      }),
  };
}

function describe(
  schema: GraphQLSchema,
  source: string,
  document: DocumentNode,
  operation: OperationDefinitionNode,
): Omit<PreparedDocument, 'run'> {
  const sized = sizedByVariables(document);
  let fixedCost: number | undefined;
  return {
    source,
    document,
    name: operation.name?.value,
    type: operation.operation,
    rootFields: operation.selectionSet.selections.length,
    cost(variables, context) {
      if (fixedCost !== undefined) return fixedCost;
      let cost: number;
      try {
        cost = complexityFromQuery(document, { schema, variables, ctx: context }).complexity;
      } catch {
        return undefined;
      }
      if (!sized) fixedCost = cost;
      return cost;
    },
  };
}

function singleOperation(document: DocumentNode): OperationDefinitionNode | undefined {
  const operations = document.definitions.filter(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  );
  return operations.length === 1 ? operations[0] : undefined;
}

function sizedByVariables(document: DocumentNode): boolean {
  let sized = false;
  visit(document, {
    Argument(node) {
      if (
        (SIZE_ARGUMENTS as readonly string[]).includes(node.name.value) &&
        node.value.kind === Kind.VARIABLE
      )
        sized = true;
    },
  });
  return sized;
}
