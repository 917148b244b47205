// Structured data merged into a draft read from the text (by the built-in engine or a model).
// Structured data always wins, as in KDE's kitinerary: a flight or stay found by both is kept
// once with the structured fields (the text's copy only fills what the standard left empty), each
// structured block sits in the day of its date, and days are added when its dates extend the trip.
import type { DatedBlock, StructuredResult } from '../structured/structured-result.ts';
import { completeWith, sameBooking } from '../structured/structured-draft.ts';
import { addDays, daysBetween } from '../structured/values.ts';
import { cleanStructuredTitle } from './structured-title.ts';
import { draftSchema, type Draft, type DraftBlockInput, type DraftDayInput } from './draft.ts';

const MAX_DAYS = 90;

export interface Merged {
  draft: Draft;
  notes: string[];
}

export function mergeStructured(
  draft: Draft,
  structured: StructuredResult,
  now: Date = new Date(),
): Merged {
  const blocks = structured.blocks;
  if (
    !blocks.length &&
    !structured.title &&
    !structured.price &&
    !structured.payments.length &&
    !structured.included.length &&
    !structured.excluded.length &&
    !structured.dateStart
  )
    return { draft, notes: [] };
  // A calendar's text is its events again: what the text reader made of it goes.
  const text = structured.textIsRendering
    ? { ...draft, dateStart: null, dateFinish: null, duration: null, days: [] }
    : draft;
  const days: DraftDayInput[] = text.days.map((d) => ({ ...d, blocks: [...d.blocks] }));
  const replaced = takeTextCopies(days, blocks) + dropEchoes(days, blocks);
  const programme = isProgramme(days);
  const range = tripRange(days, structured);
  const placed = range
    ? datedDays(days, range)
    : days.length
      ? days
      : [{ day: 1, date: null, title: null, blocks: [] }];
  for (const b of blocks) insert(placed.find((d) => d.date === b.date) ?? placed[0]!, b.block);
  const first = placed[0]?.date ?? null;
  const last = placed.at(-1)?.date ?? null;
  const merged = draftSchema.parse({
    ...draft,
    title:
      usableTitle(structured.title ? cleanStructuredTitle(structured.title, now) : null) ??
      draft.title,
    description: draft.description ?? structured.description,
    dateStart: range ? first : draft.dateStart,
    dateFinish: range ? last : draft.dateFinish,
    // The trip's length is the days its dates span once structured dates fix them.
    duration: range ? placed.length : draft.duration,
    countries: countriesOf(structured, draft, programme),
    timezone: structured.timezone ?? draft.timezone,
    language: structured.language ?? draft.language,
    days: placed.map((d, i) => ({ ...d, day: i + 1 })),
    price: priceOf(structured, draft),
    payments: structured.payments.length
      ? structured.payments.map((p) => ({ ...p, text: p.text ?? null }))
      : draft.payments,
    included: structured.included.length ? structured.included : draft.included,
    excluded: structured.excluded.length ? structured.excluded : draft.excluded,
  });
  const kinds = countBy(blocks.map((b) => b.block.type));
  const notes = [
    `Structured data: ${
      Object.entries(kinds)
        .map(([k, n]) => `${n} ${k}`)
        .join(', ') || 'trip fields only'
    }${replaced ? `; ${replaced} block${replaced === 1 ? '' : 's'} read from the text replaced by them` : ''}${placed.length > draft.days.length && range ? `; ${placed.length - draft.days.length} day(s) added` : ''}.`,
  ];
  return { draft: merged, notes };
}

/**
 * Removes from the text's days the blocks that a structured block describes, filling the
 * structured block's empty fields from them (an airline name, a departure time a barcode lacks).
 * A block the text dated on another day still matches when it is the only candidate.
 */
function takeTextCopies(days: DraftDayInput[], blocks: DatedBlock[]): number {
  let replaced = 0;
  for (const s of blocks) {
    const candidates = days.flatMap((day) => day.blocks.map((block) => ({ day, block })));
    const strict = candidates.filter((c) =>
      sameBooking(
        s.block,
        c.block as DraftBlockInput,
        s.date,
        dateOf(c.block as DraftBlockInput) ?? c.day.date ?? null,
      ),
    );
    const loose = strict.length
      ? strict
      : candidates.filter((c) => sameBooking(s.block, c.block as DraftBlockInput, null, null));
    const matches = strict.length
      ? strict
      : loose.length === 1 && (s.block.type === 'flight' || s.block.type === 'accommodation')
        ? loose
        : [];
    for (const { day, block } of matches) {
      s.block = completeWith(s.block, block as DraftBlockInput);
      day.blocks.splice(day.blocks.indexOf(block), 1);
      replaced++;
    }
  }
  // A flight the text read without its number (the number on another line) is the structured
  // flight of the same route, when only one flies it.
  for (const s of blocks) {
    if (s.block.type !== 'flight' || !s.block.content.departureAirport) continue;
    const route = (b: DraftBlockInput) =>
      b.type === 'flight' ? `${b.content.departureAirport}-${b.content.arrivalAirport}` : '';
    if (blocks.filter((o) => route(o.block) === route(s.block)).length > 1) continue;
    for (const day of days) {
      for (const block of [...day.blocks]) {
        if (
          block.type !== 'flight' ||
          block.content.flightNumber ||
          route(block as DraftBlockInput) !== route(s.block)
        )
          continue;
        s.block = completeWith(s.block, block as DraftBlockInput);
        day.blocks.splice(day.blocks.indexOf(block), 1);
        replaced++;
      }
    }
  }
  return replaced;
}

