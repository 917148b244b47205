// Flights in free text: an anchor (a flight number whose designator is a known airline, or any
// designator after the word "flight" in six languages), the lines that detail it (departure,
// arrival, date, terminal), then its airports validated against the airport table (codes, the
// names travellers use, and cities with a single airport), times with "+1" arrivals, the airline's
// name from its designator, and its booking reference.
import type { DraftBlockInput } from '../draft.ts';
import { addDays, scanDates, type IsoDate } from './finders/dates.ts';
import { timeMatches } from './finders/times.ts';
import {
  airlineName,
  airlinesNamed,
  airport,
  airportOfCity,
  airportsByName,
  city,
  cityAirport,
} from './places.ts';
import { FLIGHT_WORDS } from './knowledge/transport-words.ts';
import { NOT_AIRPORTS } from './knowledge/airport-names.ts';
import { anchorsIn } from './finders/flight-designators.ts';
import { NOT_TRIP_DATE as NOT_TRIP } from './knowledge/document-words.ts';
import { fold } from './text.ts';

export type FlightBlock = Extract<DraftBlockInput, { type: 'flight' }>;

const CODE_OK_ALONE = new Set(['CIA', 'BER', 'OSL', 'RAK']); // real airports often written bare; accepted beside an arrow or "to"
const DETAIL_LINE =
  /^(?:departure|departs?|depart|arrival|arrives?|arrive|from|to|date|terminal|seat|class|cabin|duration|aircraft|operated by|baggage|gate|boarding|salida|sale|llegada|llega|origen|destino|fecha|asiento|clase|duracion|operado por|equipaje|embarque|depart|arrivee|de|a|vers|date|siege|classe|duree|opere par|bagages|partida|chegada|origem|data|assento|duracao|operado por|bagagem|abflug|ankunft|von|nach|datum|sitzplatz|klasse|dauer|durchgefuhrt von|gepack|partenza|arrivo|da|per|data|posto|classe|durata|operato da|bagaglio|imbarco|ab|an)\b\s*[:-]?/;
const DEPARTURE_LABEL =
  /^(?:departure|departs?|depart|from|salida|sale|origen|de|partida|origem|abflug|ab|von|partenza|da)\b/;
const ARRIVAL_LABEL =
  /^(?:arrival|arrives?|arrive|to|llegada|llega|destino|a|arrivee|chegada|destino|ankunft|an|nach|arrivo|per)\b/;
// Landing words too ("aterrizaje en CTG", "atterrissage à", "Landung in"), and German "an Frankfurt 13:05" (a city must follow).
const ARRIVAL_WORD =
  /\b(?:arr(?:ives?|ival)?|lands?|landing|llegada|llega|aterrizaje|aterriza|arrivee|arrivant|atterrissage|atterrit|chegada|aterragem|aterra|ankunft|landung|landet|an|arrivo|atterraggio|atterra|to|nach|para|per|destino|destination|vers|verso|towards)\s+(?:(?:at|in|a|à|em|en|no|na|de|um)\s+)?/g;
const NEXT_DAY =
  /\+\s?([12])(?!\d)|\b(?:next day|dia siguiente|lendemain|dia seguinte|folgetag|am nachsten tag|giorno dopo|giorno successivo)\b/;
export const BOOKING_REF =
  /\b(?:booking (?:reference|ref|code)|reference|record locator|pnr|confirmation (?:code|number)|reservation (?:code|number)|localizador|codigo de reserva|localisateur|code de reservation|reference de reservation|codigo da reserva|buchungscode|buchungsnummer|reservierungscode|bokningsreferens|bokningsnummer|rezervacni kod|kod rezerwacji|numer rezerwacji|codice (?:di )?prenotazione|codice pnr)\b\s*(?:no\.?|n[º°o]\.?|#)?\s*[:-]?\s*(?:\*+\s*)?([A-Z0-9]{5,8})\b/i;

interface Anchor {
  line: number;
  code: string;
  number: string;
  index: number;
}

const FROM_WORD =
  /\b(?:from|desde|procedente de|depuis|en provenance de|partindo de|saindo de|vindo de|aus|von|ab|dal|dalla|in partenza da|proveniente da)\s+/g;

/** "Flight U2 8115 from London Gatwick", "vuelo IB 3412 desde Madrid": a city (or named airport) with its airport after a from-word. */
export function departureFrom(text: string): { iata: string; city: string } | undefined {
  for (const hit of fold(text).matchAll(FROM_WORD)) {
    const after = text.slice(hit.index + hit[0].length);
    const name = /^(\p{Lu}[\p{L}'’-]+(?:\s\p{Lu}[\p{L}'’-]+)?)/u.exec(after)?.[1];
    if (!name) continue;
    const named = airportsByName(after.slice(0, 60)).find((a) => a.index <= name.length);
    if (named) return { iata: named.iata, city: name.split(/\s+/)[0]! };
    const first = name.split(/[\s/]+/)[0]!;
    const code = cityAirport(name) ?? cityAirport(first);
    if (code) return { iata: code, city: cityAirport(name) ? name : first };
  }
  return undefined;
}

