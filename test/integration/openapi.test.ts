// The OpenAPI document (valid OpenAPI 3.1, every schema and example sound, every REST route and
// no other), GET /openapi.json and the /docs page with its files, all without a key.
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_VERSION } from '../../src/config/constants.ts';
import { DOMAINS } from '../../src/domains.ts';
import { buildSchema } from '../../src/graphql/schema.ts';
import { TRAVELLER_PAGE_PREFIXES } from '../../src/http/security-headers.ts';
import { buildOpenApiDocument } from '../../src/openapi/document.ts';
import type {
  MediaType,
  OpenApiDocument,
  Operation,
  Parameter,
  Reference,
  Schema,
} from '../../src/openapi/types.ts';
import { createRestRouter } from '../../src/rest/router.ts';
import { openApiAjv } from '../helpers/openapi-check.ts';
import { startTestApp, type TestService } from '../helpers/service.ts';

const schema = await buildSchema(DOMAINS);

const document = buildOpenApiDocument(DOMAINS, {
  apiUrl: 'http://localhost:3000',
  aiUrl: 'http://localhost:3001',
  mockUrl: 'http://localhost:4010',
});

/** Every media type of the document (requests, responses, parameters), with where it is. */
function mediaTypes(doc: OpenApiDocument): Array<[string, MediaType]> {
  const found: Array<[string, MediaType]> = [];
  const walk = (node: unknown, path: string) => {
    if (typeof node !== 'object' || node === null) return;
    for (const [key, child] of Object.entries(node)) {
      if (key === 'content' && typeof child === 'object' && child) {
        for (const [type, media] of Object.entries(child))
          found.push([`${path}/content/${type}`, media as MediaType]);
      } else if (key !== 'schema' && key !== 'examples') walk(child, `${path}/${key}`);
    }
  };
  walk(doc.paths, '#/paths');
  walk(doc.components.responses, '#/components/responses');
  walk(doc.components.parameters, '#/components/parameters');
  walk((doc as { webhooks?: unknown }).webhooks, '#/webhooks');
  return found;
}

const resolve = <T>(doc: OpenApiDocument, value: T | Reference): T =>
  value && typeof value === 'object' && '$ref' in value
    ? (value.$ref
        .slice(2)
        .split('/')
        .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], doc) as T)
    : (value as T);

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3.1, with every $ref resolving, at the API version', async () => {
    const validator = new Validator();
    const result = await validator.validate(
      structuredClone(document) as unknown as Record<string, unknown>,
    );
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    expect(() => validator.resolveRefs()).not.toThrow();
    expect(document.info.version).toBe(API_VERSION);
  });

  it('has schemas that compile under strict JSON Schema 2020-12, and examples that match them', () => {
    const ajv = openApiAjv({ strict: true });
    ajv.addSchema({ $id: 'doc', $defs: standalone(document.components.schemas) });
    for (const name of Object.keys(document.components.schemas)) {
      expect(() => ajv.getSchema(`doc#/$defs/${name}`), name).not.toThrow();
    }
    const media = mediaTypes(document);
    expect(media.length).toBeGreaterThan(30);
    let checked = 0;
    for (const [where, { schema: mediaSchema, examples = {} }] of media) {
      const validate = ajv.compile(standalone(resolve<Schema>(document, mediaSchema)));
      for (const [name, example] of Object.entries(examples)) {
        const value = resolve(document, example).value;
        expect(
          validate(value),
          `${where} example ${name}: ${JSON.stringify(validate.errors)}`,
        ).toBe(true);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(30);
  });

  it('declares each path template variable on every operation of the path (never only on the path, which Swagger UI drops)', () => {
    for (const [path, item] of Object.entries(document.paths)) {
      expect(item.parameters, path).toBeUndefined();
      const variables = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      const { servers: _servers, ...operations } = item;
      for (const [method, operation] of Object.entries(operations as Record<string, Operation>)) {
        const declared = (operation.parameters ?? [])
          .map((p) => resolve<Parameter>(document, p))
          .filter((p) => p.in === 'path')
          .map((p) => p.name);
        expect(declared.sort(), `${method} ${path}`).toEqual(variables.sort());
      }
    }
  });

  it('documents every REST route of the API listener, and no other', () => {
    const routes = createRestRouter(DOMAINS, schema, 'api').routes as unknown as Array<
      [string, RegExp, unknown, string]
    >;
    const served = routes
      // The files of the /docs and GraphiQL pages, and the traveller pages (HTML for people,
      // docs/pages.md), are not API routes.
      .filter(
        ([method, , , path]) =>
          method !== 'ALL' &&
          !path.startsWith('/docs/') &&
          !path.startsWith('/graphiql/') &&
          !path.startsWith('/pages/') &&
          !TRAVELLER_PAGE_PREFIXES.some((prefix) => path.startsWith(prefix)),
      )
      .map(([method, , , path]) => `${method} ${path.replace(/:(\w+)/g, '{$1}')}`);
    const documented = Object.entries(document.paths)
      .filter(([, item]) => !item.servers)
      .flatMap(([path, item]) =>
        Object.keys(item)
          .filter((key) => key !== 'parameters')
          .map((method) => `${method.toUpperCase()} ${path}`),
      );
    expect(served.length).toBeGreaterThan(10);
    // Path parameter names differ only where the router and the document do: /api-keys/:id.
    expect(new Set(served)).toEqual(new Set(documented));
  });

  it("documents the AI server's /trip-imports routes with that server, as the same operations as /ai/trips", () => {
    const onAiServer = Object.entries(document.paths).filter(
      ([, item]) => item.servers?.[0]?.url === 'http://localhost:3001',
    );
    const routes = createRestRouter(DOMAINS, schema, 'ai').routes as unknown as Array<
      [string, RegExp, unknown, string]
    >;
    const served = routes
      .filter(([method, , , path]) => method !== 'ALL' && path !== '/status')
      .map(([method, , , path]) => `${method} ${path.replace(/:(\w+)/g, '{$1}')}`);
    const documented = onAiServer.flatMap(([path, item]) =>
      Object.keys(item)
        .filter((k) => k !== 'parameters' && k !== 'servers')
        .map((m) => `${m.toUpperCase()} ${path}`),
    );
    expect(new Set(served)).toEqual(new Set(documented));
    expect(document.paths['/trip-imports']!.post!.requestBody).toEqual(
      document.paths['/ai/trips/from-document']!.post!.requestBody,
    );
  });
});

