// An agent's plan written one service a line, each line opening with its date or its range:
//   3 Oct 2027: TP 579 Frankfurt 06:10 → Lisbon 08:15. Private transfer to the hotel.
//   3–6 Oct: Memmo Príncipe Real, Lisbon (3 nights, deluxe double, breakfast)
//   14/03 Vuelo Madrid – Marrakech ...
// Each date starts its own day (the days between are kept, empty, so the itinerary runs day by
// day); a range before a place to sleep is a stay from its first date to its last; lines that
// follow a dated line without a date of their own belong to it.
import type { HotelMention } from '../blocks.ts';
import { hotelName } from '../finders/hotel-names.ts';
import {
  addDays,
  daysBetween,
  findRanges,
  leadingDate,
  scanDates,
  type IsoDate,
} from '../finders/dates.ts';
import { city } from '../places.ts';
import { DAY_HEADER } from '../knowledge/day-words.ts';
import { HOTEL_WORDS, NIGHT_COUNT } from '../knowledge/stay-words.ts';
import { fold } from '../text.ts';
import type { LayoutReader, LineLedger, ReadDay, ReaderInput, Reading } from './reader.ts';

const NAME = 'dated-lines';
const MAX_DAYS = 60;

/** The date part of a line and what follows it: "3–6 Oct: …", "14/03 Vuelo …", "Mon 3 Oct - …". */
interface DatedLine {
  start: IsoDate;
  /** The last date of a range ("3–6 Oct"), else null. */
  end: IsoDate | null;
  rest: string;
}

// The separator after a leading date or range: a colon, a dash between spaces, a tab or a bar.
const PREFIX = /^(.{3,40}?)(?::\s*|\s+[–—-]\s+|\s*\|\s*|\t)(?=\S)/;
const TIME = /\b\d{1,2}[:h.]\d{2}\b/;
const NOT_A_STAY =
  /\b(?:tour|excursion|excursao|excursie|ausflug|escursione|visit|visita|visite|besuch|cruise|crucero|croisiere|cruzeiro|kreuzfahrt|crociera|drive|road ?trip|self-drive|autotour|rundreise|route|train|tren|treno|zug|comboio|flight|vuelo|vol|voo|flug|volo|bus|ferry|ferri|transfer|traslado|transfert|trekking|trek|safari|rental|hire|alquiler|location|aluguer|mietwagen|noleggio)\b/;

export function datedLine(line: string, now: Date, anchor: IsoDate | null): DatedLine | undefined {
  const prefix = PREFIX.exec(line);
  if (prefix) {
    const head = prefix[1]!;
    const range = findRanges(fold(head), now, anchor)[0];
    if (range && range.index <= 4 && daysBetween(range.start, range.end) <= MAX_DAYS)
      return { start: range.start, end: range.end, rest: line.slice(prefix[0].length).trim() };
  }
  const single = leadingDate(line, now, anchor);
  if (!single || single.end > 30) return undefined;

  const rest = line
    .slice(single.end)
    .replace(/^[\s,:.\-–—|)]+/, '')
    .trim();
  // "16/11–18/11 Hotel Po Riverside": a range without a separator after it, its last date opening the rest.
  const range = findRanges(fold(line), now, anchor)[0];
  const last = /^[–—-]/.test(line.slice(single.end).trim())
    ? leadingDate(rest, now, anchor)
    : undefined;
  if (range && range.index <= 4 && last && last.date === range.end && range.end > range.start)
    return {
      start: range.start,
      end: range.end,
      rest: rest
        .slice(last.end)
        .replace(/^[\s,:.\-–—|)]+/, '')
        .trim(),
    };
  return { start: single.date, end: null, rest };
}

/** A range's line read as a stay: "Memmo Príncipe Real, Lisbon (3 nights, deluxe double)". */
export function stayOf(line: DatedLine): HotelMention | undefined {
  if (!line.end || line.end <= line.start) return undefined;
  const folded = fold(line.rest);
  if (TIME.test(line.rest) || NOT_A_STAY.test(folded.replace(NIGHT_COUNT, ''))) return undefined;
  const parts = line.rest
    .split(/\s*[(,–—|]\s*|\s+-\s+/)
    .map((p) => p.trim())
    .filter(Boolean);
  const named = hotelName(line.rest);
  const first = parts[0] ?? '';
  const isName = /^\p{Lu}/u.test(first) && first.length >= 3 && !city(first);
  if (!named && !isName && !HOTEL_WORDS.test(folded)) return undefined;
  const place = parts.slice(1).find((p) => city(p.replace(/\)$/, '')));
  // "Séville    Hôtel Casa del Azahar   2 nuits": a quote's row puts the town before the lodging.
  const town = place ? undefined : leadingTown(first);
  let name = named ?? first;
  if (town && fold(name).startsWith(fold(town))) name = name.slice(town.length).trim();
  name = name.replace(NIGHT_COUNT_TAIL, '').trim();
  return {
    name,
    city: place ? place.replace(/\)$/, '') : (town ?? null),
    nights: daysBetween(line.start, line.end),
  };
}

/** The town a row opens with, when another word follows it ("Séville Hôtel Casa del Azahar"). */
function leadingTown(text: string): string | undefined {
  const words = text.split(/\s+/);
  for (let n = Math.min(3, words.length - 1); n >= 1; n--) {
    const candidate = words.slice(0, n).join(' ');
    if (city(candidate)) return candidate;
  }
  return undefined;
}

