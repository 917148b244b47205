// Dates of a trip. chrono-node reads single dates in the six languages; it misses common ranges
// ("del 5 al 12 de octubre", "Jun 19–20", "24 & 25 June"), so ranges have rules of their own.
// Everything works on folded text (see text.ts) and returns ISO dates (YYYY-MM-DD).
import * as chrono from 'chrono-node';
import { addDays, daysBetween } from '../../../../shared/iso-dates.ts';
import { DAY_WORD } from '../knowledge/day-words.ts';
import { MONTHS, MONTH_PATTERN } from '../knowledge/months.ts';
import { WEEKDAY_ABBREVIATIONS, WEEKDAY_NAMES, WEEKDAYS } from '../knowledge/weekdays.ts';
import { fold } from '../text.ts';

export type IsoDate = string;

const CHRONO: Record<string, chrono.Chrono> = {
  en: chrono.en.GB, // day-first where ambiguous: most tour operators write 05/10/2026 for 5 October
  es: chrono.es.casual,
  fr: chrono.fr.casual,
  pt: chrono.pt.casual,
  de: chrono.de.casual,
  it: (chrono as unknown as { it?: { casual: chrono.Chrono } }).it?.casual ?? chrono.en.GB,
};

export const iso = (year: number, month: number, day: number): IsoDate | null => {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day || year < 1990 || year > 2100)
    return null;
  return date.toISOString().slice(0, 10);
};

export { addDays, daysBetween };

/** The year of a month near an anchor date (within six months either side). */
function yearNear(anchor: IsoDate, monthNumber: number): number {
  const year = Number(anchor.slice(0, 4));
  const anchorMonth = Number(anchor.slice(5, 7));
  if (monthNumber < anchorMonth - 6) return year + 1;
  if (monthNumber > anchorMonth + 6) return year - 1;
  return year;
}

/** A year for a day and month given without one: the next such date from a month before "now". */
function inferYear(month: number, day: number, now: Date): number {
  return nextYear(month, day, now);
}

function nextYear(month: number, day: number, now: Date): number {
  const year = now.getUTCFullYear();
  const candidate = Date.UTC(year, month - 1, day);
  return candidate < now.getTime() - 30 * 86_400_000 ? year + 1 : year;
}

const month = (word: string | undefined) =>
  word ? MONTHS.get(word.replace(/\.$/, '')) : undefined;
const ORD = String.raw`(?:st|nd|rd|th|º|ª|er|\.)?`;
const M = `(${MONTH_PATTERN})\\.?`;
const SEP = String.raw`\s*(?:-|to|till|until|through|al|a|au|bis|ao|e|and|&|y|et|und)\s*`;

// 5 [october] - 12 october [2026]: "del 5 al 12 de octubre de 2026", "du 5 au 12 octobre", "vom 5. bis 12. Oktober", "24 & 25 june"
const DAY_FIRST = new RegExp(
  String.raw`\b(\d{1,2})${ORD}(?:\s*(?:de\s+)?${M})?(?:\s*(?:de|del)?\s*(\d{4}))?${SEP}(?:${WEEKDAYS},?\s+)?(\d{1,2})${ORD}\s*(?:de\s+)?${M}(?:,?\s*(?:de\s+|del\s+)?(\d{4}))?`,
  'g',
);
// june 19 - [july] 20[, 2026]: "jun 19-20", "may 28 - june 3, 2026"
const MONTH_FIRST = new RegExp(
  String.raw`\b${M}\s+(\d{1,2})${ORD}(?:,?\s*(\d{4}))?${SEP}(?:${M}\s+)?(\d{1,2})${ORD}\b(?:,?\s*(\d{4}))?`,
  'g',
);
// 05/10/2026 - 12/10/2026 (day first), and ISO 2026-10-05 to 2026-10-12
const NUMERIC =
  /\b(\d{1,2})[./](\d{1,2})[./](\d{4})\s*(?:-|to|al|au|bis|a|ao)\s*(?:[a-z]{2,3}\.?,?\s+)?(\d{1,2})[./](\d{1,2})[./](\d{4})\b/g;
// 09.05.–16.05.2027, 9/5 - 16/5/2027: the first date takes the second's year
const NUMERIC_SHARED =
  /\b(\d{1,2})[./](\d{1,2})\.?\s*(?:-|to|al|au|bis|a|ao)\s*(\d{1,2})[./](\d{1,2})[./](\d{4})\b/g;
