// A document's structured items (as the extractingText stage read them) mapped into dated blocks
// and trip hints: schema.org reservations, iCalendar events, boarding passes, a JSON export. The
// same flight or stay described twice (one reservation per passenger, a barcode beside the
// markup) is kept once, its fields completed from the other copies.
import type { StructuredData } from '../extract/structured.ts';
import type { DraftBlockInput } from '../generate/draft.ts';
import { decodeBcbp } from './bcbp.ts';
import { mapCalendarEvents } from './calendar-events.ts';
import { mapJsonExport } from './json-export.ts';
import { mapSchemaOrg } from './schema-org.ts';
import {
  datedFlight,
  emptyResult,
  type DatedBlock,
  type StructuredResult,
} from './structured-result.ts';
import { city, cityTimezone, namesPlace, type CityPlace } from '../generate/builtin/places.ts';
import { airportFacts } from './values.ts';

export function readStructured(
  data: StructuredData | null | undefined,
  now: Date,
): StructuredResult {
  const result = emptyResult();
  if (!data?.items.length) return result;
  const nodes = data.items.flatMap((i) => (i.kind === 'schema.org' ? [i.data] : []));
  mapSchemaOrg(nodes, result);
  let jsonBlocks = 0;
  for (const item of data.items) {
    if (item.kind === 'json') {
      const before = result.blocks.length;
      mapJsonExport(item.data, result);
      jsonBlocks += result.blocks.filter((b, i) => i >= before && b.date).length;
    }
    if (item.kind === 'bcbp') result.blocks.push(...decodeBcbp(item.data, now).map(boardingPass));
  }
  const events = data.items.flatMap((i) => (i.kind === 'ical' ? [i.event] : []));
  result.blocks.push(...mapCalendarEvents(events));
  result.blocks = dedupe(result.blocks).sort(
    (a, b) =>
      (a.date ?? '9999').localeCompare(b.date ?? '9999') || timeOf(a).localeCompare(timeOf(b)),
  );
  shareAirlineNames(result.blocks);
  placeCountries(result.blocks);
  const { countries, home } = visited(result.blocks);
  result.countries = [...new Set([...result.countries, ...countries])];
  result.home = home;
  // A calendar's name is often the calendar's, not the trip's ("Sophie – perso", "Mes trajets"):
  // a title only when it names a place.
  result.title ??= data.calendarName && namesPlace(data.calendarName) ? data.calendarName : null;
  result.textIsRendering = !!data.textIsRendering && result.blocks.length > 0;
  result.datesAuthoritative = result.textIsRendering || jsonBlocks > 0;
  // The first destination's zone: where the trip's first flight lands; when the trip starts
  // on the ground, where its first calendar event takes place.
  // A taxi to the airport or a meeting the morning of the flight does not start the trip there.
  const flightAt = result.blocks.findIndex((b) => b.block.type === 'flight');
  const startsWithFlight =
    flightAt >= 0 &&
    result.blocks
      .slice(0, flightAt)
      .every((b) => b.date === result.blocks[flightAt]!.date || b.block.type === 'transport');
  const eventZone =
    events
      .map((e) => (startsWithFlight ? e.end?.timezone : null) ?? e.start.timezone)
      .find((z) => z && z !== 'UTC') ?? null;
  result.timezone ??=
    startsWithFlight || !eventZone ? (firstDestinationZone(result.blocks) ?? eventZone) : eventZone;
  return result;
}

const timeOf = (b: DatedBlock) => {
  const c = b.block.content as { time?: string | null; departureTime?: string | null };
  return c.departureTime ?? c.time ?? '99:99';
};

function boardingPass(leg: ReturnType<typeof decodeBcbp>[number]): DatedBlock {
  const from = airportFacts(leg.from);
  const to = airportFacts(leg.to);
  return datedFlight(
    {
      flightNumber: leg.flightNumber,
      airline: null,
      departureAirport: leg.from,
      arrivalAirport: leg.to,
      departureCity: from?.city ?? null,
      arrivalCity: to?.city ?? null,
      departureTime: null,
      arrivalTime: null,
      date: leg.date,
      bookingReference: leg.bookingReference || null,
    },
    null,
    to?.country ?? null,
  );
}

