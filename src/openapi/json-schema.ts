// zod schemas to the document's JSON Schema: request bodies (io input) and the resources' output
// shapes (io output) go through the same conversion. zod's JSON Schema is correct but noisy; the
// clean-up keeps it readable (no zod-internal date and email regexes, no safe-integer bounds, flat
// anyOf) and leaves output objects open, as a minor version may add fields.
import { z } from 'zod';
import type { Schema } from './types.ts';

const SCHEMAS_PATH = '#/components/schemas/';

/** Component name → its JSON Schema; a schema registered under a name elsewhere becomes a `$ref`. */
export function componentSchemas(
  named: Record<string, z.ZodType>,
  io: 'input' | 'output',
): Record<string, Schema> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(named)) registry.add(schema, { id });
  const { schemas } = z.toJSONSchema(registry, {
    target: 'draft-2020-12',
    io,
    uri: (id) => `${SCHEMAS_PATH}${id}`,
    // The service's answers may grow fields in a minor version: an output object stays open unless
    // its shape is strict (z.strictObject, a catchall of never).
    override: ({ zodSchema, jsonSchema }) => {
      const def = zodSchema._zod.def as { type: string; catchall?: unknown };
      if (io === 'output' && def.type === 'object' && !def.catchall)
        delete jsonSchema.additionalProperties;
    },
  }) as { schemas: Record<string, Schema> };
  return Object.fromEntries(
    Object.entries(schemas).map(([name, schema]) => [name, tidy(schema, io) as Schema]),
  );
}

/** Removes zod's implementation details and flattens nested unions, recursively. */
function tidy(value: unknown, io: 'input' | 'output'): unknown {
  if (Array.isArray(value)) return value.map((item) => tidy(item, io));
  if (typeof value !== 'object' || value === null) return value;
  const schema: Schema = {};
  for (const [key, child] of Object.entries(value)) {
    if (key === '$schema' || key === '$id') continue;
    schema[key] = tidy(child, io);
  }
  // A format says it; zod's own regex for it only makes the document unreadable.
  if (['date-time', 'date', 'email', 'uuid'].includes(schema.format as string))
    delete schema.pattern;
  if (Array.isArray(schema.anyOf)) {
    schema.anyOf = (schema.anyOf as Schema[]).flatMap((branch) =>
      Object.keys(branch).length === 1 && Array.isArray(branch.anyOf)
        ? (branch.anyOf as Schema[])
        : [branch],
    );
  }
  // JSON object keys are always strings; "any value" reads better as true.
  if (isStringKeys(schema.propertyNames)) delete schema.propertyNames;
  if (isEmptyObject(schema.additionalProperties)) schema.additionalProperties = true;
  if (io === 'output') {
    // zod writes a nullable bare type as a type list; the document spells every nullable the same way.
    const { type, description, ...rest } = schema;
    if (Array.isArray(type) && Object.keys(rest).length === 0) {
      const [first, second, ...others] = type as string[];
      if (second === 'null' && others.length === 0)
        return {
          anyOf: [{ type: first }, { type: 'null' }],
          ...(description ? { description } : {}),
        };
    }
    // z.int()'s safe-integer range says nothing a reader needs.
    if (schema.type === 'integer') {
      if (schema.minimum === Number.MIN_SAFE_INTEGER) delete schema.minimum;
      if (schema.maximum === Number.MAX_SAFE_INTEGER) delete schema.maximum;
    }
  }
  return schema;
}

const isEmptyObject = (value: unknown) =>
  typeof value === 'object' && value !== null && Object.keys(value).length === 0;
const isStringKeys = (value: unknown) =>
  typeof value === 'object' && value !== null && JSON.stringify(value) === '{"type":"string"}';
