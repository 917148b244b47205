// What create and PATCH accept (docs/decisions.md#trips): only `title` is required; unknown and
// read-only fields are refused; countries are ISO 3166-1 alpha-3, stored upper case, once each.
import countries from 'i18n-iso-countries';
import { z } from 'zod';
import { bulkIdsBody } from '../rest/params.ts';
import { dateTimeField } from '../shared/date-range.ts';
import { httpUrl as url, title } from '../shared/fields.ts';

const ALPHA3 = new Set(Object.keys(countries.getAlpha3Codes()));
const INT32_MAX = 2_147_483_647;

const dateTime = dateTimeField;
const countryList = z
  .array(
    z
      .string()
      .trim()
      .toUpperCase()
      .refine((code) => ALPHA3.has(code), { error: 'Must be an ISO 3166-1 alpha-3 country code.' }),
  )
  .max(250)
  .meta({ examples: [['ITA', 'FRA']] })
  .transform((codes) => [...new Set(codes)]);

const tripFields = {
  title,
  seoDescription: z.string().max(1000).nullable(),
  duration: z
    .number({ error: 'Duration must be a positive integer.' })
    .int('Duration must be a positive integer.')
    .positive('Duration must be a positive integer.')
    .max(INT32_MAX)
    .nullable(),
  dateStart: dateTime.nullable(),
  dateFinish: dateTime.nullable(),
  dateExpiration: dateTime.nullable(),
  logo: url.nullable(),
  imageUrl: url.nullable(),
  countries: countryList,
  template: z.boolean(),
  visibility: z.enum(['public', 'private']),
};

const datesInOrder = (trip: { dateStart?: Date | null; dateFinish?: Date | null }) =>
  !trip.dateStart || !trip.dateFinish || trip.dateStart <= trip.dateFinish;
const datesMessage = { error: 'dateFinish must not be before dateStart.', path: ['dateFinish'] };

export const createTripInput = z
  .strictObject(tripFields)
  .partial()
  .extend({ title: tripFields.title })
  .refine(datesInOrder, datesMessage);

export const updateTripInput = z.strictObject(tripFields).partial();

export type CreateTripInput = z.infer<typeof createTripInput>;

/**
 * Create inputs POST /trips already parsed, by the request's context: the route parses the body
 * first (field-level messages before GraphQL sees it), and its operation's resolver takes the
 * result instead of parsing the same input again. A body the route accepted reaches the resolver
 * unchanged (GraphQL's coercion of these fields is the identity on what the schema admits).
 */
const parsedCreateInputs = new WeakMap<object, CreateTripInput>();

export function rememberCreateInput(context: object, input: CreateTripInput): void {
  parsedCreateInputs.set(context, input);
}

/** The input the route parsed for this request, once; undefined on /graphql. */
export function takeCreateInput(context: object): CreateTripInput | undefined {
  const input = parsedCreateInputs.get(context);
  parsedCreateInputs.delete(context);
  return input;
}
export type UpdateTripInput = z.infer<typeof updateTripInput>;

export { datesInOrder };

/** duplicateTrip: the copy's title, by default the source's with " (copy)". */
export const duplicateTripInput = z.strictObject({ title: tripFields.title.optional() });

/** POST /trips/bulk-delete and DELETE /trips: the ids, as tripIds (or tripId). */
export const bulkDeleteTripsBody = bulkIdsBody('tripIds', 'tripId');
