// What create and PATCH accept (decisions "Trips"): only `title` is required; unknown and
// read-only fields are refused; countries are ISO 3166-1 alpha-3, stored upper case, once each.
import countries from 'i18n-iso-countries';
import { z } from 'zod';
import { bulkIdsBody } from '../rest/params.ts';
import { httpUrl as url, title } from '../shared/fields.ts';

const ALPHA3 = new Set(Object.keys(countries.getAlpha3Codes()));
const INT32_MAX = 2_147_483_647;

const dateTime = z
  .union([z.iso.datetime({ offset: true }), z.iso.date()], {
    error: 'Must be an ISO 8601 date-time.',
  })
  .transform((value) => new Date(value));
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
export type UpdateTripInput = z.infer<typeof updateTripInput>;

export { datesInOrder };

/** duplicateTrip: the copy's title, by default the source's with " (copy)". */
export const duplicateTripInput = z.strictObject({ title: tripFields.title.optional() });

/** POST /trips/bulk-delete and DELETE /trips: the ids, as tripIds (or tripId). */
export const bulkDeleteTripsBody = bulkIdsBody('tripIds', 'tripId');
