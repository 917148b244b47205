// Idempotency keys (docs/errors-and-limits.md#idempotency-keys): a POST or PATCH with credentials and an
// `Idempotency-Key` header, REST or a GraphQL mutation, runs in one transaction with its key's
// stored answer. The transaction takes the key's lock (409 while another request holds it),
// replays the answer stored for the key (422 when it answered another request), or runs the
// request with every statement in the transaction (db/joined-transaction.ts) and stores its
// answer before the commit: the change and its answer commit together or not at all, so a retry
// after a crash gets the answer of the change that committed, never a second change.
//
// A request without the header never comes here (app.ts looks at the header only).
import type { Response } from '@whatwg-node/server';
import { Kind, parse } from 'graphql';
import type { Config } from '../config/config.ts';
import { DURATIONS, GRAPHQL_LIMITS, LIMITS } from '../config/constants.ts';
import { joinedClient } from '../db/joined-transaction.ts';
import type { PrismaClient } from '../db/prisma.ts';
import { IdempotencyKeyInUseError, IdempotencyKeyMismatchError } from '../errors.ts';
import type { Context } from '../graphql/context.ts';
import { readBody } from '../rest/body.ts';
import { errorResponse } from '../rest/errors.ts';
import {
  type Answer,
  answerOf,
  type Fate,
  fingerprintOf,
  replayOf,
  responseOf,
  restFate,
  validKey,
} from './idempotency.rules.ts';
import { findAnswer, lockKey, scopeOf, storeAnswer } from './idempotency.store.ts';

export { IDEMPOTENCY_KEY_HEADER, wantsIdempotency } from './idempotency.rules.ts';

export interface IdempotencyDeps {
  prisma: PrismaClient;
  /** The key that encrypts stored answers (config/secret-key.ts). */
  secret: Buffer;
  config: Pick<Config, 'clock' | 'idempotencyTestHook'>;
}

export type Dispatch = (request: Request) => Promise<Response>;

/**
 * The guard of an authenticated request that wantsIdempotency: `keyValues` are the header's lines
 * as received; `dispatch` answers the request (REST router or Yoga).
 */
export function createIdempotencyGuard(deps: IdempotencyDeps) {
  const { prisma, secret, config } = deps;
  return async function guard(
    request: Request,
    keyValues: readonly string[],
    context: Context,
    url: URL,
    dispatch: Dispatch,
  ): Promise<Response> {
    try {
      const key = validKey(keyValues);
      const graphql = url.pathname === '/graphql';
      // The body is read once, for the fingerprint, and handed on: the route reads it again
      // under its own limit (this one is the largest a route or /graphql takes).
      const body = await readBody(
        request,
        graphql ? LIMITS.configBodyBytes : LIMITS.importBodyBytes,
      );
      const again = new Request(request.url, {
        method: request.method,
        headers: request.headers,
        ...(body.byteLength ? { body } : {}),
      });
      if (graphql && !isMutation(request.headers.get('content-type'), body)) return dispatch(again);
      const scope = scopeOf(context.actor!, key);
      const fingerprint = fingerprintOf(request.method, url.pathname + url.search, body);
      const now = config.clock();
      const answered = await prisma.$transaction(async (tx) => {
        if (!(await lockKey(tx, scope)))
          throw new IdempotencyKeyInUseError(DURATIONS.idempotencyRetryAfterSeconds);
        const stored = await findAnswer(tx, scope, now, secret);
        if (stored) {
          if (stored.fingerprint !== fingerprint) throw new IdempotencyKeyMismatchError();
          return replayOf(stored.answer);
        }
        context.prisma = joinedClient(tx);
        const answer = await answerOf(await dispatch(again));
        const fate = graphql ? graphqlFate(answer) : restFate(answer.status);
        // Thrown to roll back: what the request did goes with it.
        if (fate !== 'store') throw new NotStored(fate === 'retry' ? undone(answer) : answer);
        const expiresAt = new Date(now.getTime() + DURATIONS.idempotencyKeyTtlMs);
        await storeAnswer(tx, scope, fingerprint, answer, { now, expiresAt }, secret);
        await config.idempotencyTestHook?.('beforeCommit');
        return answer;
      });
      await config.idempotencyTestHook?.('afterCommit');
      return responseOf(answered);
    } catch (error) {
      if (error instanceof NotStored) return responseOf(error.answer);
      return errorResponse(error, context.logger);
    } finally {
      context.prisma = prisma;
    }
  };
}

class NotStored {
  readonly answer: Answer;
  constructor(answer: Answer) {
    this.answer = answer;
  }
}

/**
 * Whether a /graphql body runs a mutation (queries change nothing and are never stored). A body
 * that does not parse is not one: Yoga answers it.
 */
function isMutation(contentType: string | null, body: Uint8Array): boolean {
  const text = Buffer.from(body).toString('utf8');
  let query: unknown = text;
  let operationName: unknown;
  if (!contentType?.startsWith('application/graphql')) {
    try {
      ({ query, operationName } = JSON.parse(text) ?? {});
    } catch {
      return false;
    }
  }
  if (typeof query !== 'string') return false;
  try {
    const operations = parse(query, { maxTokens: GRAPHQL_LIMITS.maxTokens }).definitions.filter(
      (definition) => definition.kind === Kind.OPERATION_DEFINITION,
    );
    const operation =
      typeof operationName === 'string'
        ? operations.find((o) => o.name?.value === operationName)
        : operations.length === 1
          ? operations[0]
          : undefined;
    return operation?.operation === 'mutation';
  } catch {
    return false;
  }
}

/** Errors of GraphQL that mean "try again" (500 and 503 in REST). */
const RETRY_CODES = new Set(['internal_error', 'service_unavailable', 'operation_timeout']);
/** Errors of GraphQL that are a decided answer (404, 412), kept like REST's. */
const DECIDED_CODES = new Set(['not_found', 'job_not_found', 'precondition_failed']);

/**
 * The same rule for a GraphQL answer: an error that means "try again" rolls the whole mutation
 * back; an answer where a root field succeeded, or whose errors are decided ones, is kept; one
 * that only refuses (validation_failed, forbidden...) is not.
 */
function graphqlFate(answer: Answer): Fate {
  if (answer.status !== 200) return restFate(answer.status);
  let result: { data?: Record<string, unknown> | null; errors?: unknown[] };
  try {
    result = JSON.parse(Buffer.from(answer.body).toString('utf8'));
  } catch {
    return 'refused';
  }
  const codes = (result.errors ?? []).map(
    (error) => (error as { extensions?: { code?: unknown } })?.extensions?.code,
  );
  if (codes.some((code) => RETRY_CODES.has(code as string))) return 'retry';
  const succeeded = Object.values(result.data ?? {}).some((value) => value !== null);
  if (succeeded || codes.length === 0) return 'store';
  return codes.every((code) => DECIDED_CODES.has(code as string)) ? 'store' : 'refused';
}

/** A GraphQL answer rolled back: no field's data stands, only the errors. */
function undone(answer: Answer): Answer {
  if (answer.status >= 500) return answer;
  try {
    const { errors } = JSON.parse(Buffer.from(answer.body).toString('utf8'));
    return { ...answer, body: Buffer.from(JSON.stringify({ data: null, errors })) };
  } catch {
    return answer;
  }
}
