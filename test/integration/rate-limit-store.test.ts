// RATE_LIMIT_STORE=memory (docs/operations.md#rate-limits-across-processes): each process counts
// its budgets in its own memory, for a deployment with a single API process. The limit holds
// (429 once spent), PostgreSQL's counters stay empty, and a second process on the same database
// counts on its own: nothing of the budget is shared.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anAccount, type AccountFixture } from '../helpers/fixtures.ts';
import { startTestApp, type TestService } from '../helpers/service.ts';

const MEMORY = {
  RATE_LIMIT_STORE: 'memory',
  RATE_LIMIT_PER_MINUTE: '3',
  PUBLIC_RATE_LIMIT_PER_MINUTE: '2',
};

describe('RATE_LIMIT_STORE=memory', () => {
  let api: TestService;
  let account: AccountFixture;
  beforeAll(async () => {
    api = await startTestApp(MEMORY);
    account = await anAccount(api.prisma);
  });
  afterAll(async () => {
    await api?.stop();
  });

  const counters = async () =>
    (
      await api.prisma.$queryRawUnsafe<Array<{ n: number }>>(
        'SELECT count(*)::int AS n FROM rate_limit_counters',
      )
    )[0]!.n;

  it('answers 429 past the limit, with nothing written to rate_limit_counters', async () => {
    const answers = [];
    for (let i = 0; i < 4; i++) {
      const res = await api.request('GET /api-keys', { key: account.owner.key });
      answers.push(`${res.status} ${res.headers.get('ratelimit-remaining')}`);
    }
    expect(answers).toEqual(['200 2', '200 1', '200 0', '429 0']);
    // Public calls and failed authentications are counted in memory too.
    expect((await api.request('GET /status')).status).toBe(200);
    expect((await api.request('GET /api-keys', { key: 'tsk_wrong' })).status).toBe(401);
    expect(await counters()).toBe(0);
  });

  it('each process counts its own: a second one on the same database has the whole budget', async () => {
    const second = await startTestApp({ ...MEMORY, DATABASE_URL: api.databaseUrl });
    try {
      const key = (await anAccount(api.prisma)).owner.key;
      const answers = [];
      for (const service of [api, api, api, second, api]) {
        const res = await service.request('GET /api-keys', { key });
        answers.push(`${res.status} ${res.headers.get('ratelimit-remaining')}`);
      }
      expect(answers).toEqual(['200 2', '200 1', '200 0', '200 2', '429 0']);
      expect(await counters()).toBe(0);
    } finally {
      await second.stop();
    }
  });
});
