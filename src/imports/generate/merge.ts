// Structured data merged into a draft read from the text (by the built-in engine or a model).
// Structured data always wins, as in KDE's kitinerary: a flight or stay found by both is kept
// once with the structured fields (the text's copy only fills what the standard left empty), each
// structured block sits in the day of its date, and days are added when its dates extend the trip.
import type { DatedBlock, StructuredResult } from '../structured/structured-result.ts';
import { completeWith, sameBooking } from '../structured/structured-draft.ts';
import { addDays, daysBetween } from '../structured/values.ts';
import { draftSchema, type Draft, type DraftBlockInput, type DraftDayInput } from './draft.ts';

const MAX_DAYS = 90;

export interface Merged { draft: Draft; notes: string[] }

export function mergeStructured(draft: Draft, structured: StructuredResult): Merged {
  const blocks = structured.blocks;
  if (!blocks.length && !structured.title && !structured.price && !structured.payments.length && !structured.dateStart) return { draft, notes: [] };
  // A calendar's text is its events again: what the text reader made of it goes.
  const text = structured.textIsRendering ? { ...draft, dateStart: null, dateFinish: null, duration: null, days: [] } : draft;
  const days: DraftDayInput[] = text.days.map((d) => ({ ...d, blocks: [...d.blocks] }));
  const replaced = takeTextCopies(days, blocks) + dropEchoes(days, blocks);
  const textBookings = days.some((d) => d.blocks.some((b) => b.type !== 'text'));
  const range = tripRange(text, days, structured);
  const placed = range ? datedDays(days, range) : days.length ? days : [{ day: 1, date: null, title: null, blocks: [] }];
  for (const b of blocks) insert(placed.find((d) => d.date === b.date) ?? placed[0]!, b.block);
  const first = placed[0]?.date ?? null;
  const last = placed.at(-1)?.date ?? null;
  const datesChanged = first !== draft.dateStart || last !== draft.dateFinish;
  const merged = draftSchema.parse({
    ...draft,
    title: usableTitle(structured.title) ?? draft.title,
    description: draft.description ?? structured.description,
    dateStart: range ? first : draft.dateStart,
    dateFinish: range ? last : draft.dateFinish,
    duration: range && datesChanged ? placed.length : draft.duration,
    countries: countriesOf(structured, draft, textBookings),
    timezone: structured.timezone ?? draft.timezone,
    days: placed.map((d, i) => ({ ...d, day: i + 1 })),
    price: structured.price ? { ...structured.price, total: null, text: null } : draft.price,
    payments: structured.payments.length ? structured.payments.map((p) => ({ ...p, text: null })) : draft.payments,
  });
  const kinds = countBy(blocks.map((b) => b.block.type));
  const notes = [`Structured data: ${Object.entries(kinds).map(([k, n]) => `${n} ${k}`).join(', ') || 'trip fields only'}${replaced ? `; ${replaced} block${replaced === 1 ? '' : 's'} read from the text replaced by them` : ''}${placed.length > draft.days.length && range ? `; ${placed.length - draft.days.length} day(s) added` : ''}.`];
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
    const strict = candidates.filter((c) => sameBooking(s.block, c.block as DraftBlockInput, s.date, c.day.date ?? dateOf(c.block as DraftBlockInput)));
    const loose = strict.length ? strict : candidates.filter((c) => sameBooking(s.block, c.block as DraftBlockInput, null, null));
    const matches = strict.length ? strict : loose.length === 1 && (s.block.type === 'flight' || s.block.type === 'accommodation') ? loose : [];
    for (const { day, block } of matches) {
      s.block = completeWith(s.block, block as DraftBlockInput);
      day.blocks.splice(day.blocks.indexOf(block), 1);
      replaced++;
    }
  }
  return replaced;
}

/**
 * The structured countries when they describe the whole trip (a calendar, an export, a
 * confirmation whose text adds no booking of its own); else the text's too. Never the traveller's home.
 */
function countriesOf(structured: StructuredResult, draft: Draft, textBookings: boolean): string[] {
  const structuredOnly = structured.countries.length > 0 && (structured.datesAuthoritative || !textBookings);
  return [...new Set([...structured.countries, ...(structuredOnly ? [] : draft.countries)])].filter((c) => c !== structured.home);
}

/**
 * An activity the text reader made of a line that only repeats a structured booking (a table row
 * "Return | BA553 | Rome 19:05 ...") is that booking again: it goes.
 */
