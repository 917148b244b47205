// The layout readers, in the order they run: the most specific layouts first, so that a GDS
// display's segment lines are not read as an agent's dated lines.
import { datedLinesReader } from './dated-lines.reader.ts';
import { eticketReader } from './eticket.reader.ts';
import { gdsReader } from './gds.reader.ts';
import { journeyLinesReader } from './journey-lines.reader.ts';
import { labelledFlightsReader } from './labelled-flights.reader.ts';
import { labelledLegsReader } from './labelled-legs.reader.ts';
import { railReader } from './rail.reader.ts';
import { stayHeadingsReader } from './stay-headings.reader.ts';
import { stayTableReader } from './stay-table.reader.ts';
import { stackedFlightsReader } from './stacked-flights.reader.ts';
import { tableReader } from './table.reader.ts';
import { timetableColumnsReader } from './timetable-columns.reader.ts';
import { timetableRowsReader } from './timetable-rows.reader.ts';
import {
  type DatedBlock,
  LineLedger,
  type LayoutReader,
  type ReaderInput,
  type Reading,
} from './reader.ts';

export const LAYOUT_READERS: readonly LayoutReader[] = [
  gdsReader,
  eticketReader,
  labelledFlightsReader,
  stackedFlightsReader,
  stayTableReader,
  tableReader,
  timetableColumnsReader,
  timetableRowsReader,
  railReader,
  labelledLegsReader,
  journeyLinesReader,
  stayHeadingsReader,
  datedLinesReader,
];

export interface ReadersResult extends Required<Reading> {
  ledger: LineLedger;
}

/** Runs every reader whose filter matches; the first that reads the days keeps them. */
export function runReaders(
  input: ReaderInput,
  readers: readonly LayoutReader[] = LAYOUT_READERS,
): ReadersResult {
  const ledger = new LineLedger(input.lines);
  const result: ReadersResult = { ledger, days: [], bookings: [] };
  for (const reader of readers) {
    if (!reader.applies(input)) continue;
    const reading = reader.read(input, ledger);
    if (reading.days?.length && !result.days.length) result.days = reading.days;
    for (const booking of reading.bookings ?? []) addBooking(result.bookings, booking);
  }
  return result;
}

/** The time a booking starts at, for telling the same booking read twice. */
function startOf(b: DatedBlock): string | null {
  const c = b.block.content as { time?: string | null; departureTime?: string | null };
  return c.time ?? c.departureTime ?? null;
}

/**
 * The same booking read twice (an email's body and its attached ticket, by two readers) is one:
 * of two bookings of one kind on one date at one time, the more certain reading stays.
 */
function addBooking(bookings: DatedBlock[], booking: DatedBlock): void {
  const time = startOf(booking);
  const same = time
    ? bookings.findIndex(
        (b) =>
          b.date === booking.date &&
          b.block.type === booking.block.type &&
          (b.block.content as { mode?: string }).mode ===
            (booking.block.content as { mode?: string }).mode &&
          startOf(b) === time,
      )
    : -1;
  if (same < 0) bookings.push(booking);
  else if ((booking.block.confidence ?? 0) > (bookings[same]!.block.confidence ?? 0))
    bookings[same] = booking;
}
