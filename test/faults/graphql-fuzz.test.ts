// Issue 25: a fuzzer built from the GraphQL schema the service serves. For every query and
// mutation field it sends generated operations whose arguments, passed as variables, take their
// declared shape most of the time (so resolvers run) and a wrong one otherwise: another type, null,
// hostile text (NUL, lone surrogates, prototype names), numbers past int4, lists past the caps,
// JSON nested thousands deep (in a JSON argument, or in an import's `text`), and ids of UUID
// columns in the wrong shape (`removeBookingNote(id: "1")` answered internal_error before). It
// holds that no answer is a 5xx and no error is `internal_error`, and that each of the two classes
// of issue 25 reached every field that takes it.
import fc from 'fast-check';
import {
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isLeafType,
  isListType,
  isNonNullType,
} from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOMAINS } from '../../src/domains.ts';
import { buildSchema } from '../../src/graphql/schema.ts';
import { isUuid } from '../../src/shared/identifiers.ts';
import { aMember, anAccount } from '../helpers/fixtures.ts';
import { startTestApp, type TestService } from '../helpers/service.ts';
import { anyText, deepJsonText, hostileText, uuidLike } from './openapi-arbitraries.ts';

const schema = await buildSchema(DOMAINS);

const RUNS_PER_FIELD = Number(process.env.FUZZ_RUNS ?? 60);
/** Input objects nest this deep at most in a generated value (the schema's nest 3). */
const MAX_INPUT_DEPTH = 4;
/** An argument or input field named like an id (`id`, `jobId`, `deliveryId`...). */
const ID_NAME = /(^id$|Id$)/;

let api: TestService;
let credentials: fc.Arbitrary<string | undefined>;
let protectedKeyIds: Set<number>;

