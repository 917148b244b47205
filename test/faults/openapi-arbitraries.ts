// fast-check arbitraries drawn from the OpenAPI document: values that follow a schema (JSON
// Schema 2020-12 as the document uses it), and the malformed neighbours a fuzzer mixes in.
import fc from 'fast-check';
import type { OpenApiDocument } from '../../src/openapi/types.ts';

type Schema = Record<string, any>;

const MAX_DEPTH = 4;

/** Printable ASCII: what an HTTP header value or a hand-typed query can carry. */
export const asciiText = (maxLength = 40) => fc.string({ unit: 'grapheme-ascii', maxLength });
/** Any text, including non-ASCII (never lone surrogates, so it always URL-encodes). */
export const anyText = (maxLength = 40) => fc.oneof(asciiText(maxLength), fc.string({ unit: 'grapheme', maxLength }));

export const resolve = (document: OpenApiDocument, node: any): any => {
  let current = node;
  for (let hops = 0; current && typeof current === 'object' && '$ref' in current && hops < 10; hops++) {
    const pointer = (current.$ref as string).replace(/^#\//, '').split('/').map((t) => decodeURIComponent(t).replace(/~1/g, '/').replace(/~0/g, '~'));
    current = pointer.reduce((value: any, token) => value?.[token], document);
  }
  return current;
};

/** Values that satisfy `schema` (as far as a generator can tell without running its patterns). */
export function valid(document: OpenApiDocument, schema: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  const s = resolve(document, schema) as Schema | undefined;
  if (!s || depth > MAX_DEPTH) return fc.jsonValue({ maxDepth: 1 });
  if ('const' in s) return fc.constant(s['const']);
  if (Array.isArray(s['enum'])) return fc.constantFrom(...(s['enum'] as unknown[]));
  const options = (s['oneOf'] ?? s['anyOf']) as Schema[] | undefined;
  if (options?.length) return fc.oneof(...options.map((o) => valid(document, o, depth + 1)));
  if (Array.isArray(s['allOf'])) {
    return fc.tuple(...(s['allOf'] as Schema[]).map((part) => valid(document, part, depth + 1)))
      .map((parts) => Object.assign({}, ...parts.filter((p) => typeof p === 'object' && p !== null && !Array.isArray(p))));
  }
  const type = s['type'];
  if (Array.isArray(type)) return fc.oneof(...type.map((t: string) => valid(document, { ...s, type: t }, depth)));
  switch (type) {
    case 'null': return fc.constant(null);
    case 'boolean': return fc.boolean();
    case 'integer': return fc.integer({ min: s['minimum'] ?? -1_000_000, max: s['maximum'] ?? 1_000_000 });
    case 'number': return fc.double({ min: s['minimum'] ?? -1e6, max: s['maximum'] ?? 1e6, noNaN: true, noDefaultInfinity: true });
    case 'string': return stringOf(s);
    case 'array': return fc.array(valid(document, s['items'], depth + 1), { minLength: s['minItems'] ?? 0, maxLength: Math.min(s['maxItems'] ?? 4, 4) });
    case 'object': return objectOf(document, s, depth);
    default: return s['properties'] ? objectOf(document, s, depth) : fc.jsonValue({ maxDepth: 2 });
  }
}

function stringOf(s: Schema): fc.Arbitrary<string> {
  switch (s['format']) {
    case 'date-time': return fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString());
    case 'date': return fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
    case 'email': return fc.emailAddress();
    case 'uri':
    case 'url': return fc.webUrl({ validSchemes: ['https'] });
    default: {
      const min = s['minLength'] ?? 0;
      const max = Math.max(min, Math.min(s['maxLength'] ?? 40, 200));
      return fc.string({ unit: 'grapheme', minLength: min, maxLength: max });
    }
  }
}

function objectOf(document: OpenApiDocument, s: Schema, depth: number): fc.Arbitrary<unknown> {
  const properties = (s['properties'] ?? {}) as Record<string, Schema>;
  const record = Object.fromEntries(Object.entries(properties).map(([name, property]) => [name, valid(document, property, depth + 1)]));
  return fc.record(record, { requiredKeys: ((s['required'] ?? []) as string[]).filter((k) => k in properties) });
}

/** The values of a media type's or parameter's examples (`examples: {name: {value}}`, resolved). */
export function examplesOf(document: OpenApiDocument, holder: { examples?: Record<string, unknown> } | undefined): unknown[] {
  return Object.values(holder?.examples ?? {}).map((e) => (resolve(document, e) as { value?: unknown } | undefined)?.value).filter((v) => v !== undefined);
}

/**
 * Mostly valid values (the document's examples, and values drawn from the schema), and their
 * malformed neighbours: a field of the wrong type, an unknown field, any JSON.
 */
export function fuzzed(document: OpenApiDocument, schema: Schema | undefined, examples: unknown[] = []): fc.Arbitrary<unknown> {
  const drawn = valid(document, schema);
  const good = examples.length ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...examples) }, { weight: 2, arbitrary: drawn }) : drawn;
  const broken = good.chain((value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value) || Object.keys(value).length === 0) return fc.jsonValue({ maxDepth: 2 });
    return fc.tuple(fc.constantFrom(...Object.keys(value), 'unknownField', 'toString', '__proto__', 'constructor'), fc.jsonValue({ maxDepth: 2 })).map(([key, wrong]) => ({ ...value, [key]: wrong }));
  });
  return fc.oneof({ weight: 5, arbitrary: good }, { weight: 3, arbitrary: broken }, { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) });
}