/**
 * The structured countries when there are some, unless the text is a programme of its own (a tour
 * page with one booking marked up), whose countries count too. A confirmation's text names
 * other places (offers, the agency's office) that are not the trip's. Never the traveller's home.
 */
function countriesOf(structured: StructuredResult, draft: Draft, programme: boolean): string[] {
  const structuredOnly =
    structured.countries.length > 0 && (structured.datesAuthoritative || !programme);
  return [...new Set([...structured.countries, ...(structuredOnly ? [] : draft.countries)])].filter(
    (c) => c !== structured.home,
  );
}

/**
 * An activity the text reader made of a line that only repeats a structured booking (a table row
 * "Return | BA553 | Rome 19:05 ...") is that booking again: it goes.
 */
function dropEchoes(days: DraftDayInput[], blocks: DatedBlock[]): number {
  const keys = blocks
    .flatMap((b) =>
      b.block.type === 'flight'
        ? [b.block.content.flightNumber, b.block.content.bookingReference]
        : [],
    )
    .filter((k): k is string => !!k && k.length >= 4);
  if (!keys.length) return 0;
  const pattern = new RegExp(
    `(?:^|[^A-Z0-9])(?:${keys.map((k) => k.replace(/^([A-Z0-9]{2})(\d+)$/, '$1\\s?$2')).join('|')})(?![A-Z0-9])`,
    'i',
  );
  let dropped = 0;
  for (const day of days) {
    const before = day.blocks.length;
    day.blocks = day.blocks.filter(
      (b) => !(b.type === 'activity' && pattern.test(b.content.title)),
    );
    dropped += before - day.blocks.length;
  }
  return dropped;
}

const dateOf = (b: DraftBlockInput): string | null =>
  b.type === 'flight'
    ? (b.content.date ?? null)
    : b.type === 'accommodation'
      ? b.content.checkIn
      : null;

interface Range {
  start: string;
  finish: string;
}

/**
 * The trip's dates: the structured ones, widened by the text's only where the text fills those
 * days itself (a programme's day headers, a booking of its own) and lies near them. A reader's
 * guess from a stray date (a booking date, a deposit's due date, an offer for another season)
 * does not stretch the trip.
 */
function tripRange(days: DraftDayInput[], s: StructuredResult): Range | null {
  const structuredDates = [s.dateStart, s.dateFinish, ...s.blocks.flatMap((b) => [b.date, b.until])]
    .filter((d): d is string => !!d)
    .sort();
  if (!structuredDates.length) return null;
  let start = structuredDates[0]!;
  let finish = structuredDates.at(-1)!;
  const evidence = s.datesAuthoritative
    ? []
    : days
        .filter(
          (d) =>
            d.date &&
            (d.title ||
              d.blocks.some(
                (b) => b.type === 'flight' || b.type === 'accommodation' || b.type === 'transport',
              )),
        )
        .map((d) => d.date!)
        .sort();
  if (evidence.length) {
    const [first, last] = [evidence[0]!, evidence.at(-1)!];
    const apart = daysBetween(finish, first) > 3 || daysBetween(last, start) > 3;
    if (!apart) {
      // ISO dates (strings) compare in calendar order.
      if (first < start) start = first;
      if (last > finish) finish = last;
    }
  }
  if (
    !s.datesAuthoritative &&
    days.some((d) => d.date) &&
    days.every((d) => !d.date || daysBetween(d.date, start) > 3 || daysBetween(finish, d.date) > 3)
  ) {
    // The text's dates lie elsewhere (another season, "today" guessed): a programme's days are
    // anchored on the structured start; a confirmation's blocks gather on the first day.
    if (isProgramme(days)) for (const day of days) day.date = null;
    else
      days.splice(0, days.length, {
        day: 1,
        date: start,
        title: null,
        blocks: days.flatMap((d) => d.blocks),
      });
  }
  // An undated programme ("Day 1 … Day 8") is anchored on the structured start and keeps its length.
  if (!s.datesAuthoritative && isProgramme(days) && days.every((d) => !d.date)) {
    const last = addDays(start, Math.max(...days.map((d, i) => d.day ?? i + 1)) - 1);
    if (last > finish) finish = last;
  }
  return daysBetween(start, finish) + 1 > MAX_DAYS ? null : { start, finish };
}

