// Security headers on every answer, and the one place where the pages' Content-Security-Policy
// lives. JSON answers get a policy that allows nothing (nothing in them should ever run). The two
// pages, /docs (Swagger UI) and GraphiQL on GET /graphql, get a policy of exactly what they load.
import { createHash } from 'node:crypto';
import type { Config } from '../config/config.ts';
import { DOCS_PATH } from '../openapi/reference-page.ts';

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
