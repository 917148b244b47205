// The list queries stay on indexes on a large account (issue "Trips", item 2): 100,000 trips in
// one account among others, then every common GET /trips shape is sent over HTTP, the exact SQL
// the service ran is captured, and PostgreSQL's plan for it must not scan the trips table whole.
// The service prepares its statements (src/db/prisma.ts), and after a few executions PostgreSQL
// may run one with a generic plan, made without the values: that plan is checked too.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseQuery } from '../../src/config/config.ts';
import { anAccount, type AccountFixture } from '../helpers/fixtures.ts';
import { startTestApp, type TestService } from '../helpers/service.ts';

const TRIPS_IN_ACCOUNT = 100_000;
const OTHER_ACCOUNTS = 20;
const TRIPS_PER_OTHER_ACCOUNT = 5_000;

let api: TestService;
let account: AccountFixture;
let db: pg.Client;
const captured: DatabaseQuery[] = [];

/** Trips like real ones: varied titles, dates, durations and countries, a few private or deleted. */
async function seed(client: pg.Client, accountId: number, agentId: number, count: number) {
  await client.query(
    `INSERT INTO trips (account_id, agent_id, title, slug, code, join_code, seo_description, duration, date_start, date_finish,
                        countries, visibility, visualizations, created_at, updated_at, deleted_at)
     SELECT $1::int, $2::int,
            (ARRAY['Paris','Lisbon','Kyoto','Lima','Cairo','Oslo','Quito','Hanoi'])[1 + i % 8] || ' escape ' || i,
            'trip-' || $1::int || '-' || i, 'TRIP-' || i, 'J' || $1::int || 'X' || i,
            CASE WHEN i % 3 = 0 THEN 'A journey number ' || i END,
            CASE WHEN i % 5 <> 0 THEN 1 + i % 21 END,
            timestamptz '2026-01-01' + (i % 700) * interval '1 day',
            timestamptz '2026-01-01' + (i % 700 + 1 + i % 21) * interval '1 day',
            ARRAY[(ARRAY['FRA','PRT','JPN','PER','EGY','NOR','ECU','VNM'])[1 + i % 8]],
            (CASE WHEN i % 10 = 0 THEN 'private' ELSE 'public' END)::"TripVisibility",
            i % 1000,
            timestamptz '2025-01-01' + i * interval '1 minute',
            timestamptz '2025-01-01' + i * interval '1 minute',
            CASE WHEN i % 50 = 0 THEN timestamptz '2026-10-01' END
     FROM generate_series(1, $3::int) AS i`,
    [accountId, agentId, count],
  );
}

beforeAll(async () => {
  api = await startTestApp({}, { onDatabaseQuery: (query) => captured.push(query) });
  account = await anAccount(api.prisma);
  db = new pg.Client({ connectionString: api.databaseUrl });
  await db.connect();
  await seed(db, account.accountId, account.owner.agentId, TRIPS_IN_ACCOUNT);
  for (let i = 0; i < OTHER_ACCOUNTS; i++) {
    const other = await anAccount(api.prisma);
    await seed(db, other.accountId, other.owner.agentId, TRIPS_PER_OTHER_ACCOUNT);
  }
  await db.query('VACUUM ANALYZE trips');
}, 300_000);
afterAll(async () => {
  await db?.end();
  await api?.stop();
});

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}
const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

/** Sends the list request and returns the plans of every statement it ran against trips. */
async function plansOf(params: Record<string, unknown>) {
  const query = new URLSearchParams(
    Object.entries(params).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
  );
  const from = captured.length;
  const res = await api.request(`GET /trips?${query}`, { key: account.owner.key });
  expect(res.status, res.text).toBe(200);
  const statements = captured.slice(from).filter((q) => /FROM\s+"public"\."trips"/i.test(q.sql));
  expect(statements.length).toBeGreaterThan(0);
  const plans = [];
  for (const statement of statements) {
    const { rows } = await db.query(
      `EXPLAIN (FORMAT JSON) ${statement.sql}`,
      JSON.parse(statement.params),
    );
    plans.push({ sql: statement.sql, nodes: nodesOf(rows[0]['QUERY PLAN'][0].Plan) });
    const generic = await db.query(`EXPLAIN (GENERIC_PLAN, FORMAT JSON) ${statement.sql}`);
    plans.push({
      sql: `(generic plan) ${statement.sql}`,
      nodes: nodesOf(generic.rows[0]['QUERY PLAN'][0].Plan),
    });
  }
  return { body: res.body, plans };
}

