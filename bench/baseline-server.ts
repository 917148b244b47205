// The reference the service is measured against: a bare node:http server with a pg Pool that runs
// exactly the SQL the service ran for the same request (captured by capture.ts), and answers the
// rows as JSON. No framework, no GraphQL, no ORM: what the same reads cost at the least.
// Started by run.ts as its own process: node bench/baseline-server.ts <spec.json>
import fs from 'node:fs';
import http from 'node:http';
import pg from 'pg';
import type { DatabaseQuery } from '../src/config/config.ts';

export interface BaselineSpec {
  databaseUrl: string;
  poolSize: number;
  port: number;
  key: string;
  byId: { statements: DatabaseQuery[]; sampleId: number };
  list: { statements: DatabaseQuery[] };
}

const spec = JSON.parse(fs.readFileSync(process.argv[2]!, 'utf8')) as BaselineSpec;
const pool = new pg.Pool({ connectionString: spec.databaseUrl, max: spec.poolSize });
const authorization = `Bearer ${spec.key}`;

/** The captured by-id statements, with the sample trip id's parameter replaced per request. */
const byId = spec.byId.statements.map((s) => {
  const params = JSON.parse(s.params) as unknown[];
  const slot = params.findIndex((p) => p === spec.byId.sampleId);
  return { text: s.sql, params, slot };
});
// The count does not depend on the page, so it runs beside the rest, which run in the order the
// service ran them (the agents of a page are read after the page).
const listStatements = spec.list.statements.map((s) => ({ text: s.sql, params: JSON.parse(s.params) as unknown[] }));
const listCount = listStatements.filter((s) => /^SELECT COUNT\(/.test(s.text));
const listChain = listStatements.filter((s) => !listCount.includes(s));

function send(res: http.ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
  if (req.headers.authorization !== authorization) return send(res, 401, { error: { code: 'invalid_api_key' } });
  const url = req.url ?? '/';
  const match = /^\/trips\/(\d+)$/.exec(url);
  if (match) {
    const id = Number(match[1]);
    const results = await Promise.all(byId.map((s) => pool.query(s.text, s.slot < 0 ? s.params : s.params.map((p, i) => (i === s.slot ? id : p)))));
    const row = results[0]?.rows[0];
    return row ? send(res, 200, row) : send(res, 404, { error: { code: 'not_found' } });
  }
  if (url === '/trips') {
    const chain = async () => {
      const rows = [];
      for (const s of listChain) rows.push((await pool.query(s.text, s.params)).rows);
      return rows;
    };
    const [[data, ...related], counts] = await Promise.all([chain(), Promise.all(listCount.map((s) => pool.query(s.text, s.params)))]);
    return send(res, 200, { data, related, totalCount: counts[0]?.rows[0] });
  }
  send(res, 404, { error: { code: 'not_found' } });
}

const server = http.createServer((req, res) => {
  handle(req, res).catch((error: unknown) => send(res, 500, { error: { code: 'internal_error', message: String(error) } }));
});
server.keepAliveTimeout = 65_000;
server.listen(spec.port, '127.0.0.1', () => process.stdout.write(`baseline listening on ${spec.port}\n`));
process.on('SIGTERM', () => {
  server.close(() => void pool.end().then(() => process.exit(0)));
  server.closeAllConnections();
});
