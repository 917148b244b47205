// The built-in generator (the default, no network): reads title, dates, duration, countries,
// price and a day-by-day itinerary from the text of tour programmes, flight and hotel
// confirmations and short free-form plans, in English, Spanish, French, Portuguese, German
// and Italian. Rules, not a model: what it cannot place stays as text blocks.
import { detectLanguage, ISO_639_1 } from '../../extract/language.ts';
import { draftSchema, type Draft, type DraftBlockInput, type DraftDayInput, type GenerateOptions, type Generator } from '../draft.ts';
import { readDay } from './blocks.ts';
import { addDays, daysBetween, findDates, findRanges, type IsoDate } from './dates.ts';
import { documentLines } from './document-lines.ts';
import { findPrice } from './money.ts';
import { tripCountries } from './trip-countries.ts';
import { CHECK_IN, CHECK_OUT, DAY_HEADER, DURATION_DAYS, DURATION_NIGHTS, GENERIC_TITLES, NOT_TRIP_DATE, fold } from './vocabulary.ts';

const MAX_DAYS = 60;
const TITLE_LABEL = /^(?:title|trip|tour|trip name|titulo|viaje|programa|circuito|titre|voyage|circuit|titulo|viagem|roteiro|titel|reise|rundreise|titolo|viaggio|tour name)\s*:\s*(.+)$/i;

interface Section { day: number; header: string; lines: string[] }

export const builtinGenerator: Generator = {
  name: 'builtin',
  async generate(text: string, { now }: GenerateOptions): Promise<Draft> {
    return extractDraft(text, now);
  },
};

export function extractDraft(text: string, now: Date): Draft {
  const lines = documentLines(text);
  const language = ISO_639_1[detectLanguage(lines.join('\n'))];
  const { preamble, sections } = splitDays(lines);
  const title = findTitle(preamble.length ? preamble : lines);
  const dates = tripDates(lines, preamble, language, now);
  const days = sections.length ? itineraryDays(sections, dates.start, language, now) : confirmationDays(lines, dates, language, now);
  const start = dates.start ?? days.find((d) => d.date)?.date ?? null;
  const finish = dates.finish ?? [...days].reverse().find((d) => d.date)?.date ?? null;
  const duration = findDuration(preamble.length ? preamble : lines, start, finish, sections.length);
  fillDayDates(days, start);
  const flights = days.flatMap((d) => d.blocks).filter((b) => b.type === 'flight');
  return draftSchema.parse({
    title,
    description: null,
    dateStart: start,
    dateFinish: finish ?? (start && duration ? addDays(start, duration - 1) : null),
    duration,
    countries: tripCountries(lines.join('\n'), flights),
    language,
    days,
    price: findPrice(lines),
  });
}

function splitDays(lines: string[]): { preamble: string[]; sections: Section[] } {
  const preamble: string[] = [];
  const sections: Section[] = [];
  for (const line of lines) {
    const header = DAY_HEADER.exec(fold(line));
    const day = header ? Number(header[1] ?? header[2]) : NaN;
    if (header && day >= 1 && day <= MAX_DAYS && line.length < 160) {
      // The header's own words, from the original line (accents kept).
      const rest = line.slice(line.length - header[3]!.length).trim();
      sections.push({ day, header: rest, lines: [] });
    } else if (sections.length) sections.at(-1)!.lines.push(line);
    else preamble.push(line);
  }
  // "Day 1" written once in a confirmation is not a programme.
  return sections.length >= 2 ? { preamble, sections } : { preamble: lines, sections: [] };
}

function findTitle(lines: string[]): string {
  for (const line of lines.slice(0, 15)) {
    const labelled = TITLE_LABEL.exec(line);
    if (labelled) return labelled[1]!.trim().slice(0, 200);
  }
  const candidate = lines.slice(0, 8).find((line) => {
    const folded = fold(line);
    const aboutDates = DURATION_DAYS.test(folded) || DURATION_NIGHTS.test(folded) || /\b(?:19|20)\d{2}\b/.test(folded);
    return !aboutDates && line.length >= 3 && line.length <= 120 && /\p{L}{3}/u.test(line) && !GENERIC_TITLES.test(folded)
      && !/^(?:booking|reservation|reserva|ref|pnr|confirmation|date|fecha|page|tel|phone|email|www\.)/.test(folded) && !/:\s*\S/.test(line.slice(0, 25));
  });
  if (candidate) return candidate.replace(/[.:]+$/, '').trim().slice(0, 200);
  // Only dated lines: the first sentence of the first, without its dates ("Weekend in Lisbon, 14 to 16 April 2026. Day 1: ...").
  const sentence = (lines[0] ?? 'Imported trip').split(/(?<=[.!?])\s/)[0]!.replace(/[.:]+$/, '');
  const parts = sentence.split(/,\s|\s[–-]\s|\s·\s/);
  const undated = parts.filter((part) => !/\b(?:19|20)\d{2}\b/.test(part) && !DURATION_DAYS.test(fold(part)));
  return (undated.length ? undated.join(', ') : sentence).trim().slice(0, 200);
}

interface TripDates { start: IsoDate | null; finish: IsoDate | null; all: IsoDate[] }

