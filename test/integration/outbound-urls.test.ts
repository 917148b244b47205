// Customer URLs over HTTP (issue 15, outbound safety): webhook endpoints and import documents
// refuse every address that is not global unicast, including IPv6 forms that carry a private
// IPv4 address, at registration (REST and GraphQL) and again when connecting. The service runs
// with the test-only loopback allowance, which admits plain 127.0.0.1 and nothing hidden in IPv6.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anAccount, type AccountFixture } from '../helpers/fixtures.ts';
import { startReceiver, type Receiver } from '../helpers/receiver.ts';
import { startTestApp, type TestService } from '../helpers/service.ts';

let api: TestService;
let account: AccountFixture;
let receiver: Receiver;

beforeAll(async () => {
  api = await startTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
  account = await anAccount(api.prisma, { plan: 'enterprise' });
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver?.close();
  await api?.stop();
});

const REFUSED_HOSTS = [
  ['IPv4-compatible loopback', '[::127.0.0.1]'],
  ['IPv4-compatible metadata', '[::a9fe:a9fe]'],
  ['IPv4-mapped loopback', '[::ffff:127.0.0.1]'],
  ['IPv4-mapped private', '[::ffff:10.0.0.1]'],
  ['NAT64 metadata', '[64:ff9b::169.254.169.254]'],
  ['NAT64 local-use', '[64:ff9b:1::a9fe:a9fe]'],
  ['6to4 private', '[2002:c0a8:101::1]'],
  ['Teredo client loopback', '[2001:0:808:808::80ff:fffe]'],
  ['unique local', '[fd00::1]'],
  ['site-local', '[fec0::1]'],
  ['IPv6 documentation', '[2001:db8::1]'],
  ['CGNAT', '100.64.0.1'],
  ['IPv4 documentation', '192.0.2.10'],
  ['unspecified', '0.0.0.0'],
  ['multicast', '224.0.0.1'],
] as const;

describe('webhook endpoints: 400 naming url', () => {
  it.each(REFUSED_HOSTS)('%s over REST', async (_name, host) => {
    const res = await api.request('POST /webhooks/endpoints', {
      key: account.owner.key,
      body: { name: 'x', url: `https://${host}/in`, eventTypes: ['trip.created'] },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ errors: { url: ['The URL must point at a public address.'] } });
  });

  it('over GraphQL, on create and on update', async () => {
    const create = `mutation($url: String!) { createWebhookEndpoint(input: { name: "x", url: $url, eventTypes: ["trip.created"] }) { secret } }`;
    for (const [, host] of REFUSED_HOSTS) {
      const res = await api.graphql(
        create,
        { url: `https://${host}/in` },
        { key: account.owner.key },
      );
      expect(res.body.errors?.[0]?.extensions, host).toMatchObject({
        code: 'validation_failed',
        errors: { url: [expect.any(String)] },
      });
    }
    const made = await api.request('POST /webhooks/endpoints', {
      key: account.owner.key,
      body: { name: 'ok', url: receiver.url, eventTypes: ['trip.created'] },
    });
    expect(made.status).toBe(201);
    const patched = await api.request(`PATCH /webhooks/endpoints/${made.body.id}`, {
      key: account.owner.key,
      body: { url: 'https://[::a9fe:a9fe]/in' },
    });
    expect(patched.status).toBe(400);
    expect(patched.body).toEqual({ errors: { url: [expect.any(String)] } });
  });

  it('a stored URL that hides loopback in IPv6 is refused when delivering: nothing reaches the receiver', async () => {
    const owner = (await anAccount(api.prisma, { plan: 'enterprise' })).owner;
    const made = await api.request('POST /webhooks/endpoints', {
      key: owner.key,
      body: { name: 'ok', url: receiver.url, eventTypes: ['trip.created'] },
    });
    expect(made.status).toBe(201);
    // As if the row predated this check: the same receiver, by an IPv4-mapped address.
    const port = new URL(receiver.url).port;
    await api.prisma.webhookEndpoint.update({
      where: { id: made.body.id },
      data: { url: `https://[::ffff:127.0.0.1]:${port}/hooks` },
    });
    const before = receiver.requests.length;
    const test = await api.request(`POST /webhooks/endpoints/${made.body.id}/test`, {
      key: owner.key,
    });
    expect(test.status).toBe(202);
    const delivery = await settled(test.body.id);
    expect(delivery).toMatchObject({
      status: 'failed',
      error: 'The URL must point at a public address.',
      responseStatus: null,
    });
    expect(receiver.requests.length).toBe(before);
  });
});

describe('import documents: 400 invalid_url', () => {
  it.each(REFUSED_HOSTS)('%s over REST', async (_name, host) => {
    const res = await api.request('POST /ai/trips/from-document', {
      key: account.owner.key,
      body: { source: { type: 'url', url: `http://${host}/plan.pdf` } },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: { code: 'invalid_url', message: 'The URL must point at a public address.' },
    });
  });

  it('over GraphQL', async () => {
    const create = `mutation($url: String!) { createTripImport(input: { source: { type: url, url: $url } }) { jobId } }`;
    for (const [, host] of REFUSED_HOSTS) {
      const res = await api.graphql(
        create,
        { url: `https://${host}/plan.pdf` },
        { key: account.owner.key },
      );
      expect(res.body.errors?.[0]?.extensions?.code, host).toBe('invalid_url');
    }
  });
});

async function settled(deliveryId: string) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const delivery = await api.prisma.delivery.findUniqueOrThrow({ where: { id: deliveryId } });
    if (delivery.status !== 'pending') return delivery;
    if (Date.now() > deadline) throw new Error(`delivery ${deliveryId} still pending`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
