// The reference the service is measured against: the best hand-written server for the same jobs.
// node:http and a pg Pool, SQL written by hand and run as named prepared statements (as the service
// prepares its own), the same JSON bodies as the service (run.ts checks them byte for byte before
// measuring), and the same transactional work for writes: a trip's creation bumps the account's
// trip counter, inserts the trip and its default configuration and looks for a subscribed webhook
// endpoint (whose event row it would write), in one statement when there is none, as the service
// does; a configuration save validates the document with the same schema, locks, updates and
// looks for subscribers in one transaction.
// No framework, no GraphQL, no ORM: what the same work costs at the least.
// Started by run.ts as its own process: node bench/baseline-server.ts <spec.json>
import fs from 'node:fs';
import http from 'node:http';
import pg from 'pg';
import { foldCase } from '../src/lists/case-fold.ts';
import { CODE_ALPHABET, randomString, slugFor } from '../src/shared/identifiers.ts';
import { defaultConfiguration } from '../src/trips/configuration.defaults.ts';
import { configurationInput } from '../src/trips/configuration.input.ts';

export interface BaselineSpec {
  databaseUrl: string;
  poolSize: number;
  port: number;
  key: string;
  accountId: number;
  agentId: number;
}

const spec = JSON.parse(fs.readFileSync(process.argv[2]!, 'utf8')) as BaselineSpec;
const pool = new pg.Pool({ connectionString: spec.databaseUrl, max: spec.poolSize });
const authorization = `Bearer ${spec.key}`;

const COLUMNS = `id, title, slug, join_code, seo_description, duration, date_start, date_finish, date_expiration, code, logo,
  countries, image_url, agent_id, template, visibility::text AS visibility, account_id, created_at, updated_at, visualizations`;
const SQL = {
  byId: {
    name: 'trip_by_id',
    text: `SELECT ${COLUMNS} FROM trips WHERE id = $1 AND account_id = $2 AND deleted_at IS NULL`,
  },
  /**
   * The whole creation in one statement, as the service does: when no endpoint wants
   * trip.created (no event row is due, and a statement is atomic without BEGIN/COMMIT), or when
   * $13 says it runs in the transaction an event row would need; a subscribed account outside one
   * writes nothing (`subscribed` tells the caller to run it again in a transaction).
   */
  create: {
    name: 'trip_create_one',
    text: `WITH subscribed AS (SELECT EXISTS (SELECT 1 FROM webhook_endpoints WHERE account_id = $1
        AND status = 'active' AND deleted_at IS NULL AND 'trip.created' = ANY(event_types)) AS yes),
      counter AS (UPDATE accounts SET trip_seq = trip_seq + 1, updated_at = now()
        WHERE id = $1 AND ($13::boolean OR NOT (SELECT yes FROM subscribed)) RETURNING trip_seq),
      t AS (INSERT INTO trips (account_id, agent_id, title, slug, code, join_code, seo_description, duration,
          date_start, date_finish, countries, template, visibility, updated_at)
        SELECT $1, $2, $3, $4, 'TRIP-' || trip_seq, $5, $6, $7, $8, $9, $10, $11, 'public', now() FROM counter
        RETURNING ${COLUMNS}),
      c AS (INSERT INTO trip_configurations (trip_id, document, revision, updated_at)
        SELECT id, $12, 1, now() FROM t)
      SELECT * FROM t`,
  },
  lockConfiguration: {
    name: 'config_lock',
    text: `SELECT c.revision FROM trip_configurations c JOIN trips t ON t.id = c.trip_id
      WHERE c.trip_id = $1 AND t.account_id = $2 AND t.deleted_at IS NULL FOR UPDATE OF c`,
  },
  updateConfiguration: {
    name: 'config_update',
    text: 'UPDATE trip_configurations SET document = $1, revision = revision + 1, updated_at = now() WHERE trip_id = $2',
  },
  subscribed: {
    name: 'webhook_subscribed',
    text: `SELECT 1 FROM webhook_endpoints WHERE account_id = $1 AND status = 'active' AND deleted_at IS NULL AND $2 = ANY(event_types) LIMIT 1`,
  },
} as const;

