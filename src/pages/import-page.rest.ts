// GET /i/{jobId}: where an import job's publicUrl points while the trip is being made. Once the
// job has its trip, a 303 to the trip's page; while it works, a page that refreshes itself every
// few seconds (no JavaScript); when it failed or was cancelled, a page that says so. Its data is
// the public `tripImport` query.
import type { GraphQLSchema } from 'graphql';
import type { Context } from '../graphql/context.ts';
import { NotFoundError } from '../errors.ts';
import { documentSource } from '../graphql/trusted-documents.ts';
import { prepareOperation, runOperation, type PreparedOperation } from '../rest/execute.ts';
import { html } from './html.ts';
import { renderDocument } from './layout.ts';
import { visitorLanguage } from './not-found-page.ts';
import { pageResponse } from './page-response.ts';
import { wordsFor } from './words.ts';

const QUERY = documentSource('pages/import-page.graphql');
interface ImportData {
  tripImport: { status: string; tripSlug: string | null };
}
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const REFRESH_SECONDS = 3;
const prepared = new WeakMap<GraphQLSchema, PreparedOperation<ImportData>>();

export async function handleImportPage(
  schema: GraphQLSchema,
  request: Request & { params: Record<string, string> },
  context: Context,
): Promise<Response> {
  const jobId = request.params.jobId ?? '';
  if (!UUID.test(jobId)) throw new NotFoundError('Import not found.');
  let operation = prepared.get(schema);
  if (!operation) {
    operation = prepareOperation(schema, QUERY);
    prepared.set(schema, operation);
  }
  const { status, tripSlug } = (await runOperation(schema, operation, context, { jobId }))
    .tripImport;
  if (tripSlug)
    return new Response(null, {
      status: 303,
      headers: { location: `/t/${encodeURIComponent(tripSlug)}`, 'cache-control': 'no-store' },
    });
  const lang = visitorLanguage(request);
  const words = wordsFor(lang);
  const waiting = status === 'processing';
  const [title, text] = waiting
    ? [words.importWaiting, words.importWaitingText]
    : [words.importFailed, words.importFailedText];
  const page = renderDocument({
    lang,
    title,
    head: html`<meta name="robots" content="noindex">${waiting ? html`<meta http-equiv="refresh" content="${String(REFRESH_SECONDS)}">` : ''}`,
    body: html`<main id="main" class="layout"><h1>${title}</h1><p role="status">${text}</p></main>`,
  });
  return pageResponse(request, page, 200, false);
}
