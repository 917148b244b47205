// Before the load: the SQL each scenario makes the service run. The service is started in this
// process with the `onDatabaseQuery` hook, each request is sent twice (the first warms the API
// key cache), and the statements of the second are kept. They give the statements per request
// column, the baseline server's SQL (the very same text), and the plans checked for sequential scans.
import pg from 'pg';
import type { Config, DatabaseQuery } from '../src/config/config.ts';
import { createLogger } from '../src/logger.ts';
import { startService } from '../src/service.ts';
import type { BenchRequest, Scenario } from './scenarios.ts';

export interface CapturedScenario {
  request: BenchRequest;
  status: number;
  statements: DatabaseQuery[];
}

export async function captureStatements(
  config: Config,
  key: string,
  scenarios: Scenario[],
): Promise<Map<string, CapturedScenario>> {
  const seen: DatabaseQuery[] = [];
  const service = await startService(
    { ...config, port: 0, onDatabaseQuery: (query) => seen.push(query) },
    createLogger('warn'),
  );
  const captured = new Map<string, CapturedScenario>();
  try {
    for (const scenario of scenarios.filter((s) => s.target === 'service')) {
      const request = scenario.next();
      const send = () =>
        fetch(`${service.apiUrl}${request.path}`, {
          method: request.method,
          headers: { ...request.headers, authorization: `Bearer ${key}` },
          body: request.body ?? null,
        });
      await (await send()).arrayBuffer();
      const from = seen.length;
      const response = await send();
      await response.arrayBuffer();
      captured.set(scenario.id, { request, status: response.status, statements: seen.slice(from) });
    }
  } finally {
    await service.stop();
  }
  return captured;
}

/** The plan nodes of every statement on trips that scan the table whole. */
export async function sequentialScans(
  databaseUrl: string,
  statements: DatabaseQuery[],
): Promise<string[]> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const found: string[] = [];
    for (const statement of statements.filter(
      (s) => /^\s*SELECT/i.test(s.sql) && /"trips"/.test(s.sql),
    )) {
      const { rows } = await db.query(
        `EXPLAIN (FORMAT JSON) ${statement.sql}`,
        JSON.parse(statement.params),
      );
      const walk = (node: PlanNode): void => {
        if (node['Node Type'] === 'Seq Scan' && node['Relation Name'] === 'trips')
          found.push(statement.sql);
        node.Plans?.forEach(walk);
      };
      walk(rows[0]['QUERY PLAN'][0].Plan);
    }
    return found;
  } finally {
    await db.end();
  }
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}
