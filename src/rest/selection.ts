// The GraphQL selection set a REST route sends, derived from the output shape it answers with
// (<entity>.shape.ts): its keys in order, nested objects with their own keys. The route's answer
// then has exactly the shape's fields, the ones the document describes.
import { z } from 'zod';

/** `id title agent { id name }` for `z.object({id, title, agent: z.object({id, name})})`. */
export function selectionOf(shape: z.ZodObject): string {
  return Object.entries(shape.shape)
    .map(([name, field]) => {
      const object = objectIn(field as z.ZodType);
      return object ? `${name} { ${selectionOf(object)} }` : name;
    })
    .join(' ');
}

/** The object a field holds, through nullable, optional and array wrappers; none for a leaf. */
function objectIn(field: z.ZodType): z.ZodObject | undefined {
  if (field instanceof z.ZodObject) return field;
  if (
    field instanceof z.ZodNullable ||
    field instanceof z.ZodOptional ||
    field instanceof z.ZodDefault
  )
    return objectIn(field.unwrap() as z.ZodType);
  if (field instanceof z.ZodArray) return objectIn(field.element as z.ZodType);
  return undefined;
}
