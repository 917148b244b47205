// A headless Chromium that may reach localhost only: any other request is aborted and recorded,
// and every console error or uncaught page error is recorded, so a test can demand none.
import puppeteer, { type Browser, type HTTPRequest, type Page } from 'puppeteer-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Added to every page this browser opens, on top of whatever the service sends: the pages must
 * run without inline scripts, eval or blob: workers (a strict policy in production must not break
 * them). GraphiQL's editor workers get `default-src 'none'`, what an API answer carries.
 */
export const STRICT_CSP =
  "default-src 'self'; script-src 'self'; worker-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'";

export interface WatchedPage {
  page: Page;
  /** Requests that left localhost (aborted). */
  external: string[];
  /** Console errors and uncaught exceptions. */
  errors: string[];
}

export function launchBrowser(): Promise<Browser> {
  return puppeteer.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-dev-shm-usage',
    ],
  });
}

export async function watchedPage(browser: Browser): Promise<WatchedPage> {
  const page = await browser.newPage();
  const watched: WatchedPage = { page, external: [], errors: [] };
  await page.setRequestInterception(true);
  page.on('request', (request) => {
    const url = new URL(request.url());
    const local =
      url.protocol === 'data:' || url.protocol === 'blob:' || LOCAL_HOSTS.has(url.hostname);
    if (local && request.isNavigationRequest()) return void respondWithPolicy(request, STRICT_CSP);
    // A worker runs under the policy of its own script's answer: the strictest an API sends.
    if (local && url.pathname.endsWith('.worker.js'))
      return void respondWithPolicy(request, "default-src 'none'");
    if (local) return void request.continue();
    watched.external.push(request.url());
    void request.abort('blockedbyclient');
  });
  page.on('console', (message) => {
    if (message.type() === 'error')
      watched.errors.push(
        `console: ${message.text().slice(0, 300)} (${message.location().url ?? ''})`,
      );
  });
  page.on('pageerror', (error) => watched.errors.push(`page: ${String(error)}`));
  return watched;
}

/** The answer as the service sends it, with `policy` added to its headers. */
async function respondWithPolicy(request: HTTPRequest, policy: string): Promise<void> {
  const response = await fetch(request.url(), { headers: request.headers(), redirect: 'manual' });
  const headers = Object.fromEntries(response.headers);
  delete headers['content-encoding'];
  delete headers['content-length'];
  await request.respond({
    status: response.status,
    headers: { ...headers, 'content-security-policy': policy },
    body: Buffer.from(await response.arrayBuffer()),
  });
}
