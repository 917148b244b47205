// What the structured mappers make of a document's standard data: blocks with the date of the day
// they belong to (confidence 1: a standard said so), and hints for the trip's own fields.
import type { DraftBlockInput, flightContent } from '../generate/draft.ts';
import type { z } from 'zod';

export interface DatedBlock {
  /** The date of the day the block sits in (departure, check-in, pick-up, start); null when unknown. */
  date: string | null;
  /** The last date the block covers (arrival, check-out, drop-off), to extend the trip. */
  until: string | null;
  block: DraftBlockInput;
  /** alpha-3 of where it takes place (a hotel's or venue's country, a flight's arrival airport's). */
  country?: string | null;
  /** The town it takes place in, when the source names one (an event's venue): its country and zone when the source gives no country. */
  town?: string | null;
}

type FlightFacts = Omit<z.input<typeof flightContent>, 'arrivalDate'>;

/**
 * A flight in the day it departs, covering the trip up to its arrival: `arrival` is its arrival
 * date (its content names it only when it is not the departure date), `country` its arrival
 * airport's.
 */
export function datedFlight(
  content: FlightFacts,
  arrival: string | null,
  country: string | null,
): DatedBlock {
  const { date } = content;
  return {
    date,
    until: arrival ?? date,
    country,
    block: {
      type: 'flight',
      confidence: 1,
      content: { ...content, arrivalDate: arrival && date && arrival !== date ? arrival : null },
    },
  };
}

export interface StructuredPrice {
  amount: number;
  currency: string;
  per: 'person' | 'total' | null;
  travellers: number | null;
  total?: number | null;
}
export interface StructuredPayment {
  kind: 'deposit' | 'balance' | 'installment' | 'payment';
  amount: number;
  currency: string;
  dueDate: string | null;
  /** How the document states it, when one payment stands for several ("10 × 748 BRL"). */
  text?: string | null;
}

export interface StructuredResult {
  blocks: DatedBlock[];
  title: string | null;
  description: string | null;
  price: StructuredPrice | null;
  payments: StructuredPayment[];
  /** What the price includes and excludes, as listed. */
  included: string[];
  excluded: string[];
  /** alpha-3 codes of the places stayed at or visited (hotel addresses, arrival airports). */
  countries: string[];
  /** Towns the sources' addresses name (a venue's, a rental desk's), in order: title hints. */
  localities: string[];
  /** alpha-3 of the traveller's home (where the first flight leaves from and is not a destination): no country of the trip. */
  home: string | null;
  /** ISO 639-1 language the source declares (a JSON export's locale). */
  language?: string | null;
  /** IANA zone of the first destination. */
  timezone: string | null;
  /** The document's text is only a rendering of these items (a calendar): the text's reading adds nothing. */
  textIsRendering: boolean;
  /** The structured items carry the whole trip (a calendar, a JSON export with segments): their dates bound it. */
  datesAuthoritative: boolean;
  /** Trip dates a document states outright (a JSON export's start and end). */
  dateStart: string | null;
  dateFinish: string | null;
}

export const emptyResult = (): StructuredResult => ({
  blocks: [],
  title: null,
  description: null,
  price: null,
  payments: [],
  included: [],
  excluded: [],
  localities: [],
  countries: [],
  home: null,
  timezone: null,
  textIsRendering: false,
  datesAuthoritative: false,
  dateStart: null,
  dateFinish: null,
});
