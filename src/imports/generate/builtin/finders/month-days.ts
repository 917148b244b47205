// Days written without their month: "the 3rd", "4th -> 7th", "Tue 9th", "sábado 23". Travellers'
// notes give the month once, in their heading ("VIETNAM — Nov 2027"), or write a full date and
// then only days ("3 Nov ... lands on the 4th"). `writeMonths` writes the month (and year) into
// each such day, so that every reader after it sees whole dates (docs/ai-import.md#how-the-built-in-extractor-reads-free-text).
// A day is read only where it is plainly a date: an English ordinal after "the", in a range, before
// a colon or a time, or a weekday and a day number; "the 2nd bag" and "4th floor" stay as written.
import { NOT_TRIP_DATE } from '../knowledge/document-words.ts';
import { MONTHS, MONTH_PATTERN } from '../knowledge/months.ts';
import { fold } from '../text.ts';
import { type IsoDate, iso, scanDates, WEEKDAY_NUMBER } from './dates.ts';

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

const WEEKDAY = `(${[...WEEKDAY_NUMBER.keys()].sort((a, b) => b.length - a.length).join('|')})`;
const ORDINAL = String.raw`(\d{1,2})(?:st|nd|rd|th)`;
const TO = String.raw`\s*(?:-+>?|→|=>|to|till|until|thru)\s*`;
/** What may follow a day read as a date: the end, punctuation, a time, a range's dash. */
const DATE_END = String.raw`(?=[ \t]*(?:$|\n|[,.;:!?()[\]]|\d|-|→|&|(?:and|to|till|until|at|am|pm)\b|@|[~≈]))`;
/** A month after the day: the date is whole already. */
const MONTH_AFTER = new RegExp(String.raw`^\.?\s*(?:of\s+|de\s+)?(?:${MONTH_PATTERN})\b`);

const PATTERNS: Array<{ pattern: RegExp; kind: 'range' | 'weekday' | 'the' | 'bare' }> = [
  // "4th -> 7th", "9th-13th", "13th to 16th"
  { pattern: new RegExp(String.raw`\b${ORDINAL}${TO}${ORDINAL}\b`, 'g'), kind: 'range' },
  // "Tue 9th", "Fri 5th 6pm", "sábado 23", "ven. 12": a weekday and a day number
  {
    pattern: new RegExp(
      String.raw`\b${WEEKDAY}\.?,?\s+(?:the\s+)?(\d{1,2})(?!\d)(?:st|nd|rd|th|º|ª|er)?${DATE_END}`,
      'g',
    ),
    kind: 'weekday',
  },
  // "the 3rd (Wed)", "on the 17th"
  { pattern: new RegExp(String.raw`\bthe\s+${ORDINAL}\b${DATE_END}`, 'g'), kind: 'the' },
  // "night 8th:", "back 8th ~11:00"
  {
    pattern: new RegExp(
      String.raw`\b${ORDINAL}\b(?=\s*(?::|\)|[~≈@]?\s*\d{1,2}(?:[:.h]\d{2}|\s*(?:am|pm)\b)))`,
      'g',
    ),
    kind: 'bare',
  },
];

interface Context {
  year: number;
  month: number;
  /** The context's day; a heading's month has none until its first day is read. */
  day: number | null;
  index: number;
}

/** "Nov 2027", "novembre 2027", "im Mai 2028" in the first lines, with no day before the month. */
function headingMonth(folded: string): Context | null {
  let offset = 0;
  let seen = 0;
  for (const line of folded.split('\n')) {
    if (line.trim()) {
      const m = new RegExp(String.raw`\b(${MONTH_PATTERN})\.?,?\s+(?:de\s+)?(\d{4})\b`).exec(line);
      if (m && !/\d\s*(?:st|nd|rd|th|º|ª|er|\.)?\s*(?:de\s+|of\s+)?$/.test(line.slice(0, m.index)))
        return {
          year: Number(m[2]),
          month: MONTHS.get(m[1]!)!,
          day: null,
          index: offset + m.index,
        };
      if (++seen >= 4) return null;
    }
    offset += line.length + 1;
  }
  return null;
}

/** A date in the heading's month or the next. */
function withinMonths(date: IsoDate, heading: Context): boolean {
  const months =
    Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - (heading.year * 12 + heading.month);
  return months === 0 || months === 1;
}

const weekdayOf = (date: IsoDate) => new Date(`${date}T00:00:00Z`).getUTCDay();

function monthStep(year: number, month: number, step: number): [number, number] {
  const m = month - 1 + step;
  return [year + Math.floor(m / 12), (((m % 12) + 12) % 12) + 1];
}

/**
 * The date of day `day` near `context`: in its month, or the next one when the day is two weeks or
 * more before the context's ("28th ... 2nd"); a weekday written beside it picks among the months
 * around.
 */
