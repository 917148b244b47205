// A cruise's port table ("Sun 11 Oct  Marseille, France  08:00 – 17:00", "3  lun 14/09  Mykonos,
// Grecia  07:00  23:00", "Fri 16 Oct  At sea"): one row a day, a date, a port and its times. The
// ship is one journey, from the port of embarkation to the last port, and each port is a place
// the trip visits (its country counts, as a city on the way does).
import type { DraftBlockInput } from '../draft.ts';
import { leadingDate, type IsoDate } from './finders/dates.ts';
import { timeMatches } from './finders/times.ts';
import { city, countryOfName } from './places.ts';
import { fold } from './text.ts';

type Transport = Extract<DraftBlockInput, { type: 'transport' }>;

const CRUISE_WORD =
  /\b(?:cruise|cruises|cruising|crucero|cruceros|croisiere|croisieres|cruzeiro|cruzeiros|kreuzfahrt|flusskreuzfahrt|crociera|crociere)\b/;
/** A day at sea in a port table: no port, still a row. */
const SEA_DAY =
  /^(?:at sea|sea day|day at sea|cruising|navegacion|dia de navegacion|en mer|journee en mer|navigation|em navegacao|dia de navegacao|em alto mar|seetag|auf see|erholung auf see|navigazione|in navigazione|giornata di navigazione)\b/;

const FLIGHT_WORD = /\b(?:flight|fly|vuelo|vol|voo|flug|volo)\b/;

export interface PortCall {
  date: IsoDate;
  /** The port as written ("Pireo", "Civitavecchia"); null on a day at sea. */
  port: string | null;
  times: string[];
  /** Where the port's own words end in the row (its line), for the title of the day's activity. */
  line: number;
}

export interface CruiseReading {
  block: Transport;
  date: IsoDate;
  calls: PortCall[];
}

/** The port a row names after its date: its first words up to a comma, a bracket or a column gap. */
function portOf(rest: string): string | null | undefined {
  const cell = rest
    .replace(/^[\s|:.\-–—]+/, '')
    .split(/\s{2,}|\s\|\s|,|\(|\s[-–—/]\s|\s\d/)[0]!
    .trim();
  if (SEA_DAY.test(fold(cell))) return null;
  if (!/^\p{Lu}/u.test(cell) || cell.length > 40) return undefined;
  // "Barcelona arrive 06:00": the port is the city's words, not the row's note.
  const words = cell.split(/\s+/);
  for (let n = Math.min(words.length, 4); n >= 1; n--)
    if (city(words.slice(0, n).join(' '))) return words.slice(0, n).join(' ');
  // "Pireo (Atenas), Grecia": a port the gazetteer does not know, in a country it does.
  const country = /,\s*(\p{Lu}[\p{L}\s]{2,30}?)\s*(?:$|\s{2}|\d|-|–|\|)/u.exec(rest)?.[1];
  return country && countryOfName(country.trim()) && words.length <= 3 ? cell : undefined;
}

/**
 * The port table of a cruise document: rows whose date opens the line (after the day's number,
 * "3  lun 14/09"), then a port or a day at sea, at least three of them on increasing dates.
 */
export function readCruise(
  lines: readonly string[],
  now: Date,
  anchor: IsoDate | null,
): CruiseReading | undefined {
  if (!lines.some((l) => CRUISE_WORD.test(fold(l)))) return undefined;
  const calls: PortCall[] = [];
  lines.forEach((line, i) => {
    if (line.length > 160) return;
    const body = line.replace(/^\s*\d{1,2}\s*(?:\|\s*)?(?=\p{L})/u, '');
    const lead = leadingDate(body, now, anchor);
    if (!lead) return;
    const rest = body.slice(lead.end);
    const port = portOf(rest);
    if (port === undefined) return;
    // The flight to the ship ("1  sáb 12/09  Madrid – Atenas (vuelo)") is no port call.
    if (!calls.length && FLIGHT_WORD.test(fold(rest))) return;
    if (calls.length && calls.at(-1)!.date >= lead.date) return; // a table runs day after day
    calls.push({ date: lead.date, port, times: timeMatches(rest).map((t) => t.time), line: i });
  });
  const ports = calls.filter((c) => c.port);
  if (calls.length < 3 || ports.length < 2) return undefined;
  const first = ports[0]!;
  const last = ports.at(-1)!;
  return {
    date: first.date,
    calls,
    block: {
      type: 'transport',
      content: {
        mode: 'cruise',
        from: first.port,
        to: last.port,
        // The ship sails at the first port's last time ("embark from 13:00, sail 18:00").
        time: first.times.at(-1) ?? null,
        arrivalTime: last === first ? null : (last.times[0] ?? null),
        arrivalDate: last.date > first.date ? last.date : null,
        number: null,
        operator: null,
        description: ports.map((c) => c.port).join(' – '),
      },
      confidence: 0.7,
    },
  };
}

const EMBARK =
  /\b(?:embark|embarkation|embarking|embarque|embarcamos|embarcarem|embarquement|embarquer|embarcacao|einschiffung|einschiffen|an bord gehen|imbarco|imbarcarsi)\b/;
const DISEMBARK =
  /\b(?:disembark|disembarkation|desembarque|desembarco|debarquement|debarquer|desembarque|ausschiffung|ausschiffen|sbarco)\b/;
const SAIL =
  /\b(?:sail|sails|sailing|zarpa|zarpamos|appareillage|zarpe|partida do navio|ablegen|legt ab|salpa|salpiamo)\b/;

/**
 * A programme that boards a ship ("Day 1 – Split: Embarkation from 14:00"): the cruise is one
 * journey from that day's place to where the passengers disembark (or the last day's place).
 * `placeOf` names a day's place from its title.
 */
export function programmeCruise(
  sections: ReadonlyArray<{ day: number; title: string | null; lines: string[] }>,
  placeOf: (title: string | null) => string | null,
  text: string,
): { day: number; block: Transport } | undefined {
  if (!CRUISE_WORD.test(fold(text))) return undefined;
  const boarding = sections.find((s) => s.lines.some((l) => EMBARK.test(fold(l))));
  if (!boarding) return undefined;
  const leaving =
    sections.find((s) => s.day > boarding.day && s.lines.some((l) => DISEMBARK.test(fold(l)))) ??
    sections.at(-1);
  const from = placeOf(boarding.title);
  const landing = leaving && leaving !== boarding ? placeOf(leaving.title) : null;
  if (!from) return undefined;
  // A round trip ends where it began: no port of arrival of its own.
  const to = landing && fold(landing) !== fold(from) ? landing : null;
  const sailing = boarding.lines
    .flatMap((l) => l.split(/(?<=[.!?;])\s+/))
    .find((s) => SAIL.test(fold(s)) && timeMatches(s).length);
  return {
    day: boarding.day,
    block: {
      type: 'transport',
      content: {
        mode: 'cruise',
        from,
        to,
        time: sailing ? timeMatches(sailing).at(-1)!.time : null,
        arrivalTime: null,
        arrivalDate: null,
        number: null,
        operator: null,
        description: to ? `${from} – ${to}` : from,
      },
      confidence: 0.6,
    },
  };
}
