// The layout of a document: its preamble (title, period, flights of a confirmation), its days
// and its closing sections (prices, inclusions, conditions). Day headers come in many shapes:
// numbered days in six languages with or without a weekday or date ("Day 1", "Día 1 – Madrid",
// "Friday 8 May 2026 - Day 1", "3° giorno", "Jour 2 : Lyon"), dates as headings ("Sat 9 May",
// "09/05/2026 – Florence"), day tables ("1 | 08/05 | Rome | Hotel Artemide") and several days
// written on one line ("Day 1: ... Day 2: ...").
import {
  addDays,
  daysBetween,
  findRanges,
  leadingDate,
  scanDates,
  type IsoDate,
} from './finders/dates.ts';
import { NOT_TRIP_DATE } from './knowledge/document-words.ts';
import { city } from './places.ts';
import { CLOSING_HEADER } from './knowledge/section-headers.ts';
import { ACCOMMODATION_LABEL, HOTEL_WORDS } from './knowledge/stay-words.ts';
import { DAY_HEADER, DAY_WORD, ORDINAL_WORDS } from './knowledge/day-words.ts';
import { MONTH_PATTERN } from './knowledge/months.ts';
import { WEEKDAY_NAMES, WEEKDAYS } from './knowledge/weekdays.ts';
import { fold } from './text.ts';

const MAX_DAYS = 60;

export interface DaySection {
  day: number;
  /** The last day of a header covering several ("Days 3-4"). */
  lastDay: number;
  date: IsoDate | null;
  title: string | null;
  lines: string[];
}

export interface Layout {
  preamble: string[];
  days: DaySection[];
  /** Lines after the programme: prices, inclusions, conditions, notes. */
  tail: string[];
}

// "Day 2:" inside a line (after a sentence end or at the start): where to split "Day 1: ... Day 2: ...".
const INLINE_DAY = new RegExp(
  String.raw`(?:^|(?<=[.;!?)]\s{0,3})|(?<=\s))(?=(?:${DAY_WORD})\s*\d{1,2}\s*[:\-–.)])`,
  'gi',
);
const MONTH_START = new RegExp(String.raw`^(?:de\s+|of\s+)?(?:${MONTH_PATTERN})\b`);

const WEEKDAY_DATE = new RegExp(
  String.raw`^${WEEKDAYS},?\s+\d{1,2}(?:\.|º|°|er)?\s+(?:de\s+)?(?:${MONTH_PATTERN})\b`,
);

/** Lines holding several days, split before each day header. */
function splitInlineDays(lines: string[]): string[] {
  const out: string[] = [];
  for (const line of lines) {
    const folded = fold(line);
    const cuts = [...folded.matchAll(INLINE_DAY)].map((m) => m.index).filter((i) => i > 0);
    const headerCount = cuts.length + (DAY_HEADER.test(folded) ? 1 : 0);
    if (headerCount < 2) {
      out.push(line);
      continue;
    }
    let from = 0;
    for (const cut of cuts) {
      const part = line.slice(from, cut).trim();
      if (part) out.push(part);
      from = cut;
    }
    out.push(line.slice(from).trim());
  }
  return out;
}

interface Header {
  day: number | null;
  lastDay: number | null;
  date: IsoDate | null;
  rest: string;
}

