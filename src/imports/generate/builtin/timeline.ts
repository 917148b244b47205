// The timeline stage: bookings that readers read whole (../readers/) go to the day of their
// date, in date order. A date beyond the days read so far adds the days up to it (at most MAX_SPAN after the
// first), so that a flight of the 9th never sits in the day of the 6th; a stay's nights follow
// from its check-in and check-out.
import type { DraftBlockInput, DraftDayInput } from '../draft.ts';
import { addDays, daysBetween, type IsoDate } from './finders/dates.ts';
import type { DatedBlock } from './readers/reader.ts';

const MAX_SPAN = 60;

/** Places each booking in the day of its date, adding the days it needs; undated ones go to day 1. */
export function placeBookings(
  days: DraftDayInput[],
  bookings: readonly DatedBlock[],
  /** A confirmation (no day-by-day layout): its trip starts with its first booking. */
  confirmation = false,
): void {
  dropFarDays(days, bookings, confirmation);
  for (const { date, block } of [...bookings].sort((a, b) =>
    (a.date ?? '').localeCompare(b.date ?? ''),
  )) {
    completeStay(block);
    const day = date ? dayOn(days, date) : days[0];
    if (day) day.blocks.push(block);
    else days.push({ day: days.length + 1, date, title: null, blocks: [block] });
  }
  days.sort((a, b) => a.day - b.day);
}

/**
 * Days the text dated far from every booking read whole (over MAX_SPAN days: a booking, issue or
 * mistyped date, "City-Rückfahrt am 04.11.17" on a 2027 ticket) are no days of the trip when they
 * hold only text (or journeys without ends or time), nor are a confirmation's days before its first
 * booking (the day it was booked, paid or issued): their blocks join the first day kept, and the days are numbered again.
 */
function dropFarDays(
  days: DraftDayInput[],
  bookings: readonly DatedBlock[],
  confirmation: boolean,
): void {
  const dates = bookings.flatMap((b) => (b.date ? [b.date] : []));
  if (!dates.length) return;
  const first = [...dates].sort()[0]!;
  const far = (d: DraftDayInput) =>
    d.date !== null &&
    ((confirmation && d.date < first) ||
      dates.every((date) => Math.abs(daysBetween(d.date!, date)) > MAX_SPAN));
  const dropped = days.filter(far);
  if (!dropped.length || dropped.some((d) => d.blocks.some((b) => !loose(b)))) return;
  const kept = days.filter((d) => !far(d));
  if (kept.some((d) => !d.date)) return;
  const text = dropped.flatMap((d) => d.blocks);
  days.splice(0, days.length, ...kept);
  if (!days.length) {
    days.push({ day: 1, date: first, title: null, blocks: text });
    return;
  }
  days.sort((a, b) => a.date!.localeCompare(b.date!));
  const base = days[0]!.date!;
  for (const day of days) day.day = daysBetween(base, day.date!) + 1;
  days[0]!.blocks.unshift(...text);
}

/** A block the text made of a sentence, with nothing that dates it: text, a journey without its ends or time. */
const loose = (b: DraftBlockInput) =>
  b.type === 'text' ||
  (b.type === 'transport' && !b.content.from && !b.content.to && !b.content.time);

/** The day of `date`, made (with the days before it) when the itinerary does not reach it yet. */
function dayOn(days: DraftDayInput[], date: IsoDate): DraftDayInput | undefined {
  const found = days.find((d) => d.date === date);
  if (found) return found;
  const dated = days.filter((d): d is DraftDayInput & { date: IsoDate } => Boolean(d.date));
  if (!dated.length) {
    // A confirmation whose bookings a reader read whole leaves the general reading one undated
    // day (its preamble): that day is the first booking's, not a day before the trip.
    if (days.length === 1) {
      days[0]!.date = date;
      return days[0];
    }
    if (days.length) return undefined;
    const day = { day: 1, date, title: null, blocks: [] };
    days.push(day);
    return day;
  }
  const first = dated.reduce((a, b) => (b.date < a.date ? b : a));
  const base = addDays(first.date, -(first.day - 1));
  const number = daysBetween(base, date) + 1;
  if (number < 1 || number > MAX_SPAN) return undefined;
  for (let n = 1; n <= number; n++)
    if (!days.some((d) => d.day === n))
      days.push({ day: n, date: addDays(base, n - 1), title: null, blocks: [] });
  return days.find((d) => d.day === number);
}

function completeStay(block: DraftBlockInput): void {
  if (block.type !== 'accommodation') return;
  const { checkIn, checkOut } = block.content;
  if (checkIn && checkOut && checkOut > checkIn)
    block.content.nights ??= daysBetween(checkIn, checkOut);
  else if (checkIn && block.content.nights && !checkOut)
    block.content.checkOut = addDays(checkIn, block.content.nights);
}