// 16.04.–19.04., 16/04 - 19/04 (no year: the next such dates): not a time ("10.30-12.15") nor a score
const NUMERIC_NO_YEAR =
  /(?<![\d./:])(\d{1,2})[./](\d{1,2})\.?\s*(?:-|to|al|au|bis|a|ao)\s*(\d{1,2})[./](\d{1,2})(?![./]?\d|\s?(?:h|uhr)\b)\.?/g;
const ISO_RANGE =
  /\b(\d{4})-(\d{2})-(\d{2})\s*(?:-|to|al|au|bis|a|ao|\/)\s*(\d{4})-(\d{2})-(\d{2})\b/g;

/**
 * How the document writes numeric dates with slashes: day first (most of the world) or month
 * first (the United States: "06/12/2027" is June 12). Set for one reading by `withNumericOrder`
 * (finders/date-order.ts decides it per document); dots ("03.07.") are always day first.
 */
export type NumericOrder = 'dmy' | 'mdy';
let numericOrder: NumericOrder = 'dmy';

/** Runs a synchronous reading with the document's numeric date order. */
export function withNumericOrder<T>(order: NumericOrder, read: () => T): T {
  const previous = numericOrder;
  numericOrder = order;
  try {
    return read();
  } finally {
    numericOrder = previous;
  }
}

/** The day and month of "a/b": the order decides only when both could be either. */
function dayMonth(a: number, b: number, separator: string): [day: number, month: number] {
  if (a > 12) return [a, b];
  if (b > 12) return [b, a];
  return numericOrder === 'mdy' && separator === '/' ? [b, a] : [a, b];
}

export interface DateRange {
  start: IsoDate;
  end: IsoDate;
  index: number;
}

const DAY_NUMBER_BEFORE = new RegExp(String.raw`\b${DAY_WORD}\.?\s*$`);

/** Every date range written in the (folded) text, in order. */
export function findRanges(folded: string, now: Date, anchor?: IsoDate | null): DateRange[] {
  const ranges: DateRange[] = [];
  // A range without a year takes the year near `anchor` (a date the document gives in full), as scanDates does.
  const inferYear = (monthNumber: number, day: number, from: Date) =>
    anchor ? yearNear(anchor, monthNumber) : nextYear(monthNumber, day, from);
  const push = (start: IsoDate | null, end: IsoDate | null, index: number) => {
    if (start && end && start <= end && daysBetween(start, end) <= 120)
      ranges.push({ start, end, index });
  };
  for (const m of folded.matchAll(DAY_FIRST)) {
    // "Día 1 – viernes 6 de noviembre": a day's number before its date, not a range.
    if (!m[2] && DAY_NUMBER_BEFORE.test(folded.slice(Math.max(0, m.index - 12), m.index))) continue;
    const m2 = month(m[5])!;
    const m1 = month(m[2]) ?? m2;
    const y2 = Number(m[6] ?? m[3] ?? 0) || inferYear(m2, Number(m[4]), now);
    const y1 = m[3] ? Number(m[3]) : m1 > m2 ? y2 - 1 : y2;
    push(iso(y1, m1, Number(m[1])), iso(y2, m2, Number(m[4])), m.index);
  }
  for (const m of folded.matchAll(MONTH_FIRST)) {
    const m1 = month(m[1])!;
    const m2 = month(m[4]) ?? m1;
    const y2 = Number(m[6] ?? m[3] ?? 0) || inferYear(m2, Number(m[5]), now);
    const y1 = m[3] ? Number(m[3]) : m1 > m2 ? y2 - 1 : y2;
    push(iso(y1, m1, Number(m[2])), iso(y2, m2, Number(m[5])), m.index);
  }
  const slash = (m: RegExpMatchArray) => (m[0].includes('/') ? '/' : '.');
  for (const m of folded.matchAll(NUMERIC)) {
    const [d1, m1] = dayMonth(+m[1]!, +m[2]!, slash(m));
    const [d2, m2] = dayMonth(+m[4]!, +m[5]!, slash(m));
    push(iso(+m[3]!, m1, d1), iso(+m[6]!, m2, d2), m.index);
  }
  for (const m of folded.matchAll(NUMERIC_SHARED)) {
    const y = +m[5]!;
    const [d1, m1] = dayMonth(+m[1]!, +m[2]!, slash(m));
    const [d2, m2] = dayMonth(+m[3]!, +m[4]!, slash(m));
    push(iso(m1 > m2 ? y - 1 : y, m1, d1), iso(y, m2, d2), m.index);
  }
  for (const m of folded.matchAll(NUMERIC_NO_YEAR)) {
    if (ranges.some((r) => r.index === m.index)) continue;
    const [d1, m1] = dayMonth(+m[1]!, +m[2]!, slash(m));
    const [d2, m2] = dayMonth(+m[3]!, +m[4]!, slash(m));
    // Dots with minutes ("10.30 - 12.15") are times: a date's month is at most 12.
    if (m1 > 12 || m2 > 12 || (m1 === m2 && d2 < d1)) continue;
    const y2 = inferYear(m2, d2, now);
    push(iso(m1 > m2 ? y2 - 1 : y2, m1, d1), iso(y2, m2, d2), m.index);
  }
  for (const m of folded.matchAll(ISO_RANGE))
    push(iso(+m[1]!, +m[2]!, +m[3]!), iso(+m[4]!, +m[5]!, +m[6]!), m.index);
  return ranges.sort((a, b) => a.index - b.index);
}

