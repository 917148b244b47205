// A reservation display pasted from a GDS (Amadeus, Galileo/Travelport, Sabre): its header with
// the record locator, passenger names, numbered segment lines (flights, hotels, cars; see
// gds-segments.ts) and the elements after them (contacts, ticketing, fares, remarks, service
// requests). Booked segments become bookings on their dates; cancelled, refused and waitlisted
// ones are left out. Every line of the display is claimed, so remarks ("RM TRANSFER 12MAR") and
// fare lines are never read as services by the general reading.
import type { DraftBlockInput } from '../../draft.ts';
import { addDays, compactDate, iso, scanDates, type IsoDate } from '../finders/dates.ts';
import { bookingReference } from '../flights.ts';
import { airlineName, airport } from '../places.ts';
import { MONTHS } from '../knowledge/months.ts';
import {
  type CarSegment,
  carCompany,
  carSegment,
  type FlightSegment,
  flightSegment,
  gdsTime,
  type HotelSegment,
  hotelNameOf,
  hotelSegment,
  isBooked,
  metroCity,
} from './gds-segments.ts';
import { bookingDays, inOrder } from './booking-days.ts';
import type { DatedBlock, LayoutReader, LineLedger, ReaderInput, Reading } from './reader.ts';

const NAME = 'gds';

type Segment =
  | { kind: 'flight'; line: number; segment: FlightSegment }
  | { kind: 'hotel'; line: number; segment: HotelSegment }
  | { kind: 'car'; line: number; segment: CarSegment };

