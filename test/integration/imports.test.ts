// The AI trip import over HTTP (docs/decisions.md#ai-import): the
// three operations on both variants, every error code, permissions, sources (text, inline, url
// served by a local HTTP server), the stage pipeline through pg-boss, cancel, errors, the trip it
// creates with trip.created, and the operators' GraphQL.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stopOcr } from '../../src/imports/extract/ocr.ts';
import { aMember, anAccount, type AccountFixture } from '../helpers/fixtures.ts';
import { runJob } from '../helpers/jobs.ts';
import { startReceiver, type Receiver } from '../helpers/receiver.ts';
import { startTestApp, type TestService } from '../helpers/service.ts';

const FIXTURES = new URL('../fixtures/imports/corpus/', import.meta.url);
const fixture = (name: string) => fs.readFileSync(new URL(name, FIXTURES));
const PLAN = fs.readFileSync(new URL('pt-portugal-roteiro.txt', FIXTURES), 'utf8');

let api: TestService;
let ai: string;
let account: AccountFixture;
let docs: DocumentServer;
let receiver: Receiver;

beforeAll(async () => {
  api = await startTestApp({
    RATE_LIMIT_PER_MINUTE: '100000',
    PUBLIC_RATE_LIMIT_PER_MINUTE: '100000',
  });
  ai = api.running.aiUrl!;
  account = await anAccount(api.prisma);
  docs = await startDocumentServer();
  receiver = await startReceiver();
});
afterAll(async () => {
  await docs?.close();
  await receiver?.close();
  await api?.stop();
  await stopOcr();
});

