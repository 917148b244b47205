// The page of a trip or catalog no public page shows (private, in the trash, unknown): 404, in the
// visitor's language when the browser names one of ours, since no trip says which.
import { html } from './html.ts';
import { renderDocument } from './layout.ts';
import { type Words, wordsFor } from './words.ts';

const LANGUAGES = ['en', 'es', 'fr', 'pt', 'it', 'de'];

/** The first language of Accept-Language that the pages speak, else English. */
export function visitorLanguage(request: Request): string {
  const header = request.headers.get('accept-language') ?? '';
  for (const part of header.split(',')) {
    const base = part.split(';')[0]?.trim().toLowerCase().split('-')[0];
    if (base && LANGUAGES.includes(base)) return base;
  }
  return 'en';
}

export function renderNotFound(request: Request, what: 'trip' | 'catalog'): string {
  const lang = visitorLanguage(request);
  const words: Words = wordsFor(lang);
  const [title, text] =
    what === 'trip'
      ? [words.tripNotFound, words.tripNotFoundText]
      : [words.catalogNotFound, words.catalogNotFoundText];
  return renderDocument({
    lang,
    title,
    head: html`<meta name="robots" content="noindex">`,
    body: html`<main id="main" class="layout"><h1>${title}</h1><p>${text}</p></main>`,
  });
}
