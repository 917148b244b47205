// GET /c/{slug}: a public catalog's page (docs/pages.md): its title, description and
// logo, its public trips in catalog order as cards linking to their pages, and the filters it
// enables (countries, month, duration) as a plain GET form, so they work without JavaScript.
// The data is the public `publicCatalog` query. A catalog has no language of its own: the page
// speaks the visitor's (Accept-Language), among the six of the pages.
import type { GraphQLSchema } from 'graphql';
import type { Context } from '../graphql/context.ts';
import { documentSource } from '../graphql/trusted-documents.ts';
import { prepareOperation, runOperation, type PreparedOperation } from '../rest/execute.ts';
import { createFormatter, type Formatter } from './format.ts';
import { html, type Markup, safeUrl } from './html.ts';
import { renderDocument } from './layout.ts';
import { visitorLanguage } from './not-found-page.ts';
import { pageResponse } from './page-response.ts';
import { type Words, wordsFor } from './words.ts';

const PAGE_SIZE = 24;

const QUERY = documentSource('pages/catalog-page.graphql');

interface CardTrip {
  title: string;
  slug: string;
  seoDescription: string | null;
  duration: number | null;
  dateStart: string | null;
  dateFinish: string | null;
  countries: string[];
  imageUrl: string | null;
}
interface CatalogData {
  publicCatalog: {
    slug: string;
    title: string;
    subtitle: string | null;
    description: string | null;
    seoDescription: string | null;
    pictureUrl: string | null;
    logoUrl: string | null;
    filters: { countries: boolean; month: boolean; duration: boolean };
    facets: { countries: string[]; months: string[] };
    trips: { data: CardTrip[]; page: number; totalCount: number; totalPages: number };
  };
}

/** Duration bands of the filter, by their query value. */
const DURATIONS = {
  short: { maxDuration: 7 },
  medium: { minDuration: 8, maxDuration: 14 },
  long: { minDuration: 15 },
} as const;
type DurationBand = keyof typeof DURATIONS;

interface Chosen {
  country?: string;
  month?: string;
  duration?: DurationBand;
  page: number;
}

const prepared = new WeakMap<GraphQLSchema, PreparedOperation<CatalogData>>();

export async function handleCatalogPage(
  schema: GraphQLSchema,
  request: Request & { params: Record<string, string> },
  context: Context,
): Promise<Response> {
  const slug = request.params.slug ?? '';
  let operation = prepared.get(schema);
  if (!operation) {
    operation = prepareOperation(schema, QUERY);
    prepared.set(schema, operation);
  }
  const chosen = chosenFilters(new URL(request.url).searchParams);
  const run = (filters: Chosen) =>
    runOperation(schema, operation, context, {
      slug,
      page: filters.page,
      pageSize: PAGE_SIZE,
      country: filters.country,
      month: filters.month,
      ...(filters.duration ? DURATIONS[filters.duration] : {}),
    });
  // Filters the catalog does not offer are not applied: its page shows them nowhere.
  const first = await run(chosen);
  const offered = first.publicCatalog.filters;
  const applied: Chosen = {
    page: chosen.page,
    country: offered.countries ? chosen.country : undefined,
    month: offered.month ? chosen.month : undefined,
    duration: offered.duration ? chosen.duration : undefined,
  };
  const same =
    applied.country === chosen.country &&
    applied.month === chosen.month &&
    applied.duration === chosen.duration;
  const data = same ? first : await run(applied);
  return pageResponse(request, renderCatalogPage(data.publicCatalog, applied, request));
}

