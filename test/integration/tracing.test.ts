// OpenTelemetry tracing against a local OTLP/HTTP receiver: a request's trace (continued from its
// traceparent header) holds its server span, GraphQL execution, Prisma queries, and the jobs it
// enqueued with their outbound webhook POST.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anAccount, type AccountFixture } from '../helpers/fixtures.ts';
import {
  startOtlpReceiver,
  type OtlpReceiver,
  type ReceivedSpan,
} from '../helpers/otlp-receiver.ts';
import { rawRequest } from '../helpers/raw-http.ts';
import { startReceiver, type Receiver } from '../helpers/receiver.ts';
import { startTestService, type TestService } from '../helpers/service.ts';

const SERVER = 2;
const CLIENT = 3;
const CONSUMER = 5;

let api: TestService;
let collector: OtlpReceiver;
let webhooks: Receiver;
let account: AccountFixture;

beforeAll(async () => {
  collector = await startOtlpReceiver();
  webhooks = await startReceiver();
  api = await startTestService({
    OTEL_EXPORTER_OTLP_ENDPOINT: collector.endpoint,
    OTEL_SERVICE_NAME: 'trips-under-test',
  });
  account = await anAccount(api.prisma);
});
afterAll(async () => {
  await api?.stop();
  await webhooks?.close();
  await collector?.close();
});

async function spansOf(
  traceId: string,
  until: (spans: ReceivedSpan[]) => boolean,
): Promise<ReceivedSpan[]> {
  let spans: ReceivedSpan[] = [];
  await expect
    .poll(
      () => {
        spans = collector.spans.filter((s) => s.traceId === traceId);
        return until(spans);
      },
      { timeout: 30_000, interval: 200 },
    )
    .toBe(true);
  return spans;
}

/**
 * Over node:http rather than fetch: this test process traces too (the service runs in it), and
 * its fetch instrumentation would add a second traceparent to the request.
 */
const post = (path: string, body: unknown, traceparent: string) =>
  rawRequest(`${api.url}${path}`, {
    method: 'POST',
    headers: [
      'authorization',
      `Bearer ${account.owner.key}`,
      'content-type',
      'application/json',
      'traceparent',
      traceparent,
    ],
    body: JSON.stringify(body),
  });

const newTraceparent = () => {
  const traceId = randomBytes(16).toString('hex');
  const parentId = randomBytes(8).toString('hex');
  return { traceId, parentId, header: `00-${traceId}-${parentId}-01` };
};

describe('tracing', () => {
  it("a request continues the caller's trace, and the jobs it enqueues carry it to the webhook POST", async () => {
    const endpoint = await api.request('POST /webhooks/endpoints', {
      key: account.owner.key,
      body: { name: 'Traced', url: webhooks.url, eventTypes: ['trip.created'] },
    });
    expect(endpoint.status).toBe(201);
    const { traceId, parentId, header } = newTraceparent();
    const created = await post('/trips', { title: 'Traced trip' }, header);
    expect(created.status).toBe(201);
    await webhooks.waitFor(1, (r) => r.body?.data?.trip?.id === created.body.id);

    const spans = await spansOf(
      traceId,
      (all) =>
        all.some((s) => s.name === 'process webhooks.deliver') &&
        all.some((s) => s.kind === CLIENT && s.name === 'POST'),
    );
    const server = spans.find((s) => s.kind === SERVER)!;
    expect(server).toMatchObject({
      service: 'trips-under-test',
      name: 'POST /trips',
      parentSpanId: parentId,
      attributes: { 'http.route': '/trips', 'http.response.status_code': 201 },
    });
    expect(spans.filter((s) => s.name.startsWith('prisma:')).length).toBeGreaterThan(0);
    const fanOut = spans.find((s) => s.name === 'process webhooks.fan-out');
    const deliver = spans.find((s) => s.name === 'process webhooks.deliver');
    expect(fanOut?.kind).toBe(CONSUMER);
    expect(deliver?.kind).toBe(CONSUMER);
    const outbound = spans.find((s) => s.kind === CLIENT && s.name === 'POST')!;
    expect(outbound.parentSpanId).toBe(deliver!.spanId);
    expect(outbound.attributes).toMatchObject({
      'server.address': '127.0.0.1',
      'url.scheme': 'https',
    });
  });

  it('a GraphQL operation gets its span, with the Prisma queries of its resolvers under it', async () => {
    const { traceId, header } = newTraceparent();
    const res = await post(
      '/graphql',
      { query: 'query TracedTrips { trips { totalCount } }' },
      header,
    );
    expect(res.status).toBe(200);
    const spans = await spansOf(
      traceId,
      (all) =>
        all.some((s) => s.name === 'graphql.execute query TracedTrips') &&
        all.some((s) => s.kind === SERVER),
    );
    const server = spans.find((s) => s.kind === SERVER)!;
    expect(server.name).toBe('POST /graphql');
    const execute = spans.find((s) => s.name === 'graphql.execute query TracedTrips')!;
    expect(execute.parentSpanId).toBe(server.spanId);
    const byId = new Map(spans.map((s) => [s.spanId, s]));
    const underExecute = (span: ReceivedSpan): boolean =>
      span.parentSpanId === execute.spanId ||
      (!!span.parentSpanId &&
        !!byId.get(span.parentSpanId) &&
        underExecute(byId.get(span.parentSpanId)!));
    await spansOf(traceId, (all) =>
      all.some((s) => s.name.startsWith('prisma:') && underExecute(s)),
    );
  });

  it('exports OTLP/HTTP JSON', () => {
    expect(collector.contentTypes.length).toBeGreaterThan(0);
    expect(new Set(collector.contentTypes)).toEqual(new Set(['application/json']));
  });
});