const COMMON_LISTS: Array<[string, Record<string, unknown>]> = [
  ['the default page', {}],
  ['a deep page', { page: 200, pageSize: 50 }],
  ['title contains', { filters: [{ field: 'title', operator: 'contains', value: 'kyoto' }] }],
  ['a search on every search field', { search: { term: 'escape 4242' } }],
  ['a search on the title', { search: { fields: ['title'], term: 'lima' } }],
  // Search and text filters compare the folded twins (lists/case-fold.ts), by their own indexes.
  [
    'title contains, in capitals',
    { filters: [{ field: 'title', operator: 'contains', value: 'KYOTO' }] },
  ],
  ['title eq', { filters: [{ field: 'title', operator: 'eq', value: 'Kyoto Escape 42' }] }],
  ['a search with accents', { search: { term: 'Ñandú' } }],
  ['a search in Cyrillic', { search: { fields: ['title'], term: 'МОСКВА' } }],
  ['countries contains', { filters: [{ field: 'countries', operator: 'contains', value: 'JPN' }] }],
  ['countries in', { filters: [{ field: 'countries', operator: 'in', value: ['PER', 'ECU'] }] }],
  ['visibility eq', { filters: [{ field: 'visibility', operator: 'eq', value: 'private' }] }],
  [
    'a date range',
    {
      filters: [
        { field: 'dateStart', operator: 'gte', value: '2026-06-01' },
        { field: 'dateStart', operator: 'lt', value: '2026-07-01' },
      ],
    },
  ],
  ['sorted by title', { orderBy: { field: 'title', direction: 'asc' } }],
  ['sorted by duration', { orderBy: { field: 'duration', direction: 'asc' } }],
  ['sorted by duration, descending', { orderBy: { field: 'duration', direction: 'desc' } }],
  ['sorted by dateStart', { orderBy: { field: 'dateStart', direction: 'asc' } }],
  ['sorted by dateStart, descending', { orderBy: { field: 'dateStart', direction: 'desc' } }],
  ['sorted by dateFinish, descending', { orderBy: { field: 'dateFinish', direction: 'desc' } }],
  ['sorted by id', { orderBy: { field: 'id', direction: 'asc' } }],
  ['sorted by visualizations', { orderBy: { field: 'visualizations', direction: 'desc' } }],
  ['sorted by updatedAt', { orderBy: { field: 'updatedAt', direction: 'desc' } }],
  [
    'a filter and a sort',
    {
      filters: [{ field: 'countries', operator: 'contains', value: 'FRA' }],
      orderBy: { field: 'createdAt', direction: 'asc' },
    },
  ],
];

describe(`GET /trips on an account of ${TRIPS_IN_ACCOUNT.toLocaleString('en')} trips`, () => {
  it('the data really is that large', async () => {
    const { body } = await plansOf({});
    expect(body.totalCount).toBe(TRIPS_IN_ACCOUNT - TRIPS_IN_ACCOUNT / 50);
    expect(body.data).toHaveLength(20);
  });

  it.each(COMMON_LISTS)('%s: no sequential scan on trips', async (_name, params) => {
    const { plans } = await plansOf(params);
    for (const plan of plans) {
      const seqScans = plan.nodes.filter(
        (node) => node['Node Type'] === 'Seq Scan' && node['Relation Name'] === 'trips',
      );
      expect(seqScans, `sequential scan in the plan of:\n${plan.sql}`).toEqual([]);
    }
  });

  it.each([
    [
      'title contains',
      { filters: [{ field: 'title', operator: 'contains', value: 'KYOTO ESCAPE 4242' }] },
    ],
    ['a search on the title', { search: { fields: ['title'], term: 'Ñandú' } }],
    ['a search on every field', { search: { term: 'Escape 4242' } }],
  ])('%s reads the folded title by its trigram index', async (_name, params) => {
    const { plans } = await plansOf(params);
    for (const plan of plans) {
      const indexes = plan.nodes.map((node) => node['Index Name']);
      expect(indexes, plan.sql).toContain('trips_search_title_folded_trgm_idx');
    }
  });
});
