// What the benchmark sends. Each scenario is one request shape; `next()` gives the next request
// (a random trip id, for instance). Baseline scenarios go to the bare node:http + pg server.
// Background work (webhook deliveries, AI imports) is not a request shape: see BACKGROUND_SCENARIOS.
import { readManifest } from '../src/graphql/trusted-documents.ts';
import { TRIP_FIELDS } from '../src/trips/trip.rest.ts';
import { configurationWithBlocks, NEW_TRIP } from './documents.ts';

export interface BenchRequest {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  body?: string;
  headers?: Record<string, string>;
}

export interface Scenario {
  id: string;
  label: string;
  target: 'service' | 'baseline';
  next(): BenchRequest;
  /** Writes change the data: they run after the reads, so every read sees the seeded account. */
  writes?: boolean;
}

/** The service scenarios measured against the bare baseline: [service, baseline]. */
export const RATIO_PAIRS = [
  ['trip-by-id', 'trip-by-id-baseline'],
  ['trips-list', 'trips-list-baseline'],
  ['trips-list-filter', 'trips-list-filter-baseline'],
  ['trips-list-search', 'trips-list-search-baseline'],
  ['trips-list-sort', 'trips-list-sort-baseline'],
] as const;
/**
 * The same read on POST /graphql and on REST (issue 29), in alternating rounds as the pairs
 * above: [GraphQL, REST]. A trusted document, and a document of the client's own (sent as text,
 * validated by Yoga the first time, run directly after).
 */
export const GRAPHQL_PAIRS = [
  ['trip-by-id-trusted', 'trip-by-id'],
  ['trip-by-id-graphql', 'trip-by-id'],
] as const;
/** Writes measured against the baseline's same transactional work: [service, baseline]. */
export const WRITE_PAIRS = [
  ['create-trip', 'create-trip-baseline'],
  ['put-config', 'put-config-baseline'],
] as const;

/**
 * Background work, measured end to end by a service process that runs the worker role too
 * (webhooks.ts, imports.ts). `--only` takes these ids as well.
 */
export const BACKGROUND_SCENARIOS = [
  'webhook-deliveries',
  'ai-imports-text',
  'ai-imports-pdf',
  'ai-imports-image',
  'ai-imports-html',
  'ai-imports-docx',
  'ai-imports-email',
  'ai-imports-calendar',
] as const;
export type BackgroundScenario = (typeof BACKGROUND_SCENARIOS)[number];

export const TRIP_BY_ID_QUERY = `query Trip($id: Int!) { trip(id: $id) { ${TRIP_FIELDS} } }`;
/** The trusted document of the same read (documents/trip-builder/trip.graphql). */
const TRUSTED_TRIP_ID = Object.entries(readManifest()).find(([, document]) =>
  document.startsWith('query Trip('),
)![0];
const CONNECTION_QUERY = `query Trips { tripsConnection(first: 20) {
  totalCount pageInfo { hasNextPage endCursor } edges { cursor node { ${TRIP_FIELDS} } } } }`;

const json = { 'content-type': 'application/json' };
const q = (params: Record<string, unknown>) =>
  new URLSearchParams(Object.entries(params).map(([k, v]) => [k, JSON.stringify(v)])).toString();

export const LIST_FILTER = q({
  filters: [{ field: 'countries', operator: 'contains', value: 'JPN' }],
});
export const LIST_SEARCH = q({ search: { term: 'lima' } });
export const LIST_SORT = q({ orderBy: { field: 'dateStart', direction: 'desc' } });

/**
 * A service scenario and its baseline: the same requests, to the service and to the bare server
 * (`<id>-baseline`, labelled `<baseLabel>, bare node:http + pg`).
 */
function pair(scenario: Omit<Scenario, 'target'>, baseLabel = scenario.label): Scenario[] {
  return [
    { ...scenario, target: 'service' },
    {
      ...scenario,
      id: `${scenario.id}-baseline`,
      label: `${baseLabel}, bare node:http + pg`,
      target: 'baseline',
    },
  ];
}

export function scenarios(tripIds: readonly number[]): Scenario[] {
  const randomId = () => tripIds[Math.floor(Math.random() * tripIds.length)]!;
  const get = (path: string | (() => string)) => () => ({
    method: 'GET' as const,
    path: typeof path === 'string' ? path : path(),
  });
  // Each PUT changes the document (its itinerary's title counts them): a document equal to the
  // stored one is a save that writes nothing in the service, never in the hand-written server.
  const configBody = JSON.stringify(configurationWithBlocks(200));
  let configs = 0;
  const nextConfigBody = () =>
    configBody.replace('"title":"Itinerary"', `"title":"Itinerary ${++configs}"`);
  const tripBody = JSON.stringify(NEW_TRIP);
  return [
    { id: 'status', label: 'GET /status', target: 'service', next: get('/status') },
    ...pair({
      id: 'trip-by-id',
      label: 'GET /trips/{id}',
      next: get(() => `/trips/${randomId()}`),
    }),
    {
      id: 'trip-by-id-trusted',
      label: 'the same read as POST /graphql, a trusted document',
      target: 'service',
      next: () => ({
        method: 'POST',
        path: '/graphql',
        headers: json,
        body: JSON.stringify({
          documentId: `sha256:${TRUSTED_TRIP_ID}`,
          variables: { id: randomId() },
        }),
      }),
    },
    {
      id: 'trip-by-id-graphql',
      label: 'the same read as POST /graphql, a document of its own',
      target: 'service',
      next: () => ({
        method: 'POST',
        path: '/graphql',
        headers: json,
        body: JSON.stringify({ query: TRIP_BY_ID_QUERY, variables: { id: randomId() } }),
      }),
    },
    ...pair(
      { id: 'trips-list', label: 'GET /trips (default order)', next: get('/trips') },
      'GET /trips',
    ),
    ...pair({
      id: 'trips-list-filter',
      label: 'GET /trips, countries contains JPN',
      next: get(`/trips?${LIST_FILTER}`),
    }),
    ...pair({
      id: 'trips-list-search',
      label: 'GET /trips, search "lima"',
      next: get(`/trips?${LIST_SEARCH}`),
    }),
    ...pair({
      id: 'trips-list-sort',
      label: 'GET /trips, orderBy dateStart desc',
      next: get(`/trips?${LIST_SORT}`),
    }),
    {
      id: 'trips-connection',
      label: 'GraphQL tripsConnection(first: 20)',
      target: 'service',
      next: () => ({
        method: 'POST',
        path: '/graphql',
        headers: json,
        body: JSON.stringify({ query: CONNECTION_QUERY }),
      }),
    },
    ...pair({
      id: 'create-trip',
      label: 'POST /trips',
      writes: true,
      next: () => ({ method: 'POST', path: '/trips', headers: json, body: tripBody }),
    }),
    ...pair(
      {
        id: 'put-config',
        label: 'PUT /trips/{id}/config (200 blocks)',
        writes: true,
        next: () => ({
          method: 'PUT',
          path: `/trips/${randomId()}/config`,
          headers: json,
          body: nextConfigBody(),
        }),
      },
      'PUT /trips/{id}/config',
    ),
  ];
}
