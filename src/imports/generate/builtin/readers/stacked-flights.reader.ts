// A flight whose cells wrap over the lines under its designator, as e-ticket receipts print their
// flight tables when pasted as text:
//    Von /From     IB3677    20-Jul    20-Jul    Bestätigt
//    Berlin (TXL)            12:25     15:35     Confirmed
//    Nach /To                          Terminal 4
//    Madrid (MAD)
// The designator's line gives the flight and its date; the next lines, up to the next designator,
// give the airports by their codes in brackets (the first the departure, the second the arrival)
// and the times (the first the departure, the second the arrival). A line that holds the whole
// flight ("BA548 London (LHR) 08:15 → Rome (FCO) 11:50") is the general reading's.
import type { DraftBlockInput } from '../../draft.ts';
import { scanDates } from '../finders/dates.ts';
import { anchorsIn } from '../finders/flight-designators.ts';
import { timeMatches } from '../finders/times.ts';
import { bookingReference } from '../flights.ts';
import { airlineName, airport } from '../places.ts';
import type { DatedBlock, LayoutReader, LineLedger, ReaderInput, Reading } from './reader.ts';

const NAME = 'stacked-flights';
/** How many lines under its designator a flight's cells may wrap to. */
const WINDOW = 5;

const codesIn = (line: string) =>
  [...line.matchAll(/\(([A-Z]{3})\)/g)].map((m) => m[1]!).filter((code) => airport(code));

/** The designator opening a stacked flight on line i, read with the line under it for context. */
function designatorAt(lines: readonly string[], i: number) {
  const line = lines[i]!;
  if (codesIn(line).length >= 2) return undefined;
  const anchors = anchorsIn(`${line} ${lines[i + 1] ?? ''}`).filter((a) => a.index < line.length);
  return anchors.length === 1 ? anchors[0] : undefined;
}

interface Stacked {
  head: number;
  last: number;
  block: DraftBlockInput;
  date: string | null;
}

function stackedAt(input: ReaderInput, i: number): Stacked | undefined {
  const { lines } = input;
  const anchor = designatorAt(lines, i);
  if (!anchor) return undefined;
  const codes: string[] = [];
  const times: string[] = timeMatches(lines[i]!).map((t) => t.time);
  let last = i;
  for (let j = i + 1; j < lines.length && j <= i + WINDOW && codes.length < 2; j++) {
    // The next flight, or a line that holds a whole one, ends this one's cells.
    if (designatorAt(lines, j) || anchorsIn(lines[j]!).length || codesIn(lines[j]!).length >= 2)
      break;
    codes.push(...codesIn(lines[j]!));
    times.push(...timeMatches(lines[j]!).map((t) => t.time));
    last = j;
  }
  if (codes.length < 2 || codes[0] === codes[1] || !times.length) return undefined;
  const date =
    scanDates(lines[i]!, input.now, input.anchor)[0]?.date ??
    scanDates(lines.slice(i + 1, last + 1).join(' '), input.now, input.anchor)[0]?.date ??
    null;
  const pad = (t: string | undefined) => (t ? t.padStart(5, '0') : null);
  return {
    head: i,
    last,
    date,
    block: {
      type: 'flight',
      confidence: 0.85,
      content: {
        flightNumber: `${anchor.code}${anchor.number}`,
        airline: airlineName(anchor.code) ?? null,
        departureAirport: codes[0]!,
        arrivalAirport: codes[1]!,
        departureCity: airport(codes[0]!)?.city ?? null,
        arrivalCity: airport(codes[1]!)?.city ?? null,
        date,
        departureTime: pad(times[0]),
        arrivalTime: pad(times[1]),
        arrivalDate: null,
        bookingReference: bookingReference(lines.join('\n')),
      },
    } as DraftBlockInput,
  };
}

export const stackedFlightsReader: LayoutReader = {
  name: NAME,
  applies: (input) => input.lines.some((_l, i) => stackedAt(input, i) !== undefined),
  read(input, ledger: LineLedger): Reading {
    const bookings: DatedBlock[] = [];
    for (let i = 0; i < input.lines.length; i++) {
      if (ledger.isClaimed(i)) continue;
      const flight = stackedAt(input, i);
      if (!flight) continue;
      for (let j = flight.head; j <= flight.last; j++) ledger.claim(j, NAME);
      bookings.push({ date: flight.date, block: flight.block });
      i = flight.last;
    }
    return { bookings };
  },
};
