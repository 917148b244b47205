// Issue 15, fault test: an anonymous barrage of the heaviest GraphQL requests the limits still
// allow (a public catalog's largest trips page, a recordTripView) from several connections, while
// another tenant reads its trips by id. The service runs as `npm start` runs it (production mode,
// its own process, so the barrage's CPU is not the measuring client's). The reads must keep a p99
// under 1 s with no error: the limits, not luck, keep any one request from starving the others.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrisma, type PrismaClient } from '../../src/db/prisma.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { readManifest } from '../../src/graphql/trusted-documents.ts';
import { anAccount } from '../helpers/fixtures.ts';
import { spawnReadyService, type ServiceProcess } from '../helpers/processes.ts';

const BARRAGE_CONNECTIONS = 6;
const BARRAGE_SECONDS = Number(process.env.BARRAGE_SECONDS ?? 15);
const REQUEST_TIMEOUT_MS = 20_000;
const PUBLIC_TRIPS = 100;

/**
 * Without a key in production, only trusted documents run (docs/graphql.md#trusted-documents): the
 * barrage names them by id. The heaviest is the public catalog's page of 100 trips.
 */
const trusted = (operation: string) =>
  `sha256:${Object.entries(readManifest()).find(([, text]) => text.startsWith(operation))![0]}`;
const heaviestRead = (slug: string) =>
  JSON.stringify({
    documentId: trusted('query PublicCatalog('),
    variables: { idOrSlug: slug, pageSize: 100 },
  });

/** A document of the caller's own: refused without a key in production, whatever it costs. */
const ownRead = (slug: string) => `{ publicCatalog(idOrSlug: "${slug}") {
  id slug title subtitle description seoDescription pictureUrl logoUrl accountLogo filters { countries month duration } createdAt updatedAt
  trips(pageSize: 100) { data { id title slug seoDescription duration dateStart dateFinish dateExpiration logo countries imageUrl createdAt updatedAt } page pageSize totalCount totalPages }
} }`;

interface Sample {
  status: number;
  ms: number;
  error?: string;
  body?: any;
}

async function send(url: string, init: RequestInit): Promise<Sample> {
  const started = performance.now();
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      /* keep the text */
    }
    return { status: response.status, ms: performance.now() - started, body };
  } catch (error) {
    return {
      status: 0,
      ms: performance.now() - started,
      error: `${String(error)} ${String((error as { cause?: unknown }).cause)}`,
    };
  }
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

let prisma: PrismaClient;
let service: ServiceProcess;
let url: string;
let catalogSlug: string;
let tripSlug: string;
let victim: { key: string; tripId: number };

