// POST /graphql with a JSON body that does not parse: Yoga's own answer is "POST body sent invalid
// JSON." with no position; this one says where, as the REST facade does (shared/json-syntax.ts).
// The rest is Yoga's JSON parser's behaviour (post-json.js): a body that is not an object is a 400,
// and Yoga checks the parameters (query, variables...) after this as before.
import { createGraphQLError, type GraphQLParams, type Plugin } from 'graphql-yoga';
import { jsonSyntaxProblem } from '../shared/json-syntax.ts';
import { documentIdOf } from './trusted-documents.ts';

const JSON_TYPES = new Set(['application/json', 'application/graphql+json']);
// A 400 whatever the client accepts: a body that is not JSON, or has no query, is not a
// well-formed GraphQL-over-HTTP request, which the specification answers with a 4xx even for
// application/json (Yoga's `spec: true` made it a 200 there; `{"query":123}` was already a 400).
const badRequest = (message: string) =>
  createGraphQLError(message, {
    extensions: { http: { status: 400 }, code: 'BAD_REQUEST' },
  });

/** A query, or the id of a trusted document (see trusted-documents.ts). */
const namesADocument = (body: Record<string, unknown>) =>
  body.query != null || documentIdOf(body) !== null;

export function useJsonSyntaxPositions(): Plugin {
  return {
    onRequestParse({ request, setRequestParser }) {
      const type = (request.headers.get('content-type')?.split(';')[0] ?? '').trim().toLowerCase();
      if (request.method !== 'POST' || !JSON_TYPES.has(type)) return;
      setRequestParser(async (req) => {
        const text = await req.text();
        let body: unknown;
        try {
          body = JSON.parse(text);
        } catch {
          throw badRequest(
            `POST body sent invalid JSON: ${jsonSyntaxProblem(text) ?? 'it does not parse'}.`,
          );
        }
        if (body === null || typeof body !== 'object')
          throw badRequest(
            `POST body is expected to be object but received ${body === null ? 'null' : typeof body}`,
          );
        if (!Array.isArray(body) && !namesADocument(body as Record<string, unknown>))
          throw badRequest(
            "Must provide a query string or a trusted document's id (documentId, or Apollo's persistedQuery extension).",
          );
        return body as GraphQLParams | GraphQLParams[];
      });
    },
  };
}
