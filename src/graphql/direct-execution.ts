// POST /graphql without Yoga's pipeline for a document prepared before: a trusted one, or one a
// client sent that Yoga validated already (validated-documents.ts). Front-ends send the same few
// documents all day; parsing, validating and interpreting them for every request cost 3 times
// the REST facade's CPU (docs/performance.md). The checks that depend on the request run here
// as in armor.ts (storable variables, one root field in an anonymous mutation, the cost budget,
// the time budget); errors are masked and the answer is made as Yoga makes it. Anything else,
// every refusal included, returns undefined and goes to Yoga, which answers it as before.
import { Response } from '@whatwg-node/server';
import type { ExecutionResult } from 'graphql';
import { processRegularResult } from 'graphql-yoga';
import type { Actor } from '../auth/actor.ts';
import type { Config } from '../config/config.ts';
import type { Logger } from '../logger.ts';
import { operationLabel } from '../metrics/graphql.plugin.ts';
import type { Metrics } from '../metrics/metrics.ts';
import { traceSpan } from '../tracing/tracing.ts';
import { storableVariablesError } from './armor-rules.ts';
import type { Context } from './context.ts';
import { maskError } from './errors.ts';
import type { PreparedDocument } from './prepared-document.ts';
import { withTimeBudget } from './time-budget.ts';
import { documentIdOf, mayRunArbitrary, type TrustedDocuments } from './trusted-documents.ts';
import type { ValidatedDocuments } from './validated-documents.ts';

const JSON_TYPES = new Set(['application/json', 'application/graphql+json']);
/** What Yoga reads from a body, with `documentId` (GraphQL over HTTP's persisted documents). */
const PARAMS = new Set(['query', 'variables', 'operationName', 'extensions', 'documentId']);
const FETCH_API = { Response } as unknown as Parameters<typeof processRegularResult>[1];

interface Params {
  query?: unknown;
  variables?: unknown;
  operationName?: unknown;
  extensions?: unknown;
  documentId?: unknown;
}

export interface DirectExecutionDeps {
  trusted: TrustedDocuments;
  validated: ValidatedDocuments;
  limits: Config['graphql'];
  metrics: Metrics;
  /** Operation names the metrics count by name; the others are `other`. */
  knownOperations: ReadonlySet<string>;
  logger: Logger;
}

export type DirectExecution = (
  request: Request,
  body: string,
  context: Context,
) => Promise<Response | undefined>;

export function createDirectExecution(deps: DirectExecutionDeps): DirectExecution {
  const { limits, metrics } = deps;
  const onUnexpected = (cause: unknown) =>
    deps.logger.error({ err: cause }, 'unexpected GraphQL error');

  /** The prepared document the request names or sends, when it may run it. */
  function documentOf(params: Params, actor: Actor | null): PreparedDocument | undefined {
    if (params.query != null) {
      if (typeof params.query !== 'string' || !mayRunArbitrary(limits.documents, actor)) return;
      return deps.validated.get(params.query);
    }
    const id = documentIdOf(params);
    return id === null ? undefined : deps.trusted.get(id);
  }

  return async (request, body, context) => {
    const accepted = regularMediaType(request.headers.get('accept'));
    if (!accepted || !JSON_TYPES.has(mediaTypeOf(request))) return undefined;
    const params = paramsOf(body);
    if (!params) return undefined;
    const prepared = documentOf(params, context.actor);
    // A subscription streams: Yoga serves it (over SSE).
    if (
      !prepared ||
      prepared.type === 'subscription' ||
      (params.operationName != null && params.operationName !== prepared.name)
    )
      return undefined;
    const variables = (params.variables ?? {}) as Record<string, unknown>;
    const anonymous = context.actor === null;
    const budget = anonymous ? limits.anonymousCostLimit : limits.costLimit;
    if (
      storableVariablesError(variables) ||
      (anonymous && prepared.type === 'mutation' && prepared.rootFields > 1) ||
      !((prepared.cost(variables, context) ?? Infinity) <= budget)
    )
      return undefined;

    const timed: { signal?: AbortSignal } = {};
    const done = withTimeBudget(timed, context, limits.timeoutMs);
    let result: ExecutionResult;
    try {
      result = await traceSpan(
        `graphql.execute ${prepared.type}${prepared.name ? ` ${prepared.name}` : ''}`,
        'internal',
        { 'graphql.operation.type': prepared.type, 'graphql.operation.name': prepared.name },
        () => prepared.run(context, variables, timed.signal),
      );
    } catch (error) {
      // graphql-js's executor throws when the time budget aborts it: the budget's error is the answer.
      if (!timed.signal?.aborted) throw error;
      result = { data: null, errors: [timed.signal.reason] };
    } finally {
      done();
    }
    const errors = result.errors?.map((error) => maskError(error, onUnexpected));
    metrics.graphqlOperation(
      operationLabel(deps.knownOperations, prepared.name),
      prepared.type,
      errors?.length ? 'error' : 'ok',
    );
    return processRegularResult(
      errors ? { ...result, errors } : result,
      FETCH_API,
      accepted,
    ) as Response;
  };
}

const mediaTypeOf = (request: Request) =>
  (request.headers.get('content-type')?.split(';')[0] ?? '').trim().toLowerCase();

/** The body's GraphQL parameters, when they are well formed (Yoga explains the rest). */
function paramsOf(body: string): Params | undefined {
  let params: unknown;
  try {
    params = JSON.parse(body);
  } catch {
    return undefined;
  }
  if (params === null || typeof params !== 'object' || Array.isArray(params)) return undefined;
  for (const key in params) if (!PARAMS.has(key)) return undefined;
  const { variables, operationName } = params as Params;
  if (variables != null && (typeof variables !== 'object' || Array.isArray(variables)))
    return undefined;
  if (operationName != null && typeof operationName !== 'string') return undefined;
  return params as Params;
}

const REGULAR = ['application/graphql-response+json', 'application/json'];

/**
 * The media type Yoga answers a non-streamed result with (its use-result-processor.js): it walks
 * the Accept list from the last type to the first and the last match wins, so the first type
 * asked for that matches, `application/json` for `*\/*`. Undefined (Yoga decides) for types with
 * parameters or when nothing matches (a 406).
 */
function regularMediaType(accept: string | null): string | undefined {
  if (accept === null) return 'application/json';
  let chosen: string | undefined;
  for (const asked of accept.replace(/\s/g, '').toLowerCase().split(',').reverse()) {
    if (asked.includes(';')) return undefined;
    const [group, sub] = asked.split('/');
    for (const type of REGULAR) {
      const [typeGroup, typeSub] = type.split('/');
      if ((group === '*' || group === typeGroup) && (sub === '*' || sub === typeSub)) chosen = type;
    }
  }
  return chosen;
}
