// GraphQL subscriptions over Server-Sent Events (docs/graphql.md#live-updates-subscriptions): an
// import job's progress (public) and a trip's changes (its account's callers), fed by the tables'
// triggers through LISTEN/NOTIFY; the per-key and per-IP limits; and a client that leaves frees
// what its stream held. The writes here go straight to the tables, as a worker's would.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anAccount, type AccountFixture } from '../helpers/fixtures.ts';
import { subscribe, type SseStream } from '../helpers/sse.ts';
import { startTestService, type TestService } from '../helpers/service.ts';

const PROGRESS = /* GraphQL */ `
  subscription ($jobId: String!) {
    importJob(jobId: $jobId) { jobId status stage tripId error }
  }
`;
const TRIP = /* GraphQL */ `
  subscription ($id: Int!) {
    trip(id: $id) { id title updatedAt }
  }
`;

let api: TestService;
let account: AccountFixture;
let other: AccountFixture;
const open: SseStream[] = [];

beforeAll(async () => {
  api = await startTestService({
    RATE_LIMIT_PER_MINUTE: '100000',
    PUBLIC_RATE_LIMIT_PER_MINUTE: '100000',
    GRAPHQL_SUBSCRIPTIONS_PER_IP: '2',
    GRAPHQL_SUBSCRIPTIONS_PER_KEY: '3',
  });
  account = await anAccount(api.prisma);
  other = await anAccount(api.prisma);
});
afterAll(async () => {
  for (const stream of open) stream.close();
  await api?.stop();
});

async function stream(...args: Parameters<typeof subscribe>): Promise<SseStream> {
  const s = await subscribe(...args);
  open.push(s);
  return s;
}

async function aJob(status: 'processing' | 'error' = 'processing') {
  return api.prisma.importJob.create({
    data: {
      publicId: randomUUID(),
      accountId: account.accountId,
      agentId: account.owner.agentId,
      sourceType: 'text',
      status,
      ...(status === 'error' ? { error: 'The document could not be read.' } : {}),
    },
  });
}

async function aTrip(title = 'Lisbon and Porto') {
  const res = await api.request('POST /trips', { key: account.owner.key, body: { title } });
  expect(res.status).toBe(201);
  return res.body as { id: number; title: string };
}

/** Resolves once the service has registered the topic's watch (the stream's first event came before). */
const live = () => api.running.services.live;

