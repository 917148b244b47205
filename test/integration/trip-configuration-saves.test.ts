// Trip configuration saves at the edges: documents nested deeper than the limits get the 400
// validation body (REST) or validation_failed (GraphQL) instead of a stack overflow's 500, and a
// save that changes nothing writes nothing: same revision and ETag, no trip.configUpdated.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../src/config/constants.ts';
import { anAccount, type AccountFixture } from '../helpers/fixtures.ts';
import { startTestService, type TestService } from '../helpers/service.ts';

let api: TestService;
let account: AccountFixture;

beforeAll(async () => {
  api = await startTestService();
  account = await anAccount(api.prisma);
  // Subscribed, so a save that counts leaves its trace (a debounce intent, then an event).
  await api.prisma.webhookEndpoint.create({
    data: {
      accountId: account.accountId,
      name: 'Back office',
      url: 'https://hooks.example.com/trips',
      eventTypes: ['trip.configUpdated'],
      secretEncrypted: 'unused',
    },
  });
});
afterAll(async () => {
  await api?.stop();
});

const key = () => account.owner.key;
const aTrip = async (): Promise<number> =>
  (await api.request('POST /trips', { key: key(), body: { title: 'Saved' } })).body.id;
const get = (trip: number) => api.request(`GET /trips/${trip}/config`, { key: key() });
/** A body as JSON text: JSON.stringify overflows on the depths these tests send. */
const raw = (route: string, text: string, type = 'application/json') =>
  api.request(route, { key: key(), rawBody: text, headers: { 'content-type': type } });

const BLOCKS = LIMITS.configBlockDepthMax;
const LEVELS = LIMITS.configJsonDepthMax;

/** `blocks` as JSON text: `levels` groups, each the only child of the one above. */
const nestedGroups = (levels: number) =>
  `[${Array.from({ length: levels }, (_, i) => `{"id":"g${i + 1}","type":"group","children":[`).join('')}${']}'.repeat(levels)}]`;
/** The whole document as JSON text, with `blocks` given as JSON text. */
const withBlocks = (document: Record<string, unknown>, blocks: string) =>
  JSON.stringify({ ...document, blocks: '@' }).replace('"@"', blocks);
/** The path the 400 names: the first block past the limit. */
const tooDeepBlock = `blocks[0]${'.children[0]'.repeat(BLOCKS)}`;

const REPLACE = `mutation($tripId: Int!, $document: JSONObject!, $ifMatch: String) {
  replaceTripConfiguration(tripId: $tripId, document: $document, ifMatch: $ifMatch) { revision etag updatedAt }
}`;
const PATCH = `mutation($tripId: Int!, $patch: JSONObject!, $ifMatch: String) {
  patchTripConfiguration(tripId: $tripId, patch: $patch, ifMatch: $ifMatch) { document revision etag updatedAt }
}`;
/** POST /graphql with the variables as JSON text. */
const graphqlRaw = (query: string, variables: string) =>
  raw('POST /graphql', `{"query":${JSON.stringify(query)},"variables":${variables}}`);

describe('nesting limits', () => {
  it(`REST: blocks nest at most ${BLOCKS} levels (PUT and merge patch); 1,000 levels is a 400, not a 500`, async () => {
    const trip = await aTrip();
    const { body: document } = await get(trip);
    const atLimit = await raw(
      `PUT /trips/${trip}/config`,
      withBlocks(document, nestedGroups(BLOCKS)),
    );
    expect(atLimit.status, atLimit.text).toBe(200);

    for (const levels of [BLOCKS + 1, 1000]) {
      const put = await raw(
        `PUT /trips/${trip}/config`,
        withBlocks(document, nestedGroups(levels)),
      );
      expect(put.status).toBe(400);
      expect(put.body).toEqual({
        errors: { [tooDeepBlock]: [expect.stringContaining(`${BLOCKS} levels`)] },
      });
      const patch = await raw(
        `PATCH /trips/${trip}/config`,
        `{"blocks":${nestedGroups(levels)}}`,
        'application/merge-patch+json',
      );
      expect(patch.status).toBe(400);
      expect(patch.body).toEqual(put.body);
    }
    expect((await get(trip)).headers.get('etag')).toBe(`"${trip}-2"`); // only the first saved
  });

  it(`REST: any value nests at most ${LEVELS} levels: a block's content 5,000 objects deep, a 1 MB body 200,000 deep`, async () => {
    const trip = await aTrip();
    const { body: document } = await get(trip);
    const deepContent = `[{"id":"t","type":"text","content":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}}]`;
    const put = await raw(`PUT /trips/${trip}/config`, withBlocks(document, deepContent));
    expect(put.status).toBe(400);
    // The document is level 1, blocks 2, the block 3, its content 4: level 129 is `a` 125 times down.
    const field = `blocks[0].content${'.a'.repeat(LEVELS - 3)}`;
    expect(put.body).toEqual({
      errors: { [field]: [expect.stringContaining(`${LEVELS} levels`)] },
    });

    const deepest = `${'{"a":'.repeat(200_000)}1${'}'.repeat(200_000)}`;
    for (const [method, type] of [
      ['PUT', 'application/json'],
      ['PATCH', 'application/merge-patch+json'],
    ] as const) {
      const res = await raw(`${method} /trips/${trip}/config`, deepest, type);
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.errors)).toEqual([`a${'.a'.repeat(LEVELS - 1)}`]);
    }
  });

  it('GraphQL: replaceTripConfiguration and patchTripConfiguration answer validation_failed, from variables and literals', async () => {
    const trip = await aTrip();
    const { body: document } = await get(trip);
    const refused = (res: { status: number; body: any }, field: string) => {
      expect(res.status).toBe(200);
      expect(res.body.errors?.[0]?.extensions).toMatchObject({
        code: 'validation_failed',
        errors: { [field]: [expect.any(String)] },
      });
    };
    const { updatedAt: _, ...stored } = document;
    refused(
      await graphqlRaw(
        REPLACE,
        `{"tripId":${trip},"document":${withBlocks(stored, nestedGroups(1000))}}`,
      ),
      tooDeepBlock,
    );
    refused(
      await graphqlRaw(PATCH, `{"tripId":${trip},"patch":{"blocks":${nestedGroups(1000)}}}`),
      tooDeepBlock,
    );
    refused(
      await graphqlRaw(
        PATCH,
        `{"tripId":${trip},"patch":{"x":${'['.repeat(5000)}${']'.repeat(5000)}}}`,
      ),
      `x${'[0]'.repeat(LEVELS - 1)}`,
    );
    // A literal is bounded by the GraphQL token limit, but 40 levels of blocks fit in it.
    const literal = nestedGroups(40).replace(/"(id|type|children)":/g, '$1:');
    refused(
      await api.graphql(
        `mutation { patchTripConfiguration(tripId: ${trip}, patch: { blocks: ${literal} }) { etag } }`,
        {},
        { key: key() },
      ),
      tooDeepBlock,
    );
    expect((await get(trip)).headers.get('etag')).toBe(`"${trip}-1"`);
  });
});

