// The cost model of GraphQL operations (issue 15): each field costs 1, a list's requested size
// (`pageSize`, `first`, `last`; 20 when omitted) multiplies the cost of what it selects, and a
// trip configuration's document costs more. Pothos's complexity plugin sums it from the document
// and the variables before anything runs; armor.ts refuses an operation over its caller's budget.
import { createComplexityRule } from '@pothos/plugin-complexity';
import {
  getNamedType,
  isCompositeType,
  isListType,
  isNonNullType,
  validate,
  type DocumentNode,
  type GraphQLField,
  type GraphQLSchema,
  type GraphQLType,
} from 'graphql';
import { GRAPHQL_LIMITS, LIMITS } from '../config/constants.ts';

/** The arguments that size a list: its cost multiplies what it selects. */
export const SIZE_ARGUMENTS = ['first', 'last', 'pageSize'] as const;
/** The items of a page (`data`) and of a connection (`edges`): the page's size counted them already. */
const PAGE_ITEMS = new Set(['data', 'edges']);

const isList = (type: GraphQLType): boolean => isListType(isNonNullType(type) ? type.ofType : type);

/** The builder's `fieldComplexity`: what a field costs and how much it multiplies its selection. */
export function fieldCost<C>(
  args: Record<string, unknown>,
  _ctx: C,
  field: GraphQLField<unknown, C>,
) {
  if (field.args.some((arg) => (SIZE_ARGUMENTS as readonly string[]).includes(arg.name))) {
    return { field: GRAPHQL_LIMITS.fieldCost, multiplier: requestedSize(args) };
  }
  if (
    (field.name === 'document' || field.name === 'blocks') &&
    getNamedType(field.type).name.startsWith('JSON')
  )
    return GRAPHQL_LIMITS.documentCost;
  if (isList(field.type) && isCompositeType(getNamedType(field.type))) {
    return {
      field: GRAPHQL_LIMITS.fieldCost,
      multiplier: PAGE_ITEMS.has(field.name) ? 1 : GRAPHQL_LIMITS.unsizedListMultiplier,
    };
  }
  return GRAPHQL_LIMITS.fieldCost;
}

/** The size a list field was asked for, clamped to what it can return (a larger one is refused by the list itself). */
function requestedSize(args: Record<string, unknown>): number {
  const asked = args.first ?? args.last ?? args.pageSize;
  const size = typeof asked === 'number' && Number.isFinite(asked) ? asked : LIMITS.pageSizeDefault;
  return Math.min(Math.max(size, 0), LIMITS.pageSizeMax);
}

/**
 * The cost of the operation that `operationName` selects, with these variables and this context;
 * undefined when the variables do not fit the operation (execution then reports them).
 */
export function operationCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  variableValues: Record<string, unknown>,
  operationName: string | null | undefined,
  context: object,
): number | undefined {
  let cost: number | undefined;
  const rule = createComplexityRule({
    context,
    variableValues,
    operationName,
    onResult: (result) => {
      cost = result.complexity;
    },
  });
  validate(schema, document, [rule]);
  return cost;
}
