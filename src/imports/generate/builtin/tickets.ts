// Train, bus and ferry tickets laid out one field a line (as PDFs and apps print them):
// "TGV INOUI ALLER · jeudi 14 mai 2026", "08:07", "Paris Gare de Lyon", "→ 3h17 11:24",
// "Marseille Saint-Charles", "TGV INOUI 6105". A ticket starts at a line naming the vehicle with
// a date; its stations are the lines that open with a known place, its times in order.
import type { DraftBlockInput } from '../draft.ts';
import { scanDates, type IsoDate } from './finders/dates.ts';
import { timeMatches } from './finders/times.ts';
import { city } from './places.ts';
import { fold } from './text.ts';

type Transport = Extract<DraftBlockInput, { type: 'transport' }>;

const VEHICLE: Array<[RegExp, 'train' | 'bus' | 'ferry']> = [
  [
    /\b(?:tgv|inoui|ouigo|ave|alvia|avlo|iryo|frecciarossa|frecciargento|italo|ice|railjet|eurostar|thalys|intercity|train|tren|treno|zug|comboio|alfa pendular)\b/,
    'train',
  ],
  [/\b(?:flixbus|alsa|autobus|autocar|bus|coach|pullman|fernbus)\b/, 'bus'],
  [/\b(?:ferry|ferri|traghetto|fahre|balearia|moby|grimaldi|trasmed|naviera)\b/, 'ferry'],
];
const NUMBER =
  /\b(?:tgv inoui|tgv|inoui|ouigo|ave|alvia|avlo|iryo|frecciarossa|frecciargento|italo|ice|ic|ec|rj|railjet|eurostar|thalys|intercity|train|tren|treno|zug|flixbus|bus)\s*(?:n[º°o.]*\s*)?(\d{2,5})\b/i;

/** Where a line opens with a place ("Paris Gare de Lyon", "Marseille Saint-Charles"): that place. */
function stationOf(line: string): string | undefined {
  const m = /^(?:[→>-]\s*)?(\p{Lu}[\p{L}'’-]+(?:\s\p{Lu}[\p{L}'’-]+)?)/u.exec(line.trim());
  if (!m) return undefined;
  const words = m[1]!.split(/\s+/);
  for (let n = words.length; n >= 1; n--)
    if (city(words.slice(0, n).join(' '))) return words.slice(0, n).join(' ');
  return undefined;
}

export function readTickets(
  lines: readonly string[],
  now: Date,
  anchor: IsoDate | null,
): Array<{ block: Transport; lines: number[] }> {
  const starts: Array<{ line: number; mode: 'train' | 'bus' | 'ferry' }> = [];
  lines.forEach((line, i) => {
    const folded = fold(line);
    const mode = VEHICLE.find(([pattern]) => pattern.test(folded))?.[1];
    if (mode && line.length <= 100 && scanDates(line, now, anchor).length)
      starts.push({ line: i, mode });
  });
  const tickets: Array<{ block: Transport; lines: number[] }> = [];
  starts.forEach((start, k) => {
    const end = Math.min(starts[k + 1]?.line ?? lines.length, start.line + 14);
    const window = lines.slice(start.line, end);
    const text = window.join('\n');
    const stations = window.map(stationOf).filter((s): s is string => Boolean(s));
    // Times: when the ticket writes clock times with a colon, "3h17" is a duration.
    const colon = /\b\d{1,2}:\d{2}\b/.test(text);
    const times = window
      .flatMap((line) =>
        timeMatches(line).filter((t) => !colon || /:/.test(line.slice(t.index, t.end))),
      )
      .map((t) => t.time);
    const stationLines = window.filter((l) => stationOf(l));
    if (stations.length < 2 || !times.length || stationLines.some((l) => l.length > 60)) return;
    const number = NUMBER.exec(text);
    tickets.push({
      lines: window.map((_, j) => start.line + j),
      block: {
        type: 'transport',
        content: {
          mode: start.mode,
          from: stations[0]!,
          to: stations.find((s) => s !== stations[0]) ?? null,
          time: times[0] ?? null,
          arrivalTime: times[1] ?? null,
          number: number ? number[1]! : null,
          operator: null,
          description: window[0]!.slice(0, 300),
        },
        confidence: 0.75,
      },
    });
  });
  return tickets;
}