/** The dates written in a piece of text (chrono, in the document's language, then English). */
export function findDates(text: string, language: string, now: Date): IsoDate[] {
  const found: IsoDate[] = [];
  const parsers = [CHRONO[language] ?? chrono.en.GB, ...(language === 'en' ? [] : [chrono.en.GB])];
  for (const parser of parsers) {
    for (const result of parser.parse(text, now, { forwardDate: true })) {
      // A bare weekday or time is not a date of the document.
      if (!result.start.isCertain('day') || !result.start.isCertain('month')) continue;
      const d = result.start.date();
      const year = result.start.isCertain('year')
        ? result.start.get('year')!
        : inferYear(d.getMonth() + 1, d.getDate(), now);
      const date = iso(year, result.start.get('month')!, result.start.get('day')!);
      if (date) found.push(date);
      if (result.end?.isCertain('day')) {
        const endYear = result.end.isCertain('year') ? result.end.get('year')! : year;
        const end = iso(endYear, result.end.get('month')!, result.end.get('day')!);
        if (end) found.push(end);
      }
    }
    if (found.length) break;
  }
  return found;
}

/** A compact date in tables and tickets: "08MAY", "08MAY26", "8 MAY". */
export function compactDate(text: string, now: Date): IsoDate | null {
  const m = /\b(\d{1,2})(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)(\d{2})?\b/i.exec(text);
  if (!m) return null;
  const monthNumber = MONTHS.get(m[2]!.toLowerCase())!;
  const year = m[3] ? 2000 + Number(m[3]) : inferYearOf(monthNumber, Number(m[1]), now);
  return iso(year, monthNumber, Number(m[1]));
}

export const inferYearOf = (month: number, day: number, now: Date) => inferYear(month, day, now);

// ---------------------------------------------------------------- dates, by our own patterns
// chrono-node misses ranges and reads "Day 2" or a bare "8.15" in some locales; these patterns
// cover how itineraries write a day (each match keeps its position in the line).

const WD = String.raw`(?:(?:${WEEKDAYS}),?\s+(?:(?:the|le|den|il|el|o)\s+)?)?`;
const TEXT_DAY_FIRST = new RegExp(
  String.raw`\b${WD}(\d{1,2})(?:st|nd|rd|th|º|ª|°|er|\.)?\s*(?:de\s+|of\s+)?(${MONTH_PATTERN})\.?(?![a-z])(?:,?\s*(?:de\s+|del\s+)?('?\d{4}|'\d{2}))?`,
  'g',
);
const TEXT_MONTH_FIRST = new RegExp(
  String.raw`\b${WD}(${MONTH_PATTERN})\.?\s+(\d{1,2})(?!\d)(?:st|nd|rd|th)?(?![\d:./]\d)(?:,?\s+(\d{4}))?`,
  'g',
);
const NUMERIC_DATE =
  /(?<![\d.:/])((?:\b(?:mon|tue|wed|thu|fri|sat|sun|lun|mar|mie|jue|vie|sab|dom|mer|jeu|ven|sam|dim|seg|ter|qua|qui|sex|mo|di|mi|do|fr|sa|so|gio)\.?,?\s+)?)(\d{1,2})([./-])(\d{1,2})(?:\3(\d{4}|\d{2}))?(?!\d|:\d|\.\d)/g;
