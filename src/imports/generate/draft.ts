// What the import makes of a document: the trip's fields and its itinerary, day by day, plus the
// trip-level price, payments and included/excluded lists. Every reader (structured data, the
// built-in free-text engine, the LLM) produces this shape; the validation stage checks and
// completes it, and configurationOf turns it into the trip's configuration blocks (each block's
// `content` below is what the configuration stores). Stored as the import job's `draft`.
import { z } from 'zod';
import { DATE_RANGE_TEXT, parseIsoInstant } from '../../shared/date-range.ts';

const time = z.string().regex(/^\d{2}:\d{2}$/);
// A calendar day within the service's dates (shared/date-range.ts): year 0000 is not one.
const date = z.iso.date().refine((day) => parseIsoInstant(day) !== undefined, {
  message: `Dates run ${DATE_RANGE_TEXT}.`,
});

export const flightContent = z.object({
  flightNumber: z.string().nullable(),
  /** The airline's name ("British Airways"), from the IATA designator when the text names none. */
  airline: z.string().nullable(),
  departureAirport: z.string().nullable(),
  arrivalAirport: z.string().nullable(),
  departureCity: z.string().nullable(),
  arrivalCity: z.string().nullable(),
  departureTime: time.nullable(),
  arrivalTime: time.nullable(),
  /** Departure date. */
  date: date.nullable(),
  /** Arrival date, when it differs from the departure date ("+1"). */
  arrivalDate: date.nullable().default(null),
  bookingReference: z.string().nullable().default(null),
});
export const accommodationContent = z.object({
  name: z.string(),
  checkIn: date.nullable(),
  checkOut: date.nullable(),
  nights: z.number().int().positive().nullable(),
  city: z.string().nullable(),
  address: z.string().nullable().default(null),
  bookingReference: z.string().nullable().default(null),
});
export const activityContent = z.object({
  title: z.string(),
  time: time.nullable(),
  description: z.string().nullable(),
  /** Where it takes place (a venue, a restaurant), when the document says. */
  place: z.string().nullable().default(null),
});
export const transportModes = [
  'train',
  'bus',
  'ferry',
  'cruise',
  'transfer',
  'carRental',
  'car',
  'other',
] as const;
export const transportContent = z.object({
  mode: z.enum(transportModes),
  from: z.string().nullable(),
  to: z.string().nullable(),
  /** Departure (or pick-up) time. */
  time: time.nullable(),
  arrivalTime: time.nullable().default(null),
  /** Arrival (or drop-off) date when it differs from the day the block sits in. */
  arrivalDate: date.nullable().default(null),
  /** Train or ferry number, ship name, rental company's booking number. */
  number: z.string().nullable().default(null),
  /** Railway, ferry line, cruise line, rental company. */
  operator: z.string().nullable().default(null),
  description: z.string().nullable(),
});
export const textContent = z.object({ text: z.string() });
export const priceContent = z.object({
  /** The price as the document states it: per person when `per` is `person`. */
  amount: z.number().nonnegative(),
  currency: z.string().regex(/^[A-Z]{3}$/),
  per: z.enum(['person', 'total']).nullable(),
  /** The total for the whole booking, when the document states it beside a per-person price. */
  total: z.number().nonnegative().nullable().default(null),
  travellers: z.number().int().positive().nullable().default(null),
  text: z.string().nullable(),
});
export const paymentContent = z.object({
  kind: z.enum(['deposit', 'balance', 'installment', 'payment']),
  amount: z.number().nonnegative(),
  currency: z.string().regex(/^[A-Z]{3}$/),
  dueDate: date.nullable(),
  text: z.string().nullable(),
});

/** How sure the reader is of a block: 1 from structured data, lower for heuristics. */
const confidence = z.number().min(0).max(1).optional();

export const draftBlock = z.discriminatedUnion('type', [
  z.object({ type: z.literal('flight'), content: flightContent, confidence }),
  z.object({ type: z.literal('accommodation'), content: accommodationContent, confidence }),
  z.object({ type: z.literal('activity'), content: activityContent, confidence }),
  z.object({ type: z.literal('transport'), content: transportContent, confidence }),
  z.object({ type: z.literal('text'), content: textContent, confidence }),
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
  /** IANA timezone of the first destination, when known. */
  timezone: z.string().nullable().default(null),
  days: z.array(draftDay),
  price: priceContent.nullable(),
  payments: z.array(paymentContent).default([]),
  included: z.array(z.string()).default([]),
  excluded: z.array(z.string()).default([]),
});

/** The draft as readers build it (fields with defaults may be left out). */
export type DraftInput = z.input<typeof draftSchema>;
export type Draft = z.infer<typeof draftSchema>;
export type DraftDay = z.infer<typeof draftDay>;
export type DraftBlock = z.infer<typeof draftBlock>;
export type DraftDayInput = z.input<typeof draftDay>;
export type DraftBlockInput = z.input<typeof draftBlock>;

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
