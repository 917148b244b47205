// The document rules of /graphql beyond GraphQL Armor's (see armor.ts), and the check of a
// request's variables. Each refusal is a GraphQLError with an `extensions.code`.
import {
  GraphQLError,
  Kind,
  type ASTVisitor,
  type DocumentNode,
  type FragmentDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
  type ValueNode,
} from 'graphql';
import {
  findUnstorableText,
  isStorableText,
  UNSTORABLE_TEXT_MESSAGE,
} from '../shared/storable-text.ts';
import { fieldPath } from '../validation.ts';

/** The names of the fields a selection set selects at its own level, through its fragments. */
function fieldsOf(
  selectionSet: SelectionSetNode,
  fragment: (name: string) => FragmentDefinitionNode | undefined,
  seen = new Set<string>(),
): string[] {
  const names: string[] = [];
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      if (selection.name.value !== '__typename') names.push(selection.name.value);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      names.push(...fieldsOf(selection.selectionSet, fragment, seen));
    } else if (!seen.has(selection.name.value)) {
      seen.add(selection.name.value);
      const definition = fragment(selection.name.value);
      if (definition) names.push(...fieldsOf(definition.selectionSet, fragment, seen));
    }
  }
  return names;
}

/** How many fields the executed operation's mutation selects at its root (0 for a query). */
export function rootMutationFields(
  document: DocumentNode,
  operationName: string | null | undefined,
): number {
  const fragments = new Map<string, FragmentDefinitionNode>();
  const operations = [];
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION)
      fragments.set(definition.name.value, definition);
    else if (definition.kind === Kind.OPERATION_DEFINITION) operations.push(definition);
  }
  const operation = operationName
    ? operations.find((o) => o.name?.value === operationName)
    : operations[0];
  if (operation?.operation !== 'mutation') return 0;
  return fieldsOf(operation.selectionSet, (name) => fragments.get(name)).length;
}

/** Each recordTripView counts a view: one a request, whoever asks (50 aliases made 50 views). */
export function oneTripViewRule(context: ValidationContext): ASTVisitor {
  return {
    OperationDefinition(node) {
      if (node.operation !== 'mutation') return;
      const views = fieldsOf(
        node.selectionSet,
        (name) => context.getFragment(name) ?? undefined,
      ).filter((name) => name === 'recordTripView');
      if (views.length > 1) {
        context.reportError(
          new GraphQLError('recordTripView may be asked once a request.', {
            nodes: node,
            extensions: { code: 'too_many_mutations' },
          }),
        );
      }
    },
  };
}

/** Introspection off (production by default): `__typename` stays, `__schema` and `__type` do not. */
export function introspectionRule(context: ValidationContext): ASTVisitor {
  return {
    Field(node) {
      if (node.name.value === '__schema' || node.name.value === '__type') {
        context.reportError(
          new GraphQLError('Introspection is disabled on this server.', {
            nodes: node,
            extensions: { code: 'introspection_disabled' },
          }),
        );
      }
    },
  };
}

type Path = Array<string | number>;

function unstorableInLiteral(value: ValueNode, path: Path): Path | undefined {
  switch (value.kind) {
    case Kind.STRING:
      return isStorableText(value.value) ? undefined : path;
    case Kind.LIST:
      for (const [index, item] of value.values.entries()) {
        const found = unstorableInLiteral(item, [...path, index]);
        if (found) return found;
      }
      return undefined;
    case Kind.OBJECT:
      for (const field of value.fields) {
        if (!isStorableText(field.name.value)) return [...path, field.name.value];
        const found = unstorableInLiteral(field.value, [...path, field.name.value]);
        if (found) return found;
      }
      return undefined;
    default:
      return undefined;
  }
}

function unstorableError(path: Path, nodes?: ValueNode): GraphQLError {
  const field = fieldPath(path);
  return new GraphQLError(`${field} ${UNSTORABLE_TEXT_MESSAGE}`, {
    nodes,
    extensions: {
      code: 'validation_failed',
      errors: { [field]: [`${field} ${UNSTORABLE_TEXT_MESSAGE}`] },
    },
  });
}

/** Strings written in the document itself (arguments, variable defaults) that PostgreSQL cannot store. */
export function storableLiteralsRule(context: ValidationContext): ASTVisitor {
  return {
    Argument(node) {
      const path = unstorableInLiteral(node.value, [node.name.value]);
      if (path) context.reportError(unstorableError(path, node.value));
    },
    VariableDefinition(node) {
      const path =
        node.defaultValue && unstorableInLiteral(node.defaultValue, [node.variable.name.value]);
      if (path) context.reportError(unstorableError(path, node.defaultValue));
    },
  };
}

/** The same check on the request's variables (src/shared/storable-text.ts decides for REST too). */
export function storableVariablesError(
  variables: Record<string, unknown>,
): GraphQLError | undefined {
  const path = findUnstorableText(variables);
  return path ? unstorableError(path) : undefined;
}
