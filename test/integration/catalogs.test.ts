// Catalogs over REST and GraphQL (docs/decisions.md#catalogs), probed by three accounts: two in one
// organisation (owner and member) and one outside it (stranger). No path may leak a trip or a
// catalog to a caller who may not read it (OWASP API1).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aMember, anAccount, anOrganisation, type AccountFixture } from '../helpers/fixtures.ts';
import { startTestApp, type TestService } from '../helpers/service.ts';

let api: TestService;
let owner: AccountFixture; // owns the catalogs
let member: AccountFixture; // same organisation
let stranger: AccountFixture; // another organisation

beforeAll(async () => {
  api = await startTestApp();
  const organisationId = await anOrganisation(api.prisma);
  owner = await anAccount(api.prisma, { organisationId });
  member = await anAccount(api.prisma, { organisationId });
  stranger = await anAccount(api.prisma);
});
afterAll(async () => {
  await api?.stop();
});

const aTrip = async (fixture: AccountFixture, body: Record<string, unknown> = {}) =>
  (
    await api.request('POST /trips', {
      key: fixture.owner.key,
      body: { title: `Trip ${Math.random().toString(36).slice(2, 8)}`, ...body },
    })
  ).body;
const aCatalog = async (fixture: AccountFixture, body: Record<string, unknown> = {}) => {
  const res = await api.request('POST /catalogs', {
    key: fixture.owner.key,
    body: { title: 'Summer in Europe', ...body },
  });
  expect(res.status, res.text).toBe(201);
  return res.body;
};
const get = (path: string, fixture?: AccountFixture) =>
  api.request(`GET ${path}`, fixture ? { key: fixture.owner.key } : {});
const patch = (id: number, body: unknown, fixture = owner) =>
  api.request(`PATCH /catalogs/${id}`, { key: fixture.owner.key, body });

