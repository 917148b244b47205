// fast-check arbitraries drawn from the OpenAPI document: values that follow a schema (JSON
// Schema 2020-12 as the document uses it), and the malformed neighbours a fuzzer mixes in.
import fc from 'fast-check';
import type { OpenApiDocument } from '../../src/openapi/types.ts';

type Schema = Record<string, any>;

const MAX_DEPTH = 4;

/** Printable ASCII: what an HTTP header value or a hand-typed query can carry. */
export const asciiText = (maxLength = 40) => fc.string({ unit: 'grapheme-ascii', maxLength });
/** Any text, including non-ASCII (never lone surrogates, so it always URL-encodes). */
export const anyText = (maxLength = 40) =>
  fc.oneof(asciiText(maxLength), fc.string({ unit: 'grapheme', maxLength }));

export const resolve = (document: OpenApiDocument, node: any): any => {
  let current = node;
  for (
    let hops = 0;
    current && typeof current === 'object' && '$ref' in current && hops < 10;
    hops++
  ) {
    const pointer = (current.$ref as string)
      .replace(/^#\//, '')
      .split('/')
      .map((t) => decodeURIComponent(t).replace(/~1/g, '/').replace(/~0/g, '~'));
    current = pointer.reduce((value: any, token) => value?.[token], document);
  }
  return current;
};

/** Values that satisfy `schema` (as far as a generator can tell without running its patterns). */
export function valid(
  document: OpenApiDocument,
  schema: Schema | undefined,
  depth = 0,
): fc.Arbitrary<unknown> {
  const s = resolve(document, schema) as Schema | undefined;
  if (!s || depth > MAX_DEPTH) return fc.jsonValue({ maxDepth: 1 });
  if ('const' in s) return fc.constant(s.const);
  if (Array.isArray(s.enum)) return fc.constantFrom(...(s.enum as unknown[]));
  const options = (s.oneOf ?? s.anyOf) as Schema[] | undefined;
  if (options?.length) return fc.oneof(...options.map((o) => valid(document, o, depth + 1)));
  if (Array.isArray(s.allOf)) {
    return fc
      .tuple(...(s.allOf as Schema[]).map((part) => valid(document, part, depth + 1)))
      .map((parts) =>
        Object.assign(
          {},
          ...parts.filter((p) => typeof p === 'object' && p !== null && !Array.isArray(p)),
        ),
      );
  }
  const type = s.type;
  if (Array.isArray(type))
    return fc.oneof(...type.map((t: string) => valid(document, { ...s, type: t }, depth)));
  switch (type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return fc.integer({ min: s.minimum ?? -1_000_000, max: s.maximum ?? 1_000_000 });
    case 'number':
      return fc.double({
        min: s.minimum ?? -1e6,
        max: s.maximum ?? 1e6,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'string':
      return stringOf(s);
    case 'array':
      return fc.array(valid(document, s.items, depth + 1), {
        minLength: s.minItems ?? 0,
        maxLength: Math.min(s.maxItems ?? 4, 4),
      });
    case 'object':
      return objectOf(document, s, depth);
    default:
      return s.properties ? objectOf(document, s, depth) : fc.jsonValue({ maxDepth: 2 });
  }
}

function stringOf(s: Schema): fc.Arbitrary<string> {
  switch (s.format) {
    case 'date-time':
      return fc
        .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
        .map((d) => d.toISOString());
    case 'date':
      return fc
        .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10));
    case 'email':
      return fc.emailAddress();
    case 'uri':
    case 'url':
      return fc.webUrl({ validSchemes: ['https'] });
    default: {
      const min = s.minLength ?? 0;
      const max = Math.max(min, Math.min(s.maxLength ?? 40, 200));
      return fc.string({ unit: 'grapheme', minLength: min, maxLength: max });
    }
  }
}

function objectOf(document: OpenApiDocument, s: Schema, depth: number): fc.Arbitrary<unknown> {
  const properties = (s.properties ?? {}) as Record<string, Schema>;
  const record = Object.fromEntries(
    Object.entries(properties).map(([name, property]) => [
      name,
      valid(document, property, depth + 1),
    ]),
  );
  return fc.record(record, {
    requiredKeys: ((s.required ?? []) as string[]).filter((k) => k in properties),
  });
}

/** The values of a media type's or parameter's examples (`examples: {name: {value}}`, resolved). */
export function examplesOf(
  document: OpenApiDocument,
  holder: { examples?: Record<string, unknown> } | undefined,
): unknown[] {
  return Object.values(holder?.examples ?? {})
    .map((e) => (resolve(document, e) as { value?: unknown } | undefined)?.value)
    .filter((v) => v !== undefined);
}

/** Names every object inherits: as field names, keys and list fields they once found Object.prototype's members. */
export const PROTOTYPE_NAMES = [
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  'valueOf',
  'isPrototypeOf',
  '__defineGetter__',
];

/**
 * Text PostgreSQL refuses or that is rarely typed: NUL (alone, inside, at the ends), the other C0
 * controls and DEL, unpaired UTF-16 surrogates (JSON.stringify writes them as `\ud800` escapes),
 * and prototype names.
 */
export const hostileText = (): fc.Arbitrary<string> =>
  fc.oneof(
    fc
      .tuple(
        fc.string({ maxLength: 8 }),
        fc.constantFrom(
          '\u0000',
          '\u0001',
          '\u0008',
          '\u001b',
          '\u001f',
          '\u007f',
          '\ud800',
          '\udfff',
          '\ud83d',
          '\u0000\u0000',
        ),
        fc.string({ maxLength: 8 }),
      )
      .map(([before, bad, after]) => `${before}${bad}${after}`),
    fc.constantFrom(...PROTOTYPE_NAMES),
  );

/**
 * Numbers that JSON can carry but a JavaScript number or an int4 column cannot hold as sent: a
 * `raw()` marker, written into the JSON text as it is by `toJson` (JSON.stringify would turn
 * 1e400 into null).
 */
const SPECIAL_NUMBERS = [
  '1e400',
  '-1e400',
  '1e-400',
  '-0',
  '2147483648',
  '-2147483649',
  '9007199254740993',
  '1e21',
  '0.5',
  '-1',
];
const RAW = (text: string) => `\u0001raw:${text}\u0001`;
export const toJson = (value: unknown): string =>
  JSON.stringify(value).replace(/"\\u0001raw:([^"\\]*)\\u0001"/g, '$1');
