// Journeys laid out in columns, as apps and e-tickets show them and OCR reads them (cells split
// by " | "): a row with the departure and arrival times ("21:00 | 06:30 +1", "08:25 | 09:35 |
// FR 9517") over a row with the two places ("Piräus | 9 Std. | Heraklion", "MAN Manchester |
// Direct | KEF Reykjavik"), under a heading with the date ("Hinfahrt · Fr., 18. Sep. 2026"). The
// places line up with the times when both rows have as many cells; else they are the row's
// first and last places. A flight when the places are airport codes or a flight number stands
// over the times; else the vehicle the leg's lines name (ship, train, bus).
import type { DraftBlockInput } from '../draft.ts';
import { addDays, scanDates, type IsoDate } from './finders/dates.ts';
import { timeMatches } from './finders/times.ts';
import { airlineName, airport, isAirlineCode } from './places.ts';
import { fold } from './text.ts';

type Transport = Extract<DraftBlockInput, { type: 'transport' }>;
type Flight = Extract<DraftBlockInput, { type: 'flight' }>;

export interface Leg {
  block: Transport | Flight;
  date: IsoDate | null;
  lines: number[];
}

const VEHICLES: Array<[RegExp, 'train' | 'bus' | 'ferry']> = [
  [
    /\b(?:ferry|ferries|ferri|sailing|sailings|fahre|faehre|schiff|traghetto|aliscafo|hydrofoil|catamaran|barco|bateau|navire|nave|navio|ship|lines ferries|kabine|cabin|cabine|cabina|camarote)\b/,
    'ferry',
  ],
  [
    /\b(?:train|trains|zug|treno|tren|comboio|frecciarossa|frecciargento|italo|ice|tgv|inoui|ouigo|ave|alvia|avlo|iryo|intercity|railjet|eurostar|alfa pendular|regional|carrozza|wagen|voiture|coche|carruagem|bahn|db)\b/,
    'train',
  ],
  [/\b(?:bus|autobus|coach|pullman|autocarro|autocar|onibus|fernbus|flixbus)\b/, 'bus'],
];
const CLOCK = /(?<![\d.])(\d{1,2})[:.h](\d{2})(?![\d.])/;
const FLIGHT_NO = /\b([A-Z]{2}|[A-Z]\d|\d[A-Z])\s?(\d{1,4})\b/;
const SERVICE_NO =
  /\b(?:FR|FA|FB|IC|ICE|EC|EN|TGV|AVE|AP|IR|IRE|RE|RJ|RB|TER|[Zz]ug|[Tt]reno|[Tt]ren|[Tt]rain|[Cc]omboio|[Bb]us|[Aa]utobus|[Aa]utocarro|[Cc]oach|[Ll][ií]nea|[Ll]inha|[Ll]inea|N[º°o.]?)\s?(\d{2,5})\b/;

/** A cell naming both ends ("Milazzo — Lipari"; OCR may read the arrow as "+"). */
const ROUTE_CELL =
  /^(\p{Lu}[\p{L}'’.-]+(?:\s\p{Lu}[\p{L}'’.-]+){0,2})\s+[–—→>+-]+\s+(\p{Lu}[\p{L}'’.-]+(?:\s\p{Lu}[\p{L}'’.-]+){0,2})$/u;
const cellsOf = (line: string) =>
  line
    .split(/\s+\|\s+/)
    .map((c) => c.trim())
    .filter(Boolean);
const timeCells = (cells: string[]) =>
  cells.map((c, i) => (CLOCK.test(c) ? i : -1)).filter((i) => i >= 0);
const isPlace = (cell: string) =>
  /^\p{L}/u.test(cell) && !CLOCK.test(cell) && !/\d/.test(cell) && cell.length <= 40;

/** The airport code a place cell writes ("MAN Manchester", "Reykjavik (KEF)"). */
function codeOf(cell: string): string | undefined {
  for (const m of cell.matchAll(/\b([A-Z]{3})\b/g)) if (airport(m[1]!)) return m[1]!;
  return undefined;
}

/** The place a cell names, without the airport code beside it. */
const placeName = (cell: string) =>
  cell
    .replace(/\(?\b[A-Z]{3}\b\)?/g, '')
    .replace(/[.,;:·•-]+$/, '')
    .trim();