type Row = Record<string, unknown>;
const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : null);

/** The trip as the service answers it, keys in the same order. */
function tripJson(r: Row) {
  return {
    id: r.id,
    title: r.title,
    slug: r.slug,
    joinCode: r.join_code,
    seoDescription: r.seo_description,
    duration: r.duration,
    dateStart: iso(r.date_start),
    dateFinish: iso(r.date_finish),
    dateExpiration: iso(r.date_expiration),
    code: r.code,
    logo: r.logo,
    countries: r.countries,
    imageUrl: r.image_url,
    agentId: r.agent_id,
    template: r.template,
    visibility: r.visibility,
    accountId: r.account_id,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
    visualizations: r.visualizations,
  };
}

function send(res: http.ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

async function readBody(req: http.IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

async function inTransaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

// Slugs and join codes as the service makes them (its helpers): a shorter random suffix made a
// slug collide now and then (a 500) after some thousand creations of one title.
const slugOf = (title: string) => slugFor(title, 'trip');
const randomCode = (length: number) => randomString(CODE_ALPHABET, length);

async function createTrip(res: http.ServerResponse, body: Row) {
  const title = typeof body.title === 'string' ? body.title.trim() : '';
  if (!title || title.length > 200)
    return send(res, 400, { errors: { title: ['Title is required.'] } });
  const values = [
    spec.accountId,
    spec.agentId,
    title,
    slugOf(title),
    randomCode(8),
    body.seoDescription ?? null,
    body.duration ?? null,
    body.dateStart ?? null,
    body.dateFinish ?? null,
    body.countries ?? [],
    body.template ?? false,
    JSON.stringify(defaultConfiguration()),
  ];
  const {
    rows: [created],
  } = await pool.query({ ...SQL.create, values: [...values, false] });
  // A subscribed account: the same statement in a transaction, where its event row would go.
  const trip =
    created ??
    (await inTransaction(
      async (client) => (await client.query({ ...SQL.create, values: [...values, true] })).rows[0]!,
    ));
  send(res, 201, tripJson(trip));
}

async function saveConfiguration(res: http.ServerResponse, tripId: number, body: unknown) {
  const checked = configurationInput.safeParse(body);
  if (!checked.success)
    return send(res, 400, { errors: { body: [checked.error.issues[0]?.message ?? 'invalid'] } });
  const found = await inTransaction(async (client) => {
    const { rowCount } = await client.query({
      ...SQL.lockConfiguration,
      values: [tripId, spec.accountId],
    });
    if (!rowCount) return false;
    await client.query({
      ...SQL.updateConfiguration,
      values: [JSON.stringify(checked.data), tripId],
    });
    await client.query({ ...SQL.subscribed, values: [spec.accountId, 'trip.configUpdated'] });
    return true;
  });
  found
    ? send(res, 200, { message: 'Trip configuration saved.' })
    : send(res, 404, { error: { code: 'not_found', message: 'Trip not found.' } });
}

/**
 * A list page: the default order, or the one filter, search and sort shapes the benchmark sends
 * (`countries contains`, a term over the search fields, one sort field), each as its own prepared
 * statement and count, as a hand-written server would write them.
 */
const SORTABLE: Record<string, string> = {
  dateStart: 'date_start',
  dateFinish: 'date_finish',
  createdAt: 'created_at',
  title: 'title',
  duration: 'duration',
};
// As the service searches: the term folded (lists/case-fold.ts) against the folded twins of the
// free text, which carry the trigram indexes, and as written against slug and code.
const SEARCH =
  '(t.title_folded LIKE $2 OR t.slug ILIKE $3 OR t.code ILIKE $3 OR t.seo_description_folded LIKE $2)';
const PAGE_COLUMNS = COLUMNS.replace(/(^|,\s*)(\w+)/g, '$1t.$2');
const listSql = new Map<string, { page: string; count: string }>();

function listStatement(params: URLSearchParams): {
  key: string;
  where: string;
  order: string;
  values: unknown[];
} {
  const filters = params.get('filters');
  const search = params.get('search');
  const orderBy = params.get('orderBy');
  let where = '';
  let key = 'default';
  const values: unknown[] = [];
  if (filters) {
    const [filter] = JSON.parse(filters) as Array<{
      field: string;
      operator: string;
      value: string;
    }>;
    if (filter?.field !== 'countries' || filter.operator !== 'contains')
      throw new Error('unsupported filter');
    where = ' AND t.countries @> ARRAY[$2]::text[]';
    values.push(String(filter.value).toUpperCase());
    key = 'countries';
  } else if (search) {
    const { term } = JSON.parse(search) as { term: string };
    where = ` AND ${SEARCH}`;
    const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    values.push(like(foldCase(term)), like(term));
    key = 'search';
  }
  let order = 't.created_at DESC, t.id DESC';
  if (orderBy) {
    const { field, direction } = JSON.parse(orderBy) as { field: string; direction?: string };
    const column = SORTABLE[field];
    const dir = direction === 'desc' ? 'DESC' : 'ASC';
    if (!column) throw new Error('unsupported sort');
    order = `t.${column} ${dir} NULLS LAST, t.id ${dir}`;
    key += `-${field}-${dir}`;
  }
  return { key, where, order, values };
}

async function listTrips(res: http.ServerResponse, params: URLSearchParams) {
  const pageSize = 20;
  const { key, where, order, values } = listStatement(params);
  let sql = listSql.get(key);
  if (!sql) {
    const limit = values.length + 2;
    sql = {
      page: `SELECT ${PAGE_COLUMNS}, a.picture_url FROM trips t JOIN agents a ON a.id = t.agent_id
        WHERE t.account_id = $1 AND t.deleted_at IS NULL${where} ORDER BY ${order} LIMIT $${limit} OFFSET $${limit + 1}`,
      count: `SELECT count(*)::int AS n FROM trips t WHERE t.account_id = $1 AND t.deleted_at IS NULL${where}`,
    };
    listSql.set(key, sql);
  }
  const [page, count] = await Promise.all([
    pool.query({
      name: `page_${key}`,
      text: sql.page,
      values: [spec.accountId, ...values, pageSize, 0],
    }),
    pool.query({ name: `count_${key}`, text: sql.count, values: [spec.accountId, ...values] }),
  ]);
  const totalCount = count.rows[0]!.n as number;
  const data = page.rows.map((r: Row) => ({ ...tripJson(r), agentPictureUrl: r.picture_url }));
  send(res, 200, {
    data,
    page: 1,
    pageSize,
    totalCount,
    totalPages: Math.ceil(totalCount / pageSize),
  });
}

async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
  if (req.headers.authorization !== authorization)
    return send(res, 401, { error: { code: 'invalid_api_key', message: 'Invalid API key.' } });
  const url = req.url ?? '/';
  const byId = /^\/trips\/(\d+)(\/config)?$/.exec(url);
  if (byId && req.method === 'GET' && !byId[2]) {
    const {
      rows: [row],
    } = await pool.query({ ...SQL.byId, values: [Number(byId[1]), spec.accountId] });
    return row
      ? send(res, 200, tripJson(row))
      : send(res, 404, { error: { code: 'not_found', message: 'Trip not found.' } });
  }
  if (byId && req.method === 'PUT' && byId[2])
    return saveConfiguration(res, Number(byId[1]), await readBody(req));
  const [pathname, query] = url.split('?', 2) as [string, string | undefined];
  if (pathname === '/trips' && req.method === 'GET')
    return listTrips(res, new URLSearchParams(query ?? ''));
  if (url === '/trips' && req.method === 'POST')
    return createTrip(res, (await readBody(req)) as Row);
  send(res, 404, { error: { code: 'not_found', message: 'Not found.' } });
}

const server = http.createServer((req, res) => {
  handle(req, res).catch((error: unknown) =>
    send(res, 500, { error: { code: 'internal_error', message: String(error) } }),
  );
});
server.keepAliveTimeout = 65_000;
server.listen(spec.port, '127.0.0.1', () =>
  process.stdout.write(`baseline listening on ${spec.port}\n`),
);
process.on('SIGTERM', () => {
  server.close(() => void pool.end().then(() => process.exit(0)));
  server.closeAllConnections();
});