function dropEchoes(days: DraftDayInput[], blocks: DatedBlock[]): number {
  const keys = blocks.flatMap((b) => (b.block.type === 'flight' ? [b.block.content.flightNumber, b.block.content.bookingReference] : []))
    .filter((k): k is string => !!k && k.length >= 4);
  if (!keys.length) return 0;
  const pattern = new RegExp(`(?:^|[^A-Z0-9])(?:${keys.map((k) => k.replace(/^([A-Z0-9]{2})(\d+)$/, '$1\\s?$2')).join('|')})(?![A-Z0-9])`, 'i');
  let dropped = 0;
  for (const day of days) {
    const before = day.blocks.length;
    day.blocks = day.blocks.filter((b) => !(b.type === 'activity' && pattern.test(b.content.title)));
    dropped += before - day.blocks.length;
  }
  return dropped;
}

const dateOf = (b: DraftBlockInput): string | null =>
  b.type === 'flight' ? b.content.date ?? null : b.type === 'accommodation' ? b.content.checkIn : null;

interface Range { start: string; finish: string; bounded?: boolean }

/** The trip's dates: the text's, widened to every structured date (or the structured ones alone when the text's lie elsewhere). */
function tripRange(draft: Draft, days: DraftDayInput[], s: StructuredResult): Range | null {
  const structuredDates = [s.dateStart, s.dateFinish, ...s.blocks.flatMap((b) => [b.date, b.until])].filter((d): d is string => !!d).sort();
  const textStart = draft.dateStart ?? days.find((d) => d.date)?.date ?? null;
  const textFinish = draft.dateFinish ?? [...days].reverse().find((d) => d.date)?.date ?? textStart;
  if (!structuredDates.length) return null;
  let start = structuredDates[0]!;
  let finish = structuredDates.at(-1)!;
  // The structured items carry the whole trip (a calendar, an export): their dates bound it.
  if (s.datesAuthoritative) return daysBetween(start, finish) + 1 > MAX_DAYS ? null : { start, finish, bounded: true };
  if (textStart && textFinish) {
    // Text dates far from every structured one (a booking date, another trip) are not this trip's.
    const apart = daysBetween(finish, textStart) > 3 || daysBetween(textFinish, start) > 3;
    if (!apart) { start = textStart < start ? textStart : start; finish = textFinish > finish ? textFinish : finish; }
    else for (const day of days) day.date = null;
  }
  if (daysBetween(start, finish) + 1 > MAX_DAYS) return null;
  return { start, finish };
}

/** One day per date of the range: the text's days by their date (undated ones in order from the start), new days between. */
function datedDays(days: DraftDayInput[], range: Range): DraftDayInput[] {
  const anchored = days.some((d) => d.date);
  const byDate = new Map<string, DraftDayInput>();
  days.forEach((day, i) => {
    const date = day.date ?? (anchored ? null : addDays(range.start, (day.day ?? i + 1) - 1));
    if (!date || (range.bounded && (date < range.start || date > range.finish))) return; // a bounded range drops the text's days outside it
    const existing = byDate.get(date);
    if (existing) existing.blocks.push(...day.blocks);
    else byDate.set(date, { ...day, date });
  });
  const out: DraftDayInput[] = [];
  const finish = [...byDate.keys()].reduce((a, b) => (b > a ? b : a), range.finish);
  const start = [...byDate.keys()].reduce((a, b) => (b < a ? b : a), range.start);
  for (let date = start, i = 0; date <= finish && i < MAX_DAYS; date = addDays(date, 1), i++) out.push(byDate.get(date) ?? { day: i + 1, date, title: null, blocks: [] });
  // Undated days of a dated text (rare) keep their blocks on the first day rather than losing them.
  for (const day of days) if (!day.date && anchored) out[0]!.blocks.push(...day.blocks);
  return out;
}

/** In time order among the day's timed blocks; an untimed stay at the end of the day. */
function insert(day: DraftDayInput, block: DraftBlockInput): void {
  const time = timeOf(block);
  if (!time) { day.blocks.push(block); return; }
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

/** A structured title unless it is a code or shouted. */
function usableTitle(title: string | null): string | null {
  if (!title || title.length < 3 || title.length > 150) return null;
  if (/^[A-Z0-9-]{4,10}$/.test(title)) return null;
  return title === title.toUpperCase() && /\p{L}{4}/u.test(title) ? title.toLowerCase().replace(/(^|\s)\p{L}/gu, (c) => c.toUpperCase()) : title;
}

function countBy(values: string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const v of values) out[v] = (out[v] ?? 0) + 1;
  return out;
}