const ISO_DATE = /\b(\d{4})-(\d{2})-(\d{2})\b/g;

/** Weekday number (0 Sunday) of a folded weekday name or abbreviation of three letters or more. */
export const WEEKDAY_NUMBER = new Map<string, number>(
  [...WEEKDAY_NAMES, ...WEEKDAY_ABBREVIATIONS].flatMap((names, i) =>
    names.map((n) => [n, i % 7] as [string, number]),
  ),
);
// "Sat 23rd", "sábado 23", "ven. 12": a weekday and a day of the month, the month left to the reader.
const WEEKDAY_DAY = new RegExp(
  String.raw`\b(${[...WEEKDAY_NUMBER.keys()].sort((a, b) => b.length - a.length).join('|')})\.?,?\s+(\d{1,2})(?:st|nd|rd|th|º|ª|er|e)?(?![\d:./,-]\d|\d|[a-z])`,
  'g',
);

/** What may stand before a date that opens a line: bullets, or "then" in the six languages. */
const LINE_OPENING =
  /^[\s\-*•·>]*(?:(?:then|and|puis|et|luego|y|despues|depois|e|dann|und|poi|quindi)\s+)?(?:(?:on|el|le|am|il|no|o)\s+)?$/;

/** An article or preposition just before a weekday: "el jueves 14", "le samedi 23", "on Friday 14th". */
const ARTICLE_BEFORE = /(?:^|\s)(?:el|le|il|am|on|o|no|on the|this|next|ce|este|questo|diesen)\s+$/;

/**
 * The date of "Sat 23rd": the first day of that number from a week before `from` whose weekday is
 * the one written, within three months.
 */
function weekdayDate(weekday: number, day: number, from: IsoDate): IsoDate | null {
  const start = addDays(from, -7);
  let year = Number(start.slice(0, 4));
  let monthNumber = Number(start.slice(5, 7));
  for (let i = 0; i < 4; i++) {
    const date = iso(year, monthNumber, day);
    if (date && date >= start && new Date(`${date}T00:00:00Z`).getUTCDay() === weekday) return date;
    monthNumber++;
    if (monthNumber > 12) {
      monthNumber = 1;
      year++;
    }
  }
  return null;
}
const COMPACT = /\b(\d{1,2})(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)(\d{2})?\b/g;

export interface DateMatch {
  date: IsoDate;
  index: number;
  end: number;
  yearGiven: boolean;
  /** Written without its month ("Sat 23rd"): the month is the reader's guess. */
  partial?: boolean;
}

/**
 * The dates written in a piece of text, in order. A date without a year takes the year of
 * `anchor` (a date the document gives in full) or else the next such date from "now".
 */