const PLACE = String.raw`\p{Lu}[\p{L}'’.-]+(?:\s\p{Lu}[\p{L}'’.-]+){0,2}`;
const ROW_LEG = new RegExp(
  String.raw`(${PLACE})\s+(\d{1,2}[:h.]\d{2})\s+(?:[–—→>-]+\s+)?(${PLACE})\s+(\d{1,2}[:h.]\d{2})(?:\s*\(([^)]{3,30})\))?`,
  'u',
);
const DEPART_ARRIVE =
  /\b(?:depart|departure|departs|salida|sortie|depart|partida|abfahrt|partenza)\b[\s\S]{0,40}\b(?:arrive|arrival|arrives|llegada|arrivee|chegada|ankunft|arrivo)\b/;

/**
 * A table row of a ticket under "Date | Depart | Arrive" headings: "Tuesday 7 July 2026
 * Portsmouth 17:15 Santander 12:45 (Wed 8 July) MV Galicia Star": the date, each end with its
 * time, the arrival's own date in parentheses.
 */
function rowLeg(
  lines: readonly string[],
  i: number,
  now: Date,
  anchor: IsoDate | null,
  documentMode: Transport['content']['mode'] | undefined,
): Leg | undefined {
  const line = lines[i]!;
  const m = ROW_LEG.exec(line);
  if (!m) return undefined;
  const header = [lines[i - 1] ?? '', lines[i - 2] ?? ''].map(fold).join(' ');
  if (!DEPART_ARRIVE.test(header)) return undefined;
  const date = scanDates(line.slice(0, m.index), now, anchor)[0]?.date ?? null;
  const time = timeMatches(m[2]!)[0]?.time;
  const arrivalTime = timeMatches(m[4]!)[0]?.time;
  if (!time || !arrivalTime) return undefined;
  const context = fold([lines[i - 2] ?? '', lines[i - 1] ?? '', line].join(' '));
  const mode = VEHICLES.find(([pattern]) => pattern.test(context))?.[1] ?? documentMode;
  if (!mode) return undefined;
  const stated = m[5] ? scanDates(m[5], now, anchor)[0]?.date : undefined;
  const arrivalDate =
    stated && date && stated > date ? stated : date && arrivalTime < time ? addDays(date, 1) : null;
  return {
    date,
    lines: [i],
    block: {
      type: 'transport',
      content: {
        mode,
        from: m[1]!,
        to: m[3]!,
        time,
        arrivalTime,
        arrivalDate,
        number: null,
        operator: null,
        description: line.slice(0, 300),
      },
      confidence: 0.7,
    },
  };
}

