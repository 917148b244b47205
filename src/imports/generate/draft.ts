// What a generator makes of a document's text: the trip's fields and its itinerary, day by day.
// Both generators (built-in and LLM) produce this shape; the enrichingBlocks stage completes it
// and turns it into the trip and its configuration blocks. Stored as the import job's `draft`.
import { z } from 'zod';

const time = z.string().regex(/^\d{2}:\d{2}$/);
const date = z.iso.date();

export const flightContent = z.object({
  flightNumber: z.string().nullable(),
  airline: z.string().nullable(),
  departureAirport: z.string().nullable(),
  arrivalAirport: z.string().nullable(),
  departureCity: z.string().nullable(),
  arrivalCity: z.string().nullable(),
  departureTime: time.nullable(),
  arrivalTime: time.nullable(),
  date: date.nullable(),
});
export const accommodationContent = z.object({
  name: z.string(),
  checkIn: date.nullable(),
  checkOut: date.nullable(),
  nights: z.number().int().positive().nullable(),
  city: z.string().nullable(),
});
export const activityContent = z.object({ title: z.string(), time: time.nullable(), description: z.string().nullable() });
export const transportContent = z.object({
  mode: z.enum(['train', 'bus', 'car', 'transfer', 'ferry', 'other']),
  from: z.string().nullable(),
  to: z.string().nullable(),
  time: time.nullable(),
  description: z.string().nullable(),
});
export const textContent = z.object({ text: z.string() });
export const priceContent = z.object({
  amount: z.number().nonnegative(),
  currency: z.string().regex(/^[A-Z]{3}$/),
  per: z.enum(['person', 'total']).nullable(),
  text: z.string().nullable(),
});

export const draftBlock = z.discriminatedUnion('type', [
  z.object({ type: z.literal('flight'), content: flightContent }),
  z.object({ type: z.literal('accommodation'), content: accommodationContent }),
  z.object({ type: z.literal('activity'), content: activityContent }),
  z.object({ type: z.literal('transport'), content: transportContent }),
  z.object({ type: z.literal('text'), content: textContent }),
]);

export const draftDay = z.object({
  day: z.number().int().positive(),
  date: date.nullable(),
  title: z.string().nullable(),
  blocks: z.array(draftBlock),
});

export const draftSchema = z.object({
  title: z.string(),
  description: z.string().nullable(),
  dateStart: date.nullable(),
  dateFinish: date.nullable(),
  duration: z.number().int().positive().nullable(),
  /** ISO 3166-1 alpha-3. */
  countries: z.array(z.string()),
  /** ISO 639-1 (en, es, fr, pt, de, it). */
  language: z.string(),
  days: z.array(draftDay),
  price: priceContent.nullable(),
});

export type Draft = z.infer<typeof draftSchema>;
export type DraftDay = z.infer<typeof draftDay>;
export type DraftBlock = z.infer<typeof draftBlock>;

export interface GenerateOptions {
  /** "Today", for documents that give dates without a year. */
  now: Date;
  signal?: AbortSignal;
}

/** Makes a draft from a document's text. */
export interface Generator {
  readonly name: string;
  generate(text: string, options: GenerateOptions): Promise<Draft>;
}
