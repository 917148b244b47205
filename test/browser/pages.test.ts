// The two pages a developer opens in a browser, with no network beyond localhost: /docs (Swagger
// UI, "Try it out" with an API key that survives a reload) and /graphql (GraphiQL runs a query).
// Any console error or request leaving localhost fails the test.
import type { Browser } from 'puppeteer-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { anAccount, type AccountFixture } from '../helpers/fixtures.ts';
import { freePort } from '../helpers/ports.ts';
import { startTestService, type TestService } from '../helpers/service.ts';
import { launchBrowser, watchedPage, type WatchedPage } from './browser.ts';

let api: TestService;
let browser: Browser;
let account: AccountFixture;
let watched: WatchedPage | undefined;

beforeAll(async () => {
  // The document's server URL is PUBLIC_API_URL, so the service listens on a port known before.
  const port = await freePort();
  api = await startTestService({ PORT: String(port), PUBLIC_API_URL: `http://localhost:${port}` });
  account = await anAccount(api.prisma);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await api?.stop();
});
afterEach(() => {
  if (!watched) return;
  expect(watched.external, 'requests outside localhost').toEqual([]);
  expect(watched.errors, 'console errors').toEqual([]);
  watched = undefined;
});

describe('in a browser without internet access', () => {
  it('GraphiQL on /graphql loads from our own files and runs a query', async () => {
    watched = await watchedPage(browser);
    const { page } = watched;
    const query = '{ status { status version } }';
    await page.goto(`${api.url}/graphql?query=${encodeURIComponent(query)}`, { waitUntil: 'load' });
    const run = await page.waitForSelector('.graphiql-execute-button', { timeout: 60_000 });
    // The editor has the query from the URL once Monaco is up.
    await page.waitForFunction(
      (_q) => document.querySelector('.graphiql-query-editor')?.textContent?.includes('status'),
      { timeout: 60_000 },
      query,
    );
    await run!.click();
    await page.waitForFunction(
      () => /"version"/.test(document.querySelector('.graphiql-response')?.textContent ?? ''),
      { timeout: 60_000 },
    );
    const result = await page.$eval('.graphiql-response', (element) => element.textContent ?? '');
    expect(result).toContain('"status"');
    expect(result).toContain('"ok"');
  });

  it('Swagger UI on /docs runs "Try it out" with the API key given in Authorize, which a reload keeps', async () => {
    watched = await watchedPage(browser);
    const { page } = watched;
    await page.goto(`${api.url}/docs`, { waitUntil: 'load' });
    await page.waitForSelector('.swagger-ui .btn.authorize', { timeout: 60_000 });
    await authorize(page, account.owner.key);

    await page.reload({ waitUntil: 'load' });
    // GET /api-keys: no parameters to fill, and owners only, so a missing key would answer 401.
    const operation = await page.waitForSelector(
      'xpath/.//div[contains(@class,"opblock-get")][.//*[@data-path="/api-keys"]]',
      { timeout: 60_000 },
    );
    await (await operation!.$('.opblock-summary-control, .opblock-summary'))!.click();
    await (await page.waitForSelector('.opblock.is-open .try-out__btn'))!.click();
    await (await page.waitForSelector('.opblock.is-open .execute'))!.click();
    await page.waitForSelector(
      '.opblock.is-open .live-responses-table tr.response .response-col_status',
      { timeout: 60_000 },
    );
    const status = await page.$eval(
      '.opblock.is-open .live-responses-table tr.response .response-col_status',
      (element) => element.textContent?.trim(),
    );
    // 200 proves the key persisted across the reload: without it the answer is 401.
    expect(status).toBe('200');
  });
});

async function authorize(page: WatchedPage['page'], key: string): Promise<void> {
  await (await page.$('.swagger-ui .btn.authorize'))!.click();
  const input = await page.waitForSelector(
    '.modal-ux input[type=text], .modal-ux input[type=password]',
  );
  await input!.type(key);
  await (await page.waitForSelector('.modal-ux .auth-btn-wrapper .authorize'))!.click();
  await (await page.waitForSelector('.modal-ux .btn-done, .modal-ux .close-modal'))!.click();
}
