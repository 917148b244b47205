// Case-insensitive search and text filters fold every letter, not only ASCII
// (docs/decisions.md#lists). A black-box probe found
// `search=ñandú` → 0 on the C-locale embedded database while `Ñandú` found the trip: PostgreSQL's
// ILIKE folds by the server's locale. The lists now compare folded twins of the text
// (lists/case-fold.ts). The service runs here on a database in the C locale, whatever the test
// server's default.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foldCase } from '../../src/lists/case-fold.ts';
import { CASE_FOLD_FROM, CASE_FOLD_TO } from '../../src/lists/case-fold.table.ts';
import { createCLocaleDatabase } from '../helpers/database.ts';
import { anAccount, type AccountFixture } from '../helpers/fixtures.ts';
import { startTestApp, type TestService } from '../helpers/service.ts';

let api: TestService;
let account: AccountFixture;

/** Each title, and the other case of the word it must be found by. */
const TITLES = {
  '🏖️ Ñandú spotting in Patagonia': ['ñandú', 'ÑANDÚ'],
  'Un été à Provence': ['ÉTÉ', 'Été'],
  'ΑΘΗΝΑ by night': ['αθηνα', 'Αθηνα'],
  'москва in winter': ['МОСКВА', 'Москва'],
  'Die Straße der Romantik': ['STRAẞE', 'straße'],
  'ΟΔΥΣΣΕΥΣ sails': ['οδυσσευς', 'Οδυσσεύς'.normalize('NFD').replace(/\u0301/g, '')],
} as const;
const ids = new Map<string, number>();

beforeAll(async () => {
  api = await startTestApp({ DATABASE_URL: await createCLocaleDatabase() });
  // The case of the probe: this database's own ILIKE does not fold Ñ.
  expect(await api.prisma.$queryRawUnsafe(`SELECT 'Ñandú' ILIKE 'ñandú' AS folds`)).toEqual([
    { folds: false },
  ]);
  account = await anAccount(api.prisma);
  for (const [title, words] of Object.entries(TITLES)) {
    const res = await api.request('POST /trips', {
      key: account.owner.key,
      body: { title, seoDescription: `About ${words[0]}` },
    });
    expect(res.status, res.text).toBe(201);
    ids.set(title, res.body.id);
  }
  // Noise that must not match: ASCII look-alikes and other scripts.
  for (const title of ['Nandu park', 'Ete festival', 'Athens by day', 'Moscow metro', 'Strasse'])
    await api.request('POST /trips', { key: account.owner.key, body: { title } });
});
afterAll(async () => {
  await api?.stop();
});

const list = async (params: Record<string, unknown>) => {
  const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, JSON.stringify(v)]));
  const res = await api.request(`GET /trips?${query}`, { key: account.owner.key });
  expect(res.status, res.text).toBe(200);
  return res.body as { data: Array<{ id: number; title: string }>; totalCount: number };
};

describe('GET /trips, search and text filters in any script and case', () => {
  for (const [title, words] of Object.entries(TITLES)) {
    for (const word of words) {
      it(`search "${word}" finds "${title}" alone, totalCount exact`, async () => {
        const page = await list({ search: { term: word } });
        expect(page.data.map((t) => t.title)).toEqual([title]);
        expect(page.totalCount).toBe(1);
      });
      it(`title contains "${word}" finds "${title}" alone`, async () => {
        const page = await list({
          filters: [{ field: 'title', operator: 'contains', value: word }],
        });
        expect(page.data.map((t) => t.title)).toEqual([title]);
        expect(page.totalCount).toBe(1);
      });
    }
  }

  it('seoDescription search folds as title does, in the term and the field', async () => {
    const page = await list({ search: { fields: ['seoDescription'], term: 'ABOUT МОСКВА' } });
    expect(page.data.map((t) => t.title)).toEqual(['москва in winter']);
    expect(page.totalCount).toBe(1);
  });

  it('title eq, neq and in compare whole titles in any case', async () => {
    const eq = await list({
      filters: [{ field: 'title', operator: 'eq', value: 'un ÉTÉ À PROVENCE' }],
    });
    expect(eq.data.map((t) => t.id)).toEqual([ids.get('Un été à Provence')]);
    const inList = await list({
      filters: [{ field: 'title', operator: 'in', value: ['αθηνα BY NIGHT', 'МОСКВА IN WINTER'] }],
      orderBy: { field: 'id', direction: 'asc' },
    });
    expect(inList.data.map((t) => t.title)).toEqual(['ΑΘΗΝΑ by night', 'москва in winter']);
    expect(inList.totalCount).toBe(2);
    const neq = await list({
      filters: [
        { field: 'title', operator: 'neq', value: 'ΑΘΗΝΑ BY NIGHT' },
        { field: 'title', operator: 'contains', value: 'Α' },
      ],
    });
    expect(neq.totalCount).toBe(0);
  });

  it('LIKE wildcards in a folded term still match only themselves', async () => {
    expect((await list({ search: { term: 'ÑAND_' } })).totalCount).toBe(0);
    expect((await list({ search: { term: 'É%' } })).totalCount).toBe(0);
  });
});