const hostileNumber = (): fc.Arbitrary<unknown> =>
  fc.oneof(
    fc.constantFrom(...SPECIAL_NUMBERS).map(RAW),
    fc.constantFrom('NaN', 'Infinity', '-Infinity', '-0', '1e400'),
  );

type Path = Array<string | number>;
/** The paths of every value inside `value`, itself included. */
function pathsOf(value: unknown, path: Path = [], out: Path[] = []): Path[] {
  out.push(path);
  if (Array.isArray(value))
    for (const [i, item] of value.entries()) pathsOf(item, [...path, i], out);
  else if (value !== null && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) pathsOf(item, [...path, key], out);
  return out;
}
function replaceAt(value: unknown, path: Path, replacement: unknown): unknown {
  if (!path.length) return replacement;
  const [head, ...rest] = path;
  if (Array.isArray(value))
    return value.map((item, i) => (i === head ? replaceAt(item, rest, replacement) : item));
  return {
    ...(value as object),
    [head!]: replaceAt((value as Record<string, unknown>)[head as string], rest, replacement),
  };
}

/**
 * One value inside `value` made hostile, by its kind: a string gets hostile text, a number a
 * special number, an array grows past any cap (its first item repeated), an object gets a key
 * with a NUL or a prototype name.
 */
export function hostile(value: unknown): fc.Arbitrary<unknown> {
  const paths = pathsOf(value);
  return fc.nat({ max: paths.length - 1 }).chain((index) => {
    const path = paths[index]!;
    const target = path.reduce((v: any, key) => v?.[key], value);
    let replacement: fc.Arbitrary<unknown>;
    if (typeof target === 'string') replacement = hostileText();
    else if (typeof target === 'number') replacement = hostileNumber();
    else if (Array.isArray(target))
      replacement = fc.constantFrom(21, 101, 2000).map((n) => Array(n).fill(target[0] ?? 'x'));
    else if (target !== null && typeof target === 'object')
      replacement = fc
        .tuple(hostileText(), fc.jsonValue({ maxDepth: 1 }))
        .map(([key, v]) => ({ ...target, [key]: v }));
    else replacement = fc.oneof(hostileText(), hostileNumber());
    return replacement.map((r) => replaceAt(value, path, r));
  });
}

/**
 * Mostly valid values (the document's examples, and values drawn from the schema), and their
 * malformed neighbours: a field of the wrong type, an unknown field, any JSON, and a hostile
 * value anywhere inside (see `hostile`). Serialize them with `toJson`.
 */
export function fuzzed(
  document: OpenApiDocument,
  schema: Schema | undefined,
  examples: unknown[] = [],
): fc.Arbitrary<unknown> {
  const drawn = valid(document, schema);
  const good = examples.length
    ? fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom(...examples) },
        { weight: 2, arbitrary: drawn },
      )
    : drawn;
  const broken = good.chain((value) => {
    if (
      typeof value !== 'object' ||
      value === null ||
      Array.isArray(value) ||
      Object.keys(value).length === 0
    )
      return fc.jsonValue({ maxDepth: 2 });
    return fc
      .tuple(
        fc.constantFrom(...Object.keys(value), 'unknownField', ...PROTOTYPE_NAMES),
        fc.jsonValue({ maxDepth: 2 }),
      )
      .map(([key, wrong]) => ({ ...value, [key]: wrong }));
  });
  return fc.oneof(
    { weight: 5, arbitrary: good },
    { weight: 3, arbitrary: broken },
    { weight: 3, arbitrary: good.chain(hostile) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  );
}