function tripDates(lines: string[], preamble: string[], language: string, now: Date): TripDates {
  const tripLines = lines.filter((line) => !NOT_TRIP_DATE.test(fold(line)));
  const range = findRanges(fold(preamble.filter((l) => !NOT_TRIP_DATE.test(fold(l))).join('\n')), now)[0];
  const all = tripLines.flatMap((line) => findDates(line, language, now)).sort();
  if (range) return { start: range.start, finish: range.end, all };
  // "Departure: 8 January 2027 – Return: 17 January 2027": two dates on one line of the preamble.
  for (const line of preamble.filter((l) => !NOT_TRIP_DATE.test(fold(l)))) {
    const [first, second, ...more] = findDates(line, language, now);
    if (first && second && !more.length && first < second && daysBetween(first, second) <= 120) return { start: first, finish: second, all };
  }
  // A confirmation: its check-in (arrival) and check-out (departure) dates.
  const checkIn = labelledDate(tripLines, CHECK_IN, language, now);
  const checkOut = labelledDate(tripLines, CHECK_OUT, language, now);
  if (checkIn && checkOut && checkIn < checkOut) return { start: checkIn, finish: checkOut, all };
  return { start: null, finish: null, all };
}

function findDuration(lines: string[], start: IsoDate | null, finish: IsoDate | null, dayCount: number): number | null {
  const folded = fold(lines.slice(0, 20).join('\n'));
  const days = DURATION_DAYS.exec(folded);
  if (days && Number(days[1]) > 0) return Number(days[1]);
  const nights = DURATION_NIGHTS.exec(folded);
  if (nights && Number(nights[1]) > 0) return Number(nights[1]) + 1;
  if (start && finish) return daysBetween(start, finish) + 1;
  return dayCount || null;
}

function itineraryDays(sections: Section[], start: IsoDate | null, language: string, now: Date): DraftDayInput[] {
  const days: DraftDayInput[] = [];
  const stays: Array<{ day: DraftDayInput; name: string; nights: number }> = [];
  for (const section of sections) {
    const date = findDates(section.header, language, now)[0] ?? (start ? addDays(start, section.day - 1) : null);
    const lines = [...section.lines];
    const labelledTitle = lines[0] && /^(?:title|titulo|titre|titel|titolo)\s*:\s*(.+)$/i.exec(lines[0]);
    if (labelledTitle) lines.shift();
    const { blocks, hotels } = readDay(lines, date);
    const day: DraftDayInput = { day: section.day, date, title: tidyTitle(labelledTitle ? labelledTitle[1]! : section.header), blocks };
    days.push(day);
    const hotel = hotels.at(-1);
    const previous = stays.at(-1);
    if (hotel && previous && sameHotel(previous.name, hotel) && previous.day.day + previous.nights === section.day) previous.nights++;
    else if (hotel) stays.push({ day, name: hotel, nights: 1 });
  }
  for (const stay of stays) {
    const checkIn = stay.day.date;
    stay.day.blocks.push({
      type: 'accommodation',
      content: { name: stay.name, checkIn, checkOut: checkIn ? addDays(checkIn, stay.nights) : null, nights: stay.nights, city: null },
    });
  }
  return days;
}

const tidyTitle = (s: string) => s.replace(/^[\s:.\-–—|]+|[\s:.\-–—|]+$/g, '').slice(0, 200) || null;
const sameHotel = (a: string, b: string) => fold(a) === fold(b) || /^(?:same|mismo|meme|mesmo|gleiche|stesso)/.test(fold(b));

/** A confirmation or short plan without "Day n" sections: one day per date it covers. */
function confirmationDays(lines: string[], dates: TripDates, language: string, now: Date): DraftDayInput[] {
  const { blocks, hotels } = readDay(lines, null);
  const start = dates.start ?? dates.all[0] ?? null;
  const finish = dates.finish ?? dates.all.at(-1) ?? null;
  const span = start && finish ? Math.min(daysBetween(start, finish) + 1, MAX_DAYS) : 1;
  const days: DraftDayInput[] = Array.from({ length: Math.max(1, span) }, (_, i) => ({ day: i + 1, date: start ? addDays(start, i) : null, title: null, blocks: [] }));
  const dayOf = (date: IsoDate | null) => days.find((d) => d.date === date) ?? days[0]!;
  for (const block of blocks) {
    if (block.type === 'flight') {
      const date = flightDate(lines, block, language, now);
      block.content.date = date;
      dayOf(date).blocks.push(block);
    } else days[0]!.blocks.push(block);
  }
  if (hotels.length) {
    const checkIn = labelledDate(lines, CHECK_IN, language, now) ?? start;
    const checkOut = labelledDate(lines, CHECK_OUT, language, now) ?? (finish && finish !== checkIn ? finish : null);
    const nights = checkIn && checkOut ? daysBetween(checkIn, checkOut) : null;
    dayOf(checkIn).blocks.push({ type: 'accommodation', content: { name: hotels[0]!, checkIn, checkOut, nights: nights && nights > 0 ? nights : null, city: null } });
  }
  return days;
}

function flightDate(lines: string[], block: DraftBlockInput & { type: 'flight' }, language: string, now: Date): IsoDate | null {
  const number = block.content.flightNumber;
  const index = lines.findIndex((l) => (number && l.replace(/\s/g, '').includes(number)) || (block.content.departureAirport && l.includes(`(${block.content.departureAirport})`)));
  for (const line of index >= 0 ? lines.slice(Math.max(0, index - 1), index + 2) : []) {
    const date = findDates(line, language, now)[0];
    if (date) return date;
  }
  return null;
}

function labelledDate(lines: string[], label: RegExp, language: string, now: Date): IsoDate | null {
  for (const line of lines) if (label.test(fold(line))) { const date = findDates(line, language, now)[0]; if (date) return date; }
  return null;
}

function fillDayDates(days: DraftDayInput[], start: IsoDate | null) {
  if (!start) return;
  for (const day of days) day.date ??= addDays(start, day.day - 1);
}