/** A local server of documents: fixtures by name, plus a page, a redirect, a 404 and a slow answer. */
interface DocumentServer {
  url: string;
  release(): void;
  close(): Promise<void>;
}
async function startDocumentServer(): Promise<DocumentServer> {
  let release = () => {};
  const server = http.createServer((req, res) => {
    const name = (req.url ?? '/').slice(1);
    if (name === 'image.gif')
      return void res
        .writeHead(200, { 'content-type': 'text/html' })
        .end(Buffer.from('GIF89a\x01\x00\x01\x00\x80\x00\x00', 'latin1'));
    if (name === 'moved')
      return void res.writeHead(302, { location: 'http://10.0.0.1/plan.pdf' }).end();
    if (name === 'slow.txt')
      return void new Promise<void>((r) => {
        release = r;
      }).then(() => res.writeHead(200).end(PLAN));
    // Content-Type says nothing: formats are told by content (this PDF is served as octet-stream).
    if (fs.existsSync(new URL(name, FIXTURES)) && name)
      return void res
        .writeHead(200, { 'content-type': 'application/octet-stream' })
        .end(fixture(name));
    res.writeHead(404).end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    release: () => release(),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const textSource = (text: unknown = PLAN) => ({ source: { type: 'text', text } });
/** `key` null: no Authorization header. */
const create = (
  body: unknown,
  key: string | null = account.owner.key,
  base = ai,
  path = '/trip-imports',
) => api.request(`POST ${base}${path}`, { key: key ?? undefined, body });
const status = (jobId: string, key?: string, base = ai, path = '/trip-imports') =>
  api.request(`GET ${base}${path}/${jobId}/status`, { key });
const cancel = (
  jobId: string,
  key: string | null = account.owner.key,
  base = ai,
  path = '/trip-imports',
) => api.request(`POST ${base}${path}/${jobId}/actions/cancel`, { key: key ?? undefined });

async function finished(jobId: string, timeoutMs = 45_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = await api.prisma.importJob.findUniqueOrThrow({ where: { publicId: jobId } });
    if (job.status !== 'processing') return job;
    if (Date.now() > deadline)
      throw new Error(`import ${jobId} still ${job.stage} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('POST /trip-imports (AI listener) and /ai/trips/from-document (API listener)', () => {
  it('accepts a text document: 202 with jobId, status and the four links, then a completed job and a real trip', async () => {
    const endpoint = await api.request('POST /webhooks/endpoints', {
      key: account.owner.key,
      body: { name: 'CRM', url: receiver.url, eventTypes: ['trip.created'] },
    });
    expect(endpoint.status).toBe(201);
    const res = await create(textSource());
    expect(res.status, res.text).toBe(202);
    const jobId = res.body.jobId;
    expect(res.body).toEqual({
      jobId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      status: 'processing',
      links: {
        publicUrl: `${api.config.publicPagesUrl}/i/${jobId}`,
        builderUrl: `${api.config.publicAppUrl}/builder/imports/${jobId}`,
        status: `${api.config.publicAiUrl}/trip-imports/${jobId}/status`,
        cancel: `${api.config.publicAiUrl}/trip-imports/${jobId}/actions/cancel`,
      },
    });
    const job = await finished(jobId);
    expect(job.status, job.error ?? '').toBe('completed');

    const done = await status(jobId, account.owner.key);
    expect(done.status).toBe(200);
    const trip = await api.prisma.trip.findUniqueOrThrow({
      where: { id: done.body.tripId },
      include: { configuration: true },
    });
    expect(done.body).toEqual({
      jobId,
      status: 'completed',
      stage: 'completed',
      tripId: trip.id,
      tripSlug: trip.slug,
      publicUrl: `${api.config.publicPagesUrl}/t/${trip.slug}`,
      builderUrl: `${api.config.publicAppUrl}/builder/trips/${trip.id}`,
      updatedAt: expect.any(String),
      aiCredits: 1,
    });
    expect(trip).toMatchObject({
      title: 'Roteiro Portugal Clássico: Lisboa, Sintra e Porto',
      duration: 6,
      countries: ['PRT'],
      template: false,
      accountId: account.accountId,
      agentId: account.owner.agentId,
    });
    expect(trip.dateStart?.toISOString()).toBe('2026-04-14T00:00:00.000Z');
    const blocks = (trip.configuration!.document as any).blocks;
    expect(blocks.map((b: any) => b.type)).toEqual(['itinerary', 'price']);
    expect(blocks[0].children).toHaveLength(6);
    expect(
      blocks[0].children.every((d: any) => d.type === 'itineraryDay' && d.parent === 'itinerary'),
    ).toBe(true);
    const leafTypes = new Set(
      blocks[0].children.flatMap((d: any) => d.children.map((c: any) => c.type)),
    );
    expect(leafTypes).toEqual(new Set(['accommodation', 'activity', 'transport', 'text']));
    expect(blocks[1].content).toMatchObject({ amount: 1180, currency: 'EUR', per: 'person' });
    // The configuration reads back through the API as any other.
    const config = await api.request(`GET /trips/${trip.id}/config`, { key: account.owner.key });
    expect(config.status).toBe(200);
    expect(config.body.settings).toMatchObject({ language: 'pt', currency: 'EUR' });
    // publicUrl opens the trip's page, served by the service, in the trip's language; the link
    // the job gave while processing now leads there too.
    const publicPage = await api.request(`GET ${new URL(done.body.publicUrl).pathname}`);
    expect(publicPage.status).toBe(200);
    expect(publicPage.text).toContain('<html lang="pt">');
    expect(publicPage.text).toContain(`<h1>${trip.title}</h1>`);
    expect(publicPage.text).toContain('Dia 1');
    const waiting = await api.request(`GET ${new URL(res.body.links.publicUrl).pathname}`);
    expect(waiting.status).toBe(303);
    expect(waiting.headers.get('location')).toBe(`/t/${trip.slug}`);

    const event = await api.prisma.event.findFirst({
      where: { type: 'trip.created', resourceId: trip.id },
    });
    expect(event?.payload).toMatchObject({ trip: { id: trip.id, title: trip.title } });
  });

  it('answers on the base variant too, with its own status and cancel links; isTemplate makes a template', async () => {
    const res = await create(
      {
        ...textSource({
          title: 'Weekend in Amsterdam',
          dates: 'Jun 19-20, 2026',
          plan: 'Canal cruise at 17:00. Rijksmuseum at 09:00.',
        }),
        isTemplate: true,
      },
      account.owner.key,
      api.url,
      '/ai/trips/from-document',
    );
    expect(res.status, res.text).toBe(202);
    expect(res.body.links.status).toBe(
      `${api.config.publicApiUrl}/ai/trips/${res.body.jobId}/status`,
    );
    expect(res.body.links.cancel).toBe(
      `${api.config.publicApiUrl}/ai/trips/${res.body.jobId}/actions/cancel`,
    );
    const job = await finished(res.body.jobId);
    expect(job.status, job.error ?? '').toBe('completed');
    const trip = await api.prisma.trip.findUniqueOrThrow({ where: { id: job.tripId! } });
    expect(trip).toMatchObject({
      title: 'Weekend in Amsterdam',
      template: true,
      countries: ['NLD'],
    });
    const viaBase = await status(res.body.jobId, account.owner.key, api.url, '/ai/trips');
    expect(viaBase.body).toMatchObject({ status: 'completed', tripId: trip.id });
  });

  it('reads an inline PDF (two pages: two credits) and an inline PNG by OCR', async () => {
    const pdf = await create({
      source: {
        type: 'inline',
        data: fixture('en-andalusia-programme.pdf').toString('base64'),
        filename: 'tour.pdf',
      },
    });
    const png = await create({
      source: {
        type: 'inline',
        data: fixture('es-plan-corto.png').toString('base64'),
        filename: 'plan.png',
      },
    });
    expect([pdf.status, png.status]).toEqual([202, 202]);
    const [pdfJob, pngJob] = [
      await finished(pdf.body.jobId),
      await finished(png.body.jobId, 60_000),
    ];
    expect(pdfJob).toMatchObject({
      status: 'completed',
      aiCredits: 2,
      mediaType: 'application/pdf',
    });
    expect(pngJob).toMatchObject({ status: 'completed', aiCredits: 1, mediaType: 'image/png' });
    const trip = await api.prisma.trip.findUniqueOrThrow({ where: { id: pdfJob.tripId! } });
    expect(trip).toMatchObject({
      title: 'Andalusia Highlights Tour',
      duration: 8,
      countries: ['ESP'],
    });
    const photo = await api.prisma.trip.findUniqueOrThrow({ where: { id: pngJob.tripId! } });
    expect(photo).toMatchObject({ title: 'Fin de semana en Barcelona', countries: ['ESP'] });
  }, 90_000);

  it('downloads a URL document and tells its format by content', async () => {
    const res = await create({
      source: { type: 'url', url: `${docs.url}/de-italien-rundreise.pdf` },
    });
    expect(res.status).toBe(202);
    const job = await finished(res.body.jobId);
    expect(job, job.error ?? '').toMatchObject({
      status: 'completed',
      mediaType: 'application/pdf',
      aiCredits: 1,
    });
    expect(await api.prisma.trip.findUniqueOrThrow({ where: { id: job.tripId! } })).toMatchObject({
      title: 'Klassisches Italien: Rom, Florenz und Venedig',
      countries: ['ITA'],
    });
  });

  it('ends a URL job in error, with a clear message, for an unsupported format, a missing document and a redirect', async () => {
    const cases = [
      ['image.gif', /not a PDF, DOCX, TXT, HTML, EML, ICS, JPG or PNG file \(unsupported_format\)/],
      ['missing.pdf', /HTTP 404/],
      ['moved', /redirects/],
    ] as const;
    for (const [path, message] of cases) {
      const res = await create({ source: { type: 'url', url: `${docs.url}/${path}` } });
      expect(res.status).toBe(202);
      const job = await finished(res.body.jobId);
      expect(job.status).toBe('error');
      expect(job.error).toMatch(message);
      const full = await status(res.body.jobId, account.owner.key);
      expect(full.body).toMatchObject({
        status: 'error',
        error: job.error,
        tripId: null,
        tripSlug: null,
      });
      const anonymous = await status(res.body.jobId);
      expect(anonymous.body).not.toHaveProperty('error');
      expect(anonymous.body).not.toHaveProperty('aiCredits');
    }
  });
});

describe('errors of the create operation', () => {
  const expectError = (res: { status: number; body: any }, status: number, code: string) => {
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    expect(res.body).toEqual({ error: { code, message: expect.any(String) } });
  };

  it('401 missing_api_key and invalid_api_key on both variants; 403 for a viewer', async () => {
    expectError(await create(textSource(), null), 401, 'missing_api_key');
    expectError(
      await create(textSource(), 'ak_not-a-real-key-0000000000000000000'),
      401,
      'invalid_api_key',
    );
    expectError(
      await create(textSource(), null, api.url, '/ai/trips/from-document'),
      401,
      'missing_api_key',
    );
    expectError(await cancel('00000000-0000-4000-8000-000000000000', null), 401, 'missing_api_key');
    const viewer = await aMember(api.prisma, account.accountId, 'viewer');
    expectError(await create(textSource(), viewer.key), 403, 'forbidden');
    // An agent (not only owners) may import.
    const agent = await aMember(api.prisma, account.accountId, 'agent');
    expect((await create(textSource(), agent.key)).status).toBe(202);
  });

  it('400 invalid_source for a missing or malformed source, bad base64, unknown fields, non-JSON', async () => {
    for (const body of [
      {},
      { source: { type: 'ftp', url: 'x' } },
      { source: { type: 'text', text: '' } },
      { source: { type: 'text' } },
      { source: { type: 'inline', data: '***', filename: 'a.pdf' } },
      { source: { type: 'inline', data: 'aGk=' } },
      { ...textSource(), extra: 1 },
      { ...textSource(), isTemplate: 'yes' },
    ]) {
      expectError(await create(body), 400, 'invalid_source');
    }
    const raw = await api.request(`POST ${ai}/trip-imports`, {
      key: account.owner.key,
      rawBody: '{not json',
      headers: { 'content-type': 'application/json' },
    });
    expectError(raw, 400, 'invalid_source');
  });

  it("words invalid_source as every other validation message: what the field must be, not zod's text", async () => {
    const text = (more: Record<string, unknown>) => ({
      source: { type: 'text', text: 'x', ...more },
    });
    const cases: [unknown, string][] = [
      [
        { ...textSource('Rome, 3 days.'), isTemplate: 'yes' },
        'isTemplate must be true or false, not a string.',
      ],
      [
        { ...textSource('Rome, 3 days.'), isTemplate: null },
        'isTemplate cannot be null: give true or false.',
      ],
      [textSource(''), 'source.text cannot be empty.'],
      [textSource('   '), 'source.text cannot be empty.'],
      [textSource([]), 'source.text needs at least one item.'],
      [textSource(5), 'source.text must be a string, or a JSON object or array, not an integer.'],
      [
        { source: { type: 'text' } },
        'source.text is required: the document as a string, or a JSON object or array.',
      ],
      [{ source: { type: 'url', url: '' } }, 'source.url cannot be empty.'],
      [{ source: { type: 'url', url: 5 } }, 'source.url must be a string, not an integer.'],
      [{ source: { type: 'inline', data: 'aGk=' } }, 'source.filename is required: a string.'],
      [{ source: { type: 'ftp' } }, 'source.type must be "url", "text" or "inline".'],
      [
        { source: 'Rome' },
        expect.stringMatching(
          /^source must be one of \{"type": "url", "url": \.\.\.\}, .* not a string\.$/,
        ),
      ],
      [{}, expect.stringMatching(/^source is required: \{"type": "url"/)],
      [
        { ...textSource('Rome'), istemplate: true },
        'istemplate is not a field of body. It takes source, isTemplate. Did you mean "isTemplate"?',
      ],
      [
        text({ url: 'https://example.com' }),
        'source.url is not a field of source. It takes type, text.',
      ],
    ];
    for (const [body, message] of cases) {
      for (const res of [
        await create(body),
        await create(body, account.owner.key, api.url, '/ai/trips/from-document'),
      ])
        expect(res, JSON.stringify(body)).toMatchObject({
          status: 400,
          body: { error: { code: 'invalid_source', message } },
        });
    }
    // GraphQL's createTripImport parses the same input and says the same.
    const gql = await api.graphql(
      'mutation ($input: CreateTripImportInput!) { createTripImport(input: $input) { jobId } }',
      { input: { source: { type: 'text', text: '' } } },
      { key: account.owner.key },
    );
    expect(gql.body.errors[0]).toMatchObject({
      message: 'source.text cannot be empty.',
      extensions: { code: 'invalid_source' },
    });
  });

  it('400 invalid_url for other schemes and private or link-local addresses', async () => {
    for (const url of [
      'ftp://example.com/a.pdf',
      'http://10.0.0.5/plan.pdf',
      'http://169.254.169.254/latest/meta-data',
      'http://[fd00::1]/a.pdf',
      'not a url',
      'http://user:pw@example.com/a.pdf',
    ]) {
      expectError(await create({ source: { type: 'url', url } }), 400, 'invalid_url');
    }
  });

  it('400 unsupported_format for a document that is not PDF, DOCX, TXT, HTML, EML, ICS, JPG or PNG, whatever its name', async () => {
    const zip = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00, 0x08, 0x00]);
    expectError(
      await create({
        source: { type: 'inline', data: zip.toString('base64'), filename: 'plan.pdf' },
      }),
      400,
      'unsupported_format',
    );
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x80\x00\x00', 'latin1');
    expectError(
      await create({
        source: { type: 'inline', data: gif.toString('base64'), filename: 'plan.html' },
      }),
      400,
      'unsupported_format',
    );
  });
});

describe('status and cancel', () => {
  it('status is public (no error, no aiCredits); full for the account; 404 job_not_found for unknown or malformed ids', async () => {
    const res = await create(textSource());
    await finished(res.body.jobId);
    const anonymous = await status(res.body.jobId);
    expect(anonymous.status).toBe(200);
    expect(Object.keys(anonymous.body).sort()).toEqual([
      'builderUrl',
      'jobId',
      'publicUrl',
      'stage',
      'status',
      'tripId',
      'tripSlug',
      'updatedAt',
    ]);
    const stranger = await anAccount(api.prisma);
    expect(await status(res.body.jobId, stranger.owner.key)).toMatchObject({
      status: 200,
      body: { jobId: res.body.jobId },
    });
    expect((await status(res.body.jobId, stranger.owner.key)).body).not.toHaveProperty('aiCredits');
    expect((await status(res.body.jobId, account.owner.key)).body.aiCredits).toBe(1);
    const colleague = await aMember(api.prisma, account.accountId, 'admin');
    expect((await status(res.body.jobId, colleague.key)).body.aiCredits).toBe(1); // not only the creator's key
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      expect((await status(id)).body).toEqual({
        error: { code: 'job_not_found', message: expect.any(String) },
      });
      expect((await status(id)).status).toBe(404);
    }
    expect((await status(res.body.jobId, 'ak_wrong')).status).toBe(401);
  });

  it("shows error and aiCredits to every reader of imports in the job's account, on both variants and in GraphQL; never to another account or without a key", async () => {
    const res = await create({ source: { type: 'url', url: `${docs.url}/missing.pdf` } });
    expect(res.status, res.text).toBe(202);
    const jobId: string = res.body.jobId;
    const job = await finished(jobId);
    expect(job.status).toBe('error');
    const whole = { error: job.error, aiCredits: job.aiCredits };
    expect(whole.error).toEqual(expect.any(String));
    const viaAi = (key?: string) => status(jobId, key);
    const viaApi = (key?: string) => status(jobId, key, api.url, '/ai/trips');
    const tripImport = (key?: string) =>
      api.graphql(
        'query ($id: String!) { tripImport(jobId: $id) { error aiCredits } }',
        { id: jobId },
        { key },
      );
    const importJobs = (key: string) =>
      api.graphql(
        '{ importJobs(status: error, pageSize: 100) { data { jobId error aiCredits } } }',
        {},
        { key },
      );

    // Every role reads imports (docs/decisions.md#accounts-roles-and-keys); the owner created the
    // job.
    const members = await Promise.all(
      (['admin', 'agent', 'viewer'] as const).map((role) =>
        aMember(api.prisma, account.accountId, role),
      ),
    );
    for (const key of [account.owner.key, ...members.map((m) => m.key)]) {
      expect((await viaAi(key)).body).toMatchObject(whole);
      expect((await viaApi(key)).body).toMatchObject(whole);
      expect((await tripImport(key)).body).toEqual({ data: { tripImport: whole } });
      const listed = (await importJobs(key)).body.data.importJobs.data;
      expect(listed.find((j: any) => j.jobId === jobId)).toEqual({ jobId, ...whole });
    }

    const stranger = await anAccount(api.prisma);
    for (const key of [undefined, stranger.owner.key]) {
      for (const res of [await viaAi(key), await viaApi(key)]) {
        expect(res.status).toBe(200);
        expect(res.body).not.toHaveProperty('error');
        expect(res.body).not.toHaveProperty('aiCredits');
      }
      expect((await tripImport(key)).body).toEqual({
        data: { tripImport: { error: null, aiCredits: null } },
      });
    }
  });

  it('refuses a query parameter an operation does not take with 400 unknown_query_parameter, in the AI body, on both variants', async () => {
    const res = await create(textSource('Rome, 3 days.'));
    const jobId: string = res.body.jobId;
    const refusal = (message: string) => ({
      status: 400,
      body: { error: { code: 'unknown_query_parameter', message } },
    });
    const before = await api.prisma.importJob.count({ where: { accountId: account.accountId } });
    for (const [base, prefix, create] of [
      [ai, '/trip-imports', '/trip-imports'],
      [api.url, '/ai/trips', '/ai/trips/from-document'],
    ] as const) {
      expect(
        await api.request(`GET ${base}${prefix}/${jobId}/status?foo=1`, { key: account.owner.key }),
      ).toMatchObject(
        refusal(`foo is not a query parameter of GET ${prefix}/{publicId}/status. It takes none.`),
      );
      // Before the job is looked up: an unknown job is the same 400, not job_not_found.
      expect((await api.request(`GET ${base}${prefix}/x/status?foo=1&_=2`)).body.error).toEqual({
        code: 'unknown_query_parameter',
        message: expect.stringMatching(/^foo is not .* It takes none\. _ is not a query parameter/),
      });
      expect(
        await api.request(`POST ${base}${create}?isTemplate=true`, {
          key: account.owner.key,
          body: textSource('Rome, 3 days.'),
        }),
      ).toMatchObject(
        refusal(`isTemplate is not a query parameter of POST ${create}. It takes none.`),
      );
      expect(
        await api.request(`POST ${base}${prefix}/${jobId}/actions/cancel?force=1`, {
          key: account.owner.key,
        }),
      ).toMatchObject(
        refusal(
          `force is not a query parameter of POST ${prefix}/{publicId}/actions/cancel. It takes none.`,
        ),
      );
      expect((await status(jobId, account.owner.key, base, prefix)).status).toBe(200);
    }
    // Refused before anything ran: no job was created, none cancelled.
    expect(await api.prisma.importJob.count({ where: { accountId: account.accountId } })).toBe(
      before,
    );
    expect(
      (await api.prisma.importJob.findUniqueOrThrow({ where: { publicId: jobId } })).status,
    ).not.toBe('canceled');
  });

  it('ends an import in error, instead of processing for ever, when its stage job has spent every attempt', async () => {
    const own = await anAccount(api.prisma);
    const res = await create(
      { source: { type: 'url', url: `${docs.url}/slow.txt` } },
      own.owner.key,
    );
    const { id } = await api.prisma.importJob.findUniqueOrThrow({
      where: { publicId: res.body.jobId },
    });
    // Each stage job names the queue pg-boss moves it to once its attempts are spent (its worker
    // died each time: see test/faults/import-crash.test.ts for one such death).
    const { boss } = api.running.services;
    const [stageJob] = await boss.findJobs('imports.initialize', { data: { importJobId: id } });
    expect(stageJob?.deadLetter).toBe('imports.stage-abandoned');
    // What pg-boss then queues there:
    await runJob(api, 'imports.stage-abandoned', { importJobId: id });
    expect((await status(res.body.jobId, own.owner.key)).body).toMatchObject({
      status: 'error',
      stage: 'initializing',
      error: 'The import failed unexpectedly while reading the document.',
    });
    docs.release(); // the stage's download finishes: it must leave the ended import alone
    await expect
      .poll(
        async () =>
          (await boss.findJobs('imports.initialize', { data: { importJobId: id } })).map(
            (j) => j.state,
          ),
        { timeout: 10_000 },
      )
      .toEqual(['completed']);
    expect(await api.prisma.importJob.findUniqueOrThrow({ where: { id } })).toMatchObject({
      status: 'error',
      tripId: null,
    });
    // An import that has moved on is left as it is.
    await runJob(api, 'imports.stage-abandoned', { importJobId: id });
    expect((await api.prisma.importJob.findUniqueOrThrow({ where: { id } })).error).toBe(
      'The import failed unexpectedly while reading the document.',
    );
  });

  it('cancels a processing job (stage visible while it waits); nothing is left behind; a second cancel is job_not_cancelable', async () => {
    // An account of its own: imports other tests leave running in the shared one (the agent's in
    // "401 ... 403 for a viewer" is never awaited) may add trips there while this one is checked.
    const own = await anAccount(api.prisma);
    const key = own.owner.key;
    const res = await create({ source: { type: 'url', url: `${docs.url}/slow.txt` } }, key);
    const { id } = await api.prisma.importJob.findUniqueOrThrow({
      where: { publicId: res.body.jobId },
    });
    await expect
      .poll(
        async () => (await api.prisma.importJob.findUniqueOrThrow({ where: { id } })).stageTimings,
        { timeout: 10_000 },
      )
      .toHaveProperty('initializing.runningAt');
    expect((await status(res.body.jobId)).body).toMatchObject({
      status: 'processing',
      stage: 'initializing',
    });
    const other = await aMember(api.prisma, own.accountId, 'admin');
    expect((await cancel(res.body.jobId, other.key)).status).toBe(403);
    const stranger = await anAccount(api.prisma);
    expect((await cancel(res.body.jobId, stranger.owner.key)).body.error.code).toBe(
      'job_not_found',
    );

    const canceled = await cancel(res.body.jobId, key);
    expect(canceled.status).toBe(200);
    expect(canceled.body).toMatchObject({
      jobId: res.body.jobId,
      status: 'canceled',
      stage: 'initializing',
      tripId: null,
      aiCredits: 0,
    });
    docs.release(); // the download finishes now: the stage must notice and stop
    // The stage's run is over (its pg-boss job completed) without handing over to the next stage.
    const { boss } = api.running.services;
    await expect
      .poll(
        async () =>
          (await boss.findJobs('imports.initialize', { data: { importJobId: id } })).map(
            (j) => j.state,
          ),
        { timeout: 10_000 },
      )
      .toEqual(['completed']);
    expect(await boss.findJobs('imports.extract-text', { data: { importJobId: id } })).toEqual([]);
    const job = await api.prisma.importJob.findUniqueOrThrow({ where: { id } });
    expect(job).toMatchObject({ status: 'canceled', stage: 'initializing', tripId: null });
    expect(await api.prisma.trip.count({ where: { accountId: own.accountId } })).toBe(0);

    const again = await cancel(res.body.jobId, key);
    expect(again).toMatchObject({ status: 400, body: { error: { code: 'job_not_cancelable' } } });
    expect((await cancel(res.body.jobId, key, api.url, '/ai/trips')).body.error.code).toBe(
      'job_not_cancelable',
    );
  });

  it('cancel of a completed job is job_not_cancelable, on both variants', async () => {
    const res = await create(textSource());
    await finished(res.body.jobId);
    expect((await cancel(res.body.jobId)).body.error.code).toBe('job_not_cancelable');
    expect((await cancel(res.body.jobId, account.owner.key, api.url, '/ai/trips')).status).toBe(
      400,
    );
  });
});

describe('the pipeline', () => {
  it('runs every stage once: a stage delivered again after completion changes nothing', async () => {
    const res = await create(textSource());
    const job = await finished(res.body.jobId);
    const trips = await api.prisma.trip.count({ where: { accountId: account.accountId } });
    for (const name of [
      'imports.initialize',
      'imports.extract-text',
      'imports.generate-blocks',
      'imports.enrich-blocks',
    ])
      await runJob(api, name, { importJobId: job.id });
    expect(await api.prisma.trip.count({ where: { accountId: account.accountId } })).toBe(trips);
    expect(await api.prisma.importJob.findUniqueOrThrow({ where: { id: job.id } })).toMatchObject({
      status: 'completed',
      tripId: job.tripId,
    });
  });

  it('shows operators the jobs with stages, timings, log and errors, and the queue depth per stage (GraphQL)', async () => {
    const res = await create(textSource());
    await finished(res.body.jobId);
    const query = `query ($status: ImportStatus) {
      importJobs(pageSize: 5, status: $status) { totalCount data { jobId status stage error aiCredits sourceType durationMs trip { id title }
        stages { stage startedAt runningAt finishedAt waitedMs workedMs } log { stage level message } } }
      importQueues { stage processing queued active }
    }`;
    const { body } = await api.graphql(query, { status: 'completed' }, { key: account.owner.key });
    expect(body.errors).toBeUndefined();
    const job = body.data.importJobs.data.find((j: any) => j.jobId === res.body.jobId);
    expect(job.stages.map((s: any) => s.stage)).toEqual([
      'initializing',
      'extractingText',
      'generatingBlocks',
      'enrichingBlocks',
      'completed',
    ]);
    expect(
      job.stages
        .slice(0, 4)
        .every((s: any) => s.startedAt && s.runningAt && s.finishedAt && s.workedMs >= 0),
    ).toBe(true);
    expect(job.log.map((l: any) => l.message)).toContain('Generator: built-in extractor.');
    expect(job.trip.title).toBeTruthy();
    expect(body.data.importQueues.map((q: any) => q.stage)).toEqual([
      'initializing',
      'extractingText',
      'generatingBlocks',
      'enrichingBlocks',
    ]);
    const errors = await api.graphql(
      '{ importJobs(status: error) { data { error } } }',
      {},
      { key: account.owner.key },
    );
    expect(
      errors.body.data.importJobs.data.some((j: any) => /unsupported_format/.test(j.error)),
    ).toBe(true);
    const anonymous = await api.graphql('{ importQueues { stage } }');
    expect(anonymous.body.errors[0].extensions.code).toBe('missing_api_key');
  });
});
