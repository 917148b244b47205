// The limits of /graphql (issue 15), all checked before any resolver runs. Document-only limits
// come from GraphQL Armor: tokens (counted while parsing, so a 45,000-alias document stops at the
// first token over), aliases, depth and directives. Then ours: introspection off unless
// configured, one root field in an anonymous mutation, one recordTripView a document, storable
// strings, the cost budget of the caller, and a time budget for the operation.
import { blockFieldSuggestionsPlugin } from '@escape.tech/graphql-armor-block-field-suggestions';
import { maxAliasesPlugin } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthPlugin } from '@escape.tech/graphql-armor-max-depth';
import { maxDirectivesPlugin } from '@escape.tech/graphql-armor-max-directives';
import { maxTokensPlugin } from '@escape.tech/graphql-armor-max-tokens';
import { GraphQLError, type ValidationContext } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { Config } from '../config/config.ts';
import { GRAPHQL_LIMITS } from '../config/constants.ts';
import type { Context } from './context.ts';
import { operationCost } from './cost.ts';
import {
  introspectionRule,
  oneTripViewRule,
  rootMutationFields,
  storableLiteralsRule,
  storableVariablesError,
} from './armor-rules.ts';
import { withTimeBudget } from './time-budget.ts';

/** Armor's refusals say what was exceeded; the code says which limit, for clients to branch on. */
const withCode = (code: string) => [
  (_context: ValidationContext | null, error: GraphQLError) => {
    (error.extensions as Record<string, unknown>).code = code;
  },
];

export function armorPlugins(config: Config['graphql']): Plugin[] {
  const plugins: Plugin[] = [
    maxTokensPlugin({ n: GRAPHQL_LIMITS.maxTokens, onReject: withCode('query_too_large') }),
    maxAliasesPlugin({ n: GRAPHQL_LIMITS.maxAliases, onReject: withCode('too_many_aliases') }),
    maxDepthPlugin({
      n: GRAPHQL_LIMITS.maxDepth,
      flattenFragments: true,
      onReject: withCode('query_too_deep'),
    }),
    maxDirectivesPlugin({
      n: GRAPHQL_LIMITS.maxDirectives,
      onReject: withCode('too_many_directives'),
    }),
    {
      onValidate: ({ addValidationRule }) => {
        addValidationRule(oneTripViewRule);
        addValidationRule(storableLiteralsRule);
      },
    },
  ];
  if (!config.introspection) {
    plugins.push(
      { onValidate: ({ addValidationRule }) => addValidationRule(introspectionRule) },
      blockFieldSuggestionsPlugin(),
    );
  }
  plugins.push(perRequestLimits(config));
  return plugins;
}

/** What depends on the request (its caller, its variables): checked once per execution. */
function perRequestLimits(config: Config['graphql']): Plugin {
  return {
    onExecute({ args, setResultAndStopExecution }) {
      const refuse = (error: GraphQLError) => setResultAndStopExecution({ errors: [error] });
      const context = args.contextValue as unknown as Context;
      const variables = (args.variableValues ?? {}) as Record<string, unknown>;
      const invalid = storableVariablesError(variables);
      if (invalid) return refuse(invalid);
      const anonymous = context.actor === null;
      if (anonymous && rootMutationFields(args.document, args.operationName) > 1) {
        return refuse(
          new GraphQLError('A mutation without credentials may hold only one field.', {
            extensions: { code: 'too_many_mutations' },
          }),
        );
      }
      const budget = anonymous ? config.anonymousCostLimit : config.costLimit;
      const cost = operationCost(
        args.schema,
        args.document,
        variables,
        args.operationName,
        context,
      );
      if (cost !== undefined && cost > budget) {
        return refuse(
          new GraphQLError(
            `The query costs ${cost}, over the budget of ${budget}${anonymous ? ' without credentials' : ''}: ask for fewer or smaller lists.`,
            { extensions: { code: 'query_too_costly', cost, budget } },
          ),
        );
      }
      // Armor's plugin rewrites validation messages; execution's own (an enum value in a variable) are told not to suggest.
      if (!config.introspection) (args as { hideSuggestions?: boolean }).hideSuggestions = true;
      const done = withTimeBudget(args as { signal?: AbortSignal }, context, config.timeoutMs);
      return { onExecuteDone: done };
    },
  };
}
