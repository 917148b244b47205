// A crossing or a journey printed as labelled lines, as ferry lines, coach companies and many
// rail operators confirm them:
//   Tratta:    GENOVA > PALERMO              Route:      Portsmouth > Santander
//   Nave:      M/N Stella del Tirreno        Ship:       Galicia
//   Partenza:  gio 02/07/2026 ore 21:00 - Genova, Terminal Traghetti
//   Arrivo:    ven 03/07/2026 ore 17:30 - Palermo, Molo Santa Lucia
// or in one row of cells under a route box, as booking sites print them:
//   Livorno / Porto, Calata Carrara / ➜ / Olbia / Isola Bianca      (a line each)
//   Partenza | venerdì 23 luglio 2027, ore 22:30 | Arrivo | sabato 24 luglio 2027, ore 07:00
// Each departure line with the arrival line after it is one transport block on its date; the
// mode comes from the words of its section (a ship, a train, a coach). Flights are left to the
// flight reading, and lines another reader claimed are not read again.
import { addDays, scanDates, type IsoDate } from '../finders/dates.ts';
import { timeMatches } from '../finders/times.ts';
import { serviceIn } from '../rail-services.ts';
import { WEEKDAYS } from '../knowledge/weekdays.ts';
import { city } from '../places.ts';
import { fold } from '../text.ts';
import { labelPattern } from './labels.ts';
import type { DatedBlock, LayoutReader, LineLedger, ReaderInput, Reading } from './reader.ts';

const NAME = 'labelled-legs';
const WEEKDAY_ONLY = new RegExp(`^${WEEKDAYS},?$`);

// "Partenza: …", and the origin and destination labels of tickets printed in boxes ("ORIGEN:
// MADRID-PUERTA DE ATOCHA-" over "ALMUDENA GRANDES" over "08:00"), a colon after each.
const DEPARTURE_WORDS = `departure|depart|departs|departing|d[ée]part|salida|partida|partenza|abfahrt|vertrek|sailing|embarque|origen|origin|origine|origem|from|von|desde`;
const ARRIVAL_WORDS = `arrival|arrive|arrives|arriving|arriv[ée]e|llegada|chegada|arrivo|ankunft|aankomst|destino|destination|destinazione|to|nach|ziel|hasta`;
// "Salida: …", or a table's row "Salida | viernes, 30 de julio de 2027 · 23:00 h".
const DEPARTURE = labelPattern(DEPARTURE_WORDS, String.raw`(?:[:.]|\|)`, '(.*)$');
const ARRIVAL = labelPattern(ARRIVAL_WORDS, String.raw`(?:[:.]|\|)`, '(.*)$');
// A row of cells: "Partenza | <date, time> | Arrivo | <date, time>".
const DEPARTURE_CELL = labelPattern(
  DEPARTURE_WORDS,
  String.raw`\|`,
  String.raw`(.*?)\s+\|\s+(?:${ARRIVAL_WORDS})\s*\|\s*(.*)$`,
);
/** A route box's arrow on a line of its own, between the two places. */
const ARROW_LINE = /^\s*(?:➜|→|->|⟶|➔|►|▶|⇒|=>|—>|>)\s*$/;
const ROUTE = labelPattern(
  `route|ruta|rota|trajet|tratta|trayecto|percurso|strecke|traject|itinerary`,
  String.raw`(?:[:.]|\|)`,
  '(.+)$',
);
const FERRY =
  /\b(?:ferry|ferries|ship|vessel|crossing|sailing|nave|traghetto|traversata|navire|bateau|travers[ée]e|barco|buque|naviera|fahre|faehre|schiff|uberfahrt|veerboot|cabin|cabina|cabine|kabine|camarote|deck|ponte|pont)\b/;
const COACH = /\b(?:bus|coach|autobus|autocar|autocarro|onibus|pullman|reisebus|fernbus)\b/;
const TRAIN =
  /\b(?:train|tren|treno|zug|comboio|trem|wagen|coach \d|carrozza|voiture \d|coche \d|gleis|binario|voie|via \d)\b/;
const FLIGHT = /\b(?:flight|vuelo|vol|voo|volo|flug|gate|boarding pass|terminal \d)\b/;

const isDeparture = (line: string) =>
  DEPARTURE.test(line.trim()) || DEPARTURE_CELL.test(line.trim());

const MODE_WORDS = { ferry: FERRY, bus: COACH, train: TRAIN } as const;

interface Stop {
  date: IsoDate | null;
  time: string | null;
  place: string | null;
}