beforeAll(async () => {
  const databaseUrl = await createTestDatabase();
  prisma = createPrisma({ databaseUrl, poolSize: 2 });
  const publisher = await anAccount(prisma);
  const other = await anAccount(prisma);
  ({ service, url } = await spawnReadyService(databaseUrl, {
    NODE_ENV: 'production',
    OUTBOUND_ALLOW_LOOPBACK: 'false',
    SERVICE_ROLES: 'api',
    // Many anonymous callers (many addresses) in effect: the per-IP limit does not end the barrage early.
    PUBLIC_RATE_LIMIT_PER_MINUTE: '1000000',
    RATE_LIMIT_PER_MINUTE: '1000000',
  }));
  const post = (path: string, key: string, body: unknown) =>
    fetch(`${url}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then((r) => r.json() as Promise<any>);
  const tripIds: number[] = [];
  for (let i = 0; i < PUBLIC_TRIPS; i++) {
    const trip = await post('/trips', publisher.owner.key, {
      title: `Public trip ${i}`,
      seoDescription: 'A long day out. '.repeat(20),
      countries: ['PRT', 'ESP'],
    });
    tripIds.push(trip.id);
    tripSlug ??= trip.slug;
  }
  catalogSlug = (
    await post('/catalogs', publisher.owner.key, { title: 'Everything', isPublic: true, tripIds })
  ).slug;
  victim = {
    key: other.owner.key,
    tripId: (await post('/trips', other.owner.key, { title: 'Mine' })).id,
  };
}, 180_000);

afterAll(async () => {
  service?.child.kill('SIGTERM');
  await service?.exited;
  await prisma?.$disconnect();
});

describe('an anonymous barrage of the heaviest allowed queries', () => {
  it("leaves another tenant's reads under 1 s at p99, without errors", async () => {
    const page = await send(`${url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: heaviestRead(catalogSlug),
    });
    expect(page.body.data.publicCatalog.trips.data).toHaveLength(PUBLIC_TRIPS);

    const until = performance.now() + BARRAGE_SECONDS * 1000;
    const barrage: Sample[] = [];
    const attacker = async (worker: number) => {
      for (let i = 0; performance.now() < until; i++) {
        const body =
          i % 4 === 3
            ? JSON.stringify({
                documentId: trusted('mutation RecordTripView('),
                variables: { slug: tripSlug, viewerId: `v${worker}-${i}` },
              })
            : heaviestRead(catalogSlug);
        barrage.push(
          await send(`${url}/graphql`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body,
          }),
        );
      }
    };
    // One more connection sends what the limits refuse: three of the heaviest pages in one document
    // of its own (not trusted) and, one time in eight, the issue's 45,000-alias document (4.8 MB).
    const huge = Buffer.from(
      JSON.stringify({
        query: `{ ${Array.from({ length: 45_000 }, (_, i) => `a${i}: publicCatalog(idOrSlug: "${catalogSlug}") { trips(pageSize: 100) { data { id } } }`).join(' ')} }`,
      }),
    );
    const overBudget = JSON.stringify({
      query: `{ ${[1, 2, 3].map((i) => `a${i}: ${ownRead(catalogSlug).slice(1, -1)}`).join(' ')} }`,
    });
    const refused: Sample[] = [];
    const refusedAttacker = async () => {
      for (let i = 0; performance.now() < until; i++) {
        refused.push(
          await send(`${url}/graphql`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: i % 8 ? overBudget : huge,
          }),
        );
      }
    };
    const reads: Sample[] = [];
    const reader = async () => {
      while (performance.now() < until) {
        reads.push(
          await send(`${url}/trips/${victim.tripId}`, {
            headers: { authorization: `Bearer ${victim.key}` },
          }),
        );
      }
    };
    await Promise.all([
      ...Array.from({ length: BARRAGE_CONNECTIONS }, (_, i) => attacker(i)),
      refusedAttacker(),
      reader(),
    ]);

    // What the limits refuse was refused, each time.
    expect(refused.length).toBeGreaterThan(4);
    for (const sample of refused) {
      const refusal =
        sample.status === 413 ? 'payload_too_large' : sample.body?.errors?.[0]?.extensions?.code;
      expect(
        ['payload_too_large', 'trusted_documents_only'],
        JSON.stringify(sample).slice(0, 300),
      ).toContain(refusal);
    }

    // The barrage was real: heavy pages answered in full, all of them within the limits.
    const served = barrage.filter((s) => s.status === 200 && !s.body?.errors);
    expect(
      served.length,
      JSON.stringify(barrage.find((s) => s.status !== 200 || s.body?.errors)),
    ).toBe(barrage.length);
    expect(barrage.length).toBeGreaterThan(BARRAGE_CONNECTIONS * 10);

    // The other tenant: every read answered 200, p99 under a second.
    const failed = reads.filter((s) => s.status !== 200);
    expect(failed, 'reads that failed').toEqual([]);
    expect(reads.length).toBeGreaterThan(50);
    const p99 = percentile(
      reads.map((s) => s.ms),
      99,
    );
    console.log(
      `barrage: ${barrage.length} requests (and ${refused.length} refused) from ${BARRAGE_CONNECTIONS} connections in ${BARRAGE_SECONDS} s; reads: ${reads.length}, p50 ${percentile(
        reads.map((s) => s.ms),
        50,
      ).toFixed(0)} ms, p99 ${p99.toFixed(0)} ms`,
    );
    expect(p99).toBeLessThan(1000);

    // And the service is still healthy.
    expect((await send(`${url}/status`, {})).status).toBe(200);
  });
});