describe('a save that changes nothing', () => {
  /** What a save would have left: the debounce intent of its event, the event, its revision. */
  const traces = async (trip: number) => ({
    intents: await api.prisma.eventDebounce.count({ where: { resourceId: trip } }),
    events: await api.prisma.event.count({
      where: { resourceId: trip, type: 'trip.configUpdated' },
    }),
    revision: (await api.prisma.tripConfiguration.findUniqueOrThrow({ where: { tripId: trip } }))
      .revision,
  });

  it('REST: PUT of the stored document (keys in any order) and PATCH {} keep revision, ETag and updatedAt, and record no event', async () => {
    const trip = await aTrip();
    const read = await get(trip);
    const etag = read.headers.get('etag')!;
    const { updatedAt, ...document } = read.body;

    const put = await api.request(`PUT /trips/${trip}/config`, { key: key(), body: document });
    expect(put.status).toBe(200);
    expect(put.headers.get('etag')).toBe(etag);
    const reversed = Object.fromEntries(Object.entries(read.body).reverse());
    reversed.settings = Object.fromEntries(Object.entries(document.settings).reverse());
    const reordered = await api.request(`PUT /trips/${trip}/config`, {
      key: key(),
      body: reversed,
      headers: { 'if-match': etag },
    });
    expect(reordered.status).toBe(200);
    expect(reordered.headers.get('etag')).toBe(etag);
    for (const patch of [{}, { settings: { currency: document.settings.currency } }]) {
      const res = await raw(
        `PATCH /trips/${trip}/config`,
        JSON.stringify(patch),
        'application/merge-patch+json',
      );
      expect(res.status).toBe(200);
      expect(res.headers.get('etag')).toBe(etag);
      expect(res.body).toEqual(read.body);
    }
    expect((await get(trip)).body.updatedAt).toBe(updatedAt);
    expect(await traces(trip)).toEqual({ intents: 0, events: 0, revision: 1 });

    // If-Match is still checked: a save changing nothing over a newer revision is refused.
    const changed = await api.request(`PUT /trips/${trip}/config`, {
      key: key(),
      body: { ...document, settings: { ...document.settings, currency: 'USD' } },
    });
    expect(changed.headers.get('etag')).toBe(`"${trip}-2"`);
    expect(await traces(trip)).toMatchObject({ intents: 1, revision: 2 }); // a change counts
    const stale = await api.request(`PATCH /trips/${trip}/config`, {
      key: key(),
      body: {},
      headers: { 'if-match': etag },
    });
    expect(stale.status).toBe(412);
  });

  it('GraphQL: replaceTripConfiguration and patchTripConfiguration answer the same revision and ETag, and record no event', async () => {
    const trip = await aTrip();
    const read = await get(trip);
    const { updatedAt, ...document } = read.body;
    const gql = (query: string, variables: Record<string, unknown>) =>
      api.graphql(query, { tripId: trip, ...variables }, { key: key() });
    const same = { revision: 1, etag: `"${trip}-1"`, updatedAt };

    const replaced = await gql(REPLACE, { document, ifMatch: `"${trip}-1"` });
    expect(replaced.body).toEqual({ data: { replaceTripConfiguration: same } });
    const withDocument = await gql(REPLACE.replace('{ revision', '{ document revision'), {
      document,
    });
    expect(withDocument.body.data.replaceTripConfiguration).toEqual({ ...same, document });
    const patched = await gql(PATCH, { patch: {} });
    expect(patched.body.data.patchTripConfiguration).toEqual({ ...same, document });
    expect(await traces(trip)).toEqual({ intents: 0, events: 0, revision: 1 });

    const stale = await gql(PATCH, { patch: {}, ifMatch: `"${trip}-0"` });
    expect(stale.body.errors?.[0]?.extensions.code).toBe('precondition_failed');
    const changed = await gql(PATCH, { patch: { version: '1.0.1' } });
    expect(changed.body.data.patchTripConfiguration.revision).toBe(2);
    expect(await traces(trip)).toMatchObject({ intents: 1, revision: 2 });
  });
});
