// The REST facade runs fixed GraphQL documents in-process, past Yoga and its limits, and so does
// /graphql for the trusted documents: they must stay within those limits by construction. Each
// document every route prepares, and each of trusted-documents.json, is checked here with the
// same rules and the same cost model as /graphql, with the largest page sizes.
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import { maxDirectivesRule } from '@escape.tech/graphql-armor-max-directives';
import {
  getIntrospectionQuery,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isRequiredInputField,
  Kind,
  parse,
  typeFromAST,
  validate,
  type GraphQLInputType,
  type OperationDefinitionNode,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.ts';
import { GRAPHQL_LIMITS, LIMITS } from '../../src/config/constants.ts';
import { oneTripViewRule } from '../../src/graphql/armor-rules.ts';
import { operationCost } from '../../src/graphql/cost.ts';
import { DOMAINS } from '../../src/domains.ts';
import { buildSchema } from '../../src/graphql/schema.ts';
import { readManifest } from '../../src/graphql/trusted-documents.ts';
import { preparedOperations } from '../../src/rest/execute.ts';
import { createRestRouter } from '../../src/rest/router.ts';

const schema = await buildSchema(DOMAINS);

/** Operations the REST facade runs for callers without credentials: they get the lower budget. */
const PUBLIC = new Set([
  'Status',
  'PublicCatalog',
  'IssueMachineToken',
  'TripImport',
  'RecordTripView',
]);
const SIZES = new Set(['pageSize', 'first', 'last']);

/** A value of the variable's type that coerces; list sizes at their maximum. */
function sample(type: GraphQLInputType, name: string): unknown {
  if (isNonNullType(type)) return sample(type.ofType, name);
  if (isListType(type)) return [sample(type.ofType, name)];
  if (isEnumType(type)) return type.getValues()[0]!.name;
  if (isInputObjectType(type)) {
    const fields = Object.values(type.getFields()).filter(isRequiredInputField);
    return Object.fromEntries(fields.map((field) => [field.name, sample(field.type, field.name)]));
  }
  switch (getNamedType(type).name) {
    case 'Int':
      return SIZES.has(name) ? LIMITS.pageSizeMax : 1;
    case 'Float':
      return 1;
    case 'Boolean':
      return true;
    case 'DateTime':
      return '2026-01-01T00:00:00Z';
    case 'JSON':
    case 'JSONObject':
      return {};
    default:
      return 'x';
  }
}

describe('REST operations', () => {
  createRestRouter(DOMAINS, schema, 'api');
  createRestRouter(DOMAINS, schema, 'ai');
  const config = loadConfig({}).graphql;
  const trusted = Object.values(readManifest());
  const operations = [...preparedOperations.keys(), ...trusted];

  it('are all registered', () => {
    expect(preparedOperations.size).toBeGreaterThan(30);
    expect(trusted.length).toBeGreaterThan(5);
  });

  it.each(operations.map((source) => [source.trim().split(/[\s(]/).slice(0, 2).join(' '), source]))(
    '%s stays within the /graphql limits',
    (_name, source) => {
      // Tokens, counted as the parser counts them for /graphql.
      const document = parse(source, { maxTokens: GRAPHQL_LIMITS.maxTokens });
      // Armor's rules throw on a document over their limit.
      const errors = validate(schema, document, [
        maxAliasesRule({ n: GRAPHQL_LIMITS.maxAliases }),
        maxDepthRule({ n: GRAPHQL_LIMITS.maxDepth, flattenFragments: true }),
        maxDirectivesRule({ n: GRAPHQL_LIMITS.maxDirectives }),
        oneTripViewRule,
      ]);
      expect(errors).toEqual([]);
      const operation = document.definitions.find(
        (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
      )!;
      const variables = Object.fromEntries(
        (operation.variableDefinitions ?? []).map((definition) => {
          const type = typeFromAST(schema, definition.type) as GraphQLInputType;
          return [definition.variable.name.value, sample(type, definition.variable.name.value)];
        }),
      );
      const cost = operationCost(schema, document, variables, operation.name?.value, {
        actor: null,
      });
      expect(cost).toBeGreaterThan(0);
      const budget = PUBLIC.has(operation.name?.value ?? '')
        ? config.anonymousCostLimit
        : config.costLimit;
      expect(cost).toBeLessThanOrEqual(budget);
    },
  );
});

describe('introspection where it is on (development)', () => {
  it("GraphiQL's introspection query stays within the document limits", () => {
    const document = parse(
      getIntrospectionQuery({
        descriptions: true,
        specifiedByUrl: true,
        inputValueDeprecation: true,
      }),
      { maxTokens: GRAPHQL_LIMITS.maxTokens },
    );
    expect(
      validate(schema, document, [
        maxAliasesRule({ n: GRAPHQL_LIMITS.maxAliases }),
        maxDepthRule({ n: GRAPHQL_LIMITS.maxDepth, flattenFragments: true }),
        maxDirectivesRule({ n: GRAPHQL_LIMITS.maxDirectives }),
      ]),
    ).toEqual([]);
  });
});
