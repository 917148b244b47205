// GraphQL types cannot be derived from a resource's shape (<entity>.shape.ts) without giving up
// Pothos's Prisma plugin, so this holds each GraphQL object type the REST facade answers from to
// the shape it answers with: every field of the shape is a field of the type, with the same
// nullability and the same kind of value. The REST selection is derived from the shape
// (rest/selection.ts), so a field the type lacks would fail at start; this names it earlier.
import {
  type GraphQLField,
  type GraphQLOutputType,
  getNullableType,
  isEnumType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { apiKeyShape } from '../../src/auth/api-keys.shape.ts';
import { DOMAINS } from '../../src/domains.ts';
import { buildSchema } from '../../src/graphql/schema.ts';
import { importJobShape } from '../../src/imports/import.shape.ts';
import { statusShape } from '../../src/status/status.shape.ts';
import { selectionOf } from '../../src/rest/selection.ts';
import {
  publicTripShape,
  tripBulkDeleteResultShape,
  tripPageShape,
  tripShape,
} from '../../src/trips/trip.shape.ts';
import {
  catalogBulkDeleteResultShape,
  catalogPageShape,
  catalogShape,
  publicCatalogShape,
} from '../../src/catalogs/catalog.shape.ts';
import {
  deliveryPageShape,
  deliveryShape,
  endpointShape,
  endpointWithSecretShape,
} from '../../src/webhooks/endpoint.shape.ts';

const schema = await buildSchema(DOMAINS);

/** GraphQL object type name → the shape the REST facade answers with it. */
const PAIRS: Array<[string, z.ZodObject]> = [
  ['Trip', tripShape],
  ['TripPage', tripPageShape],
  ['PublicTrip', publicTripShape],
  ['BulkDeleteResult', tripBulkDeleteResultShape],
  ['Catalog', catalogShape],
  ['CatalogPage', catalogPageShape],
  ['PublicCatalog', publicCatalogShape],
  ['CatalogBulkDeleteResult', catalogBulkDeleteResultShape],
  ['WebhookEndpoint', endpointShape],
  ['WebhookEndpointWithSecret', endpointWithSecretShape],
  ['WebhookDelivery', deliveryShape],
  ['WebhookDeliveryPage', deliveryPageShape],
  ['ApiKey', apiKeyShape],
  ['TripImportJob', importJobShape],
  ['Status', statusShape],
];

type Def = { type: string; format?: string; innerType?: z.ZodType; element?: z.ZodType };
const defOf = (shape: z.ZodType) => shape._zod.def as unknown as Def;

/** How a shape's field and a GraphQL field differ; empty when they agree. */
function differences(where: string, shape: z.ZodType, type: GraphQLOutputType): string[] {
  let def = defOf(shape);
  // A field the REST route leaves out when it does not apply: GraphQL may answer it with null.
  const optional = def.type === 'optional';
  if (optional) def = defOf(def.innerType!);
  const nullable = def.type === 'nullable';
  if (nullable) def = defOf(def.innerType!);
  if (!optional && nullable === isNonNullType(type))
    return [`${where}: ${nullable ? 'nullable' : 'non-null'} in the shape, not in GraphQL`];
  const inner = getNullableType(type);
  switch (def.type) {
    case 'array':
      if (!isListType(inner)) return [`${where}: a list in the shape, ${inner} in GraphQL`];
      return differences(`${where}[]`, def.element!, inner.ofType);
    case 'object':
      if (!isObjectType(inner)) return [`${where}: an object in the shape, ${inner} in GraphQL`];
      return objectDifferences(where, shape as z.ZodObject, inner.getFields());
    case 'enum':
      return isEnumType(inner) || String(inner) === 'String'
        ? []
        : [`${where}: an enum in the shape, ${inner} in GraphQL`];
    default: {
      const expected = scalarOf(def);
      return isScalarType(inner) && inner.name === expected
        ? []
        : [`${where}: ${expected} in the shape, ${inner} in GraphQL`];
    }
  }
}

function scalarOf(def: Def): string {
  if (def.type === 'number') return def.format === 'safeint' ? 'Int' : 'Float';
  if (def.type === 'boolean') return 'Boolean';
  if (def.type === 'string') return def.format === 'datetime' ? 'DateTime' : 'String';
  // A map of names to values (a delivery's request headers): a JSON object in GraphQL.
  if (def.type === 'record') return 'JSONObject';
  return `zod ${def.type}`;
}

function objectDifferences(
  where: string,
  shape: z.ZodObject,
  fields: Record<string, GraphQLField<unknown, unknown>>,
): string[] {
  return Object.entries(shape.shape).flatMap(([name, field]) =>
    fields[name]
      ? differences(`${where}.${name}`, field as z.ZodType, fields[name].type)
      : [`${where}.${name}: in the shape, not in GraphQL`],
  );
}

describe('each GraphQL object type the REST facade reads', () => {
  for (const [typeName, shape] of PAIRS)
    it(`${typeName} has its shape's fields, nullability and kinds`, () => {
      const type = schema.getType(typeName);
      expect(isObjectType(type), `${typeName} is an object type`).toBe(true);
      if (!isObjectType(type)) return;
      expect(objectDifferences(typeName, shape, type.getFields())).toEqual([]);
    });

  it('would name a field that differs', () => {
    const trip = schema.getType('Trip');
    if (!isObjectType(trip)) throw new Error('no Trip type');
    const wrong = tripShape.extend({
      title: tripShape.shape.title.nullable(),
      visualizations: tripShape.shape.title,
      missing: tripShape.shape.title,
    });
    expect(objectDifferences('Trip', wrong, trip.getFields())).toEqual([
      'Trip.title: nullable in the shape, not in GraphQL',
      'Trip.visualizations: String in the shape, Int in GraphQL',
      'Trip.missing: in the shape, not in GraphQL',
    ]);
  });
});

describe('the REST selection derived from a shape', () => {
  it('names its fields in order, nested objects with theirs', () => {
    expect(selectionOf(tripPageShape)).toBe(
      `data { ${selectionOf(tripShape)} agentPictureUrl } page pageSize totalCount totalPages`,
    );
    expect(selectionOf(tripShape)).toBe(
      'id title slug joinCode seoDescription duration dateStart dateFinish dateExpiration code logo countries imageUrl agentId template visibility accountId createdAt updatedAt visualizations',
    );
  });
});