/**
 * A list's `filters` as a caller who probes it would write them: known fields and prototype names,
 * every operator, and the values that reach the database as they are (dates, integers at and past
 * int4, hostile text, `in` lists up to past the cap), up to past the cap on conditions.
 */
export function hostileFilters(fields: string[]): fc.Arbitrary<unknown> {
  const date = fc
    .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
    .map((d) => d.toISOString());
  const integer = fc
    .constantFrom(1, 2147483647, 2147483648, -2147483649, 2 ** 40)
    .map((n) => RAW(String(n)));
  const value = fc.oneof(
    { weight: 3, arbitrary: date },
    { weight: 5, arbitrary: integer },
    { weight: 1, arbitrary: hostileNumber() },
    { weight: 1, arbitrary: hostileText() },
    { weight: 1, arbitrary: fc.constantFrom('FRA', 'public', 'x', true) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(1, 2, 101).chain((n) =>
        fc.array(fc.oneof(date, integer, fc.constantFrom('FRA', 'x'), hostileText()), {
          minLength: n,
          maxLength: n,
        }),
      ),
    },
  );
  const filter = fc.record({
    field: fc.oneof(
      { weight: 2, arbitrary: fc.constantFrom(...fields) },
      { weight: 1, arbitrary: fc.constantFrom(...PROTOTYPE_NAMES) },
    ),
    operator: fc.constantFrom('eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'in', 'contains'),
    value,
  });
  return fc.oneof(
    { weight: 4, arbitrary: fc.array(filter, { minLength: 1, maxLength: 4 }) },
    { weight: 1, arbitrary: filter.map((f) => Array(21).fill(f)) },
  );
}

/**
 * JSON nested `depth` levels deep (issue 25): arrays, objects, or both in turn, closed or left
 * open; as JSON text. Depths around the import text's limit (64) and far past what a recursive
 * reader survives (5,000 overflowed the stack in 10 KB).
 */
export const deepJsonText = (): fc.Arbitrary<string> =>
  fc
    .record({
      depth: fc.constantFrom(63, 64, 65, 129, 1_000, 5_000, 20_000),
      kind: fc.constantFrom('array', 'object', 'mixed'),
      closed: fc.boolean(),
    })
    .map(({ depth, kind, closed }) => {
      const open: string[] = [];
      const close: string[] = [];
      for (let level = 0; level < depth; level++) {
        const array = kind === 'array' || (kind === 'mixed' && level % 2 === 0);
        open.push(array ? '[' : '{"a":');
        close.push(array ? ']' : '}');
      }
      return `${open.join('')}1${closed ? close.reverse().join('') : ''}`;
    });

/**
 * A JSON text holding `deepJsonText()` at the place `wrap` says, either as a string (JSON text in
 * a text field) or written in as a value. Built as text: JSON.parse and JSON.stringify overflow the
 * stack at these depths themselves.
 */
export const withDeepJson = (wrap: (rawJson: string) => string): fc.Arbitrary<string> =>
  fc
    .tuple(deepJsonText(), fc.boolean())
    .map(([text, asValue]) => wrap(asValue ? text : JSON.stringify(text)));

/**
 * Ids of UUID columns in the wrong shape (issue 25: `removeBookingNote(id: "1")` answered 500):
 * numbers, near misses of a UUID (a letter past f, a digit short or long, braces, a URN, no
 * dashes, upper case), the nil UUID, and UUIDs nobody issued.
 */
export const uuidLike = (): fc.Arbitrary<string> =>
  fc.oneof(
    fc.uuid(),
    fc.uuid().map((id) => id.toUpperCase()),
    fc.uuid().map((id) => `${id.slice(0, -1)}g`),
    fc.uuid().map((id) => id.slice(0, -1)),
    fc.uuid().map((id) => `${id}0`),
    fc.uuid().map((id) => `{${id}}`),
    fc.uuid().map((id) => `urn:uuid:${id}`),
    fc.uuid().map((id) => id.replace(/-/g, '')),
    fc.uuid().map((id) => ` ${id}`),
    fc.constantFrom(
      '1',
      '0',
      '-1',
      '',
      '00000000-0000-0000-0000-000000000000',
      'ffffffff-ffff-ffff-ffff-ffffffffffff',
      'dlv_1',
      'null',
    ),
  );