/** Plain JSON Schema: references to the document's schemas point at the `doc` schema's $defs. */
function standalone<T>(value: T): T {
  return JSON.parse(
    JSON.stringify(value).replaceAll('"$ref":"#/components/schemas/', '"$ref":"doc#/$defs/'),
  ) as T;
}

describe('GET /openapi.json and /docs', () => {
  let api: TestService;
  beforeAll(async () => {
    api = await startTestApp();
  });
  afterAll(async () => {
    await api?.stop();
  });

  it('serves the document without a key, naming this server and the token URL', async () => {
    const res = await api.request('GET /openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.body.openapi).toBe('3.1.1');
    expect(res.body.servers[0].url).toBe(api.config.publicApiUrl);
    expect(res.body.components.securitySchemes.m2mOnBehalfOf.flows.clientCredentials.tokenUrl).toBe(
      `${api.config.publicApiUrl}/oauth/token`,
    );
    expect(Object.keys(res.body.paths)).toContain('/trips/{tripId}/config');
  });

  it('serves the reference page and every file it loads, from swagger-ui-dist', async () => {
    const page = await api.request('GET /docs');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const assets = [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(assets).toEqual(
      expect.arrayContaining([
        '/docs/swagger-ui.css',
        '/docs/swagger-ui-bundle.js',
        '/docs/init.js',
      ]),
    );
    const types: Record<string, RegExp> = {
      css: /^text\/css/,
      js: /^text\/javascript/,
      png: /^image\/png$/,
    };
    for (const asset of assets) {
      const res = await api.fetch(`${api.url}${asset}`);
      expect(res.status, asset).toBe(200);
      expect(res.headers.get('content-type'), asset).toMatch(types[asset.split('.').pop()!]!);
      expect((await res.arrayBuffer()).byteLength, asset).toBeGreaterThan(100);
    }
    const init = await (await api.fetch(`${api.url}/docs/init.js`)).text();
    expect(init).toContain("url: '/openapi.json'");
    const bundle = await api.fetch(`${api.url}/docs/swagger-ui-bundle.js`);
    expect(bundle.headers.get('content-encoding')).toBe('gzip'); // fetch asks for it, and undoes it
    expect(await bundle.text()).toContain('SwaggerUIBundle');
  });

  it('answers 404 for any other file under /docs', async () => {
    for (const path of [
      '/docs/package.json',
      '/docs/..%2Fpackage.json',
      '/docs/swagger-ui.js.map',
    ]) {
      const res = await api.request(`GET ${path}`);
      expect(res.status, path).toBe(404);
      expect(res.body).toEqual({ error: { code: 'not_found', message: expect.any(String) } });
    }
  });
});