/** A line read as a day header, or undefined. */
function headerOf(line: string, now: Date, anchor: IsoDate | null): Header | undefined {
  if (line.length > 220) return undefined;
  const folded = fold(line);
  // A table row: "1 | 08/05 | Rome | Hotel Artemide" or "Day 1 | Rome | ...".
  const cells = line.split(/\s*\|\s*/).filter(Boolean);
  if (cells.length >= 3 && /^\d{1,2}$/.test(cells[0]!)) {
    const day = Number(cells[0]);
    const date = leadingDate(cells[1]!, now, anchor);
    if (day >= 1 && day <= MAX_DAYS)
      return {
        day,
        lastDay: null,
        date: date?.date ?? null,
        rest: cells.slice(date ? 2 : 1).join(' | '),
      };
  }
  // "Du samedi 23 au lundi 25 mai 2026 – Ajaccio", "Del 5 al 8 de junio – Sevilla": a stay's range as a heading.
  const ranged =
    /^(?:du|del|dal|from|vom|de|desde)\s/.test(folded) && line.length <= 110
      ? findRanges(folded, now)[0]
      : undefined;
  if (ranged && ranged.index <= 20 && !/\b\d{1,2}[:h]\d{2}\b/.test(line)) {
    const rest = line.replace(/^[^–—|:-]*?\d{4}?\s*(?:[–—|:-]\s*)/, '');
    return { day: null, lastDay: null, date: ranged.start, rest: rest === line ? '' : rest };
  }
  const dated = leadingDate(line, now, anchor);
  if (dated) {
    // "Friday 8 May 2026 - Day 1 - Rome", "08/05/2026: arrival", "Sat 9 May".
    let rest = line.slice(dated.end).replace(/^[\s,:.\-–—|)]+/, '');
    const numbered = DAY_HEADER.exec(fold(rest));
    let day: number | null = null;
    if (numbered) {
      day = dayNumber(numbered);
      rest = rest.slice(rest.length - numbered[5]!.length);
    } else {
      const inside = new RegExp(String.raw`[(\-–|,]\s*(?:${DAY_WORD})\s*(\d{1,2})\s*\)?`, 'i').exec(
        fold(rest),
      );
      if (inside) {
        day = Number(inside[1]);
        rest = (rest.slice(0, inside.index) + rest.slice(inside.index + inside[0].length)).trim();
      }
    }
    // "16/11–18/11 Hotel Po Riverside, Torino": a range before a hotel is a stay's line, not a day's heading.
    const range = findRanges(folded, now, anchor)[0];
    if (
      day === null &&
      range &&
      range.index <= 4 &&
      HOTEL_WORDS.test(fold(line.slice(dated.end))) &&
      !/\b\d{1,2}[:h]\d{2}\b/.test(line)
    )
      return undefined;
    // A dated line that says more than a heading (a flight, a timed event) is content, not a header.
    if (
      day === null &&
      (rest.length > 90 ||
        /\b\d{1,2}[:h]\d{2}\b/.test(rest) ||
        /\b[A-Z0-9]{2}\s?\d{2,4}\b/.test(rest))
    )
      return undefined;
    return { day, lastDay: null, date: dated.date, rest: rest.replace(/^[\s,:.\-–—|]+/, '') };
  }
  const numbered = DAY_HEADER.exec(folded);
  if (!numbered) return undefined;
  const rest = line.slice(line.length - numbered[5]!.length);
  // "Dia 15 de março", "día 3 of the trip": a date or a phrase, not a header.
  // ("Giorno 4 – mar 9 giugno": "mar" is Tuesday there, before the day's own date.)
  if (MONTH_START.test(fold(rest)) && !WEEKDAY_DATE.test(fold(rest))) return undefined;
  const day = dayNumber(numbered);
  let lastDay = numbered[2] ? Number(numbered[2]) : null;
  if (lastDay !== null && (lastDay <= day || lastDay - day > 14)) lastDay = null;
  // The header's own date: "Day 1 (Friday 8 May)", "Día 2 - 9/5 - Florencia".
  const inner = leadingDate(rest.replace(/^[\s(,:.\-–—|]+/, ''), now, anchor);
  let title = rest;
  let date: IsoDate | null = null;
  if (inner) {
    date = inner.date;
    const stripped = rest.replace(/^[\s(,:.\-–—|]+/, '');
    title = stripped.slice(inner.end).replace(/^[\s),:.\-–—|]+/, '');
  }
  return { day, lastDay, date, rest: title };
}

function dayNumber(m: RegExpExecArray): number {
  return Number(m[1] ?? m[3] ?? ORDINAL_WORDS.get(m[4] ?? '') ?? NaN);
}

/** The title of a day from its header's words, and what of them is content (a sentence, a plan). */
export function splitHeaderRest(rest: string): { title: string | null; content: string | null } {
  const text = rest.replace(/^[\s:.\-–—|]+|[\s:\-–—|]+$/g, '').trim();
  if (!text) return { title: null, content: null };
  const table = text.split(/\s*\|\s*/);
  // Cells of only times or dashes (a port table's arrival and departure) say nothing as text.
  if (table.length >= 2) {
    const cells = table.slice(1).filter((c) => /\p{L}{2}/u.test(c));
    return { title: table[0]!.slice(0, 120), content: cells.length ? cells.join('. ') : null };
  }
  // A short heading ("Rome – Florence", "Arrival in Lisbon") is the title; a plan written on the
  // header's line ("Day 2: Vatican Museums tour at 9am.") is content too, and its first clause the title.
  const plan =
    (text.includes(',') && text.length > 30) ||
    /[.!?;]|\b\d{1,2}[:h.]\d{2}\b|\b\d{1,2}\s?(?:am|pm)\b/i.test(text) ||
    text.length > 45;
  if (!plan) return { title: text.replace(/\.$/, ''), content: null };
  const first = text
    .split(/(?<=[.!?])\s+|,\s+|;\s+|\s[–—-]\s|\.$/)[0]!
    .replace(/[.!?]$/, '')
    .replace(
      /\s*\b(?:at|a las|à|às|um|alle|ore)?\s*(?:[01]?\d|2[0-3])(?:[:h.][0-5]\d)?\s*(?:am|pm|h|uhr)?\s*$/i,
      '',
    )
    .trim();
  return { title: first.length >= 3 && first.length <= 70 ? first : null, content: text };
}

