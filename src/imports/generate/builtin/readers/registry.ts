// The layout readers, in the order they run: the most specific layouts first, so that a GDS
// display's segment lines are not read as an agent's dated lines.
import { datedLinesReader } from './dated-lines.reader.ts';
import { eticketReader } from './eticket.reader.ts';
import { gdsReader } from './gds.reader.ts';
import { labelledFlightsReader } from './labelled-flights.reader.ts';
import { labelledLegsReader } from './labelled-legs.reader.ts';
import { railReader } from './rail.reader.ts';
import { stayHeadingsReader } from './stay-headings.reader.ts';
import { tableReader } from './table.reader.ts';
import { LineLedger, type LayoutReader, type ReaderInput, type Reading } from './reader.ts';

export const LAYOUT_READERS: readonly LayoutReader[] = [
  gdsReader,
  eticketReader,
  labelledFlightsReader,
  tableReader,
  railReader,
  labelledLegsReader,
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
    result.bookings.push(...(reading.bookings ?? []));
  }
  return result;
}
