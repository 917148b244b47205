// Errors on the traveller pages' paths as pages (docs/pages.md): whoever follows a
// trip's link gets HTML in their browser's language, never the API's JSON body. 404 is the page
// of a trip or catalog not found; a spent rate limit and a 503 (the database away, too many PDFs
// at once) ask to try again in a moment, keeping Retry-After; any other 5xx says the fault is
// ours. Never cached, never indexed.
import type { ErrorPage } from '../rest/types.ts';
import { html } from './html.ts';
import { renderDocument } from './layout.ts';
import { renderNotFound, visitorLanguage } from './not-found-page.ts';
import { pageResponse } from './page-response.ts';
import { wordsFor } from './words.ts';

/** The error page of the paths of trips (`/t/`, `/i/`) or of catalogs (`/c/`). */
export function errorPageOf(what: 'trip' | 'catalog'): ErrorPage {
  return (_error, request, { status, headers }) => {
    const page = status === 404 ? renderNotFound(request, what) : renderErrorPage(request, status);
    const response = pageResponse(request, page, status);
    for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
    return response;
  };
}

export function renderErrorPage(request: Request, status: number): string {
  const lang = visitorLanguage(request);
  const words = wordsFor(lang);
  const [title, text] =
    status === 429 || status === 503
      ? [words.busy, words.busyText]
      : status >= 500
        ? [words.serverError, words.serverErrorText]
        : [words.refused, words.refusedText];
  // Try again: the same address for a page, the trip's page after a form sent to it.
  const path = new URL(request.url).pathname;
  const again = request.method === 'GET' ? path : path.replace(/\/join$/, '');
  return renderDocument({
    lang,
    title,
    head: html`<meta name="robots" content="noindex">`,
    body: html`<main id="main" class="layout"><h1>${title}</h1><p>${text}</p><p><a class="button" href="${again}">${words.tryAgain}</a></p></main>`,
  });
}
