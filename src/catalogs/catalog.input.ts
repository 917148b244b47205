// What catalog create and PATCH accept (docs/decisions.md#catalogs): only `title` is required;
// unknown and read-only fields are refused; `tripIds` sets the trips and their order.
import { z } from 'zod';
import { INT4, LIMITS } from '../config/constants.ts';
import { bulkIdsBody } from '../rest/params.ts';
import { httpUrl as url, title } from '../shared/fields.ts';

const tripIds = z
  .array(
    z
      .number({ error: 'Trip ids are integers.' })
      .int('Trip ids are integers.')
      .positive('Trip ids are positive.')
      .max(INT4.max, `Trip ids are at most ${INT4.max}.`),
  )
  .max(LIMITS.catalogTripsMax, `At most ${LIMITS.catalogTripsMax} trips in a catalog.`)
  .superRefine((ids, ctx) => {
    const seen = new Set<number>();
    ids.forEach((id, index) => {
      if (seen.has(id))
        ctx.addIssue({ code: 'custom', path: [index], message: `Trip ${id} is listed twice.` });
      seen.add(id);
    });
  });

const catalogFields = {
  title,
  subtitle: z.string().max(300).nullable(),
  description: z.string().max(10_000).nullable(),
  seoDescription: z.string().max(1000).nullable(),
  pictureUrl: url.nullable(),
  logoUrl: url.nullable(),
  accountLogo: z.boolean(),
  filters: z
    .strictObject({ countries: z.boolean(), month: z.boolean(), duration: z.boolean() })
    .partial(),
  isPublic: z.boolean(),
  sharedWithOrganisation: z.boolean(),
  tripIds,
};

export const createCatalogInput = z
  .strictObject(catalogFields)
  .partial()
  .extend({ title: catalogFields.title });
export const updateCatalogInput = z.strictObject(catalogFields).partial();
export const duplicateCatalogInput = z.strictObject({ title: catalogFields.title.optional() });

export type CreateCatalogInput = z.infer<typeof createCatalogInput>;
export type UpdateCatalogInput = z.infer<typeof updateCatalogInput>;

/** The columns of a catalog's details; `filters` is stored as three flags. */
export function catalogColumns(input: Omit<UpdateCatalogInput, 'tripIds'>) {
  const { filters, ...details } = input;
  return {
    ...details,
    ...(filters?.countries !== undefined && { filterCountries: filters.countries }),
    ...(filters?.month !== undefined && { filterMonth: filters.month }),
    ...(filters?.duration !== undefined && { filterDuration: filters.duration }),
  };
}

/** DELETE /catalogs: the ids, as catalogIds (or catalogId). */
export const bulkDeleteCatalogsBody = bulkIdsBody('catalogIds', 'catalogId');