/** Days of a programme: headed days ("Day 2: Vatican"), not the days a confirmation's dates span. */
const isProgramme = (days: DraftDayInput[]) => days.filter((d) => d.title).length >= 2;

/** One day per date of the range: the text's days by their date (undated ones in order from the start), new days between. */
function datedDays(days: DraftDayInput[], range: Range): DraftDayInput[] {
  const anchored = days.some((d) => d.date);
  const byDate = new Map<string, DraftDayInput>();
  const outside: DraftDayInput['blocks'] = [];
  days.forEach((day, i) => {
    const date = day.date ?? (anchored ? null : addDays(range.start, (day.day ?? i + 1) - 1));
    if (!date) return;
    if (!day.date) dateBlocks(day.blocks, date);
    // A day outside the trip's dates: its notes are kept on the first day, its guesses go.
    if (date < range.start || date > range.finish) {
      outside.push(...day.blocks.filter((b) => b.type === 'text'));
      return;
    }
    const existing = byDate.get(date);
    if (existing) existing.blocks.push(...day.blocks);
    else byDate.set(date, { ...day, date });
  });
  const out: DraftDayInput[] = [];
  for (
    let date = range.start, i = 0;
    date <= range.finish && i < MAX_DAYS;
    date = addDays(date, 1), i++
  )
    out.push(byDate.get(date) ?? { day: i + 1, date, title: null, blocks: [] });
  out[0]!.blocks.unshift(...outside);
  // Undated days of a dated text (rare) keep their blocks on the first day rather than losing them.
  for (const day of days) if (!day.date && anchored) out[0]!.blocks.push(...day.blocks);
  return out;
}

/** Blocks of a day that has just got its date: a stay checks in that day, a flight leaves that day. */
function dateBlocks(blocks: DraftDayInput['blocks'], date: string): void {
  for (const block of blocks) {
    if (block.type === 'accommodation' && !block.content.checkIn) {
      block.content.checkIn = date;
      if (block.content.nights && !block.content.checkOut)
        block.content.checkOut = addDays(date, block.content.nights);
    }
    if (block.type === 'flight' && !block.content.date) block.content.date = date;
  }
}

/** In time order among the day's timed blocks; an untimed stay at the end of the day. */
function insert(day: DraftDayInput, block: DraftBlockInput): void {
  const time = timeOf(block);
  if (!time) {
    day.blocks.push(block);
    return;
  }
  const later = day.blocks.findIndex((b) => (timeOf(b as DraftBlockInput) ?? '') > time);
  const timed = day.blocks.some((b) => timeOf(b as DraftBlockInput));
  if (later >= 0) day.blocks.splice(later, 0, block);
  else if (!timed && time < '12:00') day.blocks.unshift(block);
  else day.blocks.push(block);
}

function timeOf(b: DraftBlockInput): string | null {
  if (b.type === 'flight') return b.content.departureTime ?? null;
  if (b.type === 'activity' || b.type === 'transport') return b.content.time ?? null;
  return null;
}

/**
 * The structured price wins, unless the text states the same booking per person: "484 € per
 * person" beside a structured total of 968 € keeps the per-person amount with its total.
 */
function priceOf(s: StructuredResult, draft: Draft): Draft['price'] {
  if (!s.price) return draft.price;
  const text = draft.price;
  if (
    text &&
    s.price.per !== 'person' &&
    text.per === 'person' &&
    text.currency === s.price.currency &&
    text.amount > 0
  ) {
    const travellers = s.price.amount / text.amount;
    if (
      Number.isInteger(Math.round(travellers * 100) / 100) &&
      travellers >= 1 &&
      travellers <= 20
    ) {
      return {
        ...text,
        total: s.price.amount,
        travellers: text.travellers ?? (Math.round(travellers) || null),
      };
    }
  }
  return { ...s.price, total: s.price.total ?? null, text: null };
}

/** A structured title unless it is a code or shouted. */
function usableTitle(title: string | null): string | null {
  if (!title || title.length < 3 || title.length > 150) return null;
  if (/^[A-Z0-9-]{4,10}$/.test(title)) return null;
  return title === title.toUpperCase() && /\p{L}{4}/u.test(title)
    ? title.toLowerCase().replace(/(^|\s)\p{L}/gu, (c) => c.toUpperCase())
    : title;
}

function countBy(values: string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const v of values) out[v] = (out[v] ?? 0) + 1;
  return out;
}
