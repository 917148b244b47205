// One loader per shape (issue 29): every trusted document runs by its id over HTTP with one item
// and with five in its lists, and the SQL statements it takes must not grow with them (an N+1
// shows as 5 more). A document added to documents/ fails here until it has a fixture, or is named
// among those whose answer holds no list that the account's data lengthens.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readManifest } from '../../src/graphql/trusted-documents.ts';
import { anAccount, type AccountFixture } from '../helpers/fixtures.ts';
import { startTestApp, type TestService } from '../helpers/service.ts';

const sql: string[] = [];
let api: TestService;

beforeAll(async () => {
  api = await startTestApp({}, { onDatabaseQuery: (statement) => sql.push(statement.sql) });
});
afterAll(async () => {
  await api?.stop();
});

interface Run {
  key?: string;
  variables: Record<string, unknown>;
  /** The items of the answer's list, to check it holds the fixture's. */
  items(data: any): number;
}

const createTrips = async (account: AccountFixture, n: number) => {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const trip = await api.request('POST /trips', {
      key: account.owner.key,
      body: { title: `Trip ${i}` },
    });
    ids.push(trip.body.id);
  }
  return ids;
};

/** Builds an account whose data gives the document's lists `n` items, and how to run it there. */
const FIXTURES: Record<string, (account: AccountFixture, n: number) => Promise<Run>> = {
  async TripsConnection(account, n) {
    await createTrips(account, n);
    return {
      key: account.owner.key,
      variables: { first: 20 },
      items: (data) => data.tripsConnection.edges.length,
    };
  },
  async PublicCatalog(account, n) {
    const tripIds = await createTrips(account, n);
    const catalog = await api.request('POST /catalogs', {
      key: account.owner.key,
      body: { title: 'Public', isPublic: true, tripIds },
    });
    return {
      variables: { idOrSlug: catalog.body.slug, pageSize: 20 },
      items: (data) => data.publicCatalog.trips.data.length,
    };
  },
  async CatalogPage(account, n) {
    const tripIds = await createTrips(account, n);
    const catalog = await api.request('POST /catalogs', {
      key: account.owner.key,
      body: { title: 'Public', isPublic: true, tripIds },
    });
    return {
      variables: { slug: catalog.body.slug, pageSize: 20 },
      items: (data) => data.publicCatalog.trips.data.length,
    };
  },
  async ImportJobs(account, n) {
    const [tripId] = await createTrips(account, 1);
    for (let i = 0; i < n; i++)
      await api.prisma.importJob.create({
        data: {
          publicId: randomUUID(),
          accountId: account.accountId,
          agentId: account.owner.agentId,
          sourceType: 'text',
          tripId,
          stageTimings: { initializing: { startedAt: new Date().toISOString() } },
        },
      });
    return {
      key: account.owner.key,
      variables: { pageSize: 20 },
      items: (data) => data.importJobs.data.length,
    };
  },
  async WebhookDeliveryHealth(account, n) {
    for (let i = 0; i < n; i++)
      await api.prisma.webhookEndpoint.create({
        data: {
          accountId: account.accountId,
          name: `Endpoint ${i}`,
          url: `https://hooks.example.com/${i}`,
          eventTypes: ['trip.created'],
          secretEncrypted: 'unused',
        },
      });
    return {
      key: account.owner.key,
      variables: { hours: 24 },
      items: (data) => data.webhookDeliveryHealth.length,
    };
  },
};

/** Documents whose answer holds no list the account's data lengthens (one object, or fixed rows). */
const WITHOUT_GROWING_LISTS = new Set([
  'Status',
  'Trip',
  'TripImport',
  'RecordTripView',
  // The traveller pages' own: one trip (its blocks are its configuration's JSON), one job, one join.
  'PublicTripPage',
  'ImportPage',
  'JoinFromPage',
  // Subscriptions stream one object (test/integration/subscriptions.test.ts).
  'ImportJobProgress',
  'TripChanges',
  // One row per pg-boss queue, per import stage: the service's, not the account's.
  'JobQueues',
  'ImportQueues',
]);

const documents = Object.entries(readManifest()).map(([hash, document]) => ({
  hash,
  name: /^(?:query|mutation|subscription) (\w+)/.exec(document)![1]!,
}));

describe('SQL statements of each trusted document', () => {
  it('every document has a fixture or holds no growing list', () => {
    const unknown = documents
      .map((d) => d.name)
      .filter((name) => !FIXTURES[name] && !WITHOUT_GROWING_LISTS.has(name));
    expect(unknown, 'add a fixture to FIXTURES for these documents').toEqual([]);
  });

  it.each(documents.filter((d) => FIXTURES[d.name]).map((d) => [d.name, d.hash]))(
    '%s takes as many statements for 5 items as for 1',
    async (name, hash) => {
      const statements = async (n: number) => {
        const run = await FIXTURES[name]!(await anAccount(api.prisma), n);
        const send = () =>
          api.request('POST /graphql', {
            ...(run.key ? { key: run.key } : {}),
            body: { documentId: `sha256:${hash}`, variables: run.variables },
          });
        await send(); // the key's lookup is cached from here on
        const before = sql.length;
        const res = await send();
        expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
        expect(run.items(res.body.data)).toBe(n);
        return sql.slice(before).filter((s) => !/^(BEGIN|COMMIT)/.test(s)).length;
      };
      const one = await statements(1);
      const five = await statements(5);
      expect(one).toBeGreaterThan(0);
      expect(five, `${name}: ${one} statements for 1 item, ${five} for 5`).toBe(one);
    },
  );
});
