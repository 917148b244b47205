// Building blocks of the resources' output shapes (<entity>.shape.ts): the zod schemas the
// document's response and event schemas, the REST selections and the payload types derive from.
// Each part converts to the JSON Schema the hand-written document used (see openapi/json-schema.ts).
import { z } from 'zod';

/** A positive integer identifier. */
export const id = () => z.int().min(1);
/** An ISO 8601 date-time, as the service writes it (UTC, `Z`). */
export const timestamp = () => z.iso.datetime();
export const url = () => z.url();

/** The paginated envelope of the list conventions (docs/decisions.md#lists). */
export const pageOf = <Item extends z.ZodType>(item: Item) =>
  z.object({
    data: z.array(item),
    page: z.int().min(1),
    pageSize: z.int().min(1).max(100),
    totalCount: z.int().min(0),
    totalPages: z.int().min(0),
  });

/** `{message, deletedCount}` of a bulk deletion ("2 trips deleted."). */
export const bulkDeleteResultOf = (plural: string) =>
  z.object({
    message: z.string(),
    deletedCount: z
      .int()
      .min(0)
      .meta({ description: `How many ${plural} were moved to the trash.` }),
  });

/** A named example of a resource's shape, as the document's components list them. */
export interface ShapeExample<Shape extends z.ZodType> {
  summary: string;
  value: z.output<Shape>;
}
