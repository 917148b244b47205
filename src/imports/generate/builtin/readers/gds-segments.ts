// The lines of a reservation display (Amadeus, Galileo/Travelport, Sabre), one parser per kind of
// line. Segment lines share one shape across the three families:
//   Amadeus   "  2  LH 400 Y 12MAR 4 FRAJFK HK2  1025 1305  12MAR  E  LH/ABCDEF"
//   Galileo   " 1. BA  117 Y  12MAR FRALHR HK1  0930  1015  O*" (the number padded to four places)
//   Sabre     " 1 AA 100Y 12MAR 4 JFKLHR*HK1  1800  0610  13MAR /DCAA*KLMNOP /E"
// hotel segments ("HHL", "HTL": chain, status, city code, IN/OUT dates, the name after a slash)
// and car segments ("CCR", "CAR": company, status, station, pick-up and return dates, options).
// Remarks, service requests, fares and tickets are lines of the display with nothing to keep.
import gdsCodes from '../knowledge/gds-codes.json' with { type: 'json' };
import { fold } from '../text.ts';

/** Statuses of a held seat or room: confirmed, confirmed after a schedule change, ticketed, passive. */
const BOOKED = new Set(['HK', 'KK', 'TK', 'RR', 'HS', 'GK', 'SS', 'OK']);
/** Every status a segment line may carry (the rest: cancelled, refused, waitlisted, no action). */
const STATUS = 'HK|KK|TK|RR|HS|GK|SS|OK|XX|HX|UN|UC|NO|HL|HN|LL|KL|TL|UU|US|NN|DK|XK|WK|WL';
const CANCELLED =
  /\b(?:cancel+ed|cnl|cnld|cxl|cxld|storniert|annulliert|cancelado|anulado|annule|annullato|cancellato)\b/;
/** A status code of a segment not held, printed in a receipt's status column. */
const NOT_HELD = /\b(?:XX|HX|UN|UC|NO|HL|HN|UU|US)\d?\b/;

export const isBooked = (status: string, line: string) =>
  BOOKED.has(status) && !CANCELLED.test(fold(line));

/** A receipt's status cell ("XX", "CANCELLED", "storniert") says the flight is not held. */
export const notHeld = (text: string) => CANCELLED.test(fold(text)) || NOT_HELD.test(text);

export interface FlightSegment {
  airline: string;
  number: string;
  date: string;
  from: string;
  to: string;
  status: string;
  departs: string;
  arrives: string;
  /** Days after the departure the flight lands ("+1", Galileo's "#"). */
  plusDays: number;
  /** The arrival date written after the times ("13MAR"). */
  arrivalDate: string | null;
  /** The airline's own record locator ("LH/ABCDEF", "DCAA*ABCDEF"). */
  locator: string | null;
}

const NUMBERED = String.raw`^\s*\d{1,2}\.?\s{1,4}`;
const FLIGHT = new RegExp(
  `${NUMBERED}([A-Z0-9]{2})\\s{0,4}(\\d{1,4})\\s?[A-Z]\\s+(\\d{1,2}[A-Z]{3})(?:\\s+(?:[1-7]|[A-Z]{2}))?` +
    `\\s+([A-Z]{3})\\s?([A-Z]{3})[\\s*]+(${STATUS})\\d{0,2}` +
    String.raw`\s+(\d{3,4}[APNM]?)\s+(#)?(\d{3,4}[APNM]?)(?:\s*\+(\d))?(.*)$`,
);
const LOCATOR = /\b(?:DC[A-Z0-9]{2}\*|[A-Z0-9]{2}\/)([A-Z0-9]{6})\b/;

export function flightSegment(line: string): FlightSegment | undefined {
  const m = FLIGHT.exec(line);
  if (!m) return undefined;
  const rest = m[11]!;
  const locator = LOCATOR.exec(rest);
  const days = m[10] ? Number(m[10]) : m[8] ? 1 : 0;
  return {
    airline: m[1]!,
    number: String(Number(m[2])),
    date: m[3]!,
    from: m[4]!,
    to: m[5]!,
    status: m[6]!,
    departs: m[7]!,
    arrives: m[9]!,
    plusDays: days,
    arrivalDate: /^\s+(\d{1,2}[A-Z]{3})\b/.exec(rest)?.[1] ?? null,
    locator: locator?.[1] ?? null,
  };
}

