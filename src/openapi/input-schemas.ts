// Request-body schemas converted from the zod schemas the routes validate with (json-schema.ts), so
// the document cannot drift from what the service accepts; each domain gives its bodies through
// the registry (<entity>.openapi.ts), with the descriptions zod cannot carry.
import { componentSchemas } from './json-schema.ts';
import type { RequestBodyInput, Schema } from './types.ts';

export function inputSchemas(bodies: Record<string, RequestBodyInput>): Record<string, Schema> {
  const out = componentSchemas(
    Object.fromEntries(Object.entries(bodies).map(([name, { schema }]) => [name, schema])),
    'input',
  );
  for (const [name, { description, notes }] of Object.entries(bodies)) {
    if (notes) annotate(out[name]!, notes);
    if (description) out[name]!.description = description;
  }
  return out;
}

/** Adds descriptions by dotted property path (`settings.timezone`). */
function annotate(schema: Schema, notes: Record<string, string>): void {
  for (const [path, description] of Object.entries(notes)) {
    let target: Schema | undefined = schema;
    for (const name of path.split('.'))
      target = (target?.properties as Record<string, Schema> | undefined)?.[name];
    if (!target) throw new Error(`OpenAPI: no property ${path} to describe`);
    target.description = description;
  }
}
