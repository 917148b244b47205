// Live updates across processes (docs/graphql.md#live-updates-subscriptions): two API processes and a
// worker on one PostgreSQL. A client follows an import over SSE on process A while the job was
// created on process B and runs on the worker; each stage change it sees arrives within 1 s of
// the worker's write, and the stream ends with the completed job and its trip.
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrisma, type PrismaClient } from '../../src/db/prisma.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { anAccount, type AccountFixture } from '../helpers/fixtures.ts';
import { type ServiceProcess, spawnApiPairAndWorker, stopAll } from '../helpers/processes.ts';
import { startReceiver, type Receiver } from '../helpers/receiver.ts';
import { subscribe } from '../helpers/sse.ts';

const ITINERARY = `Lisbon and Porto, 3-9 October 2027
3 Oct: TP 579 Frankfurt 06:10 - Lisbon 08:15
3-6 Oct: Memmo Príncipe Real, Lisbon (3 nights)
6 Oct: train Lisbon Santa Apolónia 09:09 - Porto Campanhã 11:59
6-9 Oct: The Yeatman, Porto (3 nights)
9 Oct: LH 1177 Porto 13:25 - Frankfurt 17:30
`;

let prisma: PrismaClient;
let account: AccountFixture;
let documents: Receiver;
let urls: [string, string];
const processes: ServiceProcess[] = [];

beforeAll(async () => {
  const databaseUrl = await createTestDatabase();
  prisma = createPrisma({ databaseUrl, poolSize: 2 });
  account = await anAccount(prisma);
  documents = await startReceiver('/itinerary.txt');
  let started: ServiceProcess[];
  ({ processes: started, urls } = await spawnApiPairAndWorker(
    databaseUrl,
    {},
    // The document server speaks HTTPS with the tests' own CA.
    { NODE_EXTRA_CA_CERTS: fileURLToPath(new URL('../fixtures/tls/ca.pem', import.meta.url)) },
  ));
  processes.push(...started);
});
afterAll(async () => {
  await stopAll(processes);
  await documents?.close();
  await prisma?.$disconnect();
});

describe('an import followed over SSE on another API process than the one that created it', () => {
  it("sees the worker's stage changes within 1 s each, then the completed job", async () => {
    // The document server answers slowly: the job spends a while in extractingText.
    documents.respond(() => ({ status: 200, body: ITINERARY, delayMs: 1_500 }));
    const created = await fetch(`${urls[1]}/graphql`, {
      method: 'POST',
      headers: { authorization: `Bearer ${account.owner.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        query: `mutation ($input: CreateTripImportInput!) { createTripImport(input: $input) { jobId } }`,
        variables: { input: { source: { type: 'url', url: documents.url } } },
      }),
    });
    const answer = (await created.json()) as any;
    expect(answer.errors).toBeUndefined();
    const { jobId } = answer.data.createTripImport as { jobId: string };

    const stream = await subscribe(urls[0], {
      query: `subscription ($jobId: String!) { importJob(jobId: $jobId) { status stage tripId } }`,
      variables: { jobId },
    });
    const seen: Array<{ stage: string; status: string; tripId: number | null; at: number }> = [];
    for (let e = await stream.next(30_000); e; e = await stream.next(30_000)) {
      expect(e.data.errors).toBeUndefined();
      seen.push({ ...e.data.data.importJob, at: Date.now() });
    }
    const job = await prisma.importJob.findFirstOrThrow({ where: { publicId: jobId } });
    const timings = job.stageTimings as Record<string, { startedAt: string }>;

    expect(seen.at(-1)).toMatchObject({ status: 'completed', stage: 'completed' });
    expect(seen.at(-1)!.tripId).toBe(job.tripId);
    expect(job.tripId).not.toBeNull();
    // In pipeline order, each stage once; the first is the state when the stream opened.
    const order = [
      'initializing',
      'extractingText',
      'generatingBlocks',
      'enrichingBlocks',
      'completed',
    ];
    const indexes = seen.map((s) => order.indexOf(s.stage));
    expect(indexes).toEqual([...new Set(indexes)].sort((x, y) => x - y));
    expect(seen.length).toBeGreaterThanOrEqual(3);
    // Every change after the first event, from the worker's write to the client on process A.
    const lags = seen.slice(1).map((s) => s.at - Date.parse(timings[s.stage]!.startedAt));
    for (const lag of lags) expect(lag, `lags ${lags.join(', ')} ms`).toBeLessThan(1_000);
    stream.close();
  });
});