/** A GDS time ("1025", "600P", "1230N") as HH:MM. */
export function gdsTime(raw: string): string | null {
  const m = /^(\d{1,2})(\d{2})([APNM])?$/.exec(raw);
  if (!m) return null;
  let hour = Number(m[1]);
  const minute = Number(m[2]);
  if (m[3] === 'P' && hour < 12) hour += 12;
  if ((m[3] === 'A' || m[3] === 'M') && hour === 12) hour = 0;
  if (hour > 23 || minute > 59) return null;
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

export interface HotelSegment {
  chain: string;
  status: string;
  city: string;
  checkIn: string | null;
  checkOut: string | null;
  nights: number | null;
  /** The parts after the slashes ("/HYATT GRAND CENTRAL/CF-123"), read by `hotelNameOf`. */
  options: string[];
}

const SEGMENT_HEAD = (kinds: string) =>
  new RegExp(
    `${NUMBERED}(?:${kinds})\\s+([A-Z0-9]{2})\\s+(?:(\\d{1,2}[A-Z]{3})\\s+(?:[1-7]|[A-Z]{1,2})\\s+)?(${STATUS})\\d{0,2}\\s+([A-Z]{3})\\b(.*)$`,
  );
const HOTEL = SEGMENT_HEAD('HHL|HTL');
const CAR = SEGMENT_HEAD('CCR|CAR');
const DATE = /\b(\d{1,2}(?:JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC)(?:\d{2})?)\b/g;

export function hotelSegment(line: string): HotelSegment | undefined {
  const m = HOTEL.exec(line);
  if (!m) return undefined;
  const rest = m[5]!;
  const [head, ...options] = rest.split('/');
  const dates = [...head!.matchAll(DATE)].map((d) => d[1]!);
  const checkIn = /\bIN(\d{1,2}[A-Z]{3}\d{0,2})/.exec(head!)?.[1] ?? m[2] ?? dates[0] ?? null;
  const checkOut =
    /\bOUT(\d{1,2}[A-Z]{3}\d{0,2})/.exec(head!)?.[1] ??
    dates.find((d) => d !== checkIn && !head!.includes(`IN${d}`)) ??
    null;
  const nights = /\b(\d{1,2})\s?(?:NT|NTS|NIGHTS?)\b/.exec(head!)?.[1];
  return {
    chain: m[1]!,
    status: m[3]!,
    city: m[4]!,
    checkIn,
    checkOut,
    nights: nights ? Number(nights) : null,
    options: options.map((o) => o.trim()).filter(Boolean),
  };
}

/** Options of a segment that are codes ("CF-123", "SI-NON SMOKING", "RG-USD45.00"), not a name. */
const OPTION = /^(?:[A-Z]{1,4}-|[A-Z]{1,4}:|[A-Z]{2,3}\d|\d)/;

/** The hotel's name among a segment's options (and the display's lines under it), in title case. */
export function hotelNameOf(options: readonly string[]): string | null {
  const name = options.find((o) => !OPTION.test(o) && /^[A-Z][A-Z&'. -]{3,}$/.test(o));
  return name ? titleCase(name) : null;
}

export interface CarSegment {
  company: string;
  status: string;
  station: string;
  pickUp: string | null;
  dropOff: string | null;
  pickUpTime: string | null;
  dropOffTime: string | null;
  /** The return station, when another ("DO-LAX", "RTL-LAX"). */
  returnStation: string | null;
  confirmation: string | null;
  carType: string | null;
}

export function carSegment(line: string): CarSegment | undefined {
  const m = CAR.exec(line);
  if (!m) return undefined;
  const rest = m[5]!;
  const dates = [...rest.matchAll(DATE)].map((d) => d[1]!);
  const pickUp = m[2] ?? dates[0] ?? null;
  const dropOff = (m[2] ? dates[0] : dates[1]) ?? null;
  const option = (labels: string) =>
    new RegExp(`(?:^|/)\\s*(?:${labels})-([A-Z0-9.]+)`).exec(rest)?.[1] ?? null;
  // The flight met gives the pick-up time when no pick-up time is written ("ARR-LH400-1305").
  const met = /(?:^|\/)\s*ARR-[A-Z0-9]{2}\d{1,4}-(\d{3,4}[APNM]?)/.exec(rest)?.[1];
  const pickUpTime = option('PUP|PU|PT') ?? met ?? null;
  const dropOffTime = option('RT|DT|DOT');
  return {
    company: m[1]!,
    status: m[3]!,
    station: m[4]!,
    pickUp,
    dropOff,
    pickUpTime: pickUpTime ? gdsTime(pickUpTime) : null,
    dropOffTime: dropOffTime ? gdsTime(dropOffTime) : null,
    returnStation: option('DO|RTL|DROP'),
    confirmation: option('CF|CONF'),
    carType: /\b([A-Z]{4})\b/.exec(rest.split('/')[0]!.replace(DATE, ''))?.[1] ?? null,
  };
}

const CODES = gdsCodes as {
  metroCities: Record<string, string>;
  carCompanies: Record<string, string>;
};

/** A city by its IATA metropolitan code (NYC, LON, PAR): the codes no single airport has. */
export const metroCity = (code: string): string | undefined => CODES.metroCities[code];
export const carCompany = (code: string): string | undefined => CODES.carCompanies[code];

const SMALL = new Set(['de', 'del', 'la', 'le', 'les', 'du', 'da', 'do', 'di', 'and', 'the', 'of']);

/** "HOTEL VILLA MAGNA" → "Hotel Villa Magna": a display's capitals as a name is written. */
export function titleCase(text: string): string {
  return text
    .toLowerCase()
    .split(/(\s+|-)/)
    .map((w, i) => (i > 0 && SMALL.has(w) ? w : w.replace(/^(\p{L})/u, (c) => c.toUpperCase())))
    .join('')
    .trim();
}
