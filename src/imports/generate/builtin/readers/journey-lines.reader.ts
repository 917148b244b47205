// Journeys written one a line as "A to B, dep 12:40, arr 17:12" (finders/journey-line.ts), as
// journey planners print their legs in e-mails, over the line that names their means:
//   Journey Details: Glasgow Central (GLC) to London Euston (EUS), dep 12:40, arr 17:12
//   Mode of Transport: Train
// Each such line is a leg; its mode is the one a line below names ("Mode of Transport: Train"),
// or the line's own words, else a train; its date the line's own, else the last date above it.
import type { DraftBlockInput } from '../../draft.ts';
import { addDays, scanDates, type IsoDate } from '../finders/dates.ts';
import { anchorsIn } from '../finders/flight-designators.ts';
import { journeyLine } from '../finders/journey-line.ts';
import { isCoach, serviceIn } from '../rail-services.ts';
import { fold } from '../text.ts';
import type { DatedBlock, LayoutReader, LineLedger, ReaderInput, Reading } from './reader.ts';

const NAME = 'journey-lines';
const MODE_LINE =
  /\b(?:mode of transport|means of transport|verkehrsmittel|medio de transporte|moyen de transport|meio de transporte|mezzo)\s*:\s*(.+)$/i;

function modeOf(text: string): 'train' | 'bus' | 'ferry' {
  const folded = fold(text);
  if (/\b(?:ferry|ferri|traghetto|fahre|barco|bateau|boat)\b/.test(folded)) return 'ferry';
  if (isCoach(text) || /\bcoach\b/.test(folded)) return 'bus';
  return 'train';
}

export const journeyLinesReader: LayoutReader = {
  name: NAME,
  applies: (input) => input.lines.some((line) => journeyLine(line) !== undefined),
  read(input: ReaderInput, ledger: LineLedger): Reading {
    const bookings: DatedBlock[] = [];
    let date: IsoDate | null = input.anchor;
    input.lines.forEach((line, i) => {
      const own = scanDates(line, input.now, input.anchor)[0]?.date;
      if (own) date = own;
      if (ledger.isClaimed(i)) return;
      const leg = journeyLine(line);
      // "FRA → BGO  LH 866  ab 10:05  an 12:00": a flight's line, for the flight reading.
      if (!leg || anchorsIn(line).length) return;
      // The mode a line below names ("Mode of Transport: Train"), before the next leg.
      const below = input.lines
        .slice(i + 1, i + 4)
        .find((l, k, rest) => MODE_LINE.test(l) && !rest.slice(0, k).some((r) => journeyLine(r)));
      if (below) ledger.claim(input.lines.indexOf(below, i + 1), NAME);
      ledger.claim(i, NAME);
      const departs = leg.departure;
      const arrives = leg.arrival;
      const service = serviceIn(line);
      const block: DraftBlockInput = {
        type: 'transport',
        confidence: 0.8,
        content: {
          mode: service?.mode ?? modeOf(below ? MODE_LINE.exec(below)![1]! : line),
          from: leg.from,
          to: leg.to,
          time: departs,
          arrivalTime: arrives,
          arrivalDate: date && arrives < departs ? addDays(date, 1) : null,
          number: service?.number ?? null,
          operator: service?.operator ?? null,
          description: null,
        },
      };
      bookings.push({ date, block });
    });
    return { bookings };
  },
};