describe('POST /catalogs and GET /catalogs/{id}', () => {
  it('creates a catalog with every field, its trips in order, and reads it back', async () => {
    const [a, b] = [await aTrip(owner), await aTrip(owner)];
    const created = await aCatalog(owner, {
      title: '  Summer in Europe ',
      subtitle: 'Sun',
      description: 'Long text',
      seoDescription: 'SEO',
      pictureUrl: 'https://img.example/p.jpg',
      logoUrl: 'https://img.example/l.png',
      accountLogo: true,
      filters: { countries: true, month: false, duration: true },
      tripIds: [b.id, a.id],
    });
    expect(created).toEqual({
      id: expect.any(Number),
      accountId: owner.accountId,
      agentId: owner.owner.agentId,
      slug: expect.stringMatching(/^summer-in-europe-[a-z0-9]{6}$/),
      title: 'Summer in Europe',
      subtitle: 'Sun',
      description: 'Long text',
      seoDescription: 'SEO',
      pictureUrl: 'https://img.example/p.jpg',
      logoUrl: 'https://img.example/l.png',
      accountLogo: true,
      filters: { countries: true, month: false, duration: true },
      isPublic: false,
      sharedWithOrganisation: false,
      tripIds: [b.id, a.id],
      tripCount: 2,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect((await get(`/catalogs/${created.id}`, owner)).body).toEqual(created);
  });

  it('defaults, and 400 naming each wrong field', async () => {
    const plain = await aCatalog(owner, { title: 'Plain' });
    expect(plain).toMatchObject({
      subtitle: null,
      accountLogo: false,
      filters: { countries: false, month: false, duration: false },
      isPublic: false,
      tripIds: [],
      tripCount: 0,
    });
    const res = await api.request('POST /catalogs', {
      key: owner.owner.key,
      body: { pictureUrl: 'nope', filters: { colour: true }, tripIds: [1, 1], id: 3, tripCount: 2 },
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors).sort()).toEqual([
      'filters.colour',
      'id',
      'pictureUrl',
      'title',
      'tripCount',
      'tripIds[1]',
    ]);
  });

  it('refuses trips the caller cannot read, with the same message for missing ones', async () => {
    const foreign = await aTrip(stranger);
    const deleted = await aTrip(owner);
    await api.request(`DELETE /trips/${deleted.id}`, { key: owner.owner.key });
    const res = await api.request('POST /catalogs', {
      key: owner.owner.key,
      body: { title: 'x', tripIds: [foreign.id, deleted.id, 999_999] },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      'tripIds[0]': [`Trip ${foreign.id} not found.`],
      'tripIds[1]': [`Trip ${deleted.id} not found.`],
      'tripIds[2]': ['Trip 999999 not found.'],
    });
  });

  it('a viewer cannot create; no key is 401; a bad id is 400', async () => {
    const viewer = await aMember(api.prisma, owner.accountId, 'viewer');
    expect(
      (await api.request('POST /catalogs', { key: viewer.key, body: { title: 'x' } })).status,
    ).toBe(403);
    expect((await api.request('POST /catalogs', { body: { title: 'x' } })).body.error.code).toBe(
      'missing_api_key',
    );
    expect((await get('/catalogs/abc', owner)).body).toEqual({
      errors: { id: [expect.any(String)] },
    });
  });
});

describe('PATCH /catalogs/{id}', () => {
  it('changes details and replaces the trips and their order', async () => {
    const [a, b, c] = [await aTrip(owner), await aTrip(owner), await aTrip(owner)];
    const catalog = await aCatalog(owner, { tripIds: [a.id, b.id] });
    const res = await patch(catalog.id, {
      title: 'Winter',
      filters: { month: true },
      tripIds: [c.id, a.id],
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      title: 'Winter',
      filters: { countries: false, month: true, duration: false },
      tripIds: [c.id, a.id],
      tripCount: 2,
    });
    expect(res.body.updatedAt > catalog.updatedAt).toBe(true);
    expect((await patch(catalog.id, {})).status).toBe(400);
    expect((await patch(catalog.id, { slug: 'mine' })).body.errors).toHaveProperty('slug');
  });

  it('another account outside the organisation gets 404 for everything', async () => {
    const catalog = await aCatalog(owner, { sharedWithOrganisation: true });
    expect((await get(`/catalogs/${catalog.id}`, stranger)).status).toBe(404);
    expect((await get(`/catalogs/${catalog.id}/trips`, stranger)).status).toBe(404);
    expect((await patch(catalog.id, { title: 'Mine' }, stranger)).status).toBe(404);
    expect(
      (await api.request(`DELETE /catalogs/${catalog.id}`, { key: stranger.owner.key })).status,
    ).toBe(404);
    const bulk = await api.request('DELETE /catalogs', {
      key: stranger.owner.key,
      body: { catalogId: [catalog.id] },
    });
    expect(bulk.body).toEqual({ message: '0 catalogs deleted.', deletedCount: 0 });
    expect((await get(`/catalogs/${catalog.id}`, owner)).status).toBe(200);
  });
});

describe('sharing across an organisation', () => {
  it('a shared catalog is readable and extendable by the organisation; the trips listing shows only what the caller can read', async () => {
    const ownTrip = await aTrip(owner);
    const memberTrip = await aTrip(member);
    const catalog = await aCatalog(owner, { tripIds: [ownTrip.id], sharedWithOrganisation: true });

    expect((await get(`/catalogs/${catalog.id}`, member)).status).toBe(200);
    const listed = await get('/catalogs?pageSize=100', member);
    expect(listed.body.data.map((c: any) => c.id)).toContain(catalog.id);

    const extended = await patch(catalog.id, { tripIds: [ownTrip.id, memberTrip.id] }, member);
    expect(extended.status, extended.text).toBe(200);
    expect(extended.body.tripIds).toEqual([ownTrip.id, memberTrip.id]);

    // tripIds shows every id to both; the listing only what each can read.
    expect((await get(`/catalogs/${catalog.id}`, owner)).body.tripIds).toEqual([
      ownTrip.id,
      memberTrip.id,
    ]);
    const ownerView = await get(`/catalogs/${catalog.id}/trips`, owner);
    expect(ownerView.body).toMatchObject({ page: 1, pageSize: 20, totalCount: 1, totalPages: 1 });
    expect(ownerView.body.data.map((t: any) => t.id)).toEqual([ownTrip.id]);
    const memberView = await get(`/catalogs/${catalog.id}/trips`, member);
    expect(memberView.body.data.map((t: any) => t.id)).toEqual([memberTrip.id]);
    expect(memberView.text).not.toContain(ownTrip.title);
  });

  it("a member cannot add trips it cannot read, remove other accounts' trips, change details or delete", async () => {
    const ownTrip = await aTrip(owner);
    const otherOwnTrip = await aTrip(owner);
    const memberTrip = await aTrip(member);
    const catalog = await aCatalog(owner, { tripIds: [ownTrip.id], sharedWithOrganisation: true });

    const addForeign = await patch(catalog.id, { tripIds: [ownTrip.id, otherOwnTrip.id] }, member);
    expect(addForeign.body).toEqual({
      errors: { 'tripIds[1]': [`Trip ${otherOwnTrip.id} not found.`] },
    });
    expect((await patch(catalog.id, { tripIds: [memberTrip.id] }, member)).status).toBe(403);
    expect((await patch(catalog.id, { title: 'Hijacked' }, member)).body.error.code).toBe(
      'forbidden',
    );
    expect(
      (await api.request(`DELETE /catalogs/${catalog.id}`, { key: member.owner.key })).status,
    ).toBe(403);

    // It may reorder, and remove its own trips again.
    expect(
      (await patch(catalog.id, { tripIds: [memberTrip.id, ownTrip.id] }, member)).body.tripIds,
    ).toEqual([memberTrip.id, ownTrip.id]);
    expect((await patch(catalog.id, { tripIds: [ownTrip.id] }, member)).body.tripIds).toEqual([
      ownTrip.id,
    ]);
    expect((await get(`/catalogs/${catalog.id}`, owner)).body.title).toBe('Summer in Europe');
  });

  it('an unshared catalog is invisible to the organisation', async () => {
    const catalog = await aCatalog(owner);
    expect((await get(`/catalogs/${catalog.id}`, member)).status).toBe(404);
    expect(
      (await get('/catalogs?pageSize=100', member)).body.data.map((c: any) => c.id),
    ).not.toContain(catalog.id);
  });
});

describe('trips deleted and restored', () => {
  it('every catalog holding a trip reflects its deletion and restore, without changing updatedAt', async () => {
    const [a, b] = [await aTrip(owner), await aTrip(owner)];
    const first = await aCatalog(owner, { tripIds: [a.id, b.id] });
    const second = await aCatalog(owner, { tripIds: [b.id] });
    await api.request('DELETE /trips', { key: owner.owner.key, body: { tripIds: [b.id] } });

    const afterDelete = (await get(`/catalogs/${first.id}`, owner)).body;
    expect(afterDelete).toMatchObject({
      tripIds: [a.id],
      tripCount: 1,
      updatedAt: first.updatedAt,
    });
    expect((await get(`/catalogs/${second.id}`, owner)).body).toMatchObject({
      tripIds: [],
      tripCount: 0,
      updatedAt: second.updatedAt,
    });
    expect(
      (await get(`/catalogs/${first.id}/trips`, owner)).body.data.map((t: any) => t.id),
    ).toEqual([a.id]);

    // Replacing the list while b is in the trash keeps b's place for its return.
    await patch(first.id, { tripIds: [a.id] });
    const restored = await api.graphql(
      'mutation($id: Int!) { restoreTrip(id: $id) { id } }',
      { id: b.id },
      { key: owner.owner.key },
    );
    expect(restored.body.data.restoreTrip.id).toBe(b.id);
    expect((await get(`/catalogs/${first.id}`, owner)).body.tripIds).toEqual([a.id, b.id]);
    expect((await get(`/catalogs/${second.id}`, owner)).body).toMatchObject({
      tripIds: [b.id],
      tripCount: 1,
      updatedAt: second.updatedAt,
    });
  });
});

describe('GET /catalogs', () => {
  it('pages, filters, searches and sorts on catalog fields; 400 for anything else', async () => {
    const fixture = await anAccount(api.prisma);
    for (const title of ['Alps', 'Beaches', 'Cities'])
      await aCatalog(fixture, { title, isPublic: title === 'Beaches' });
    const list = (params: Record<string, unknown>) =>
      get(
        `/catalogs?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]))}`,
        fixture,
      );
    const all = await list({ pageSize: 2 });
    expect(all.body).toMatchObject({ page: 1, pageSize: 2, totalCount: 3, totalPages: 2 });
    expect(all.body.data.map((c: any) => c.title)).toEqual(['Cities', 'Beaches']);
    expect(
      (await list({ filters: [{ field: 'isPublic', operator: 'eq', value: true }] })).body.data.map(
        (c: any) => c.title,
      ),
    ).toEqual(['Beaches']);
    expect((await list({ search: { term: 'alp' } })).body.data.map((c: any) => c.title)).toEqual([
      'Alps',
    ]);
    expect(
      (await list({ orderBy: { field: 'title', direction: 'asc' } })).body.data.map(
        (c: any) => c.title,
      ),
    ).toEqual(['Alps', 'Beaches', 'Cities']);
    expect(
      Object.keys(
        (await list({ filters: [{ field: 'tripIds', operator: 'eq', value: 1 }] })).body.errors,
      ),
    ).toEqual(['filters']);
    expect(Object.keys((await list({ orderBy: { field: 'subtitle' } })).body.errors)).toEqual([
      'orderBy',
    ]);
    expect(Object.keys((await list({ pageSize: 101 })).body.errors)).toEqual(['pageSize']);
  });
});

describe('DELETE /catalogs and /catalogs/{id}', () => {
  it('moves catalogs to the trash; bulk counts only what was deleted', async () => {
    const [a, b, c] = [await aCatalog(owner), await aCatalog(owner), await aCatalog(owner)];
    expect((await api.request(`DELETE /catalogs/${a.id}`, { key: owner.owner.key })).body).toEqual({
      message: expect.any(String),
    });
    expect((await get(`/catalogs/${a.id}`, owner)).status).toBe(404);
    expect((await api.request(`DELETE /catalogs/${a.id}`, { key: owner.owner.key })).status).toBe(
      404,
    );
    const bulk = await api.request('DELETE /catalogs', {
      key: owner.owner.key,
      body: { catalogIds: [a.id, b.id, c.id, 999_999] },
    });
    expect(bulk.body).toEqual({ message: '2 catalogs deleted.', deletedCount: 2 });
    expect(
      (await api.request('DELETE /catalogs', { key: owner.owner.key, body: { ids: [1] } })).status,
    ).toBe(400);
  });
});

describe('GET /catalogs/public/{idOrSlug}', () => {
  it('needs no key, answers only public catalogs, and lists only public trips with public fields', async () => {
    const visible = await aTrip(owner, { title: 'Visible trip' });
    const hidden = await aTrip(owner, { title: 'Hidden trip', visibility: 'private' });
    const gone = await aTrip(owner, { title: 'Gone trip' });
    const catalog = await aCatalog(owner, {
      isPublic: true,
      tripIds: [hidden.id, visible.id, gone.id],
    });
    await api.request(`DELETE /trips/${gone.id}`, { key: owner.owner.key });

    for (const key of [String(catalog.id), catalog.slug]) {
      const res = await get(`/catalogs/public/${key}`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        id: catalog.id,
        slug: catalog.slug,
        title: catalog.title,
        trips: { page: 1, totalCount: 1 },
      });
      expect(res.body.trips.data).toEqual([
        expect.objectContaining({ id: visible.id, title: 'Visible trip' }),
      ]);
      for (const field of ['code', 'joinCode', 'agentId', 'accountId'])
        expect(res.body.trips.data[0]).not.toHaveProperty(field);
      expect(res.body).not.toHaveProperty('accountId');
      expect(res.text).not.toContain('Hidden trip');
    }
    const privateCatalog = await aCatalog(owner);
    expect((await get(`/catalogs/public/${privateCatalog.id}`)).body.error.code).toBe('not_found');
    await api.request(`DELETE /catalogs/${catalog.id}`, { key: owner.owner.key });
    expect((await get(`/catalogs/public/${catalog.slug}`)).status).toBe(404);
  });
});

describe('GraphQL', () => {
  const gql = async (
    query: string,
    variables: Record<string, unknown>,
    fixture: AccountFixture = owner,
  ) => (await api.graphql(query, variables, { key: fixture.owner.key })).body;

  it('restores a catalog from the trash and duplicates one with only the trips the caller can read', async () => {
    const ownTrip = await aTrip(owner);
    const memberTrip = await aTrip(member);
    const catalog = await aCatalog(owner, { sharedWithOrganisation: true, tripIds: [ownTrip.id] });
    await patch(catalog.id, { tripIds: [ownTrip.id, memberTrip.id] }, member);

    const copy = await gql(
      'mutation($id: Int!) { duplicateCatalog(id: $id) { title accountId tripIds sharedWithOrganisation } }',
      { id: catalog.id },
      member,
    );
    expect(copy.data.duplicateCatalog).toEqual({
      title: 'Summer in Europe (copy)',
      accountId: member.accountId,
      tripIds: [memberTrip.id],
      sharedWithOrganisation: false,
    });

    await gql('mutation($id: Int!) { deleteCatalog(id: $id) }', { id: catalog.id });
    const trash = await gql(
      '{ trashedCatalogs { totalCount edges { node { id restorableUntil } } } }',
      {},
    );
    expect(trash.data.trashedCatalogs.edges.map((e: any) => e.node.id)).toContain(catalog.id);
    expect(
      (
        await gql(
          'mutation($id: Int!) { restoreCatalog(id: $id) { id } }',
          { id: catalog.id },
          member,
        )
      ).errors[0].extensions.code,
    ).toBe('not_found');
    expect(
      (
        await gql('mutation($id: Int!) { restoreCatalog(id: $id) { id deletedAt } }', {
          id: catalog.id,
        })
      ).data.restoreCatalog,
    ).toEqual({ id: catalog.id, deletedAt: null });
  });

  it('a catalog with its trips and their configurations is a constant number of queries (no N+1)', async () => {
    const sql: string[] = [];
    const counted = await startTestApp({}, { onDatabaseQuery: (q) => sql.push(q.sql) });
    try {
      const fixture = await anAccount(counted.prisma);
      const ids: number[] = [];
      for (let i = 0; i < 8; i++)
        ids.push(
          (
            await counted.request('POST /trips', {
              key: fixture.owner.key,
              body: { title: `T${i}` },
            })
          ).body.id,
        );
      const small = (
        await counted.request('POST /catalogs', {
          key: fixture.owner.key,
          body: { title: 'Small', tripIds: ids.slice(0, 1) },
        })
      ).body;
      const large = (
        await counted.request('POST /catalogs', {
          key: fixture.owner.key,
          body: { title: 'Large', tripIds: ids },
        })
      ).body;
      const query = `query($id: Int!) { catalog(id: $id) { title tripIds tripCount trips(first: 20) { totalCount edges { node { id agentPictureUrl configuration { document } } } } } }`;
      const count = async (id: number, expected: number) => {
        const before = sql.length;
        const res = await counted.graphql(query, { id }, { key: fixture.owner.key });
        expect(res.body.data.catalog.trips.edges).toHaveLength(expected);
        expect(res.body.data.catalog.trips.edges[0].node.configuration.document.version).toBe(
          '1.0.0',
        );
        return sql.slice(before).filter((s) => !/^(BEGIN|COMMIT)/.test(s)).length;
      };
      const one = await count(small.id, 1);
      expect(one).toBeGreaterThan(0);
      expect(await count(large.id, 8)).toBe(one);
    } finally {
      await counted.stop();
    }
  });
});
