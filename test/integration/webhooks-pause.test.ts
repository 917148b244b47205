// Pause and delete take effect at once, with a backlog queued: the receiver holds the requests it
// gets, so the endpoint's few slots (WEBHOOK_ENDPOINT_CONCURRENCY) fill and the rest of its
// deliveries wait. Once the pause or delete is answered, no request reaches the receiver; the
// attempts under way are recorded as usual, and every queued delivery is recorded as skipped with
// its reason, in REST and GraphQL. After a resume a skipped delivery is resent by hand.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anAccount } from '../helpers/fixtures.ts';
import { startReceiver, type ReceivedRequest, type Receiver } from '../helpers/receiver.ts';
import { startTestApp, type TestService } from '../helpers/service.ts';

const PER_ENDPOINT = 3;
const EVENTS = 15;

let api: TestService;
const receivers: Receiver[] = [];

beforeAll(async () => {
  api = await startTestApp({
    RATE_LIMIT_PER_MINUTE: '100000',
    WEBHOOK_ENDPOINT_CONCURRENCY: String(PER_ENDPOINT),
  });
});
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
  await api?.stop();
});

/** A receiver that holds every request until `release()`, and an endpoint of a new account on it. */
async function aBackloggedEndpoint() {
  const receiver = await startReceiver();
  receivers.push(receiver);
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  receiver.respond(() => ({ status: 200, body: 'ok', until: released }));
  const account = await anAccount(api.prisma);
  const created = await api.request('POST /webhooks/endpoints', {
    key: account.owner.key,
    body: { name: 'Held', url: receiver.url, eventTypes: ['trip.created'] },
  });
  expect(created.status, created.text).toBe(201);
  for (let i = 0; i < EVENTS; i++) {
    const trip = await api.request('POST /trips', {
      key: account.owner.key,
      body: { title: `Backlog ${i}` },
    });
    expect(trip.status).toBe(201);
  }
  // The endpoint's slots are full and held: the other deliveries wait queued.
  await receiver.waitFor(PER_ENDPOINT);
  await expect
    .poll(() => api.prisma.delivery.count({ where: { endpointId: created.body.id } }), {
      timeout: 20_000,
    })
    .toBe(EVENTS);
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(receiver.requests).toHaveLength(PER_ENDPOINT);
  return { receiver, release, account, endpointId: created.body.id as number };
}

/** Every delivery of the endpoint, once none is pending any more. */
async function settled(endpointId: number) {
  await expect
    .poll(() => api.prisma.delivery.count({ where: { endpointId, status: 'pending' } }), {
      timeout: 20_000,
    })
    .toBe(0);
  return api.prisma.delivery.findMany({ where: { endpointId } });
}

const receivedSince = (at: number) => (r: ReceivedRequest) => r.receivedAt >= at;

const DELIVERIES = `query Deliveries($id: Int!) {
  webhookDeliveries(endpointId: $id, pageSize: 100) { data { id status skipReason error } totalCount }
}`;

describe('pausing an endpoint with a backlog', () => {
  it('starts no attempt once answered, records the queued deliveries as skipped (paused), and a resent one arrives after resume', async () => {
    const backlog = await aBackloggedEndpoint();
    const { receiver, account, endpointId } = backlog;
    const key = account.owner.key;

    const paused = await api.request(`POST /webhooks/endpoints/${endpointId}/pause`, { key });
    const answeredAt = Date.now();
    expect(paused.status).toBe(200);
    backlog.release();

    const deliveries = await settled(endpointId);
    // Let anything that would still start have its chance to reach the receiver.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(receiver.requests.filter(receivedSince(answeredAt))).toEqual([]);
    expect(receiver.requests).toHaveLength(PER_ENDPOINT);
    const byStatus = (status: string) => deliveries.filter((d) => d.status === status);
    // The attempts under way when it was paused are recorded as usual.
    expect(byStatus('succeeded')).toHaveLength(PER_ENDPOINT);
    expect(byStatus('skipped')).toHaveLength(EVENTS - PER_ENDPOINT);
    expect(byStatus('skipped').every((d) => d.skipReason === 'paused' && d.completedAt)).toBe(true);

    const listed = await api.request(
      `GET /webhooks/endpoints/${endpointId}/deliveries?pageSize=100`,
      {
        key,
      },
    );
    expect(listed.status).toBe(200);
    const skippedRest = listed.body.data.filter((d: any) => d.status === 'skipped');
    expect(skippedRest).toHaveLength(EVENTS - PER_ENDPOINT);
    expect(skippedRest[0]).toMatchObject({
      skipReason: 'paused',
      requestUrl: null,
      responseStatus: null,
      completedAt: expect.any(String),
    });
    expect(
      listed.body.data.filter((d: any) => d.status === 'succeeded').map((d: any) => d.skipReason),
    ).toEqual(Array(PER_ENDPOINT).fill(null));

    const graphql = await api.graphql(DELIVERIES, { id: endpointId }, { key });
    expect(graphql.body.errors).toBeUndefined();
    const skippedGraphql = graphql.body.data.webhookDeliveries.data.filter(
      (d: any) => d.status === 'skipped',
    );
    expect(skippedGraphql).toHaveLength(EVENTS - PER_ENDPOINT);
    expect(skippedGraphql.every((d: any) => d.skipReason === 'paused')).toBe(true);

    // Resumed, a skipped delivery is sent again by hand, with its event's id.
    const resumed = await api.request(`POST /webhooks/endpoints/${endpointId}/resume`, { key });
    expect(resumed.body.status).toBe('active');
    const skipped = byStatus('skipped')[0]!;
    const resent = await api.request(
      `POST /webhooks/endpoints/${endpointId}/deliveries/${skipped.id}/redeliver`,
      { key },
    );
    expect(resent.status).toBe(202);
    const [arrived] = await receiver.waitFor(1, receivedSince(answeredAt));
    expect(arrived!.headers['x-service-delivery']).toBe(skipped.eventId);
    // The rest stay skipped: a resume sends nothing that was skipped.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(receiver.requests.filter(receivedSince(answeredAt))).toHaveLength(1);
  });
});

describe('deleting an endpoint with a backlog', () => {
  it('starts no attempt once answered and records the queued deliveries as skipped (deleted)', async () => {
    const backlog = await aBackloggedEndpoint();
    const { receiver, account, endpointId } = backlog;

    const deleted = await api.request(`DELETE /webhooks/endpoints/${endpointId}`, {
      key: account.owner.key,
    });
    const answeredAt = Date.now();
    expect(deleted.status).toBe(200);
    backlog.release();

    const deliveries = await settled(endpointId);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(receiver.requests.filter(receivedSince(answeredAt))).toEqual([]);
    expect(deliveries.filter((d) => d.status === 'succeeded')).toHaveLength(PER_ENDPOINT);
    const skipped = deliveries.filter((d) => d.status === 'skipped');
    expect(skipped).toHaveLength(EVENTS - PER_ENDPOINT);
    expect(skipped.every((d) => d.skipReason === 'deleted')).toBe(true);
  });
});