/** "2 nuits", "3 notti", "(boutique) 2 nights" at the end of a row's lodging. */
const NIGHT_COUNT_TAIL =
  /\s*(?:\*+\s*)?\d{1,2}\s*(?:nights?|noches?|nuits?|noites?|n[äa]chte|notti)\b.*$/iu;

/**
 * A section's heading in a quote or confirmation: a line whose words before any bracket are in
 * capitals ("VOLS TRANSAVIA (bagage en soute inclus)", "HÉBERGEMENTS", "AUTO A NOLEGGIO").
 */
function isSectionHeading(line: string): boolean {
  const head = line.split('(')[0]!.trim();
  return (
    head.length >= 4 &&
    head.split(/\s+/).length <= 6 &&
    /\p{Lu}{3}/u.test(head) &&
    !/\p{Ll}/u.test(head) &&
    !/\d/.test(head)
  );
}

function datedLines(input: ReaderInput): Array<DatedLine | undefined> {
  return input.lines.map((line) =>
    line.length <= 300 ? datedLine(line, input.now, input.anchor) : undefined,
  );
}

export const datedLinesReader: LayoutReader = {
  name: NAME,
  applies(input) {
    // Numbered day headings ("Day 1", "Día 2") are a programme's layout, not this one.
    if (input.lines.filter((l) => DAY_HEADER.test(fold(l))).length >= 2) return false;
    const found = datedLines(input);
    // A plan's line says one service or two; a paragraph of prose that opens with a date is a letter's.
    const dated = found.flatMap((d, i) =>
      d && d.rest.length >= 8 && input.lines[i]!.length <= 180 ? [i] : [],
    );
    if (dated.length < 3) return false;
    // One service a line: few undated lines between the dated ones. Dates as headings over
    // paragraphs, or a confirmation's sections (FLIGHTS, HOTEL...) with a dated line here and
    // there, are other layouts.
    // A quote grouped by kind of service ("VOLS", "HÉBERGEMENTS", "VISITES") has its sections'
    // headings between the dated lines: they are no lines of their own.
    const undated = found
      .slice(dated[0], dated.at(-1)! + 1)
      .filter((d, k) => !d && !isSectionHeading(input.lines[dated[0]! + k]!)).length;
    if (undated > Math.max(1, Math.floor(dated.length / 3))) return false;
    // Nor is a list of a few dated services inside a confirmation that dates the same trip
    // elsewhere too ("Ida 04/07/2026 TP1543 ...", "Entrada: 04/07/2026").
    const days = dated.flatMap((i) => [found[i]!.start, found[i]!.end ?? found[i]!.start]).sort();
    const elsewhere = input.lines.filter(
      (line, i) =>
        (i < dated[0]! || i > dated.at(-1)!) &&
        scanDates(line, input.now, input.anchor).some(
          (d) => d.date >= days[0]! && d.date <= days.at(-1)!,
        ),
    );
    return elsewhere.length < 2;
  },
  read(input, ledger) {
    return readDatedLines(input, ledger);
  },
};

function readDatedLines(input: ReaderInput, ledger: LineLedger): Reading {
  const found = datedLines(input);
  const indexes = found.flatMap((d, i) => (d && d.rest.length >= 3 ? [i] : []));
  const dates = indexes.flatMap((i) => [
    found[i]!.start,
    ...(found[i]!.end ? [found[i]!.end!] : []),
  ]);
  const sorted = [...dates].sort();
  const first = sorted[0]!;
  const last = sorted.at(-1)!;
  // Dates out of order or far apart are not one plan written line by line.
  if (daysBetween(first, last) > MAX_DAYS) return {};
  const byDate = new Map<IsoDate, ReadDay>();
  const dayOf = (date: IsoDate) => {
    let day = byDate.get(date);
    if (!day) {
      const number = daysBetween(first, date) + 1;
      day = { day: number, lastDay: number, date, title: null, lines: [] };
      byDate.set(date, day);
    }
    return day;
  };
  for (let d = first; d <= last; d = addDays(d, 1)) dayOf(d);
  const lastIndex = indexes.at(-1)!;
  let current: ReadDay | undefined;
  input.lines.forEach((line, i) => {
    if (i < indexes[0]! || i > lastIndex + 1) return;
    const dated = found[i];
    if (dated && dated.rest.length >= 3) {
      ledger.claim(i, NAME);
      current = dayOf(dated.start);
      const stay = stayOf(dated);
      if (stay) (current.stays ??= []).push(stay);
      else current.lines.push(dated.rest);
      return;
    }
    if (i <= lastIndex && isSectionHeading(line)) {
      ledger.claim(i, NAME);
      current = undefined;
      return;
    }
    // A line that dates itself further in ("Catégorie B, prise en charge ... mar 04/05 à 12:00")
    // belongs to its own date, not to the dated line above it.
    const own = i <= lastIndex && !dated ? scanDates(line, input.now, input.anchor)[0] : undefined;
    if (own && own.date >= first && own.date <= last) {
      ledger.claim(i, NAME);
      current = dayOf(own.date);
      current.lines.push(line);
      return;
    }
    // A line under a dated line, before the next: the same service's details (not the closing
    // lines after the last, which the general reading takes: prices, conditions).
    if (i <= lastIndex && current && !dated) {
      ledger.claim(i, NAME);
      current.lines.push(line);
    }
  });
  return { days: [...byDate.values()].sort((a, b) => a.day - b.day) };
}