export function scanDates(text: string, now: Date, anchor?: IsoDate | null): DateMatch[] {
  const folded = fold(text);
  const found: DateMatch[] = [];
  const yearFor = (monthNumber: number, day: number) => {
    if (!anchor) return inferYear(monthNumber, day, now);
    return yearNear(anchor, monthNumber);
  };
  const push = (y: number | null, mo: number, d: number, index: number, end: number) => {
    let date = iso(y ?? yearFor(mo, d), mo, d);
    // "lun 11 de octubre": of the years near, the one whose 11 October is a Monday.
    const weekday = WEEKDAY_NUMBER.get(/^([a-z]+)/.exec(folded.slice(index, end))?.[1] ?? '');
    if (date && y === null && weekday !== undefined && new Date(date).getUTCDay() !== weekday) {
      const near = Number(date.slice(0, 4));
      const other = [near + 1, near - 1, near + 2, near - 2]
        .map((candidate) => iso(candidate, mo, d))
        .find((c) => c && new Date(c).getUTCDay() === weekday);
      if (other) date = other;
    }
    if (date && !found.some((f) => index < f.end && end > f.index))
      found.push({ date, index, end, yearGiven: y !== null });
  };
  const year = (raw: string | undefined) =>
    raw
      ? raw.replace("'", '').length === 2
        ? 2000 + Number(raw.replace("'", ''))
        : Number(raw.replace("'", ''))
      : null;
  for (const m of folded.matchAll(ISO_DATE))
    push(Number(m[1]), Number(m[2]), Number(m[3]), m.index, m.index + m[0].length);
  for (const m of folded.matchAll(TEXT_DAY_FIRST)) {
    const mo = MONTHS.get(m[2]!)!;
    // "8 out of 10", "3 mar de ...": words that are also month abbreviations.
    if (
      /^(?:out|mar|set|ago)$/.test(m[2]!) &&
      !m[3] &&
      /^\s+(?:of|de|da|do)\b/.test(folded.slice(m.index + m[0].length))
    )
      continue;
    // "4 mar 15/09" (a table's day 4, Tuesday 15/09): a weekday's abbreviation before a numeric date.
    if (!m[3] && /^\s+\d{1,2}[./]\d{1,2}\b/.test(folded.slice(m.index + m[0].length))) continue;
    push(year(m[3]), mo, Number(m[1]), m.index, m.index + m[0].length);
  }
  for (const m of folded.matchAll(TEXT_MONTH_FIRST)) {
    // "mar 15/09", "sab 19/09": a weekday's abbreviation, the date is the numeric one.
    if (!m[3] && /^[./]\d/.test(folded.slice(m.index + m[0].length))) continue;
    push(year(m[3]), MONTHS.get(m[1]!)!, Number(m[2]), m.index, m.index + m[0].length);
  }
  for (const m of folded.matchAll(COMPACT))
    push(year(m[3]), MONTHS.get(m[2]!)!, Number(m[1]), m.index, m.index + m[0].length);
  for (const m of folded.matchAll(NUMERIC_DATE)) {
    const a = Number(m[2]);
    const b = Number(m[4]);
    const y = m[5] ? (m[5].length === 2 ? 2000 + Number(m[5]) : Number(m[5])) : null;
    // Without a year, "8/5" or "8.5" is a date only with a slash or in a heading-like place ("Fri 8/5").
    const germanShort = !m[5] && m[3] === '.' && folded[m.index + m[0].length] === '.';
    if (!m[5] && !germanShort && (m[3] === '-' || (m[3] === '.' && !m[1]))) continue;
    const [day, monthNumber] = dayMonth(a, b, m[3]!);
    push(y, monthNumber, day, m.index, m.index + m[0].length);
  }
  // Last, so that "Sat 23 May" is read whole above: a weekday and a day number without a month.
  for (const m of folded.matchAll(WEEKDAY_DAY)) {
    // Only where the month is clear: after a full date of the same text ("Thu 21 May, then Sat
    // 23rd"), or opening a line of a plan ("Mon 25th: car back", "then Sat 23rd ..."); "pense à
    // poser le lundi 27" in a letter is no day of the plan.
    const before = folded.slice(0, m.index);
    // Or after an article, in a text whose trip is dated (`anchor`): "Salimos el jueves 14 ...".
    const told = anchor !== null && anchor !== undefined && ARTICLE_BEFORE.test(before);
    if (!found.some((f) => f.index < m.index) && !LINE_OPENING.test(before) && !told) continue;
    const date = weekdayDate(
      WEEKDAY_NUMBER.get(m[1]!)!,
      Number(m[2]),
      anchor ??
        found.filter((f) => f.index < m.index).at(-1)?.date ??
        now.toISOString().slice(0, 10),
    );
    const end = m.index + m[0].length;
    if (date && !found.some((f) => m.index < f.end && end > f.index))
      found.push({ date, index: m.index, end, yearGiven: false, partial: true });
  }
  return found.sort((x, y) => x.index - y.index);
}

/** A date at the start of a line (after an optional weekday), and where it ends. */
export function leadingDate(
  text: string,
  now: Date,
  anchor?: IsoDate | null,
): DateMatch | undefined {
  const first = scanDates(text.slice(0, 60), now, anchor)[0];
  if (!first) return undefined;
  // "Le lundi 8 juin", "El 3 de mayo", "Am 5. Mai", "On 8 June": an article or preposition before it.
  return /^[\s([*#]*(?:(?:le|el|am|on|il|no|em|en|the)\s+)?$/i.test(text.slice(0, first.index))
    ? first
    : undefined;
}