beforeAll(async () => {
  api = await startTestApp({
    SERVICE_ROLES: 'api,ai', // no worker: nothing the fuzzer queues is sent anywhere
    RATE_LIMIT_PER_MINUTE: '100000000',
    PUBLIC_RATE_LIMIT_PER_MINUTE: '100000000',
  });
  const owner = await anAccount(api.prisma);
  const viewer = await aMember(api.prisma, owner.accountId, 'viewer');
  const stranger = await anAccount(api.prisma);
  for (let i = 0; i < 10; i++)
    await api.request('POST /trips', { key: owner.owner.key, body: { title: `Fuzz ${i}` } });
  protectedKeyIds = new Set(
    (await api.prisma.apiKey.findMany({ select: { id: true } })).map((k) => k.id),
  );
  credentials = fc.oneof(
    { weight: 6, arbitrary: fc.constant(owner.owner.key) },
    { weight: 1, arbitrary: fc.constant(viewer.key) },
    { weight: 1, arbitrary: fc.constant(stranger.owner.key) },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
}, 120_000);
afterAll(async () => {
  await api?.stop();
});

/** JSON text written into the variables as it is (JSON.stringify overflows at these depths). */
class RawJson {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}

function serialize(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(serialize).join(',')}]`;
  if (value !== null && typeof value === 'object')
    return `{${Object.entries(value)
      .map(([key, item]) => `${JSON.stringify(key)}:${serialize(item)}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

const deepJson = () => deepJsonText().map((text) => new RawJson(text));

/** A value of the wrong shape for any argument. */
const wrongShape = (): fc.Arbitrary<unknown> =>
  fc.oneof(
    fc.constant(null),
    anyText(20),
    hostileText(),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constantFrom([], {}, [null], { __proto__: 1 }),
    fc.jsonValue({ maxDepth: 2 }),
    uuidLike(),
    deepJson(),
  );

function scalarValue(typeName: string, name: string): fc.Arbitrary<unknown> {
  switch (typeName) {
    case 'Int':
      return fc.oneof(
        { weight: 4, arbitrary: fc.integer({ min: 1, max: 40 }) },
        { weight: 1, arbitrary: fc.constantFrom(0, -1, 2_147_483_647, -2_147_483_648) },
        { weight: 1, arbitrary: fc.constantFrom(2_147_483_648, 2 ** 53, 1.5, -0) },
      );
    case 'Float':
      return fc.double();
    case 'Boolean':
      return fc.boolean();
    case 'JSON':
    case 'JSONObject':
      return fc.oneof(
        { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
        { weight: 1, arbitrary: fc.dictionary(hostileText(), fc.jsonValue({ maxDepth: 1 })) },
        { weight: 1, arbitrary: anyText(200) },
        { weight: 2, arbitrary: deepJson() },
      );
    case 'DateTime':
      return fc.oneof(
        fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
        fc.constantFrom('2026-02-30', '0000-01-01', '99999-01-01', 'yesterday'),
        anyText(20),
      );
    default:
      if (ID_NAME.test(name)) return fc.oneof(uuidLike(), anyText(12));
      return fc.oneof(
        { weight: 4, arbitrary: anyText(30) },
        { weight: 1, arbitrary: hostileText() },
        {
          weight: 1,
          arbitrary: fc.constantFrom('FRA', 'text', 'url', '2026-05-01', 'https://example.com/x'),
        },
        { weight: 1, arbitrary: fc.string({ minLength: 2_000, maxLength: 3_000 }) },
      );
  }
}

/** A value of `type` most of the time, of the wrong shape otherwise. */
function argumentValue(type: GraphQLInputType, name: string, depth: number): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 5, arbitrary: shapedValue(type, name, depth) },
    { weight: 1, arbitrary: wrongShape() },
  );
}

function shapedValue(type: GraphQLInputType, name: string, depth: number): fc.Arbitrary<unknown> {
  if (isNonNullType(type)) return shapedValue(type.ofType, name, depth);
  if (isListType(type))
    return fc.oneof(
      { weight: 5, arbitrary: fc.array(argumentValue(type.ofType, name, depth), { maxLength: 4 }) },
      {
        weight: 1,
        arbitrary: shapedValue(type.ofType, name, depth).map((item) => Array(150).fill(item)),
      },
    );
  if (isEnumType(type))
    return fc.oneof(
      { weight: 5, arbitrary: fc.constantFrom(...type.getValues().map((v) => v.name)) },
      { weight: 1, arbitrary: anyText(10) },
    );
  if (isInputObjectType(type)) {
    if (depth >= MAX_INPUT_DEPTH) return fc.constant({});
    const fields = Object.values(type.getFields());
    return fc.record(
      Object.fromEntries(fields.map((f) => [f.name, argumentValue(f.type, f.name, depth + 1)])),
      { requiredKeys: fields.filter((f) => isNonNullType(f.type)).map((f) => f.name) },
    );
  }
  return scalarValue(getNamedType(type).name, name);
}

interface FuzzOperation {
  field: string;
  query: string;
  variables: Record<string, unknown>;
  key: string | undefined;
}

function operationOf(kind: 'query' | 'mutation', field: GraphQLField<unknown, unknown>) {
  const args = field.args;
  const argument = (arg: GraphQLArgument) =>
    isNonNullType(arg.type)
      ? argumentValue(arg.type, arg.name, 0)
      : fc.option(argumentValue(arg.type, arg.name, 0), { freq: 3, nil: undefined });
  const selection = isLeafType(getNamedType(field.type)) ? '' : '{ __typename }';
  return fc
    .tuple(fc.tuple(...args.map(argument)), credentials)
    .map(([values, key]): FuzzOperation => {
      const variables: Record<string, unknown> = {};
      args.forEach((arg, i) => {
        if (values[i] === undefined) return;
        // The fuzzer's own keys stay: revoking them would turn the rest of the run into 401s.
        const value =
          field.name === 'revokeApiKey' && protectedKeyIds.has(values[i] as number)
            ? 999_999
            : values[i];
        variables[arg.name] = value;
      });
      const declared = args.map((a) => `$${a.name}: ${a.type.toString()}`).join(', ');
      const passed = args.map((a) => `${a.name}: $${a.name}`).join(', ');
      const query = `${kind} Fuzz${declared ? `(${declared})` : ''} { ${field.name}${passed ? `(${passed})` : ''} ${selection} }`;
      return { field: field.name, query, variables, key };
    });
}

/** Whether an argument of `type` (at any depth of its input objects) is a JSON scalar. */
function takesJson(type: GraphQLInputType, seen = new Set<string>()): boolean {
  const named = getNamedType(type);
  if (named.name === 'JSON' || named.name === 'JSONObject') return true;
  if (!isInputObjectType(named) || seen.has(named.name)) return false;
  seen.add(named.name);
  return Object.values(named.getFields()).some((f) => takesJson(f.type, seen));
}

describe('the GraphQL fuzzer', () => {
  it(`sends ${RUNS_PER_FIELD} generated operations to every query and mutation: no 5xx, no internal_error`, async () => {
    const roots = [
      ['query', schema.getQueryType()!],
      ['mutation', schema.getMutationType()!],
    ] as const;
    const deepSent = new Set<string>();
    const nonUuidIdSent = new Set<string>();
    const needsDeep = new Set<string>();
    const needsNonUuid = new Set<string>();
    const codes = new Map<string, number>();
    let sent = 0;
    for (const [kind, type] of roots) {
      for (const field of Object.values(type.getFields())) {
        if (field.args.some((a) => takesJson(a.type))) needsDeep.add(field.name);
        const idArgs = field.args.filter(
          (a) => ID_NAME.test(a.name) && getNamedType(a.type).name === 'String',
        );
        if (idArgs.length) needsNonUuid.add(field.name);
        await fc.assert(
          fc.asyncProperty(operationOf(kind, field), async (operation) => {
            sent++;
            const body = `{"query":${JSON.stringify(operation.query)},"variables":${serialize(operation.variables)}}`;
            if (/(\[|\{"a":){100}/.test(body)) deepSent.add(operation.field);
            if (
              idArgs.some((a) => {
                const value = operation.variables[a.name];
                return typeof value === 'string' && !isUuid(value);
              })
            )
              nonUuidIdSent.add(operation.field);
            const res = await api.request('POST /graphql', {
              key: operation.key,
              rawBody: body,
              headers: { 'content-type': 'application/json' },
            });
            const detail = `${operation.query} ${body.slice(0, 300)} → ${res.status} ${res.text.slice(0, 300)}`;
            expect(res.status, detail).toBeLessThan(500);
            const errors = (res.body?.errors ?? []) as Array<{ extensions?: { code?: string } }>;
            for (const error of errors) {
              const code = error.extensions?.code ?? 'none';
              codes.set(code, (codes.get(code) ?? 0) + 1);
              expect(code, detail).not.toBe('internal_error');
            }
          }),
          { numRuns: RUNS_PER_FIELD, endOnFailure: true },
        );
      }
    }
    if (process.env.FUZZ_REPORT) console.log(JSON.stringify(Object.fromEntries(codes)));
    // Both classes of issue 25 reached every field that takes them.
    expect([...needsDeep].filter((f) => !deepSent.has(f))).toEqual([]);
    expect([...needsNonUuid].filter((f) => !nonUuidIdSent.has(f))).toEqual([]);
    expect(needsDeep).toContain('createTripImport');
    expect(needsNonUuid).toContain('removeBookingNote');
    expect(sent).toBeGreaterThan(50 * RUNS_PER_FIELD);
    // The mix reached the resolvers, not only variable coercion: their own errors came back.
    for (const code of ['validation_failed', 'not_found'])
      expect(codes.get(code) ?? 0, `errors ${code}`).toBeGreaterThan(0);
  });
});
