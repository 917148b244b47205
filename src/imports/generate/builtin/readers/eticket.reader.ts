// An airline's e-ticket itinerary/receipt as text: the ticket number and booking reference, then a
// segment table under a row of column labels ("Flight Date From To Depart Arrive Class Status
// Baggage", "Flug Datum Von Nach Abflug Ankunft Klasse Status Freigepäck"), one flight a row:
//   LH 1234 | 14JUN | Frankfurt (FRA) | Lisbon (LIS) | 09:40 | 11:55 | V | OK | 1PC
// Rows whose status is cancelled are left out; the table's rows, its labels and the ticket lines
// are claimed.
import type { DraftBlockInput } from '../../draft.ts';
import { addDays, compactDate, scanDates, type IsoDate } from '../finders/dates.ts';
import { timeMatches } from '../finders/times.ts';
import { bookingReference } from '../flights.ts';
import { airlineName, airport } from '../places.ts';
import { fold } from '../text.ts';
import { bookingDays, inOrder } from './booking-days.ts';
import { notHeld, titleCase } from './gds-segments.ts';
import type { DatedBlock, LayoutReader, LineLedger, ReaderInput, Reading } from './reader.ts';

const NAME = 'eticket';

/** Column labels of a segment table in the six languages, one group a column. */
const COLUMNS = [
  /^(?:flight|flug|flug-?nr\.?|vuelo|vol|voo|volo)$/,
  /^(?:date|datum|fecha|data)$/,
  /^(?:from|von|de|desde|origen|origem|da|origin)$/,
  /^(?:to|nach|a|hasta|destino|per|destination|vers|para)$/,
  /^(?:depart|departs|departure|abflug|salida|depart|partida|partenza|dep)$/,
  /^(?:arrive|arrives|arrival|ankunft|llegada|arrivee|chegada|arrivo|arr)$/,
  /^(?:class|klasse|clase|classe|buchungsklasse)$/,
  /^(?:status|estado|statut|stato|situacao)$/,
  /^(?:baggage|gepack|freigepack|equipaje|bagages|bagagem|bagaglio)$/,
];
const TICKET =
  /\b(?:e-?ticket(?:\s*(?:number|no|nr))?|ticket\s*(?:number|no|nr)|ticketnummer|flugscheinnummer|numero de billete|n[ºo°]\s*de billete|numero de billet|numero do bilhete|numero (?:del )?biglietto)\b\.?\s*[:#]?\s*\d{3}[\s-]?\d{10}\b/;
/** A row opens with a flight designator and number ("LH 1234", "TP1351"). */
const ROW = /^([A-Z0-9]{2})\s?(\d{1,4})\b\s*\|?\s*(.+)$/;

/** The index of the segment table's label row, when the lines have one. */
function headerRow(lines: readonly string[]): number {
  return lines.findIndex((line) => {
    if (line.length > 140 || /\d/.test(line)) return false;
    const words = fold(line)
      .split(/[\s|/]+/)
      .map((w) => w.replace(/[.:]$/, ''));
    const groups = COLUMNS.filter((c) => words.some((w) => c.test(w)));
    return groups.length >= 5 && groups.includes(COLUMNS[0]!) && groups.includes(COLUMNS[1]!);
  });
}

interface Row {
  line: number;
  airline: string;
  number: string;
  date: IsoDate;
  from: RowAirport;
  to: RowAirport;
  departs: string;
  arrives: string | null;
  plusDays: number;
  booked: boolean;
}

interface RowAirport {
  code: string;
  /** The city as the receipt writes it before the code ("Kapstadt (CPT)"), else the gazetteer's. */
  city: string | null;
}

/** The two airports of a row, in order: codes in parentheses, else codes after their city's name. */
function airportsOf(text: string): [RowAirport, RowAirport] | undefined {
  const codes = [...text.matchAll(/(?<![A-Za-z])([A-Z]{3})(?![A-Za-z])/g)].flatMap((m) => {
    const place = airport(m[1]!);
    if (!place) return [];
    const before = fold(text.slice(Math.max(0, m.index - 30), m.index));
    const named = fold(place.city)
      .split(/\s+/)
      .some((w) => w.length >= 3 && before.includes(w));
    const bracketed = text[m.index - 1] === '(';
    return [{ code: m[1]!, index: m.index, strong: bracketed || named, city: place.city }];
  });
  const strong = codes.filter((c) => c.strong);
  const pick = strong.length >= 2 ? strong : codes.length === 2 ? codes : [];
  if (pick.length < 2 || pick[0]!.code === pick[1]!.code) return undefined;
  const [a, b] = [pick[0]!, pick[1]!];
  const written = (from: number, to: number, fallback: string) => {
    const name = text.slice(from, to).replace(/[|(]/g, ' ').trim();
    return /^\p{L}[\p{L} .'’-]{1,40}$/u.test(name) ? titleCaseCapitals(name) : fallback;
  };
  return [
    { code: a.code, city: written(0, a.index, a.city) },
    { code: b.code, city: written(a.index + 4, b.index, b.city) },
  ];
}

/** A name in capitals ("FRANKFURT") as it is written in prose; other names as they are. */
const titleCaseCapitals = (name: string) => (/\p{Ll}/u.test(name) ? name : titleCase(name));

const COMPACT = /^(\d{1,2}(?:JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC)(\d{2})?)\b/;

/** The row's date at its start: compact ("21APR26", "21APR") or as the other dates are written. */
function dateOf(rest: string, input: ReaderInput): { date: IsoDate; end: number } | undefined {
  const compact = COMPACT.exec(rest);
  if (compact?.[2]) {
    const date = compactDate(compact[1]!, input.now);
    return date ? { date, end: compact[0].length } : undefined;
  }
  return scanDates(rest.slice(0, 24), input.now, input.anchor)[0];
}

function rowOf(line: string, index: number, input: ReaderInput): Row | undefined {
  const m = ROW.exec(line);
  if (!m) return undefined;
  const rest = m[3]!;
  const date = dateOf(rest, input);
  if (!date) return undefined;
  const afterDate = rest.slice(date.end);
  const times = timeMatches(afterDate);
  if (!times.length) return undefined;
  const places = airportsOf(afterDate.slice(0, times[0]!.index));
  if (!places) return undefined;
  const tail = afterDate.slice(times[1]?.end ?? times[0]!.end);
  const plus = /^\s*\(?\+\s?(\d)\)?/.exec(tail)?.[1];
  const status = tail.replace(/^\s*\(?\+\s?\d\)?/, '');
  return {
    line: index,
    airline: m[1]!,
    number: String(Number(m[2])),
    date: date.date,
    from: places[0],
    to: places[1],
    departs: times[0]!.time,
    arrives: times[1]?.time ?? null,
    plusDays: plus ? Number(plus) : 0,
    booked: !notHeld(status),
  };
}

export const eticketReader: LayoutReader = {
  name: NAME,
  applies(input) {
    const header = headerRow(input.lines);
    return (
      header >= 0 &&
      input.lines.slice(header + 1, header + 4).some((line, i) => rowOf(line, i, input))
    );
  },
  read(input, ledger) {
    return readReceipt(input, ledger);
  },
};

function readReceipt(input: ReaderInput, ledger: LineLedger): Reading {
  const { lines } = input;
  const header = headerRow(lines);
  const rows: Row[] = [];
  // The table: rows under the labels, a line of details between two rows let through.
  for (let i = header + 1, misses = 0; i < lines.length && misses < 2; i++) {
    const row = rowOf(lines[i]!, i, input);
    if (row) rows.push(row);
    misses = row ? 0 : misses + 1;
  }
  ledger.claim(header, NAME);
  for (const row of rows) ledger.claim(row.line, NAME);
  const reference = lines.map(bookingReference).find(Boolean) ?? null;
  lines.forEach((line, i) => {
    if (TICKET.test(fold(line)) || bookingReference(line)) ledger.claim(i, NAME);
  });
  const bookings = rows.filter((r) => r.booked).map((r) => flightOf(r, reference));
  const ordered = inOrder(bookings);
  return { days: bookingDays(ordered), bookings: ordered };
}

function flightOf(row: Row, reference: string | null): DatedBlock {
  const arrival = row.plusDays ? addDays(row.date, row.plusDays) : null;
  const block: DraftBlockInput = {
    type: 'flight',
    content: {
      flightNumber: `${row.airline}${row.number}`,
      airline: airlineName(row.airline) ?? null,
      departureAirport: row.from.code,
      arrivalAirport: row.to.code,
      departureCity: row.from.city,
      arrivalCity: row.to.city,
      departureTime: row.departs,
      arrivalTime: row.arrives,
      date: row.date,
      arrivalDate: arrival,
      bookingReference: reference,
    },
    confidence: 0.9,
  };
  return { date: row.date, block };
}