const QUICK = /^\s*\d{1,2}\.?\s{1,4}[A-Z0-9]{2}/;
/** Amadeus's header: "RP/PARAF0100/PARAF0100   AA/SU  10FEB26/1015Z   ABC123". */
const AMADEUS_HEADER = /^\s*RP\/[A-Z0-9]{6,9}\//;
/** Galileo's header: "K9QW2T/WS QSBYC DPBVWS  AG 99999992 10FEB". */
const GALILEO_HEADER = /^\s*([A-Z0-9]{6})\/[A-Z0-9]{2}\s+[A-Z0-9]{4,}/;
/** Sabre's record locator, alone on the first line of the display. */
const LONE_LOCATOR = /^\s*([A-Z0-9]{6})\s*$/;
const PASSENGER = /^\s*\d{1,2}\.\d{0,2}[A-Z][A-Z' -]*\/[A-Z]/;
const ELEMENT =
  /^\s*\d{1,2}\.?\s*(?:AP[A-Z]?|TK|FA|FB|FE|FP|FM|FV|FT|FZ|FH|RM[A-Z*]?|RX|RC|RI[RI]?|OSI|SSR|SK|OP[WC]?|MIS|MISC|ES|AB|AM|TAW|TKT)\b/;
/** Sabre's section headings and trailer, Galileo's fields ("FONE-", "TKTG-"). */
const SECTION =
  /^\s*(?:(?:FONE|TKTG|ADRS|DLVR|RMKS?|NP|FOP|ATFQ|FQ|GFAX)[-.]|TKT\/TIME LIMIT|PHONES|PASSENGER (?:EMAIL DATA|DETAILS)|REMARKS|GENERAL FACTS|RECEIVED FROM|PRICE QUOTE RECORD|TICKET RECORD|SECURITY INFO|INVOICE|[A-Z0-9]{4}\.[A-Z0-9]{4}\*[A-Z]{3}\s)/;
const CREATED = /\b(\d{1,2}(?:JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC)\d{2})\b/;

function segmentOf(line: string, index: number): Segment | undefined {
  const flight = flightSegment(line);
  if (flight) return { kind: 'flight', line: index, segment: flight };
  const hotel = hotelSegment(line);
  if (hotel) return { kind: 'hotel', line: index, segment: hotel };
  const car = carSegment(line);
  if (car) return { kind: 'car', line: index, segment: car };
  return undefined;
}

function segmentsOf(lines: readonly string[]): Segment[] {
  return lines.flatMap((line, i) => {
    if (!QUICK.test(line)) return [];
    const segment = segmentOf(line, i);
    return segment ? [segment] : [];
  });
}

/** A line of the display around its segments: capitals only, in one of a display's shapes. */
function displayLine(line: string): boolean {
  if (/\p{Ll}/u.test(line) || !line.trim()) return false;
  return (
    AMADEUS_HEADER.test(line) ||
    GALILEO_HEADER.test(line) ||
    LONE_LOCATOR.test(line) ||
    PASSENGER.test(line) ||
    ELEMENT.test(line) ||
    SECTION.test(line) ||
    /^\s*\d{1,2}(?:\.\S|\.?\s+\S)/.test(line) ||
    // A segment's continuation ("/HYATT GRAND CENTRAL/CF-12345").
    /^\s*\//.test(line)
  );
}

export const gdsReader: LayoutReader = {
  name: NAME,
  applies({ lines }) {
    let segments = 0;
    let header = false;
    for (const line of lines) {
      // One segment is a display's when a header, a passenger's name line or a display field
      // ("FONE-", "TKTG-") stands with it.
      if (AMADEUS_HEADER.test(line) || PASSENGER.test(line) || SECTION.test(line)) header = true;
      if (QUICK.test(line) && segmentOf(line, 0)) segments++;
      if (segments >= 2 || (segments && header)) return true;
    }
    return false;
  },
  read(input, ledger) {
    return readDisplay(input, ledger);
  },
};

/** The lines of the display: the segments' and the display lines joined to them, blanks between. */
function displaySpan(lines: readonly string[], segments: Segment[]): number[] {
  const inside = new Set<number>();
  for (const { line } of segments) {
    if (inside.has(line)) continue;
    inside.add(line);
    for (const step of [-1, 1]) {
      let blanks = 0;
      for (let i = line + step; i >= 0 && i < lines.length; i += step) {
        const text = lines[i]!;
        if (!text.trim()) {
          if (++blanks > 1) break;
          continue;
        }
        if (!displayLine(text)) break;
        blanks = 0;
        inside.add(i);
      }
    }
  }
  return [...inside].sort((a, b) => a - b);
}

interface DisplayFacts {
  /** When the booking was made: a date without a year is the next one from there. */
  created: Date | null;
  locator: string | null;
}

function factsOf(
  lines: readonly string[],
  span: number[],
  segmentLines: Set<number>,
): DisplayFacts {
  let created: IsoDate | null = null;
  let locator: string | null = null;
  for (const i of span) {
    const line = lines[i]!;
    // A traveller's documents ("SSR DOCS ... /07JAN76/F/05JUN23/") give birth and expiry dates.
    if (segmentLines.has(i) || /DOCS/.test(line)) continue;
    const date = CREATED.exec(line)?.[1];
    const when = date ? compactDate(date, new Date()) : null;
    if (when && (!created || when < created)) created = when;
    locator ??=
      (AMADEUS_HEADER.test(line) ? /\b([A-Z0-9]{6})\s*$/.exec(line)?.[1] : undefined) ??
      GALILEO_HEADER.exec(line)?.[1] ??
      (i === span[0] ? LONE_LOCATOR.exec(line)?.[1] : undefined) ??
      null;
  }
  // Or the reference the e-mail around the display labels ("Record locator: K9QW2T").
  locator ??= lines.map(bookingReference).find(Boolean) ?? null;
  return { created: created ? new Date(`${created}T00:00:00Z`) : null, locator };
}

function readDisplay(input: ReaderInput, ledger: LineLedger): Reading {
  const { lines } = input;
  const segments = segmentsOf(lines);
  const span = displaySpan(lines, segments);
  const segmentLines = new Set(segments.map((s) => s.line));
  const facts = factsOf(lines, span, segmentLines);
  const dateOf = (token: string | null): IsoDate | null => {
    if (!token) return null;
    if (facts.created || /\d{2}$/.test(token.replace(/^\d{1,2}/, '')))
      return compactDate(token, facts.created ?? input.now);
    // The document's first full date anchors the year, unless it is years away (a birth date).
    const near =
      input.anchor && Math.abs(Date.parse(input.anchor) - input.now.getTime()) < 400 * 86_400_000;
    return scanDates(token, input.now, near ? input.anchor : null)[0]?.date ?? null;
  };
  for (const i of span) ledger.claim(i, NAME);
  const bookings: DatedBlock[] = [];
  for (const entry of segments) {
    const line = lines[entry.line]!;
    if (!isBooked(entry.segment.status, line)) continue;
    // The options a segment wraps onto the lines under it (a hotel's name, its confirmation).
    const more = continuation(lines, entry.line, segmentLines);
    const booking =
      entry.kind === 'flight'
        ? flightBooking(entry.segment, dateOf, facts.locator)
        : entry.kind === 'hotel'
          ? hotelBooking(entry.segment, more, dateOf)
          : carBooking(entry.segment, dateOf);
    if (booking) bookings.push(booking);
  }
  const ordered = inOrder(bookings);
  return { days: bookingDays(ordered), bookings: ordered };
}

/** The options a segment wraps onto the indented lines right under it. */
function continuation(lines: readonly string[], line: number, segments: Set<number>): string[] {
  const options: string[] = [];
  for (let i = line + 1; i < lines.length && !segments.has(i); i++) {
    const text = lines[i]!;
    if (!/^\s*\//.test(text) || /\p{Ll}/u.test(text)) break;
    options.push(...text.split('/').map((o) => o.trim()));
  }
  return options;
}

type DateOf = (token: string | null) => IsoDate | null;

/** The arrival date written without a year: the first such date on or after the departure. */
function arrivalOn(departure: IsoDate, token: string): IsoDate | null {
  const m = /^(\d{1,2})([A-Z]{3})/.exec(token);
  const month = m ? MONTHS.get(m[2]!.toLowerCase()) : undefined;
  if (!m || !month) return null;
  const year = Number(departure.slice(0, 4));
  const same = iso(year, month, Number(m[1]));
  return same && same >= departure ? same : iso(year + 1, month, Number(m[1]));
}

function flightBooking(
  s: FlightSegment,
  dateOf: DateOf,
  locator: string | null,
): DatedBlock | undefined {
  const date = dateOf(s.date);
  if (!date) return undefined;
  const arrival = s.plusDays
    ? addDays(date, s.plusDays)
    : s.arrivalDate
      ? arrivalOn(date, s.arrivalDate)
      : null;
  const block: DraftBlockInput = {
    type: 'flight',
    content: {
      flightNumber: `${s.airline}${s.number}`,
      airline: airlineName(s.airline) ?? null,
      departureAirport: s.from,
      arrivalAirport: s.to,
      departureCity: placeName(s.from),
      arrivalCity: placeName(s.to),
      departureTime: gdsTime(s.departs),
      arrivalTime: gdsTime(s.arrives),
      date,
      arrivalDate: arrival && arrival !== date ? arrival : null,
      bookingReference: s.locator ?? locator,
    },
    confidence: 0.9,
  };
  return { date, block };
}

/** A city by its airport or metropolitan code. */
const placeName = (code: string): string | null => airport(code)?.city ?? metroCity(code) ?? null;

function hotelBooking(s: HotelSegment, more: string[], dateOf: DateOf): DatedBlock | undefined {
  const checkIn = dateOf(s.checkIn);
  const name = hotelNameOf([...s.options, ...more]);
  if (!checkIn || !name) return undefined;
  const out = s.checkOut ? arrivalOn(checkIn, s.checkOut) : null;
  const checkOut = out ?? (s.nights ? addDays(checkIn, s.nights) : null);
  const confirmation = [...s.options, ...more]
    .map((o) => /^(?:CF|CONF)[-:]\s*([A-Z0-9]+)/.exec(o)?.[1])
    .find(Boolean);
  const block: DraftBlockInput = {
    type: 'accommodation',
    content: {
      name,
      checkIn,
      checkOut,
      nights: null,
      city: placeName(s.city),
      address: null,
      bookingReference: confirmation ?? null,
    },
    confidence: 0.85,
  };
  return { date: checkIn, block };
}

function carBooking(s: CarSegment, dateOf: DateOf): DatedBlock | undefined {
  const date = dateOf(s.pickUp);
  if (!date) return undefined;
  const back = s.dropOff ? arrivalOn(date, s.dropOff) : null;
  const station = placeName(s.station);
  const other = s.returnStation && s.returnStation !== s.station ? s.returnStation : null;
  const block: DraftBlockInput = {
    type: 'transport',
    content: {
      mode: 'carRental',
      from: station ? `${station} (${s.station})` : s.station,
      to: other ? (placeName(other) ?? other) : null,
      time: s.pickUpTime,
      arrivalTime: s.dropOffTime,
      arrivalDate: back && back !== date ? back : null,
      number: s.confirmation,
      operator: carCompany(s.company) ?? null,
      description: s.carType ? `Car group ${s.carType}` : null,
    },
    confidence: 0.85,
  };
  return { date, block };
}
