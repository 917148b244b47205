// Checks a response against the OpenAPI document: the status must be documented for the
// operation, the required headers present, and the body must match the schema of its content
// type. Every response of a documented (method, path) that a test receives goes through here
// (service.ts request()), so the document and the service cannot part without a test failing.
//
// Stricter than the document on one point: objects with listed properties are closed, so a field
// the service sends but the document does not name fails too. (The document itself leaves them
// open, since a minor version may add fields.)
import { Ajv2020 } from 'ajv/dist/2020.js';
import formats from 'ajv-formats';
import type { OpenApiDocument, Operation, Reference, Response } from '../../src/openapi/types.ts';

const DOCUMENT_ID = 'openapi.json';
const addFormats = formats as unknown as (ajv: Ajv2020) => Ajv2020;

export interface ObservedResponse {
  method: string;
  url: string;
  status: number;
  headers: Headers;
  text: string;
}

export type ResponseCheck = (response: ObservedResponse) => void;

/** An Ajv 2020-12 instance that knows the OpenAPI 3.1 dialect's extra keywords. */
export function openApiAjv(options: { strict: boolean }): Ajv2020 {
  const ajv = new Ajv2020({ allErrors: true, strict: options.strict });
  ajv.addVocabulary(['example', 'discriminator', 'xml', 'externalDocs']);
  return addFormats(ajv);
}

export function createOpenApiCheck(document: OpenApiDocument): ResponseCheck {
  const ajv = openApiAjv({ strict: false });
  ajv.addSchema(closeObjects(structuredClone(document)) as object, DOCUMENT_ID);
  const routes = Object.keys(document.paths)
    .map((template) => ({
      template,
      pattern: new RegExp(`^${template.replace(/\{[^/]+\}/g, '[^/]+')}$`),
    }))
    // Concrete paths before templated ones (OpenAPI "Path Templating Matching"), as
    // src/rest/contract.ts matches them: GET /trips/bulk-delete is that path's 405, not a trip id.
    .sort((a, b) => templated(a.template) - templated(b.template));

  return (observed) => {
    const method = observed.method.toLowerCase();
    const pathname = new URL(observed.url).pathname;
    const route = routes.find(({ pattern }) => pattern.test(pathname));
    // Not a documented (method, path): probes of the 404 catch-all and of the 405s, /graphql.
    if (!route || !(document.paths[route.template] as Record<string, unknown>)[method]) return;
    const where = `${observed.method} ${route.template}`;
    const operation = (document.paths[route.template] as Record<string, Operation>)[method]!;
    const found = responseOf(document, operation, observed.status);
    if (!found)
      throw mismatch(
        where,
        observed,
        `status ${observed.status} is not documented (documented: ${Object.keys(operation.responses).join(', ')})`,
      );
    const { response, pointer } = found;
    checkHeaders(document, response, observed, where);
    checkBody(ajv, response, `${pointer}/content`, observed, where);
  };
}

const templated = (template: string) => (template.match(/\{/g) ?? []).length;

function responseOf(
  document: OpenApiDocument,
  operation: Operation,
  status: number,
): { response: Response; pointer: string } | undefined {
  const entry =
    operation.responses[String(status)] ??
    operation.responses[`${String(status)[0]}XX`] ??
    operation.responses.default;
  if (!entry) return undefined;
  if ('$ref' in entry) {
    const name = (entry as Reference).$ref.replace('#/components/responses/', '');
    return {
      response: document.components.responses[name]!,
      pointer: `#/components/responses/${pointerToken(name)}`,
    };
  }
  const key = operation.responses[String(status)] ? String(status) : `${String(status)[0]}XX`;
  return { response: entry, pointer: `${pointerTo(document, operation)}/responses/${key}` };
}

function checkHeaders(
  document: OpenApiDocument,
  response: Response,
  observed: ObservedResponse,
  where: string,
): void {
  for (const [name, entry] of Object.entries(response.headers ?? {})) {
    const header =
      '$ref' in entry
        ? document.components.headers[entry.$ref.replace('#/components/headers/', '')]!
        : entry;
    const value = observed.headers.get(name);
    if (value === null) {
      if (header.required) throw mismatch(where, observed, `required header ${name} is missing`);
      continue;
    }
    if (header.schema.type === 'integer' && !/^\d+$/.test(value))
      throw mismatch(where, observed, `header ${name}: "${value}" is not an integer`);
  }
}

function checkBody(
  ajv: Ajv2020,
  response: Response,
  contentPointer: string,
  observed: ObservedResponse,
  where: string,
): void {
  if (!response.content) {
    if (observed.text) throw mismatch(where, observed, 'a body where the document has none');
    return;
  }
  const contentType = (observed.headers.get('content-type')?.split(';')[0] ?? '')
    .trim()
    .toLowerCase();
  if (!response.content[contentType]) {
    throw mismatch(
      where,
      observed,
      `content type "${contentType}" is not documented (documented: ${Object.keys(response.content).join(', ')})`,
    );
  }
  if (!/^application\/(?:[\w.-]+\+)?json$/.test(contentType)) return;
  let body: unknown;
  try {
    body = JSON.parse(observed.text);
  } catch {
    throw mismatch(where, observed, 'the body is not JSON');
  }
  const validate = ajv.getSchema(
    `${DOCUMENT_ID}${contentPointer}/${pointerToken(contentType)}/schema`,
  )!;
  if (!validate(body)) {
    const problems = validate.errors!.map(
      (e) =>
        `${e.instancePath || '(body)'} ${e.message}${e.params && 'additionalProperty' in e.params ? `: ${String(e.params.additionalProperty)}` : ''}`,
    );
    throw mismatch(
      where,
      observed,
      `the body does not match the schema:\n  ${[...new Set(problems)].join('\n  ')}`,
    );
  }
}

function pointerTo(document: OpenApiDocument, operation: Operation): string {
  for (const [template, item] of Object.entries(document.paths)) {
    for (const [method, candidate] of Object.entries(item))
      if (candidate === operation) return `#/paths/${pointerToken(template)}/${method}`;
  }
  throw new Error('operation not in the document');
}

/** A JSON Pointer token, percent-encoded for use in a URI fragment. */
const pointerToken = (token: string) =>
  encodeURIComponent(token.replace(/~/g, '~0').replace(/\//g, '~1'));

function mismatch(where: string, observed: ObservedResponse, problem: string): Error {
  const body = observed.text.length > 600 ? `${observed.text.slice(0, 600)}...` : observed.text;
  return new Error(`OpenAPI: ${where} answered ${observed.status}, and ${problem}\nbody: ${body}`);
}

/** Sets additionalProperties: false on object schemas that list properties and say nothing else. */
function closeObjects(value: unknown, inAllOf = false): unknown {
  if (Array.isArray(value)) {
    for (const item of value) closeObjects(item, inAllOf);
    return value;
  }
  if (typeof value !== 'object' || value === null) return value;
  const node = value as Record<string, unknown>;
  const isSchema = typeof node.properties === 'object' && node.type === 'object';
  if (
    isSchema &&
    !inAllOf &&
    !('additionalProperties' in node) &&
    !('unevaluatedProperties' in node)
  )
    node.additionalProperties = false;
  for (const [key, child] of Object.entries(node)) {
    if (key === 'examples' || key === 'example') continue;
    closeObjects(child, key === 'allOf');
  }
  return value;
}