/** What the query string asks for; a value no filter takes is no filter. */
function chosenFilters(query: URLSearchParams): Chosen {
  const country = query.get('country')?.toUpperCase();
  const month = query.get('month');
  const duration = query.get('duration');
  const page = Number(query.get('page') ?? '1');
  return {
    country: country && /^[A-Z]{3}$/.test(country) ? country : undefined,
    month: month && /^\d{4}-(0[1-9]|1[0-2])$/.test(month) ? month : undefined,
    duration: duration && duration in DURATIONS ? (duration as DurationBand) : undefined,
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

function renderCatalogPage(
  catalog: CatalogData['publicCatalog'],
  chosen: Chosen,
  request: Request,
): string {
  const lang = visitorLanguage(request);
  const words = wordsFor(lang);
  const format = createFormatter({
    language: lang,
    dateFormat: 'D MMM YYYY',
    timeFormat: '24h',
    currency: 'EUR',
    currencySymbolPosition: 'end',
    decimalSeparator: ',',
  });
  const logo = safeUrl(catalog.logoUrl);
  const picture = safeUrl(catalog.pictureUrl);
  const { trips } = catalog;
  const body = html`<a class="skip" href="#main">${words.skipToContent}</a>
<header class="hero cover">
${picture ? html`<img class="hero-image" src="${picture}" alt="" width="1600" height="600" fetchpriority="high">` : ''}
<div class="hero-text">
${logo ? html`<img class="logo" src="${logo}" alt="${words.logo}" height="64">` : ''}
<h1>${catalog.title}</h1>
${catalog.subtitle ? html`<p class="lead">${catalog.subtitle}</p>` : ''}
</div>
</header>
<main id="main" class="layout">
${catalog.description ? html`<p class="lead">${catalog.description}</p>` : ''}
${filterForm(catalog, chosen, words, format)}
<p role="status">${words.tripCount(trips.totalCount)}</p>
${trips.data.length ? html`<ul class="cards">${trips.data.map((trip) => card(trip, words, format))}</ul>` : html`<p>${words.noTrips}</p>`}
${pager(catalog.slug, chosen, trips.page, trips.totalPages, words)}
</main>`;
  return renderDocument({
    lang,
    title: catalog.title,
    // Without a description of the agency's, what the page lists: a search result or a shared
    // link still says what the catalog holds.
    description:
      catalog.seoDescription ||
      catalog.description ||
      catalog.subtitle ||
      [
        `${catalog.title}: ${words.tripCount(trips.totalCount)}`,
        trips.data
          .slice(0, 6)
          .map((trip) => trip.title)
          .join(', '),
      ]
        .filter(Boolean)
        .join(' · '),
    body,
  });
}

function filterForm(
  catalog: CatalogData['publicCatalog'],
  chosen: Chosen,
  words: Words,
  format: Formatter,
): Markup | string {
  const { filters, facets } = catalog;
  const selects: Markup[] = [];
  const select = (name: string, label: string, options: Array<[string, string]>, value?: string) =>
    html`<div class="field"><label for="filter-${name}">${label}</label><select id="filter-${name}" name="${name}"><option value="">${words.any}</option>${options.map(([v, text]) => html`<option value="${v}"${v === value ? html` selected` : ''}>${text}</option>`)}</select></div>`;
  if (filters.countries && facets.countries.length)
    selects.push(
      select(
        'country',
        words.country,
        facets.countries
          .map((code): [string, string] => [code, format.country(code)])
          .sort((a, b) => a[1].localeCompare(b[1])),
        chosen.country,
      ),
    );
  if (filters.month && facets.months.length)
    selects.push(
      select(
        'month',
        words.month,
        facets.months.map((m): [string, string] => [m, format.month(m)]),
        chosen.month,
      ),
    );
  if (filters.duration)
    selects.push(
      select(
        'duration',
        words.duration,
        [
          ['short', words.shortTrips],
          ['medium', words.mediumTrips],
          ['long', words.longTrips],
        ],
        chosen.duration,
      ),
    );
  if (!selects.length) return '';
  return html`<form class="filters" method="get" role="search" aria-label="${words.filters}">${selects}<button type="submit">${words.apply}</button></form>`;
}

function card(trip: CardTrip, words: Words, format: Formatter): Markup {
  const image = safeUrl(trip.imageUrl);
  const start = format.date(trip.dateStart);
  const finish = format.date(trip.dateFinish);
  const dates = start && finish && start !== finish ? `${start} – ${finish}` : start;
  const facts = [dates, trip.duration ? words.dayCount(trip.duration) : null].filter(Boolean);
  return html`<li><article class="card">
${image ? html`<img src="${image}" alt="" loading="lazy" decoding="async" width="640" height="400">` : ''}
<div class="card-body">
<h2><a href="/t/${encodeURIComponent(trip.slug)}">${trip.title}</a></h2>
${facts.length ? html`<p>${facts.join(' · ')}</p>` : ''}
${trip.countries.length ? html`<p>${trip.countries.map((c) => format.country(c)).join(', ')}</p>` : ''}
${trip.seoDescription ? html`<p>${trip.seoDescription}</p>` : ''}
</div>
</article></li>`;
}

function pager(
  slug: string,
  chosen: Chosen,
  page: number,
  totalPages: number,
  words: Words,
): Markup | string {
  if (totalPages <= 1) return '';
  const link = (to: number) => {
    const query = new URLSearchParams();
    if (chosen.country) query.set('country', chosen.country);
    if (chosen.month) query.set('month', chosen.month);
    if (chosen.duration) query.set('duration', chosen.duration);
    if (to > 1) query.set('page', String(to));
    const search = query.toString();
    return `/c/${encodeURIComponent(slug)}${search ? `?${search}` : ''}`;
  };
  return html`<nav class="pager" aria-label="${words.page}">
${page > 1 ? html`<a class="button secondary" href="${link(page - 1)}" rel="prev">${words.previous}</a>` : ''}
<span>${words.page} ${String(page)} / ${String(totalPages)}</span>
${page < totalPages ? html`<a class="button secondary" href="${link(page + 1)}" rel="next">${words.next}</a>` : ''}
</nav>`;
}