const HOTEL_COLUMN =
  /^(?:hotel|hotels|accommodation|overnight|lodging|stay|alojamiento|hotel\/alojamiento|hebergement|nuit|alojamento|hospedagem|pernoite|unterkunft|ubernachtung|hotel\/unterkunft|pernottamento|sistemazione|albergo)$/;
const DAY_COLUMN = new RegExp(`^(?:${DAY_WORD}|n[º°o]?|#)$`);
/** A table of people ("# | Nome | Tipo | Documento"): its numbered rows are passengers, not days. */
const PEOPLE_COLUMN =
  /^(?:(?:full )?names?|nome|nomes|nombre|nom|cognome|apellidos?|vorname|nachname|passengers?|passeggeri|passeggero|pasajeros?|passagers?|passagiere?|passageiros?|reisende[rn]?|travell?ers?|viaggiatori?|viajeros?|voyageurs?|viajantes?|guests?|ospiti|huespedes|hotes|gaste|hospedes)$/;

/**
 * A day table with a header row ("Day | Date | Route | Hotel"): each row becomes a header line
 * ("1 | Tue 02 Feb 2027 | London – Colombo") and its hotel cell an "Overnight:" line.
 */
function readTables(lines: string[]): string[] {
  const out: string[] = [];
  let hotelColumn = -1;
  let dayColumn = -1;
  let people = false;
  for (const line of lines) {
    const cells = line.split(/\s*\|\s*/).map((c) => c.trim());
    if (/^[-+=|\s:]+$/.test(line)) continue; // a table's rule line
    if (cells.length >= 3) {
      const folded = cells.map((c) => fold(c));
      const hotel = folded.findIndex((c) => HOTEL_COLUMN.test(c));
      const day = folded.findIndex((c) => DAY_COLUMN.test(c));
      const header = folded.every((c) => c.length < 30 && !/\d/.test(c));
      if (header && folded.some((c) => PEOPLE_COLUMN.test(c))) {
        people = true;
        hotelColumn = -1;
        dayColumn = -1;
      } else if (day >= 0 && header) {
        hotelColumn = hotel;
        dayColumn = day;
        people = false;
        continue;
      }
      // A row of the people table: its number is no day's.
      if (people && /^\d{1,2}$/.test(cells[0]!)) {
        out.push(cells.slice(1).join(' | '));
        continue;
      }
      if (dayColumn >= 0 && /^\d{1,2}$/.test(cells[dayColumn] ?? '')) {
        const hotelCell = hotelColumn >= 0 ? (cells[hotelColumn] ?? '') : '';
        const rest = cells.filter((_, i) => i !== hotelColumn && i !== dayColumn);
        out.push([cells[dayColumn]!, ...rest].join(' | '));
        if (
          hotelCell &&
          /\p{L}{3}/u.test(hotelCell) &&
          !/^(?:on board|a bordo|en vol|im flugzeug|in volo|-|–|—)$/i.test(hotelCell)
        )
          out.push(`Overnight: ${hotelCell}`);
        continue;
      }
    } else if (cells.length < 2) {
      hotelColumn = -1;
      dayColumn = -1;
      people = false;
    }
    out.push(line);
  }
  return out;
}

// "Friday:", "Sábado –", "Samedi :" opening a line: a day by its weekday.
const WEEKDAY_HEADER = new RegExp(
  // "Friday: ...", or the weekday alone on its line over the day's paragraph ("Vendredi").
  // Not the first half of a Portuguese weekday ("segunda-feira, 03/08 – 14:30").
  String.raw`^(${WEEKDAYS.replace(/\\.\?$/, '')})(?!-feira)(?:\s*[:\-–—]\s*(.*)|\s*:?)$`,
);
const WEEKDAY_INDEX: Record<string, number> = {};
for (const [i, names] of WEEKDAY_NAMES.entries()) for (const n of names) WEEKDAY_INDEX[n] = i;