describe('fold_case in the database', () => {
  it('folds every letter of the table as foldCase does, whatever the server locale', async () => {
    const db = new pg.Client({ connectionString: api.databaseUrl });
    await db.connect();
    try {
      const sample = `${CASE_FOLD_FROM} ΟΔΥΣΣΕΥΣ İı 東京 🏖️`;
      const { rows } = await db.query('SELECT fold_case($1) AS folded', [sample]);
      expect(rows[0].folded).toBe(foldCase(sample));
      expect(foldCase(CASE_FOLD_FROM)).toBe(CASE_FOLD_TO);
    } finally {
      await db.end();
    }
  });
});

describe('GraphQL trips and tripsConnection', () => {
  it('search and a title filter fold every letter, with exact totals', async () => {
    const res = await api.graphql(
      `query ($search: ListSearchInput, $filters: [ListFilterInput!]) {
        trips(search: $search) { totalCount data { title } }
        filtered: trips(filters: $filters) { totalCount data { title } }
        tripsConnection(search: $search, first: 5) { totalCount edges { node { title } } }
      }`,
      {
        search: { term: 'ÑANDÚ' },
        filters: [{ field: 'title', operator: 'contains', value: 'αθηνα' }],
      },
      { key: account.owner.key },
    );
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data).toEqual({
      trips: { totalCount: 1, data: [{ title: '🏖️ Ñandú spotting in Patagonia' }] },
      filtered: { totalCount: 1, data: [{ title: 'ΑΘΗΝΑ by night' }] },
      tripsConnection: {
        totalCount: 1,
        edges: [{ node: { title: '🏖️ Ñandú spotting in Patagonia' } }],
      },
    });
  });
});

describe('GET /catalogs and GraphQL catalogs', () => {
  it('search, title and subtitle filters fold every letter', async () => {
    for (const body of [
      { title: 'Été en France', subtitle: 'МОСКВА и ПИТЕР', description: 'ΑΘΗΝΑ' },
      { title: 'Ete en France', subtitle: 'Moscow', description: 'Athens' },
    ]) {
      const res = await api.request('POST /catalogs', { key: account.owner.key, body });
      expect(res.status, res.text).toBe(201);
    }
    const catalogs = async (params: Record<string, unknown>) => {
      const query = new URLSearchParams(
        Object.entries(params).map(([k, v]) => [k, JSON.stringify(v)]),
      );
      const res = await api.request(`GET /catalogs?${query}`, { key: account.owner.key });
      expect(res.status, res.text).toBe(200);
      return {
        titles: res.body.data.map((c: { title: string }) => c.title),
        total: res.body.totalCount,
      };
    };
    const expected = { titles: ['Été en France'], total: 1 };
    expect(await catalogs({ search: { term: 'ÉTÉ' } })).toEqual(expected);
    expect(await catalogs({ search: { term: 'москва' } })).toEqual(expected);
    expect(await catalogs({ search: { fields: ['description'], term: 'αθηνα' } })).toEqual(
      expected,
    );
    expect(
      await catalogs({ filters: [{ field: 'title', operator: 'contains', value: 'été' }] }),
    ).toEqual(expected);
    expect(
      await catalogs({ filters: [{ field: 'subtitle', operator: 'eq', value: 'москва и питер' }] }),
    ).toEqual(expected);

    const res = await api.graphql(
      `query { catalogs(search: {term: "été"}) { totalCount data { title } } }`,
      {},
      { key: account.owner.key },
    );
    expect(res.body).toEqual({
      data: { catalogs: { totalCount: 1, data: [{ title: 'Été en France' }] } },
    });
  });
});

describe('GraphQL bookings search', () => {
  it('finds a buyer by name and surname in any case, and a wildcard only as itself', async () => {
    const trip = await api.request('POST /trips', {
      key: account.owner.key,
      body: { title: 'Camino de Santiago' },
    });
    for (const [buyerName, buyerSurname] of [
      ['Ñuria', 'García Ölçer'],
      ['Nuria', 'Garcia'],
    ]) {
      const res = await api.graphql(
        'mutation($input: JoinTripInput!) { joinTrip(input: $input) { id } }',
        {
          input: {
            joinCode: trip.body.joinCode,
            seats: 1,
            buyerName,
            buyerSurname,
            buyerEmail: 'buyer@example.com',
          },
        },
      );
      expect(res.body.errors, res.text).toBeUndefined();
    }
    const found = async (search: string) => {
      const res = await api.graphql(
        'query($search: String) { bookings(search: $search) { totalCount data { buyerName } } }',
        { search },
        { key: account.owner.key },
      );
      expect(res.body.errors, res.text).toBeUndefined();
      return res.body.data.bookings;
    };
    const nuria = { totalCount: 1, data: [{ buyerName: 'Ñuria' }] };
    expect(await found('ñURIA')).toEqual(nuria);
    expect(await found('garcía ÖLÇER')).toEqual(nuria);
    expect((await found('GARC_A')).totalCount).toBe(0);
  });
});