const PLACE_WORDS = String.raw`\p{Lu}[\p{L}'’.]+(?:[\s-](?:de|du|da|di|del)?[\s-]?\p{Lu}[\p{L}'’.]+){0,3}`;
const TIMED_ROUTE = new RegExp(
  String.raw`(${PLACE_WORDS})(?:\s*\([A-Z]{3}\))?\s+(\d{1,2}[:h.]\d{2})\s*[–—→>-]+\s*(${PLACE_WORDS})(?:\s*\([A-Z]{3}\))?\s+(\d{1,2}[:h.]\d{2})`,
  'u',
);

/** The airport a place name stands for: a named airport in it, else a city with a single airport. */
export function placeAirport(name: string): string | undefined {
  return (
    airportsByName(name)[0]?.iata ??
    cityAirport(name) ??
    cityAirport(name.split(/[\s-]+/)[0]!) ??
    // A town with one airport the curated table lacks ("Horta" → HOR).
    airportOfCity(name, name) ??
    undefined
  );
}

/** "Paris-Charles-de-Gaulle 12h50 – Amman 18h20": both ends of a route written with their times. */
export function timedRoute(text: string):
  | {
      dep?: string;
      arr?: string;
      depName: string;
      arrName: string;
      depTime: string;
      arrTime: string;
    }
  | undefined {
  const m = TIMED_ROUTE.exec(text);
  if (!m) return undefined;
  const depTime = timeMatches(m[2]!)[0]?.time;
  const arrTime = timeMatches(m[4]!)[0]?.time;
  const dep = placeAirport(m[1]!);
  const arr = placeAirport(m[3]!);
  if (!depTime || !arrTime || (!dep && !arr) || dep === arr) return undefined;
  return {
    dep,
    arr,
    depName: m[1]!.split(/[\s-]+/)[0]!,
    arrName: m[3]!.split(/[\s-]+/)[0]!,
    depTime,
    arrTime,
  };
}

export interface FlightReading {
  flights: Array<{ block: FlightBlock; line: number }>;
  used: Set<number>;
}

/** The booking reference a text labels ("Código de reserva XHTQ9B"), as written. */
export function bookingReference(text: string): string | null {
  const m = BOOKING_REF.exec(fold(text));
  if (!m) return null;
  const start = m.index + m[0].length - m[1]!.length;
  const code = text.slice(start, start + m[1]!.length).toUpperCase();
  return /\d/.test(code) || /^[A-Z]{6}$/.test(code) ? code : null;
}

interface AirportHit {
  iata: string;
  index: number;
  end: number;
  explicit: boolean;
}

function airportsIn(text: string): AirportHit[] {
  const hits: AirportHit[] = [];
  for (const m of text.matchAll(/\(([A-Z]{3})\)|(?<=\p{Ll}-)([A-Z]{3})\b|\b([A-Z]{3})\b/gu)) {
    const code = m[1] ?? m[2] ?? m[3]!;
    if (!airport(code)) continue;
    if (m[2]) {
      hits.push({ iata: code, index: m.index, end: m.index + m[0].length, explicit: true });
      continue;
    }
    if (!m[1] && NOT_AIRPORTS.has(code)) {
      const around = text.slice(Math.max(0, m.index - 4), m.index + 7);
      if (!(CODE_OK_ALONE.has(code) && /→|->|\s[-–]\s|\bto\b/.test(around))) continue;
    }
    hits.push({ iata: code, index: m.index, end: m.index + m[0].length, explicit: Boolean(m[1]) });
  }
  // A document that writes codes in parentheses means those: bare capitals are then words ("ITA Airways", "SAS").
  if (hits.some((h) => h.explicit)) hits.splice(0, hits.length, ...hits.filter((h) => h.explicit));
  for (const named of airportsByName(text)) {
    if (!hits.some((h) => Math.abs(h.index - named.index) < 40 && h.iata === named.iata))
      hits.push({
        iata: named.iata,
        index: named.index,
        end: named.index + named.length,
        explicit: true,
      });
  }
  return hits.sort((a, b) => a.index - b.index);
}