function stopOf(value: string, input: ReaderInput): Stop {
  const date = scanDates(value, input.now, input.anchor)[0] ?? null;
  const time = timeMatches(value).find((t) => !date || t.index >= date.end || t.end <= date.index);
  // The place: after a dash or at the end, once the date and time are out ("- Genova, Terminal").
  const rest = value
    .replace(/^.*?\s[-–—]\s/, (m) => (/\d/.test(m) ? '' : m))
    .replace(/\b(?:ore|um|at|à|a las|às|alle)\s*$/i, '');
  const cut = Math.max(date?.end ?? 0, time?.end ?? 0);
  const tidy = (text: string) =>
    text
      .replace(/^[\s,:;–—-]*(?:ore|uhr|h|hrs)?[\s,:;–—-]*/i, '')
      .split(/,|\s[-–—]\s|\(/)[0]!
      .trim();
  let after = tidy(rest === value ? value.slice(cut) : rest);
  // A station printed before its time ("SEVILLA-SANTA JUSTA 10:38").
  const first = Math.min(date?.index ?? value.length, time?.index ?? value.length);
  if (!/\p{L}{2}/u.test(after)) after = tidy(value.slice(0, first));
  // The weekday before the date ("venerdì 24/07/2026 ore 22:00") is no place.
  if (WEEKDAY_ONLY.test(fold(after))) after = '';
  return {
    date: date?.date ?? null,
    time: time?.time ?? null,
    place: /\p{L}{2}/u.test(after) && after.length <= 60 ? after : null,
  };
}

/** The mode of the leg from the words of its section (the lines since the last blank heading). */
function modeOf(section: string, serviced: boolean): 'ferry' | 'train' | 'bus' | null {
  if (FLIGHT.test(section) && !FERRY.test(section)) return null;
  if (FERRY.test(section)) return 'ferry';
  if (COACH.test(section)) return 'bus';
  if (TRAIN.test(section) || serviced) return 'train';
  return null;
}

/**
 * A label's value with the lines that continue it: a station's name wrapped onto the next line,
 * its time on a line of its own, up to the next label.
 */
function valueAt(
  lines: readonly string[],
  at: number,
  label: RegExp,
): { text: string; lines: number[] } {
  const row = DEPARTURE_CELL.exec(lines[at]!.trim());
  if (row) return { text: row[label === DEPARTURE ? 1 : 2]!.trim(), lines: [at] };
  const parts = [label.exec(lines[at]!.trim())![1]!.trim()];
  const used = [at];
  for (let j = at + 1; j <= at + 3 && j < lines.length; j++) {
    if (timeMatches(parts.join(' ')).length) break;
    const line = lines[j]!.trim();
    if (DEPARTURE.test(line) || ARRIVAL.test(line) || /:\s/.test(line) || line.length > 60) break;
    parts.push(line);
    used.push(j);
  }
  // A name wrapped at its hyphen ("MADRID-PUERTA DE ATOCHA-" / "ALMUDENA GRANDES") joins without a space.
  return { text: parts.join(' ').replace(/-\s+(?=\p{L})/gu, '-'), lines: used };
}

/**
 * The places of a route box above a departure row: a town (and its port or station on the next
 * line) over an arrow on a line of its own, over the other town ("Livorno" / "Porto, Calata
 * Carrara" / "➜" / "Olbia" / "Isola Bianca").
 */
function routeBox(
  input: ReaderInput,
  dep: number,
): { places: [string, string]; lines: number[] } | undefined {
  for (let k = dep - 2; k >= Math.max(1, dep - 8); k--) {
    if (!ARROW_LINE.test(input.lines[k]!)) continue;
    const town = (j: number) => {
      const line = input.lines[j]?.trim() ?? '';
      return j !== k && j < dep && line.length <= 40 && city(line) ? line : undefined;
    };
    const from = town(k - 2) ?? town(k - 1);
    const to = town(k + 1) ?? town(k + 2);
    // The box is the leg's: its towns, ports and arrow are read with it.
    return from && to
      ? { places: [from, to], lines: [k - 2, k - 1, k, k + 1, k + 2].filter((j) => j < dep) }
      : undefined;
  }
  return undefined;
}

/** The nearest line above that dates the leg (a ticket's section heading), and its date. */
function heading(input: ReaderInput, at: number): { date: IsoDate; line: number } | null {
  for (let j = at - 1; j >= Math.max(0, at - 4); j--) {
    const date = scanDates(input.lines[j]!, input.now, input.anchor)[0];
    if (date) return { date: date.date, line: j };
  }
  return null;
}

const headingDate = (input: ReaderInput, at: number) => heading(input, at)?.date ?? null;

function pairs(input: ReaderInput): Array<[number, number]> {
  const found: Array<[number, number]> = [];
  input.lines.forEach((line, i) => {
    if (!isDeparture(line)) return;
    if (DEPARTURE_CELL.test(line.trim())) {
      found.push([i, i]);
      return;
    }
    for (let j = i + 1; j <= i + 5 && j < input.lines.length; j++)
      if (ARRIVAL.test(input.lines[j]!.trim())) {
        found.push([i, j]);
        return;
      }
  });
  return found;
}

export const labelledLegsReader: LayoutReader = {
  name: NAME,
  applies(input) {
    return pairs(input).some(
      ([dep]) =>
        scanDates(valueAt(input.lines, dep, DEPARTURE).text, input.now, input.anchor).length > 0 ||
        headingDate(input, dep) !== null,
    );
  },
  read(input, ledger) {
    return readLegs(input, ledger);
  },
};

function readLegs(input: ReaderInput, ledger: LineLedger): Reading {
  const bookings: DatedBlock[] = [];
  for (const [dep, arr] of pairs(input)) {
    if (ledger.isClaimed(dep) || ledger.isClaimed(arr)) continue;
    const written = input.lines.slice(Math.max(0, dep - 6), arr + 3).join('\n');
    const section = fold(written);
    // Short categories are matched as printed ("AVE 02110", not the word "ave").
    // The leg's own service first: printed under its stops ("TRENO Frecciarossa 1000 · FR 9546"),
    // not the leg's before it.
    const serviceLine = [arr + 1, arr + 2, arr + 3].find(
      (k) => k < input.lines.length && serviceIn(input.lines[k]!) && !isDeparture(input.lines[k]!),
    );
    const service = serviceIn(serviceLine === undefined ? written : input.lines[serviceLine]!);
    const mode = modeOf(section, service !== null);
    if (!mode) continue;
    const depValue = valueAt(input.lines, dep, DEPARTURE);
    const arrValue = valueAt(input.lines, arr, ARRIVAL);
    // Airports by their codes ("Tegel(TXL)") are a flight's: the flight reading has them.
    if (/\([A-Z]{3}\)/.test(`${depValue.text} ${arrValue.text}`)) continue;
    const from = stopOf(depValue.text, input);
    const to = stopOf(arrValue.text, input);
    // A ticket dates its leg in the heading above ("IDA · AVE 02110 Sábado 09/05/2026").
    const above = from.date ? null : heading(input, dep);
    from.date ??= above?.date ?? null;
    if (!from.date || !from.time) continue;
    if (!to.date && to.time && from.time)
      to.date = to.time < from.time ? addDays(from.date, 1) : from.date;
    // "Tratta: GENOVA > PALERMO" names the ports when the stops do not.
    const routeLine = input.lines
      .slice(Math.max(0, dep - 4), dep)
      .map((l, k) => ({ m: ROUTE.exec(l.trim()), k: Math.max(0, dep - 4) + k }))
      .find((r) => r.m);
    const box = routeLine ? undefined : routeBox(input, dep);
    const route = routeLine?.m?.[1]?.split(/\s*(?:>|→|->|–|—|\s-\s|\/)\s*/) ?? box?.places;
    // "Barcelona (Moll de Sant Bertran, Terminal Drassanes)": the town, its terminal left out.
    const title = (raw: string | undefined | null) => {
      const s = raw?.replace(/\s*\(.*$/, '').trim();
      return s && s === s.toUpperCase() ? s.charAt(0) + s.slice(1).toLowerCase() : s || null;
    };
    bookings.push({
      date: from.date,
      block: {
        type: 'transport',
        confidence: 0.8,
        content: {
          mode,
          from: from.place ?? title(route?.[0]?.trim()),
          to: to.place ?? title(route?.[1]?.trim()),
          time: from.time,
          arrivalTime: to.time,
          arrivalDate: to.date && to.date !== from.date ? to.date : null,
          number: mode === 'ferry' ? null : (service?.number ?? null),
          operator: mode === 'ferry' ? null : (service?.operator ?? null),
          description: null,
        },
      },
    });
    // The line that names the vessel or the coach ("Nave: ...", "Autobús ALSA, asiento 23") is
    // this leg's too: read alone it would be a journey of its own with nothing in it.
    const named = input.lines
      .slice(Math.max(0, dep - 6), dep)
      .map((l, k) => ({ l, k: Math.max(0, dep - 6) + k }))
      .filter(({ l }) => MODE_WORDS[mode].test(fold(l)) && !timeMatches(l).length)
      .map(({ k }) => k);
    for (const i of [
      ...depValue.lines,
      ...arrValue.lines,
      ...named,
      ...(routeLine ? [routeLine.k] : []),
      ...(box?.lines ?? []),
      ...(serviceLine === undefined ? [] : [serviceLine]),
      // The heading that dates the leg and names its service ("IDA · AVE 02110 Sábado 09/05/2026").
      ...(above && serviceIn(input.lines[above.line]!) ? [above.line] : []),
    ])
      ledger.claim(i, NAME);
  }
  return { bookings };
}
