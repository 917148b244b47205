// Webhook deliveries per second to a local receiver: an endpoint subscribed to trip.deleted, a
// burst of bulk deletions (100 trips a call), and the time until the receiver has every event.
// The receiver is test/helpers/receiver.ts (HTTPS on 127.0.0.1, certificate of the test
// authority), so the service must run with OUTBOUND_ALLOW_LOOPBACK and NODE_EXTRA_CA_CERTS.
import { LIMITS } from '../src/config/constants.ts';
import { startReceiver } from '../test/helpers/receiver.ts';
import { quantile, usageMeter } from './load.ts';
import type { BackgroundResult } from './report.ts';

export interface WebhookOptions {
  url: string;
  key: string;
  /** Trips of the account to delete: one trip.deleted each. */
  tripIds: readonly number[];
  pid: number;
  databasePid: number | undefined;
  /** Give up waiting after this long; what has not arrived counts as errors. */
  timeoutMs: number;
}

/** Bulk deletions in flight at once. */
const DELETERS = 4;

export async function measureWebhookDeliveries(options: WebhookOptions): Promise<BackgroundResult> {
  const receiver = await startReceiver();
  try {
    const headers = { authorization: `Bearer ${options.key}`, 'content-type': 'application/json' };
    const endpoint = await fetch(`${options.url}/webhooks/endpoints`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        name: 'Bench receiver',
        url: receiver.url,
        eventTypes: ['trip.deleted'],
      }),
    });
    if (endpoint.status !== 201)
      throw new Error(
        `POST /webhooks/endpoints answered ${endpoint.status}: ${await endpoint.text()}`,
      );

    const chunks: number[][] = [];
    for (let i = 0; i < options.tripIds.length; i += LIMITS.bulkDeleteMax)
      chunks.push(options.tripIds.slice(i, i + LIMITS.bulkDeleteMax));
    const meter = usageMeter(options.pid, options.databasePid);
    const started = Date.now();
    let deleted = 0;
    await Promise.all(
      Array.from({ length: DELETERS }, async () => {
        for (let chunk = chunks.shift(); chunk; chunk = chunks.shift()) {
          let res: Response;
          // A 503 (PostgreSQL too busy on a loaded machine) is tried again, as a client would.
          for (let attempt = 1; ; attempt++) {
            res = await fetch(`${options.url}/trips`, {
              method: 'DELETE',
              headers,
              body: JSON.stringify({ tripIds: chunk }),
            });
            if (res.status !== 503 || attempt === 5) break;
            await res.arrayBuffer();
            await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
          }
          const body = (await res.json()) as { deletedCount?: number };
          if (res.status !== 200)
            throw new Error(`DELETE /trips answered ${res.status}: ${JSON.stringify(body)}`);
          deleted += body.deletedCount ?? 0;
        }
      }),
    );

    // One delivery per event, told apart by X-Service-Delivery (the eventId): a redelivery is not counted twice.
    const unique = () =>
      new Map(receiver.requests.map((r) => [r.headers['x-service-delivery'], r]));
    const deadline = started + options.timeoutMs;
    while (unique().size < deleted && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    const arrived = [...unique().values()];
    const last = Math.max(started, ...arrived.map((r) => r.receivedAt));
    const usage = meter.stop(arrived.length);
    // From the event (its createdAt, the deletion's commit) to its arrival at the receiver.
    const latencies = arrived.map((r) => r.receivedAt - Date.parse(r.body.createdAt));
    return {
      id: 'webhook-deliveries',
      label: 'Webhook deliveries per second to a local receiver',
      unit: 'deliveries/s',
      rate: round((arrived.length / Math.max(1, last - started)) * 1000),
      items: arrived.length,
      seconds: round((last - started) / 1000),
      concurrency: DELETERS,
      p50Ms: quantile(latencies, 0.5),
      p99Ms: quantile(latencies, 0.99),
      // Events that did not arrive in time (a failed delivery is not retried, so it never arrives).
      errors: deleted - arrived.length,
      ...usage,
    };
  } finally {
    await receiver.close();
  }
}

const round = (n: number) => Math.round(n * 10) / 10;