const AIRPORT_OF =
  /\b(?:airport|aeropuerto|aeroport|aeroporto|flughafen|flughafens)\s+(?:of\s+|de\s+|di\s+|do\s+|da\s+|von\s+|in\s+|d')?/gu;

/** The last airport a piece of text names: a code, an airport's name, or "the airport of <a city with one airport>". */
function airportBefore(text: string): string | undefined {
  const hits = airportsIn(text);
  let best: { iata: string; index: number } | undefined = hits.at(-1);
  for (const m of fold(text).matchAll(AIRPORT_OF)) {
    const name = /^(\p{Lu}[\p{L}'’-]+)/u.exec(text.slice(m.index + m[0].length))?.[1];
    const code = name ? cityAirport(name) : undefined;
    if (code && (!best || m.index > best.index)) best = { iata: code, index: m.index };
  }
  return best?.iata;
}

/** The city written just before an airport ("Roma (FCO)", "London Heathrow", "Rome FCO"), as the document spells it. */
function cityBefore(text: string, index: number, iata: string): string | null {
  const before = text.slice(Math.max(0, index - 40), index).replace(/[\s,(–-]+$/, '');
  const m =
    /(\p{Lu}[\p{L}'’.-]+(?:\s(?:de|del|da|do|di|la|los|las)?\s?\p{Lu}[\p{L}'’.-]+){0,2})$/u.exec(
      before,
    );
  if (!m) return null;
  const words = m[1]!.split(/\s+/);
  for (let n = words.length; n >= 1; n--) {
    const name = words.slice(words.length - n).join(' ');
    const place = city(name);
    const info = airport(iata);
    if (place && info && place.country === info.country) return name;
  }
  return null;
}

/** Airports from the route's city names, when each city has a single airport: "from Lisbon to Porto". */
function routeCities(text: string): Array<{ city: string; iata: string | null }> {
  const route =
    /(?:from|de|desde|du|von|da|dal)\s+(\p{Lu}[\p{L}'’ -]+?)\s+(?:to|a|al|à|au|nach|para|per|ao|verso)\s+(\p{Lu}[\p{L}'’-]+(?:\s\p{Lu}[\p{L}'’-]+)?)/u.exec(
      text,
    ) ??
    /(\p{Lu}[\p{L}'’]+(?:\s\p{Lu}[\p{L}'’]+)?)\s*(?:-|–|→|->|>|—)\s*(\p{Lu}[\p{L}'’]+(?:\s\p{Lu}[\p{L}'’]+)?)/u.exec(
      text,
    );
  if (!route) return [];
  const out: Array<{ city: string; iata: string | null }> = [];
  for (const name of [route[1]!.trim(), route[2]!.trim()]) {
    if (!city(name)) return [];
    out.push({ city: name, iata: cityAirport(name) ?? null });
  }
  return out;
}

/** Cities named in a flight's text, in order ("voo TP1689 (Lisboa 10:05 – Funchal 11:35)"), with their airport when they have one. */
function citiesInOrder(text: string): Array<{ city: string; iata: string | null }> {
  const out: Array<{ city: string; iata: string | null }> = [];
  for (const m of text.matchAll(
    /(?<![\p{L}])(\p{Lu}[\p{L}'’-]+(?:\s(?:de|del|da|do)?\s?\p{Lu}[\p{L}'’-]+)?)/gu,
  )) {
    const words = m[1]!.split(/\s+/);
    for (let n = words.length; n >= 1; n--) {
      const name = words.slice(0, n).join(' ');
      const place = city(name);
      if (place && !out.some((o) => fold(o.city) === fold(name))) {
        out.push({ city: name, iata: cityAirport(name) ?? null });
        break;
      }
    }
  }
  return out;
}

const ARRIVAL_OPENING =
  /^(?:arrival|arriving|arrive|we arrive|llegada|llegamos|arrivee|arrivo|chegada|chegamos|ankunft|landung|landing)\b/;

/**
 * "Llegada al aeropuerto de Narita (NRT) a las 09:30", "Ankunft in Windhoek (WDH) um 06:35 Uhr", "Arrivée à Paris-CDG à 09:30":
 * a day that opens with the arrival of the night's flight. Its airport (a code, a named airport or a city with one airport) and time.
 */
export function arrivalOpening(sentence: string): { iata: string | null; time: string } | null {
  if (!ARRIVAL_OPENING.test(fold(sentence).trim()) || FLIGHT_NUMBER_LIKE.test(sentence))
    return null;
  const time = timeMatches(sentence)[0]?.time;
  if (!time) return null;
  let iata: string | null = airportsIn(sentence)[0]?.iata ?? null;
  if (!iata) {
    for (const m of sentence.matchAll(/(?<![\p{L}])(\p{Lu}[\p{L}'’-]+)/gu)) {
      const code = cityAirport(m[1]!);
      if (code) {
        iata = code;
        break;
      }
    }
  }
  return { iata, time };
}
const FLIGHT_NUMBER_LIKE = /\b[A-Z][A-Z\d]\s?\d{2,4}\b(?!\s*(?:uhr|h\b))/;

/**
 * The flights of a run of lines. `date` is the day's date (a programme's section); `anchor` the
 * document's reference date for dates without a year.
 */
export function readFlights(
  lines: readonly string[],
  date: IsoDate | null,
  now: Date,
  anchorDate: IsoDate | null,
): FlightReading {
  const anchors: Anchor[] = [];
  lines.forEach((line, i) => {
    for (const a of anchorsIn(line)) anchors.push({ line: i, ...a });
  });
  const used = new Set<number>();
  const flights: FlightReading['flights'] = [];
  const anchorLines = new Set(anchors.map((a) => a.line));
  for (let k = 0; k < anchors.length; k++) {
    const a = anchors[k]!;
    const sameLine = anchors.filter((b) => b.line === a.line);
    // Several flights on one line ("BA548 ... / BA549 ..."): each reads its own part.
    const position = sameLine.indexOf(a);
    const line = lines[a.line]!;
    // "sabato 29 maggio alle 6:40 (FR 8824) arriva 8:15, ritorno mercoledì 2 giugno FR 8825 alle
    // 21:05": a date between two flights, when the first has one of its own before it, opens the second.
    const dates = sameLine.length > 1 ? scanDates(line, now, anchorDate) : [];
    const opener = (k: number) => {
      const from = sameLine[k - 1]!.index;
      const between = dates.filter((d) => d.index > from && d.end <= sameLine[k]!.index);
      const own = dates.some((d) => d.end <= from && (k < 2 || d.index > sameLine[k - 2]!.index));
      return own && between.length ? between[0]!.index : sameLine[k]!.index;
    };
    const partStart = position === 0 ? 0 : opener(position);
    const partEnd = position < sameLine.length - 1 ? opener(position + 1) : line.length;
    const window: string[] = [line.slice(partStart, partEnd)];
    const windowLines = [a.line];
    if (sameLine.length === 1) {
      // A line with its departure and arrival times is the whole flight: the next lines are other things, details aside.
      const complete = timeMatches(window[0]!).length >= 2;
      for (let j = a.line + 1; j < lines.length && j <= a.line + 6; j++) {
        if (anchorLines.has(j)) break;
        const folded = fold(lines[j]!);
        if (complete && !DETAIL_LINE.test(folded)) break;
        const dateAndTime =
          j <= a.line + 2 &&
          timeMatches(lines[j]!).length > 0 &&
          scanDates(lines[j]!, now, anchorDate).length > 0 &&
          lines[j]!.length < 120;
        // A table cut into lines by a PDF: "23:55", "Santiago de Chile (SCL)", "09:10 vie 15 ene".
        const cell =
          lines[j]!.length <= 40 &&
          (timeMatches(lines[j]!).length > 0 || /^\p{Lu}[\p{L}' -]+\([A-Z]{3}\)/u.test(lines[j]!));
        if (cell && !dateAndTime && !DETAIL_LINE.test(folded)) {
          window.push(lines[j]!);
          windowLines.push(j);
          continue;
        }
        if (
          !DETAIL_LINE.test(folded) &&
          !/\([A-Z]{3}\)/.test(lines[j]!) &&
          !(timeMatches(lines[j]!).length && airportsIn(lines[j]!).length) &&
          !dateAndTime
        )
          break;
        window.push(lines[j]!);
        windowLines.push(j);
      }
      // Labelled details just before ("FROM: LHR", "London Heathrow · Terminal 5", "TO: LIS", then "FLIGHT: BA0492").
      let back = a.line;
      let labelled = false;
      for (let j = a.line - 1; j >= Math.max(0, a.line - 8); j--) {
        if (anchorLines.has(j) || used.has(j) || lines[j]!.length > 60) break;
        if (
          /^(?:from|to|origin|destination|de|a|origen|destino|origem|von|nach|da|departure|arrival|salida|llegada|depart|arrivee|partida|chegada|abflug|ankunft|partenza|arrivo)\s*:/.test(
            fold(lines[j]!),
          )
        ) {
          labelled = true;
          back = j;
        }
      }
      if (labelled)
        for (let j = a.line - 1; j >= back; j--) {
          window.unshift(lines[j]!);
          windowLines.unshift(j);
        }
      // A heading just before ("Outbound flight – Fri 8 May 2026", "Madrid (MAD) → Rome (FCO)").
      const previous = windowLines[0]! - 1;
      if (
        previous >= 0 &&
        !anchorLines.has(previous) &&
        !used.has(previous) &&
        lines[previous]!.length < 120 &&
        timeMatches(lines[previous]!).length < 2 && // another flight's row, not a heading
        (FLIGHT_WORDS.test(fold(lines[previous]!)) || airportsIn(lines[previous]!).length >= 2) &&
        scanDates(lines[previous]!, now, anchorDate).length + airportsIn(lines[previous]!).length >
          0
      ) {
        window.unshift(lines[previous]!);
        windowLines.unshift(previous);
      }
    }
    if (sameLine.length > 1 && position > 0) {
      // A shared date at the start of the line ("08 May: BA548 ... / BA549 ...") belongs to each.
      const shared = scanDates(line.slice(0, sameLine[0]!.index), now, anchorDate)[0];
      // Not to a part that has a date of its own.
      const own = dates.some((d) => d.index >= partStart && d.end <= partEnd);
      if (shared && !own) window.unshift(shared.date);
    }
    const block = flightOf(window, `${a.code}${a.number}`, date, now, anchorDate);
    if (!block) continue;
    // No date with the flight: the date heading it sits under ("OUTBOUND – Saturday 11 July 2026", then two flights).
    if (!block.content.date) {
      for (let j = windowLines[0]! - 1; j >= Math.max(0, windowLines[0]! - 6); j--) {
        const heading = lines[j]!;
        if (heading.length > 80 || timeMatches(heading).length || NOT_TRIP.test(fold(heading)))
          continue;
        const found = scanDates(heading, now, anchorDate)[0];
        if (found) {
          block.content.date = found.date;
          break;
        }
      }
      // The arrival's "+1" now has a day to count from.
      const c = block.content;
      const plus = NEXT_DAY.exec(fold(window.join('\n')));
      if (c.date && !c.arrivalDate && plus) c.arrivalDate = addDays(c.date, Number(plus[1] ?? 1));
    }
    // No departure written with the flight: the airport the same day's text names just before ("transfer to Bari airport. Flight AZ1618 ...").
    if (!block.content.departureAirport) {
      const earlier = lines.slice(Math.max(0, windowLines[0]! - 3), windowLines[0]!).join(' ');
      const code = airportBefore(earlier);
      if (code && code !== block.content.arrivalAirport) {
        block.content.departureAirport = code;
        block.content.departureCity = airport(code)?.city ?? null;
        block.confidence = Math.max(0.3, (block.confidence ?? 0.6) - 0.1);
      }
    }
    for (const j of windowLines) used.add(j);
    flights.push({ block, line: a.line });
  }
  // Flights without a number: "Flight from Rome (FCO) to New York (JFK) at 10:15".
  lines.forEach((line, i) => {
    if (used.has(i) || !FLIGHT_WORDS.test(fold(line))) return;
    const hits = airportsIn(line);
    const codes = [...new Set(hits.map((h) => h.iata))];
    if (codes.length < 2 && routeCities(line).length < 2) return;
    const block = flightOf([line], null, date, now, anchorDate);
    if (block && (block.content.departureAirport || block.content.departureCity)) {
      used.add(i);
      flights.push({ block, line: i });
    }
  });
  return { flights: flights.sort((x, y) => x.line - y.line), used };
}

const FROM_END =
  /(?:\bfrom|\bdesde|\bde|\bdu|\bdepuis|\bvon|\bab|\bda|\bdal|\bdalla|\bdo|\bdeparts?|\bdeparture|\bdeparting|\bleaves?|\bsalida|\bsale|\bdepart|\bpartida|\bsaida|\babflug|\bpartenza|\bparte|\bex)\s*:?$/;
const TO_END =
  /(?:\bto|\ba|\bal|\ba la|\bau|\bnach|\bpara|\bper|\bvers|\bverso|\bem|\bno|\bna|\ben|\bin|\barrival|\barrives?|\barriving|\blands?|\bllegada|\bllega|\barrivee|\barrive|\bchegada|\bchega|\bankunft|\barrivo|\barriva|\bdestino|\bdestination|→|->|\s[-–—]|>)\s*:?$/;

/** Whether the text before an airport makes it the departure or the arrival (the city's own words set aside). */
function roleOf(before: string): 'dep' | 'arr' | null {
  const seg = before
    .replace(/[\s(]*$/, '')
    .replace(
      /(?:\p{Lu}[\p{L}'’.]*(?:[\s-]+(?:de|del|da|do|di|la|los|las|dos|das|of|the)(?=[\s-]))?[\s-]*)+$/u,
      '',
    )
    .replace(/[\s(]*$/, '');
  const tail = fold(seg).trim().split(/\s+/).slice(-3).join(' ');
  if (/\b\d{1,2}[:h.]\d{2}\s*(?:uhr|h)?\s*$/.test(tail) || !tail) return null;
  if (FROM_END.test(tail)) return 'dep';
  if (TO_END.test(tail)) return 'arr';
  return null;
}

function flightOf(
  window: string[],
  number: string | null,
  dayDate: IsoDate | null,
  now: Date,
  anchorDate: IsoDate | null,
): FlightBlock | undefined {
  const text = window.join('\n');
  let hits = airportsIn(text);
  // The same airport written twice ("Rome Fiumicino (FCO)") counts once.
  hits = hits.filter((h, i) => i === 0 || h.iata !== hits[i - 1]!.iata);
  // Each airport's role from the word before it ("de Madrid (MAD) a Lima (LIM)", "llegada a Cusco (CUZ)"), else its order.
  const roles = hits.map((h, i) => roleOf(text.slice(i > 0 ? hits[i - 1]!.end : 0, h.index)));
  const firstArr = roles.indexOf('arr');
  const depIndex =
    roles.indexOf('dep') >= 0
      ? roles.indexOf('dep')
      : roles.findIndex((r, i) => r === null && (firstArr < 0 || i < firstArr));
  let dep: string | null = depIndex >= 0 ? hits[depIndex]!.iata : null;
  const arrIndex =
    firstArr >= 0
      ? firstArr
      : roles.findIndex((r, i) => r === null && i > depIndex && hits[i]!.iata !== dep);
  let arr: string | null =
    arrIndex >= 0 && hits[arrIndex]!.iata !== dep ? hits[arrIndex]!.iata : null;
  // Labelled lines decide which is which ("Arrival: ... (FCO)" before "Departure: ... (LHR)" is rare, but happens).
  let depTime: string | null = null;
  let arrTime: string | null = null;
  let arrivalDate: IsoDate | null = null;
  let date: IsoDate | null = null;
  let arrLabelled = false;
  for (const line of window) {
    const folded = fold(line).trim();
    const lineHits = airportsIn(line);
    const lineTimes = timeMatches(line);
    const lineDate = scanDates(line, now, anchorDate)[0]?.date ?? null;
    if (ARRIVAL_LABEL.test(folded) && !DEPARTURE_LABEL.test(folded)) {
      if (lineHits[0]) arr = lineHits[0].iata;
      if (lineTimes[0]) {
        arrTime = lineTimes[0].time;
        arrLabelled = true;
      }
      if (lineDate) arrivalDate = lineDate;
    } else if (DEPARTURE_LABEL.test(folded) && window.length > 1) {
      if (lineHits[0]) dep = lineHits[0].iata;
      if (lineTimes[0]) depTime = lineTimes[0].time;
      if (lineDate) date ??= lineDate;
    }
  }
  if (dep && arr === dep) arr = null;
  const cities = { dep: null as string | null, arr: null as string | null };
  // "Ankunft München 17:05", "arrivo a Roma Fiumicino": a city with a single airport (or a named airport) after the arrival word.
  // The first arrival word followed by a known city or a bare airport code ("aterrizaje en CTG 10:30") decides.
  if (!arr) {
    for (const hit of fold(text).matchAll(ARRIVAL_WORD)) {
      const after = text.slice(hit.index + hit[0].length);
      const bare = /^([A-Z]{3})\b/.exec(after)?.[1];
      if (bare && airport(bare) && bare !== dep) {
        arr = bare;
        break;
      }
      const name = /^(\p{Lu}[\p{L}'’-]+(?:\s\p{Lu}[\p{L}'’-]+)?)/u.exec(after)?.[1];
      const code = name ? (cityAirport(name) ?? cityAirport(name.split(/\s+/)[0]!)) : undefined;
      if (code && code !== dep) {
        arr = code;
        cities.arr = cityAirport(name!) ? name! : name!.split(/\s+/)[0]!;
        break;
      }
    }
  }
  // One end named by its airport ("Orly"), the other by a city with one airport ("Catane"): the order of the two in the text decides.
  if (hits.length === 1 && (dep === null) !== (arr === null)) {
    const hit = hits[0]!;
    const other = [...text.matchAll(/(?<![\p{L}])(\p{Lu}[\p{L}'’-]+)/gu)].find(
      (m) =>
        cityAirport(m[1]!) &&
        cityAirport(m[1]!) !== hit.iata &&
        (m.index < hit.index || m.index >= hit.end),
    );
    if (other) {
      const code = cityAirport(other[1]!)!;
      if (other.index < hit.index) {
        dep = code;
        arr = hit.iata;
        cities.dep = other[1]!;
      } else {
        dep = hit.iata;
        arr = code;
        cities.arr = other[1]!;
      }
    }
  }
  if (!dep) {
    const from = departureFrom(text);
    if (from && from.iata !== arr) {
      dep = from.iata;
      cities.dep = from.city;
    }
  }
  if (!dep && !arr) {
    const route = routeCities(text);
    const named = route.length === 2 ? route : citiesInOrder(text);
    if (named.length >= 2) {
      dep = named[0]!.iata;
      arr = named[1]!.iata;
      cities.dep = named[0]!.city;
      cities.arr = named[1]!.city;
    }
  }
  // "Milano Linate 07:10 – Bari 08:40", "(Lisboa 10:05 – Funchal 11:35)": a route with its times
  // names both ends and which time is which, whatever labels the line carries.
  const timed = timedRoute(text);
  if (timed) {
    if (dep === timed.arr && arr === timed.dep) [dep, arr] = [timed.dep, timed.arr];
    if (timed.dep && !dep && timed.dep !== arr) {
      dep = timed.dep;
      cities.dep = timed.depName;
    }
    if (timed.arr && !arr && timed.arr !== dep) {
      arr = timed.arr;
      cities.arr = timed.arrName;
    }
    depTime = timed.depTime;
    arrTime = timed.arrTime;
    arrLabelled = true;
  }
  // Boarding and gate times are not the flight's, nor the hotel pickup's of the transfer to it
  // ("Recolha no hotel para o regresso às 13:30 (voo TP1694 às 15:40)").
  const allTimes = timeMatches(text)
    .filter(
      (t) =>
        !/(?:boarding|gate|closes|embarque|embarquement|einstieg|imbarco|porta|puerta|porte)\W{0,3}$/.test(
          fold(text.slice(Math.max(0, t.index - 16), t.index)),
        ) &&
        !/\b(?:recolha|pick-?up|abholung|recogida|prise en charge|ritiro|prelievo|\w*transfers?|transferes?|traslado|transfert|trasferimento)\b[^.()]{0,30}$/.test(
          fold(text.slice(Math.max(0, t.index - 45), t.index)),
        ),
    )
    .map((t) => t.time);
  if (!allTimes.length) {
    // Airline tables: "BA548 LHR FCO 0815 1150".
    const compact = [...text.matchAll(/(?<![\w:./-])([01]\d|2[0-3])([0-5]\d)(?![\w:./-])/g)].map(
      (m) => `${m[1]}:${m[2]}`,
    );
    if (compact.length >= 1 && hits.length >= 2) allTimes.push(...compact);
  }
  // "departs 07:45, arrives 10:25", "salida 10:05 llegada 12:30": a time's own label.
  for (const t of timeMatches(text)) {
    const before = fold(text.slice(Math.max(0, t.index - 16), t.index));
    if (
      /(?<![a-z])(?:arr(?:ives?|ival)?|lands?|landing|llegada|llega|aterriza|arrivee|arrive|atterrissage|chegada|chega|aterragem|ankunft|landung|an|arrivo|arriva|atterraggio)\.?\s*(?:at|a las|a|à|às|um|alle|ore)?\s*:?\s*$/.test(
        before,
      )
    ) {
      if (!arrTime) arrLabelled = true;
      arrTime ??= t.time;
    } else if (
      /(?<![a-z])(?:dep(?:arts?|arture)?|leaves?|salida|sale|depart|part|partida|abflug|ab|partenza|parte)\.?\s*(?:at|a las|a|à|às|um|alle|ore)?\s*:?\s*$/.test(
        before,
      )
    )
      depTime ??= t.time;
  }
  // A flight given only by its landing ("Flight U2 8115 from London, landing 14:20") has no departure time.
  depTime ??= allTimes.find((t) => !arrLabelled || t !== arrTime) ?? null;
  arrTime ??=
    allTimes.find((t) => t !== depTime && allTimes.indexOf(t) > allTimes.indexOf(depTime ?? '')) ??
    null;
  const folded = fold(text);
  const plus = NEXT_DAY.exec(folded);
  // A date written after "+1" ("05:40 (+1, viernes 23 de octubre)") is the arrival's.
  const found = scanDates(text, now, anchorDate);
  const afterPlus = plus
    ? found.filter((d) => d.index > plus.index && d.index - plus.index < 12)
    : [];
  const dates = found.filter((d) => !afterPlus.includes(d)).map((d) => d.date);
  if (!arrivalDate && afterPlus[0]) arrivalDate = afterPlus[0].date;
  date ??=
    dates[0] ??
    (arrivalDate && plus ? addDays(arrivalDate, -Number(plus[1] ?? 1)) : null) ??
    dayDate;
  if (!arrivalDate && date && plus) arrivalDate = addDays(date, Number(plus[1] ?? 1));
  if (
    !arrivalDate &&
    date &&
    dates.length >= 2 &&
    dates[1]! > dates[0]! &&
    dates[1]! <= addDays(dates[0]!, 2)
  )
    arrivalDate = dates[1]!;
  // An arrival earlier than the departure lands the next day, when the two times are a route's ("21:15 → 13:40", "LHR 21:15 ... CMB 13:40").
  const routeTimes =
    new RegExp(
      `${depTime ?? 'x'}[^\\d]{0,40}(?:→|->|–|—|-|\\([A-Z]{3}\\)|\\b[A-Z]{3}\\b)[^\\d]{0,40}${arrTime ?? 'x'}`,
    ).test(text) || arrLabelled;
  if (!arrivalDate && date && depTime && arrTime && arrTime < depTime && dep && arr && routeTimes)
    arrivalDate = addDays(date, 1);
  if (arrivalDate === date) arrivalDate = null;
  if (!number && !dep && !cities.dep) return undefined;
  const code = number?.slice(0, 2) ?? null;
  const named = airlinesNamed(text)[0];
  const airline =
    (code && named?.code === code ? named.name : null) ??
    (code ? airlineName(code) : null) ??
    named?.name ??
    null;
  const depInfo = dep ? airport(dep) : undefined;
  const arrInfo = arr ? airport(arr) : undefined;
  const depHit = hits.find((h) => h.iata === dep);
  const arrHit = hits.find((h) => h.iata === arr);
  const reference = bookingReference(text);
  return {
    type: 'flight',
    content: {
      flightNumber: number,
      airline,
      departureAirport: dep,
      arrivalAirport: arr,
      departureCity:
        cities.dep ??
        (depHit ? cityBefore(text, depHit.index, depHit.iata) : null) ??
        depInfo?.city ??
        null,
      arrivalCity:
        cities.arr ??
        (arrHit ? cityBefore(text, arrHit.index, arrHit.iata) : null) ??
        arrInfo?.city ??
        null,
      departureTime: depTime,
      arrivalTime: arrTime,
      date,
      arrivalDate,
      bookingReference: reference,
    },
    confidence: Math.min(
      0.95,
      0.4 + (number ? 0.15 : 0) + (dep && arr ? 0.2 : 0) + (date ? 0.1 : 0) + (depTime ? 0.1 : 0),
    ),
  };
}