/** A short line of place names ("Oslo – Myrdal – Flåm", "Bergen"): a day's heading in programmes that number nothing. */
function isPlaceHeading(line: string): boolean {
  if (line.length > 60 || /[\d.:;!?]/.test(line) || line.split(/\s+/).length > 8) return false;
  const parts = line
    .split(/\s*(?:[-–—/>→›»,]|\by\b|\be\b|\bet\b|\band\b|\bund\b)\s*/)
    .filter(Boolean);
  return (
    parts.length > 0 &&
    parts.every((p) => /^\p{Lu}/u.test(p)) &&
    parts.some((p) => Boolean(city(p)))
  );
}

export function readLayout(
  input: string[],
  now: Date,
  anchor: IsoDate | null,
  start: IsoDate | null = null,
): Layout {
  const lines = splitInlineDays(readTables(input));
  const headers = lines.map((line) => headerOf(line, now, anchor));
  // Weekdays as headers ("Friday: ...", "Saturday: ..."), when no line has a day number or date heading.
  if (headers.filter((h) => h).length < 2) {
    const weekdays = lines.map((line) => WEEKDAY_HEADER.exec(fold(line)));
    if (weekdays.filter(Boolean).length >= 2) {
      let previous = start ? Date.parse(start) - 86_400_000 : null;
      let sequence = 0;
      weekdays.forEach((m, i) => {
        if (!m) return;
        sequence++;
        let date: IsoDate | null = null;
        if (previous !== null) {
          const wanted = WEEKDAY_INDEX[m[1]!.replace(/\.$/, '')];
          let t = previous + 86_400_000;
          for (let k = 0; k < 7 && wanted !== undefined && new Date(t).getUTCDay() !== wanted; k++)
            t += 86_400_000;
          previous = t;
          date = new Date(t).toISOString().slice(0, 10);
        }
        headers[i] = {
          day: date && start ? daysBetween(start, date) + 1 : sequence,
          lastDay: null,
          date,
          rest: m[2] ? lines[i]!.slice(lines[i]!.length - m[2].length) : '',
        };
      });
    }
  }
  // Place headings ("Milano – Oslo", "Bergen") in a programme without numbers or dates.
  if (headers.filter((h) => h).length < 2) {
    const places = lines
      .map((line, i) =>
        isPlaceHeading(line) && i + 1 < lines.length && !isPlaceHeading(lines[i + 1]!) ? i : -1,
      )
      .filter((i) => i >= 0);
    // Regions of a traveller's notes ("HANOI" over "4 - 7 Nov: Little Lotus", "Fri 5 Nov: street
    // food tour"): a section that dates two days or more is a stage of the trip, not one day.
    const sectionDates = (k: number) =>
      new Set(
        lines
          .slice(places[k]! + 1, places[k + 1] ?? lines.length)
          .filter((line) => !NOT_TRIP_DATE.test(fold(line)))
          .flatMap((line) => scanDates(line, now, anchor).map((d) => d.date)),
      ).size;
    if (places.length >= 3 && !places.some((_i, k) => sectionDates(k) >= 2))
      places.forEach((i, k) => {
        headers[i] = {
          day: k + 1,
          lastDay: null,
          date: start ? addDays(start, k) : null,
          rest: lines[i]!,
        };
      });
  }
  // Notes whose every day opens with its date ("Fr 18.6.  FRA → BGO  LH 866  ab 10:05", "Sa 19.6.
  // Fløibanen"): a dated line that says more than a heading still opens its day, when three or
  // more lines open with dates that follow each other day after day, none left out.
  const opening = lines.flatMap((line, i) => {
    const dated = headers[i] ? undefined : leadingDate(line, now, anchor);
    return dated && !NOT_TRIP_DATE.test(fold(line)) ? [{ i, dated }] : [];
  });
  const openingAt = new Map(opening.map(({ i, dated }) => [i, dated.date]));
  const allOpening = lines
    .map((_line, i) => headers[i]?.date ?? openingAt.get(i) ?? null)
    .filter((d): d is IsoDate => d !== null);
  /** Each line that opens with its date opens its day, the rest of the line its first words. */
  const openDays = () => {
    for (const { i, dated } of opening)
      headers[i] = {
        day: null,
        lastDay: null,
        date: dated.date,
        rest: lines[i]!.slice(dated.end).replace(/^[\s,:.\-–—|)]+/, ''),
      };
  };
  if (
    opening.length &&
    allOpening.length >= 3 &&
    isIncreasing(allOpening) &&
    allOpening.every((d, k) => k === 0 || daysBetween(allOpening[k - 1]!, d) === 1)
  )
    openDays();
  const numbered = headers.filter((h) => h?.day != null).length;
  const datedOnly = headers.filter((h) => h && h.day === null && h.date);
  // Dates as headings count when there are at least two distinct ones in order, and numbered days are rare.
  const dateHeadings =
    numbered < 2 &&
    new Set(datedOnly.map((h) => h!.date)).size >= 2 &&
    isIncreasing(datedOnly.map((h) => h!.date!));
  // Beside dates as headings, a line that opens with its date among theirs opens its day too
  // ("Fri 3 Jul - Eurostar 9316 ..." above "Tue 7 - East Side Gallery"), when the dates stay in order.
  if (dateHeadings) {
    const headed = datedOnly.map((h) => h!.date!);
    if (
      isIncreasing(allOpening) &&
      opening.every(
        ({ dated }) =>
          dated.date >= addDays(headed[0]!, -7) && dated.date <= addDays(headed.at(-1)!, 7),
      )
    )
      openDays();
  }
  const isHeader = (h: Header | undefined): h is Header =>
    Boolean(h && (h.day !== null || (dateHeadings && h.date)));
  if (headers.filter(isHeader).length < 2) return { preamble: lines, days: [], tail: [] };

  const preamble: string[] = [];
  const tail: string[] = [];
  const sections: DaySection[] = [];
  const firstDate = headers.find((h) => isHeader(h) && h.date)?.date ?? null;
  let closed = false;
  let sequence = 0;
  // A day table's row holds its day: the first line after the table (not a row, not its hotel) ends the days.
  let inTable = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const header = headers[i];
    if (isHeader(header)) {
      closed = false;
      inTable = /^\d{1,2}\s\|\s/.test(line);
      sequence++;
      let day =
        header.day ??
        (header.date && firstDate ? daysBetween(firstDate, header.date) + 1 : sequence);
      if (!(day >= 1 && day <= MAX_DAYS)) day = sequence;
      const { title, content } = splitHeaderRest(header.rest);
      sections.push({
        day,
        lastDay: header.lastDay ?? day,
        date: header.date,
        title,
        lines: content ? [content] : [],
      });
      continue;
    }
    // "Accommodation: Mopane Ridge Lodge (2 nights)" under a day is that day's stay, not the
    // programme's closing list of hotels (a heading alone, or over a list, closes the days).
    const daysStay = ACCOMMODATION_LABEL.test(fold(line)) && /:\s*\p{L}{2}/u.test(line);
    if (sections.length && isClosing(line) && !(daysStay && !closed)) closed = true;
    if (inTable && !/^Overnight: /.test(line) && !/\s\|\s/.test(line)) closed = true;
    if (closed) tail.push(line);
    else if (sections.length) sections.at(-1)!.lines.push(line);
    else preamble.push(line);
  }
  return { preamble, days: mergeRepeatedDays(sections), tail };
}