describe('subscription importJob', () => {
  it('streams the state now, each stage and status change once, and ends with the job', async () => {
    const job = await aJob();
    const s = await stream(api.url, { query: PROGRESS, variables: { jobId: job.publicId } });
    expect(s.status).toBe(200);
    expect(s.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const first = await s.next();
    expect(first!.data.data.importJob).toEqual({
      jobId: job.publicId,
      status: 'processing',
      stage: 'initializing',
      tripId: null,
      error: null,
    });

    await api.prisma.importJob.update({ where: { id: job.id }, data: { stage: 'extractingText' } });
    expect((await s.next())!.data.data.importJob.stage).toBe('extractingText');
    // What the stream does not show (timings, the log) sends nothing.
    await api.prisma.importJob.update({
      where: { id: job.id },
      data: { stageTimings: { extractingText: { startedAt: new Date().toISOString() } } },
    });
    await api.prisma.importJob.update({
      where: { id: job.id },
      data: { stage: 'generatingBlocks' },
    });
    expect((await s.next())!.data.data.importJob.stage).toBe('generatingBlocks');

    const trip = await aTrip();
    await api.prisma.importJob.update({
      where: { id: job.id },
      data: { status: 'completed', stage: 'completed', tripId: trip.id },
    });
    const last = await s.next();
    expect(last!.data.data.importJob).toMatchObject({ status: 'completed', tripId: trip.id });
    expect(await s.next()).toBeNull(); // complete: the job has ended
  });

  it('shows error and aiCredits to readers of the account only, like tripImport', async () => {
    const job = await aJob('error');
    const anonymous = await stream(api.url, {
      query: PROGRESS,
      variables: { jobId: job.publicId },
    });
    expect((await anonymous.rest()).map((e) => e.data.data.importJob.error)).toEqual([null]);
    const owner = await stream(
      api.url,
      { query: PROGRESS, variables: { jobId: job.publicId } },
      { key: account.owner.key },
    );
    expect((await owner.rest()).map((e) => e.data.data.importJob.error)).toEqual([
      'The document could not be read.',
    ]);
  });

  it('answers not_found for an unknown job, in the stream', async () => {
    const s = await stream(api.url, { query: PROGRESS, variables: { jobId: randomUUID() } });
    const events = await s.rest();
    expect(events).toHaveLength(1);
    expect(events[0]!.data.errors[0].extensions.code).toBe('job_not_found');
  });

  it('runs the trusted document ImportJobProgress by its id', async () => {
    const job = await aJob('error');
    const manifest = (await import('../../trusted-documents.json', { with: { type: 'json' } }))
      .default as Record<string, string>;
    const [hash] = Object.entries(manifest).find(([, text]) =>
      text.startsWith('subscription ImportJobProgress'),
    )!;
    const s = await stream(api.url, {
      documentId: `sha256:${hash}`,
      variables: { jobId: job.publicId },
    });
    const events = await s.rest();
    expect(events.map((e) => e.data.data.importJob.status)).toEqual(['error']);
  });
});

describe('subscription trip', () => {
  it('streams the trip now, after each change of its fields or configuration, and null when it is deleted', async () => {
    const trip = await aTrip('Andalucía');
    const s = await stream(
      api.url,
      { query: TRIP, variables: { id: trip.id } },
      {
        key: account.owner.key,
      },
    );
    expect((await s.next())!.data.data.trip).toMatchObject({ id: trip.id, title: 'Andalucía' });

    const patched = await api.request(`PATCH /trips/${trip.id}`, {
      key: account.owner.key,
      body: { title: 'Andalucía in spring' },
    });
    expect(patched.status).toBe(200);
    expect((await s.next())!.data.data.trip.title).toBe('Andalucía in spring');

    const configured = await api.request(`PATCH /trips/${trip.id}/config`, {
      key: account.owner.key,
      headers: { 'content-type': 'application/merge-patch+json' },
      rawBody: JSON.stringify({ settings: { currency: 'JPY' } }),
    });
    expect(configured.status).toBe(200);
    expect((await s.next())!.data.data.trip.id).toBe(trip.id);

    const deleted = await api.request(`DELETE /trips/${trip.id}`, { key: account.owner.key });
    expect(deleted.status).toBe(200);
    expect((await s.next())!.data.data.trip).toBeNull();
    expect(await s.next()).toBeNull();
  });

  it("refuses callers without a key, and another account's trip is not found", async () => {
    const trip = await aTrip();
    const anonymous = await stream(api.url, { query: TRIP, variables: { id: trip.id } });
    const [refused] = await anonymous.rest();
    expect(refused!.data.errors[0].extensions.code).toBe('missing_api_key');
    const stranger = await stream(
      api.url,
      { query: TRIP, variables: { id: trip.id } },
      {
        key: other.owner.key,
      },
    );
    const [hidden] = await stranger.rest();
    expect(hidden!.data.errors[0].extensions.code).toBe('not_found');
  });
});

describe('limits and clean-up', () => {
  it('counts streams per IP without a key and per key with one, and frees them when clients leave', async () => {
    for (const s of open.splice(0)) s.close();
    await expect.poll(() => live().open).toBe(0);

    const job = await aJob();
    const anonymous = [];
    for (let i = 0; i < 2; i++) {
      const s = await stream(api.url, { query: PROGRESS, variables: { jobId: job.publicId } });
      await s.next();
      anonymous.push(s);
    }
    const third = await stream(api.url, { query: PROGRESS, variables: { jobId: job.publicId } });
    const [refused] = await third.rest();
    expect(refused!.data.errors[0].extensions.code).toBe('too_many_subscriptions');

    // A key has its own budget (3 here), whatever the IP has open.
    const keyed = [];
    for (let i = 0; i < 3; i++) {
      const s = await stream(
        api.url,
        { query: PROGRESS, variables: { jobId: job.publicId } },
        { key: account.owner.key },
      );
      await s.next();
      keyed.push(s);
    }
    const fourth = await stream(
      api.url,
      { query: PROGRESS, variables: { jobId: job.publicId } },
      { key: account.owner.key },
    );
    expect((await fourth.rest())[0]!.data.errors[0].extensions.code).toBe('too_many_subscriptions');
    expect(live().open).toBe(5);
    expect(live().topics).toBe(1);
    const metrics = await fetch(`${api.running.metricsUrl}/metrics`).then((r) => r.text());
    expect(metrics).toMatch(/^graphql_subscriptions_open 5$/m);

    // Clients that leave free their streams, their budget and the topic at once.
    for (const s of [...anonymous, ...keyed]) s.close();
    await expect.poll(() => live().open).toBe(0);
    expect(live().topics).toBe(0);
    const again = await stream(api.url, { query: PROGRESS, variables: { jobId: job.publicId } });
    expect((await again.next())!.data.data.importJob.status).toBe('processing');
    again.close();
    await expect.poll(() => live().open).toBe(0);
  });
});
