// Trusted documents on Yoga's side of /graphql (GET, and every POST that direct-execution.ts
// leaves to Yoga): graphql-yoga's persisted-operations plugin finds the document a request names
// (`documentId`, or Apollo's extension) and skips its parsing and validation; before it, the mode
// of the caller's class refuses a document of the caller's own; after validation, a document a
// client sent that passed is kept for direct execution.
import { usePersistedOperations } from '@graphql-yoga/plugin-persisted-operations';
import { createGraphQLError, type GraphQLParams, type Plugin } from 'graphql-yoga';
import type { Config } from '../config/config.ts';
import { documentIdOf, mayRunArbitrary, type TrustedDocuments } from './trusted-documents.ts';
import type { ValidatedDocuments } from './validated-documents.ts';
import type { YogaServerContext } from './context.ts';

const HOW_TO_NAME =
  'Send {"documentId": "sha256:<hash>"} of a document of trusted-documents.json (or the hash in Apollo\'s persistedQuery extension); see docs/graphql.md#trusted-documents in the repository.';

export function trustedDocumentErrors() {
  return {
    unknownDocument: (id: string) =>
      createGraphQLError(`No trusted document has the id "${id}". ${HOW_TO_NAME}`, {
        extensions: { code: 'unknown_document' },
      }),
    trustedOnly: (anonymous: boolean) =>
      createGraphQLError(
        `${anonymous ? 'Without credentials' : 'Here'} only trusted documents run, not a query of your own. ${HOW_TO_NAME}`,
        { extensions: { code: 'trusted_documents_only' } },
      ),
  };
}

export function useTrustedDocuments(
  trusted: TrustedDocuments,
  validated: ValidatedDocuments,
  documents: Config['graphql']['documents'],
): Plugin[] {
  const errors = trustedDocumentErrors();
  /** Requests that brought their own document: the ones worth keeping once validated. */
  const ownDocument = new WeakSet<Request>();
  return [
    {
      onParams({ params, request, context }) {
        if (params.query == null) return;
        const actor = (context as unknown as YogaServerContext).appContext.actor;
        if (!mayRunArbitrary(documents, actor)) throw errors.trustedOnly(actor === null);
        ownDocument.add(request);
      },
    },
    usePersistedOperations({
      allowArbitraryOperations: true,
      // Yoga's GET parser keeps only its own parameters: a GET's documentId is read from its URL.
      extractPersistedOperationId: (params, request) =>
        documentIdOf({
          ...params,
          documentId:
            (params as { documentId?: unknown }).documentId ??
            (request.method === 'GET'
              ? new URL(request.url).searchParams.get('documentId')
              : undefined),
        }),
      getPersistedOperation: (id) => trusted.get(id)?.document ?? null,
      skipDocumentValidation: true,
      customErrors: {
        notFound: ({ params, request }) =>
          errors.unknownDocument(
            documentIdOf(params) ?? new URL(request.url).searchParams.get('documentId') ?? '',
          ),
        keyNotFound: {
          message: `Must provide a query string or a trusted document's id. ${HOW_TO_NAME}`,
          extensions: { http: { status: 400 }, code: 'BAD_REQUEST' },
        },
      },
    }),
    {
      onValidate({ params, context }) {
        const request = (context as { request?: Request }).request;
        const source = (context as { params?: GraphQLParams }).params?.query;
        if (!request || !ownDocument.has(request) || typeof source !== 'string') return;
        return ({ result }) => {
          if (result.length === 0) validated.add(source, params.documentAST);
        };
      },
    },
  ];
}
