// A ticket's timetable: a row a stop, the station first, then its date and time, the service on
// the row it leaves from, as rail operators print them in any language (the columns' headings,
// "Halt / Datum / Zeit", "Stanice / Odj. / Příj.", "Station / Date / Time", need not be read):
//   Brno dolní nádraží   09.07. 14:34 RJ 76   26   91
//   Praha hl.n.          09.07. 17:06
//   Düsseldorf Hbf       28.12.   ab 15:52   19   ICE 943   1 Sitzplatz, Wg. 24, Pl. 66
//   Berlin Hbf (tief)    28.12.   an 20:09   6D-G
// The date written between the station and the time ends the station's name, so names in lower
// case or abbreviated ("dolní nádraží", "hl.n.") are read whole. A row that leaves ("ab", or
// the first of two) and the row after it make one leg.
import type { DraftBlockInput } from '../../draft.ts';
import { scanDates, type IsoDate } from '../finders/dates.ts';
import { serviceIn } from '../rail-services.ts';
import { fold } from '../text.ts';
import type { DatedBlock, LayoutReader, LineLedger, ReaderInput, Reading } from './reader.ts';

const NAME = 'timetable-rows';

const ROW =
  /^(\p{Lu}[^\d|:]{1,50}?)\s+(\d{1,2}\.\d{1,2}\.(?:\d{2,4})?)\s+(?:(ab|an|dep\.?|arr\.?|odj\.?|prij\.?|p[rř]íj\.?)\s+)?(\d{1,2}:\d{2})\b\s*(.*)$/iu;
const ARRIVES = /^(?:an|arr\.?|prij\.?|příj\.?|prij)$/i;
const DEPARTS = /^(?:ab|dep\.?|odj\.?)$/i;
const BUS = /\b(?:bus|autobus|coach|autocar|fernbus|pullman)\b/;

interface Row {
  index: number;
  station: string;
  date: IsoDate | null;
  role: 'departure' | 'arrival' | null;
  time: string;
  rest: string;
}

function rowOf(line: string, index: number, input: ReaderInput): Row | undefined {
  const m = ROW.exec(line.trim());
  if (!m) return undefined;
  const station = m[1]!.trim();
  if (station.split(/\s+/).length > 6) return undefined;
  const marker = m[3] ?? '';
  return {
    index,
    station,
    date: scanDates(m[2]!, input.now, input.anchor)[0]?.date ?? null,
    role: ARRIVES.test(marker) ? 'arrival' : DEPARTS.test(marker) ? 'departure' : null,
    time: m[4]!.padStart(5, '0'),
    rest: m[5] ?? '',
  };
}

function rowsOf(input: ReaderInput): Row[] {
  return input.lines.flatMap((line, i) => {
    const row = rowOf(line, i, input);
    return row ? [row] : [];
  });
}

export const timetableRowsReader: LayoutReader = {
  name: NAME,
  applies(input) {
    const rows = rowsOf(input);
    return rows.some((r, i) => rows[i + 1] !== undefined && rows[i + 1]!.index <= r.index + 3);
  },
  read(input, ledger: LineLedger): Reading {
    const rows = rowsOf(input);
    // A coach named in the ticket's own lines, not in its conditions' prose ("... Teilstrecken
    // (z.B. Bus oder Straßenbahn), für die eine weitere Fahrkarte erforderlich sein kann").
    const bus = BUS.test(fold(input.lines.filter((l) => l.length < 80).join('\n')));
    const bookings: DatedBlock[] = [];
    for (let i = 0; i + 1 < rows.length; i++) {
      const from = rows[i]!;
      const to = rows[i + 1]!;
      // One leg: a row that leaves and the next row, where the traveller arrives (a line or two
      // of the ticket's other column, "Ref: 5442...", "Doklad číslo", may stand between them).
      if (to.index > from.index + 3 || from.role === 'arrival' || to.role === 'departure') continue;
      if (from.station === to.station || !from.date) continue;
      if (ledger.isClaimed(from.index) || ledger.isClaimed(to.index)) continue;
      ledger.claim(from.index, NAME);
      ledger.claim(to.index, NAME);
      const service = serviceIn(from.rest) ?? serviceIn(to.rest);
      const block: DraftBlockInput = {
        type: 'transport',
        content: {
          mode: service?.mode === 'bus' || (!service && bus) ? 'bus' : 'train',
          from: from.station,
          to: to.station,
          time: from.time,
          arrivalTime: to.time,
          arrivalDate: to.date && to.date !== from.date ? to.date : null,
          number: service?.number ?? null,
          operator: service?.operator ?? null,
          description: null,
        },
        confidence: 0.8,
      };
      bookings.push({ date: from.date, block });
      i++;
    }
    return { bookings };
  },
};
