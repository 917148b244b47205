// Security headers on every answer, and the one place where the pages' Content-Security-Policy
// lives. JSON answers get a policy that allows nothing (nothing in them should ever run). The two
// developer pages, /docs (Swagger UI) and GraphiQL on GET /graphql, get a policy of exactly what
// they load; the traveller pages (/t/, /c/, /i/) get travellerPagePolicy, set as they are made.
import { createHash } from 'node:crypto';
import type { Config } from '../config/config.ts';

type Directives = Record<string, readonly string[]>;

/** What every answer carries, the probes' included (status/probes.ts). */
export const EVERY_ANSWER = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
} as const;

/** Everything that is not a page: nothing may load, nothing may frame it. */
export const NOTHING = "default-src 'none'; frame-ancestors 'none'";

const PAGE: Directives = {
  'default-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
  'frame-ancestors': ["'none'"],
};

/**
 * Swagger UI, every file served by us (reference-page.ts, its start script included). Styles allow
 * 'unsafe-inline' for the style attributes of its rendered markup; scripts are ours only.
 * "Try it out" may call the listeners the document names.
 */
const docsDirectives = (serverOrigins: readonly string[]): Directives => ({
  ...PAGE,
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'connect-src': ["'self'", ...serverOrigins],
});

/**
 * GraphiQL, served from npm (graphql/graphiql-page.ts): its bundle, styles and Monaco workers are
 * files of ours under /graphiql/; its options travel in a JSON data block. Styles allow
 * 'unsafe-inline' for the style attributes Monaco sets; inline scripts only by their hash
 * (graphiqlPolicy).
 */
const GRAPHIQL: Directives = {
  ...PAGE,
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'worker-src': ["'self'"],
};

/** Where the API reference page lives (Swagger UI, served by openapi/reference-page.ts). */
export const DOCS_PATH = '/docs';

/** Where the traveller pages live (src/pages/): their answers carry travellerPagePolicy. */
export const TRAVELLER_PAGE_PREFIXES = ['/t/', '/c/', '/i/'] as const;

/**
 * A traveller page: our script file only (the view counter), its inline stylesheet by hash (no
 * 'unsafe-inline' at all), images from the agency's http(s) addresses, forms back to us, and
 * fetches to our own /graphql.
 */
const TRAVELLER_PAGE: Directives = {
  ...PAGE,
  'script-src': ["'self'"],
  'img-src': ["'self'", 'https:', 'http:', 'data:'],
  'connect-src': ["'self'"],
  'form-action': ["'self'"],
};

/** The policy of a traveller page: the SHA-256 of each inline <style> of `html` allowed. */
export function travellerPagePolicy(html: string): string {
  const hashes = [...html.matchAll(/<style>([\s\S]*?)<\/style>/gi)].map(
    ([, body]) => `'sha256-${createHash('sha256').update(body!, 'utf8').digest('base64')}'`,
  );
  return policyOf({ ...TRAVELLER_PAGE, 'style-src': hashes.length ? hashes : ["'none'"] });
}

const isTravellerPage = (path: string) =>
  TRAVELLER_PAGE_PREFIXES.some((prefix) => path.startsWith(prefix));

export type SecureAnswer = (path: string, response: Response) => Promise<Response>;

/** Sets the headers every answer carries; pages get their own policy. */
export function createSecurityHeaders(
  config: Pick<Config, 'publicApiUrl' | 'publicAiUrl' | 'mockPort' | 'env'>,
): SecureAnswer {
  const servers = [
    config.publicApiUrl,
    config.publicAiUrl,
    ...(config.env === 'production' ? [] : [`http://localhost:${config.mockPort}`]),
  ];
  const docsPolicy = policyOf(
    docsDirectives([...new Set(servers.map((url) => new URL(url).origin))]),
  );
  let graphiql: { html: string; policy: string } | undefined;

  return async (path, response) => {
    for (const [name, value] of Object.entries(EVERY_ANSWER)) response.headers.set(name, value);
    const isPage = response.headers.get('content-type')?.startsWith('text/html') ?? false;
    if (isPage && path === DOCS_PATH) {
      response.headers.set('content-security-policy', docsPolicy);
      return response;
    }
    if (isPage && path === '/graphql') {
      const html = await response.text();
      // The page is the same every time: its hashes are computed once.
      if (graphiql?.html !== html) graphiql = { html, policy: graphiqlPolicy(html) };
      const page = new Response(html, { status: response.status, headers: response.headers });
      page.headers.set('content-security-policy', graphiql.policy);
      return page;
    }
    // A traveller page got its policy when it was made (travellerPagePolicy); a page there without
    // one, or any other answer, gets the policy that allows nothing.
    if (isPage && isTravellerPage(path) && response.headers.has('content-security-policy'))
      return response;
    response.headers.set('content-security-policy', NOTHING);
    return response;
  };
}

/** GraphiQL's policy, with the SHA-256 of each inline script of `html`. */
export function graphiqlPolicy(html: string): string {
  const hashes = [...html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)]
    .filter(([, attributes]) => !/\ssrc\s*=/i.test(attributes ?? ''))
    .map(([, , body]) => `'sha256-${createHash('sha256').update(body!, 'utf8').digest('base64')}'`);
  return policyOf({ ...GRAPHIQL, 'script-src': [...GRAPHIQL['script-src']!, ...new Set(hashes)] });
}

function policyOf(directives: Directives): string {
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}