/** "Prices", "The price includes:", "Reisepreis pro Person: 1.695 €": a closing section starts. */
function isClosing(line: string): boolean {
  const folded = fold(line).trim();
  const m = CLOSING_HEADER.exec(folded);
  if (!m || /\b\d{1,2}[:h]\d{2}\b/.test(folded)) return false;
  // The heading alone ("Prices 2026 (per person)") or a label ("Reisepreis pro Person: 1.695 €"), not a sentence ("Hotel Palacio del Inka.").
  const rest = folded.slice(m[0].length);
  return /^[\s:.\-–—]*(?:\d{4})?[\s:.\-–—]*(?:\(.*\))?$/.test(rest) || /^[^\d:.]{0,45}:/.test(rest);
}

const isIncreasing = (dates: string[]) => dates.every((d, i) => i === 0 || d >= dates[i - 1]!);

/**
 * A programme that lists its days twice (an overview, then the details) keeps one section per
 * day: the lines of both, the longer title.
 */
function mergeRepeatedDays(sections: DaySection[]): DaySection[] {
  const byDay = new Map<number, DaySection>();
  const ordered: DaySection[] = [];
  for (const section of sections) {
    const seen = byDay.get(section.day);
    if (!seen) {
      byDay.set(section.day, section);
      ordered.push(section);
      continue;
    }
    seen.lines.push(...section.lines);
    seen.date ??= section.date;
    if (
      (section.title?.length ?? 0) > (seen.title?.length ?? 0) &&
      seen.lines.length <= section.lines.length + 1
    )
      seen.title = section.title;
    seen.lastDay = Math.max(seen.lastDay, section.lastDay);
  }
  return ordered.sort((a, b) => a.day - b.day);
}