/** Two blocks are one booking: the same flight on the same day, the same stay from the same day. */
export function sameBooking(
  a: DraftBlockInput,
  b: DraftBlockInput,
  dateA: string | null,
  dateB: string | null,
): boolean {
  if (a.type !== b.type) return false;
  const fold = (s: string | null | undefined) =>
    (s ?? '')
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, ' ')
      .trim();
  const sameDay = !dateA || !dateB || dateA === dateB;
  switch (a.type) {
    case 'flight': {
      const c = b.content as typeof a.content;
      if (a.content.flightNumber && c.flightNumber)
        return (
          a.content.flightNumber.replace(/\s/g, '') === c.flightNumber.replace(/\s/g, '') && sameDay
        );
      return (
        !!a.content.departureAirport &&
        a.content.departureAirport === c.departureAirport &&
        a.content.arrivalAirport === c.arrivalAirport &&
        sameDay
      );
    }
    case 'accommodation': {
      const c = b.content as typeof a.content;
      const [x, y] = [fold(a.content.name), fold(c.name)];
      return !!x && !!y && (x.includes(y) || y.includes(x)) && sameDay;
    }
    case 'transport': {
      const c = b.content as typeof a.content;
      if (a.content.mode !== c.mode || !sameDay) return false;
      // One ship a day: two readings of a cruise on the same day are one booking.
      if (a.content.mode === 'cruise') return true;
      if (a.content.number && c.number) return fold(a.content.number) === fold(c.number);
      return fold(a.content.from) === fold(c.from) && fold(a.content.to) === fold(c.to);
    }
    case 'activity': {
      const c = b.content as typeof a.content;
      return (
        fold(a.content.title) === fold(c.title) &&
        sameDay &&
        (a.content.time ?? null) === (c.time ?? null)
      );
    }
    default:
      return false;
  }
}

/** `primary`'s fields, its empty ones filled from `other`. */
export function completeWith<T extends DraftBlockInput>(primary: T, other: DraftBlockInput): T {
  const content: Record<string, unknown> = { ...primary.content };
  for (const [key, value] of Object.entries(other.content))
    if (
      (content[key] === null || content[key] === undefined) &&
      value !== null &&
      value !== undefined
    )
      content[key] = value;
  return { ...primary, content } as T;
}

function dedupe(blocks: DatedBlock[]): DatedBlock[] {
  const kept: DatedBlock[] = [];
  for (const b of blocks) {
    const i = kept.findIndex((k) => sameBooking(k.block, b.block, k.date, b.date));
    if (i < 0) kept.push(b);
    else
      kept[i] = {
        ...kept[i]!,
        date: kept[i]!.date ?? b.date,
        until: kept[i]!.until ?? b.until,
        block: completeWith(kept[i]!.block, b.block),
      };
  }
  return kept;
}

/** Countries stayed in or visited: hotels and venues, and where flights land, except home (where the first flight leaves from, unless an outbound flight lands there). */
function visited(blocks: DatedBlock[]): { countries: string[]; home: string | null } {
  const flights = blocks.filter((b) => b.block.type === 'flight');
  const home = flights.length
    ? airportFacts(
        (flights[0]!.block.content as { departureAirport: string | null }).departureAirport,
      )?.country
    : undefined;
  const outbound = flights.length > 1 ? flights.slice(0, -1) : flights;
  const homeVisited = outbound.some((f) => f.country === home);
  const stays = blocks.filter((b) => b.block.type !== 'flight').map((b) => b.country);
  const landings = flights.map((f) => f.country).filter((c) => c !== home || homeVisited);
  const countries = [...new Set([...stays, ...landings].filter((c): c is string => !!c))];
  return { countries, home: home && !countries.includes(home) ? home : null };
}

