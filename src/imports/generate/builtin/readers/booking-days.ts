// The days of a document that is a list of bookings (a GDS display, an e-ticket receipt): one a
// date from the first booking to the last landing, check-out or car return, so that the text
// around the bookings is the itinerary's preamble and tail and the trip runs as long as they do.
import { addDays, daysBetween, type IsoDate } from '../finders/dates.ts';
import type { DatedBlock, ReadDay } from './reader.ts';

const MAX_DAYS = 60;

export function bookingDays(bookings: readonly DatedBlock[]): ReadDay[] {
  const dates = bookings.flatMap(({ date, block }) => {
    const c = block.content;
    const ends = [
      date,
      'arrivalDate' in c ? c.arrivalDate : null,
      'checkOut' in c ? c.checkOut : null,
    ];
    return ends.filter((d): d is IsoDate => Boolean(d));
  });
  if (!dates.length) return [];
  dates.sort();
  const first = dates[0]!;
  const span = Math.min(daysBetween(first, dates.at(-1)!), MAX_DAYS - 1);
  return Array.from({ length: span + 1 }, (_d, n) => ({
    day: n + 1,
    lastDay: n + 1,
    date: addDays(first, n),
    title: null,
    lines: [],
  }));
}

/** Bookings in the order they happen; within a day an untimed stay after the flight that lands for it. */
export function inOrder(bookings: readonly DatedBlock[]): DatedBlock[] {
  const at = ({ date, block }: DatedBlock) => {
    const c = block.content;
    const time = ('time' in c ? c.time : null) ?? ('departureTime' in c ? c.departureTime : null);
    return `${date ?? ''} ${time ?? '24:00'}`;
  };
  return [...bookings].sort((a, b) => at(a).localeCompare(at(b)));
}