export function readLegs(lines: readonly string[], now: Date, anchor: IsoDate | null): Leg[] {
  const legs: Leg[] = [];
  let previousEnd = -1;
  const all = fold(lines.join('\n'));
  const documentMode = VEHICLES.find(([pattern]) => pattern.test(all))?.[1];
  for (let i = 0; i < lines.length; i++) {
    const row = rowLeg(lines, i, now, anchor, documentMode);
    if (row) {
      legs.push(row);
      previousEnd = i;
      continue;
    }
    const times = cellsOf(lines[i]!);
    const at = timeCells(times);
    if (times.length < 2 || at.length < 2) continue;
    // A row that is the whole leg ("Milazzo — Lipari | sabato 20/06/2026 | 09:15 | 10:25 | aliscafo").
    const routeCell = times.map((c) => ROUTE_CELL.exec(c)).find(Boolean);
    // The places: the next row of two or more cells that opens with a place.
    const p = routeCell
      ? i
      : [i + 1, i + 2].find((j) => {
          const cells = cellsOf(lines[j] ?? '');
          // A duration between the places ("7h40") reads like a time: one is allowed.
          return cells.length >= 2 && isPlace(cells[0]!) && timeCells(cells).length <= 1;
        });
    if (p === undefined) continue;
    const places = cellsOf(lines[p]!);
    const aligned = places.length === times.length;
    const fromCell = routeCell ? routeCell[1] : aligned ? places[at[0]!] : places[0];
    const toCell = routeCell
      ? routeCell[2]
      : aligned
        ? places[at[1]!]
        : places.slice(1).filter(isPlace).at(-1);
    if (!fromCell || !toCell || !isPlace(fromCell) || !isPlace(toCell)) continue;
    const time = timeMatches(times[at[0]!]!)[0]?.time ?? null;
    const arrivalTime = timeMatches(times[at[1]!]!)[0]?.time ?? null;
    if (!time || !arrivalTime) continue;
    // The heading with the date, above the rows and below the previous leg.
    let date: IsoDate | null = routeCell
      ? (scanDates(lines[i]!, now, anchor)[0]?.date ?? null)
      : null;
    let top = i;
    for (let j = i - 1; !date && j > previousEnd && j >= i - 4; j--) {
      const found = scanDates(lines[j]!, now, anchor)[0];
      if (found) {
        date = found.date;
        top = j;
        break;
      }
    }
    if (top === i) top = Math.max(previousEnd + 1, i - 2);
    const after = lines[p + 1] ?? '';
    const context = [...lines.slice(top, p + 1), after];
    const folded = fold(context.join('\n'));
    const nextDay = /\+\s?1\b/.test(times[at[1]!]!) || (arrivalTime < time && date !== null);
    const arrivalDate = date && nextDay ? addDays(date, 1) : null;
    const depCode = codeOf(fromCell);
    const arrCode = codeOf(toCell);
    const flightNumber = lines
      .slice(top, i + 1)
      .map((l) => FLIGHT_NO.exec(l.replace(/\s+\|\s+/g, ' ')))
      .find((m) => m && isAirlineCode(m[1]!));
    const used = [...Array.from({ length: p - top + 1 }, (_, k) => top + k)];
    previousEnd = p;
    // The operator: the first part of the line under the places ("Minoan Lines · Schiff ...").
    const first = after.split(/\s+[-–·+|]\s+/)[0]!.trim();
    // Not the next leg's dated heading ("Ritorno · lun 15 giu 2026").
    const operator =
      /^\p{Lu}[\p{L}'’&-]+(?:\s\p{Lu}[\p{L}'’&-]+){0,2}$/u.test(first) &&
      !/\d/.test(first) &&
      !scanDates(after, now, anchor).length &&
      !CLOCK.test(after)
        ? first
        : null;
    if (operator) {
      used.push(p + 1);
      previousEnd = p + 1;
    }
    // The vehicle its lines name, else the previous leg's or the document's (a return "Volta" under the same ticket).
    const mode =
      VEHICLES.find(([pattern]) => pattern.test(folded))?.[1] ??
      legs.flatMap((l) => (l.block.type === 'transport' ? [l.block.content.mode] : [])).at(-1) ??
      documentMode;
    // A flight: airport codes for places, or a flight number where no train, ship or bus is named.
    if ((depCode && arrCode) || (flightNumber && !mode)) {
      const number = flightNumber ? `${flightNumber[1]}${flightNumber[2]}` : null;
      legs.push({
        date,
        lines: used,
        block: {
          type: 'flight',
          content: {
            flightNumber: number,
            airline: (number && airlineName(number.slice(0, 2))) || operator,
            departureAirport: depCode ?? null,
            arrivalAirport: arrCode ?? null,
            departureCity:
              placeName(fromCell) || (depCode ? (airport(depCode)?.city ?? null) : null),
            arrivalCity: placeName(toCell) || (arrCode ? (airport(arrCode)?.city ?? null) : null),
            departureTime: time,
            arrivalTime,
            date,
            arrivalDate,
            bookingReference: null,
          },
          confidence: 0.7,
        },
      });
      continue;
    }
    if (!mode) continue;
    const number = SERVICE_NO.exec(
      [...times.filter((_, k) => !at.includes(k)), ...context].join(' · '),
    )?.[1];
    legs.push({
      date,
      lines: used,
      block: {
        type: 'transport',
        content: {
          mode,
          from: placeName(fromCell),
          to: placeName(toCell),
          time,
          arrivalTime,
          arrivalDate,
          number: number ?? null,
          operator,
          description: context
            .join(' · ')
            .replace(/\s+\|\s+/g, ' ')
            .slice(0, 300),
        },
        confidence: 0.7,
      },
    });
  }
  return legs;
}