/** A flight whose airline the source named only once (the outbound) gets the name from its sibling of the same carrier. */
function shareAirlineNames(blocks: DatedBlock[]): void {
  const flights = blocks.flatMap((b) => (b.block.type === 'flight' ? [b.block.content] : []));
  for (const f of flights) {
    if (f.airline || !f.flightNumber) continue;
    f.airline =
      flights.find((g) => g.airline && g.flightNumber?.slice(0, 2) === f.flightNumber!.slice(0, 2))
        ?.airline ?? null;
  }
}

function firstDestinationZone(blocks: DatedBlock[]): string | null {
  const flight = blocks.find((b) => b.block.type === 'flight');
  if (flight)
    return (
      airportFacts((flight.block.content as { arrivalAirport: string | null }).arrivalAirport)
        ?.timezone ?? null
    );
  // A trip by train, bus, ferry or car: the zone of the first place it stays at, goes to or sees
  // an event in.
  const first = blocks.map((b) => destinationOf(b)).find((p): p is CityPlace => !!p);
  return first ? (cityTimezone(first) ?? null) : null;
}

/** What follows a town in a station's or an airport's name. */
const STATION =
  /\s*(?:\(.*\)|,.*|\b(?:hbf|hauptbahnhof|bahnhof|centrale|central|centraal|termini|station|gare|estaci[oó]n|esta[cç][aã]o|stazione|s\.\s?m\.\s?n\.|airport|aeropuerto|a[ée]roport|aeroporto|flughafen|port|porto|puerto|terminal|bus station|autostazione)\b.*)$/i;

/**
 * "München Hbf", "Firenze S.M.N.", "Matera Villa Longo": the town, when what is left names one
 * (or its first word names a large one). Where the trip's countries are known already (airports,
 * addresses), a town elsewhere is a namesake ("Jasper" in Canada, not Texas) and is not taken.
 */
function cityIn(
  name: string | null | undefined,
  known: ReadonlySet<string> = new Set(),
): CityPlace | undefined {
  const town = (name ?? '').replace(STATION, '').trim();
  if (!town) return undefined;
  const ok = (p: CityPlace | undefined) =>
    p && (!known.size || known.has(p.country)) ? p : undefined;
  const whole = ok(city(town, known));
  if (whole) return whole;
  const first = ok(city(town.split(/\s+/)[0]!, known));
  return first && first.population >= 50_000 ? first : undefined;
}

function destinationOf(b: DatedBlock, known?: ReadonlySet<string>): CityPlace | undefined {
  const c = b.block.content as {
    city?: string | null;
    to?: string | null;
    from?: string | null;
    mode?: string;
  };
  if (b.block.type === 'accommodation') return cityIn(c.city, known);
  if (b.block.type === 'transport') return cityIn(c.mode === 'carRental' ? c.from : c.to, known);
  // An event's venue town.
  if (b.block.type === 'activity') return cityIn(b.town, known);
  return undefined;
}

/**
 * The country of a stay or a journey that its source gave no address country: from its town's
 * name (the gazetteer), except the way back to where the first journey left from.
 */
function placeCountries(blocks: DatedBlock[]): void {
  const journeys = blocks.filter((b) => b.block.type === 'transport');
  const known = new Set(blocks.map((b) => b.country).filter((c): c is string => !!c));
  for (const b of blocks) {
    const from =
      b.block.type === 'flight'
        ? airportFacts((b.block.content as { departureAirport: string | null }).departureAirport)
            ?.country
        : null;
    if (from) known.add(from);
  }
  const origin = cityIn(
    (journeys[0]?.block.content as { from?: string | null } | undefined)?.from,
    known,
  )?.country;
  for (const b of blocks) {
    if (b.country || !['accommodation', 'transport', 'activity'].includes(b.block.type)) continue;
    const place = destinationOf(b, known);
    const returning =
      b.block.type === 'transport' &&
      journeys.length > 1 &&
      b === journeys.at(-1) &&
      place?.country === origin;
    if (place && !returning) b.country = place.country;
  }
}
