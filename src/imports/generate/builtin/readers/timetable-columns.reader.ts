// A ticket's timetable printed in aligned columns under a row of labels, as coach and rail
// operators send it (RegioJet, FlixBus, ALSA and many others), in any of the languages of
// knowledge/timetable-words.ts:
//   Date          Station/Transfer              Arrival   Departure Platf.    Connection
//   Fri 31/07/15  Wien, Schwechat Airport Bbf.            22:10     2         Vienna → Prague (SA)
//   Sat 01/08/15  Brno, AN u hotelu Grand       00:30
// A row is a stop; a time sits under the label of its column (arrival or departure), so a stop
// where the traveller changes carries both. A row that leaves and the next row that arrives make
// one leg. A date is carried down to the rows that leave it empty; an arrival before the
// departure on an undated row is on the next day. The document's lines come with the cells of
// such a table split by " | " (document-lines.ts), as a spreadsheet's tabs are.
import type { DraftBlockInput } from '../../draft.ts';
import { addDays, type IsoDate, scanDates } from '../finders/dates.ts';
import { timeMatches } from '../finders/times.ts';
import {
  type ColumnKind,
  type HeaderColumn,
  timetableHeader,
} from '../finders/timetable-header.ts';
import { EMPTY_CELL } from '../document-lines.ts';
import { isCoach, serviceIn } from '../rail-services.ts';
import { fold } from '../text.ts';
import type { DatedBlock, LayoutReader, LineLedger, ReaderInput, Reading } from './reader.ts';

const NAME = 'timetable-columns';

interface Header {
  index: number;
  columns: HeaderColumn[];
}

interface Stop {
  index: number;
  station: string;
  date: IsoDate | null;
  arrival: string | null;
  departure: string | null;
  service: string;
}

function stopOf(line: string, index: number, header: Header, input: ReaderInput): Stop | undefined {
  const cells: Partial<Record<ColumnKind, string[]>> = {};
  line.split('|').forEach((raw, i) => {
    const text = raw.trim();
    if (!text || text === EMPTY_CELL) return;
    const kind = header.columns[i]?.kind ?? 'other';
    (cells[kind] ??= []).push(text);
  });
  const timeIn = (kind: ColumnKind) => {
    const found = timeMatches((cells[kind] ?? []).join(' '))[0]?.time;
    return found ? found.padStart(5, '0') : null;
  };
  const station = (cells.station ?? []).join(' ').trim();
  const arrival = timeIn('arrival');
  const departure = timeIn('departure');
  if (!station || /^\d/.test(station) || (!arrival && !departure)) return undefined;
  const dateText = (cells.date ?? []).join(' ');
  return {
    index,
    station,
    date: dateText ? (scanDates(dateText, input.now, input.anchor)[0]?.date ?? null) : null,
    arrival,
    departure,
    service: (cells.service ?? []).join(' '),
  };
}

interface Table {
  header: Header;
  stops: Stop[];
}

function tablesOf(input: ReaderInput): Table[] {
  const tables: Table[] = [];
  input.lines.forEach((line, i) => {
    const columns = line.includes('|') ? timetableHeader(line, '|') : undefined;
    if (!columns) return;
    const header = { index: i, columns };
    const stops: Stop[] = [];
    for (let j = i + 1; j < input.lines.length && input.lines[j]!.includes('|'); j++) {
      const stop = stopOf(input.lines[j]!, j, header, input);
      if (stop) stops.push(stop);
    }
    if (stops.length >= 2) tables.push({ header, stops });
  });
  return tables;
}

/** A coach's words in the document, Czech and Polish inflections included ("autobusové"). */
const COACH = /\b(?:autobus\p{L}*|autokar\p{L}*|bus|coach)\b/u;

export const timetableColumnsReader: LayoutReader = {
  name: NAME,
  applies: (input) =>
    input.lines.some((line) => line.includes('|') && timetableHeader(line, '|') !== undefined),
  read(input, ledger: LineLedger): Reading {
    const text = input.lines.join('\n');
    const coach = isCoach(text) || COACH.test(fold(text));
    const bookings: DatedBlock[] = [];
    for (const { header, stops } of tablesOf(input)) {
      if (stops.some((s) => ledger.isClaimed(s.index))) continue;
      ledger.claim(header.index, NAME);
      let date: IsoDate | null = null;
      let leaving: { stop: Stop; date: IsoDate | null } | null = null;
      for (const stop of stops) {
        ledger.claim(stop.index, NAME);
        const written = stop.date;
        if (written) date = written;
        if (leaving && stop.arrival) {
          const from = leaving;
          // An undated arrival before the departure's time is on the next day.
          let arrivalDate: IsoDate | null = written ?? date;
          if (!written && arrivalDate && from.stop.departure && stop.arrival < from.stop.departure)
            arrivalDate = addDays(arrivalDate, 1);
          if (arrivalDate) date = arrivalDate;
          const service = serviceIn(from.stop.service);
          const block: DraftBlockInput = {
            type: 'transport',
            content: {
              mode: service?.mode ?? (coach ? 'bus' : 'train'),
              from: from.stop.station,
              to: stop.station,
              time: from.stop.departure,
              arrivalTime: stop.arrival,
              arrivalDate: arrivalDate && arrivalDate !== from.date ? arrivalDate : null,
              number: service?.number ?? null,
              operator: service?.operator ?? null,
              description: null,
            },
            confidence: 0.85,
          };
          bookings.push({ date: from.date, block });
          leaving = null;
        }
        if (stop.departure) leaving = { stop, date };
      }
    }
    return { bookings };
  },
};