function dateOf(day: number, context: Context, weekday: number | undefined): IsoDate | null {
  const step = context.day !== null && day < context.day - 14 ? 1 : 0;
  const candidates = [step, step - 1, step + 1].map((s) => {
    const [y, m] = monthStep(context.year, context.month, s);
    return iso(y, m, day);
  });
  if (weekday === undefined) return candidates[0] ?? null;
  return candidates.find((c) => c && weekdayOf(c) === weekday) ?? null;
}

const written = (date: IsoDate) =>
  `${Number(date.slice(8))} ${MONTH_NAMES[Number(date.slice(5, 7)) - 1]} ${date.slice(0, 4)}`;

/** The text with the month and year written into each day given without them (see the file's comment). */
export function writeMonths(text: string, now: Date): string {
  const folded = fold(text);
  if (folded.length !== text.length) return text;
  // Full dates the text gives: each is the context of the days after it.
  const heading = headingMonth(folded);
  // A date on a line about the booking ("booked on", "issued") is no context, nor, under a heading's
  // month, a date of another month ("booked 9 Jun" in notes headed "Nov 2027").
  const lineOf = (index: number) =>
    folded.slice(
      folded.lastIndexOf('\n', index) + 1,
      (folded.indexOf('\n', index) + 1 || folded.length + 1) - 1,
    );
  const whole = scanDates(text, now).filter(
    (d) =>
      !d.partial &&
      !NOT_TRIP_DATE.test(lineOf(d.index)) &&
      (!heading || withinMonths(d.date, heading)),
  );
  const found: Array<{ index: number; end: number; kind: string; m: RegExpMatchArray }> = [];
  for (const { pattern, kind } of PATTERNS)
    for (const m of folded.matchAll(pattern)) {
      const end = m.index + m[0].length;
      const overlaps = (f: { index: number; end: number }) => m.index < f.end && end > f.index;
      if (whole.some(overlaps) || found.some(overlaps)) continue;
      if (MONTH_AFTER.test(folded.slice(end))) continue;
      found.push({ index: m.index, end, kind, m });
    }
  if (!found.length) return text;
  found.sort((a, b) => a.index - b.index);
  let firstDay: number | null = null;
  let out = '';
  let at = 0;
  for (const f of found) {
    const last = whole.filter((d) => d.index < f.index).at(-1);
    const context: Context | null =
      last && (!heading || last.index > heading.index)
        ? {
            year: Number(last.date.slice(0, 4)),
            month: Number(last.date.slice(5, 7)),
            day: Number(last.date.slice(8)),
            index: last.index,
          }
        : heading && heading.index < f.index
          ? { ...heading, day: firstDay }
          : null;
    // A weekday and its day after a full date are read as they are (finders/dates.ts, `WEEKDAY_DAY`):
    // the weekday finds its month. Only a heading's month, which scanDates does not see, is written in.
    if (!context || (f.kind === 'weekday' && context.index !== heading?.index)) continue;
    // "the 3rd (Wed)": a weekday in brackets after the day checks it.
    const after = /^\s*\(\s*([a-z]+)\.?\s*\)/.exec(folded.slice(f.end));
    const weekday =
      f.kind === 'weekday' ? WEEKDAY_NUMBER.get(f.m[1]!) : WEEKDAY_NUMBER.get(after?.[1] ?? '');
    let replacement: string | null = null;
    if (f.kind === 'range') {
      const start = dateOf(Number(f.m[1]), context, undefined);
      const endDay = Number(f.m[2]);
      const [y, m] = start
        ? monthStep(
            Number(start.slice(0, 4)),
            Number(start.slice(5, 7)),
            endDay >= Number(start.slice(8)) ? 0 : 1,
          )
        : [0, 0];
      const end = start ? iso(y, m, endDay) : null;
      if (start && end)
        replacement =
          start.slice(0, 7) === end.slice(0, 7)
            ? `${Number(start.slice(8))} - ${written(end)}`
            : `${written(start).replace(/ \d{4}$/, '')} - ${written(end)}`;
    } else {
      const dayText = f.kind === 'weekday' ? f.m[2]! : f.m[1]!;
      const date = dateOf(Number(dayText), context, weekday);
      if (date) {
        const prefix = f.kind === 'weekday' ? text.slice(f.index, f.index + f.m[1]!.length) : '';
        replacement = prefix ? `${prefix} ${written(date)}` : written(date);
      }
    }
    if (!replacement) continue;
    firstDay ??= Number((f.kind === 'weekday' ? f.m[2] : f.m[1])!);
    out += text.slice(at, f.index) + replacement;
    at = f.end;
  }
  return out + text.slice(at);
}
