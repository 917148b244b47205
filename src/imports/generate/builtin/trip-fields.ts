// The trip's own fields as an agent writes them: its period (a stated period wins over the dates
// of the flights around it; recurring departures give none), its length, the countries it visits
// (where it stays and goes, not where the traveller comes from or changes planes, nor a landmark
// named after a country) and a title of destination and kind of trip, in the document's language.
import areas from './knowledge/areas.json' with { type: 'json' };
import type { DraftBlock } from '../draft.ts';
import { addDays, daysBetween, findRanges, scanDates, type IsoDate } from './finders/dates.ts';
import {
  airlinesNamed,
  airport,
  city as exactCity,
  countriesNamed,
  countryName,
  countryOfName,
  asWritten,
  leadingCity,
  namesPlace,
  regionsNamed,
} from './places.ts';

const city = (name: string, known?: ReadonlySet<string>) =>
  exactCity(name, known) ?? leadingCity(name, known);
import { ACCOMMODATION_LABEL, HOTEL_WORDS } from './knowledge/stay-words.ts';
import { BOILERPLATE, NOT_TRIP_DATE, PAST_TRIP, RECURRING } from './knowledge/document-words.ts';
import { DURATION_DAYS, DURATION_NIGHTS } from './knowledge/day-words.ts';
import { fold, SENTENCE_BREAK } from './text.ts';

export interface Period {
  start: IsoDate | null;
  finish: IsoDate | null;
}

const START_LABEL =
  /^(?:departure date|start date|travel date|date of travel|dates?|outbound|fecha de (?:salida|inicio|viaje)|fechas?|salida|ida|date de depart|dates? du voyage|depart|aller|data de (?:partida|inicio|ida)|datas?|partida|ida|reisedatum|reisezeitraum|abreise|hinreise|anreise|zeitraum|data di partenza|date|partenza|andata|periodo|period|travel dates|fechas del viaje|dates de voyage|datas da viagem|reisetermin)\b/;
const ARRIVAL_LABEL =
  /^(?:arrival|arrival date|check-?in|llegada|fecha de llegada|entrada|arrivee|date d'arrivee|chegada|data de chegada|anreise|anreisedatum|arrivo|data di arrivo)\b/;
const DEPARTURE_LABEL =
  /^(?:departure|departure date|check-?out|salida|fecha de salida|depart|date de depart|saida|data de saida|partida|abreise|abreisedatum|partenza|data di partenza)\b/;
const DEPARTURE_WORD =
  /\b(?:departure|departing|departs|starting|start date|salida|saliendo|inicio|depart|partenza|partenze|inizio|partida|saida|inicio|abreise|abfahrt|reisebeginn|ab dem|we leave|we fly out|on part|nous partons|salimos|nos vamos el|partimos|saimos|wir fliegen|wir starten|es geht los|partiamo|si parte)\b/;
const END_LABEL =
  /^(?:return date|end date|return|inbound|fecha de (?:regreso|vuelta|fin)|regreso|vuelta|date de retour|retour|data de (?:regresso|regreso|volta|fim)|regresso|volta|ruckreise|ruckkehr|heimreise|data di (?:ritorno|rientro)|ritorno|rientro)\b/;

/** A hotel's line (its name or label, or a count of nights, and no trip length in days): its range is the stay's. */
function isStayLine(line: string): boolean {
  const folded = fold(line).trim();
  // "Reisezeitraum: 6. bis 20. November 2026 (13 Nächte im Hotel)": a labelled period is the trip's.
  if (START_LABEL.test(folded) || END_LABEL.test(folded)) return false;
  return (
    (HOTEL_WORDS.test(folded) ||
      ACCOMMODATION_LABEL.test(folded) ||
      // "Casa Maya Tulum, 27–30 dic (3 noches)": a name, then its dates and nights.
      (/\b\d{1,2}\s*(?:nights?|noches?|nuits?|noites?|nachte|notti)\b/.test(folded) &&
        /^\p{Lu}[\p{L}'’&-]{2,}(?:\s+\p{L}[\p{L}'’&-]*){0,5}\s*[,(–-]/u.test(line.trim()))) &&
    !DURATION_DAYS.test(folded)
  );
}

/**
 * A line about another trip: an earlier one ("last year", "letztes Jahr") or one dated in a past
 * year ("como en Punta Cana en 2024"): its dates and places are not this trip's.
 */
export function aboutAnotherTrip(line: string, now: Date): boolean {
  const folded = fold(line);
  if (PAST_TRIP.test(folded)) return true;
  const years = [...folded.matchAll(/\b(?:19|20)\d{2}\b/g)].map((m) => Number(m[0]));
  return years.length > 0 && years.every((y) => y < now.getUTCFullYear());
}

/** The period the document states for the trip, from its first lines. */
export function statedPeriod(lines: readonly string[], now: Date, anchor: IsoDate | null): Period {
  // Sentence by sentence: a paragraph that states the period may go on to a stay's nights.
  const candidates = lines
    .flatMap((l) => l.split(SENTENCE_BREAK))
    .filter(
      (l) =>
        !NOT_TRIP_DATE.test(fold(l)) &&
        !RECURRING.test(fold(l)) &&
        !aboutAnotherTrip(l, now) &&
        !isStayLine(l),
    );
  // "8–11 May 2026", "del 5 al 12 de octubre", "from 19 to 22 June" (a stay's own range is not
  // a candidate: "Hotel in Lissabon: Casa do Largo, 16.04. bis 19.04.", the trip runs on after it).
  for (const line of candidates) {
    const range = findRanges(fold(line), now, anchor)[0];
    if (range) return { start: range.start, finish: range.end };
  }
  // A stay's "Arrival: 22 October" and "Departure: 26 October" (hotel confirmations): arrival starts, departure ends.
  const arrival = candidates
    .map((l) =>
      ARRIVAL_LABEL.test(fold(l).trim()) ? scanDates(l, now, anchor)[0]?.date : undefined,
    )
    .find(Boolean);
  const departure = candidates
    .map((l) =>
      DEPARTURE_LABEL.test(fold(l).trim()) ? scanDates(l, now, anchor)[0]?.date : undefined,
    )
    .find(Boolean);
  if (arrival && departure && arrival < departure && daysBetween(arrival, departure) <= 60)
    return { start: arrival, finish: departure };
  let start: IsoDate | null = null;
  let finish: IsoDate | null = null;
  for (const line of candidates) {
    const folded = fold(line).trim();
    // A period is stated with its months: "le lundi 27" beside "vol retour" is no end of the trip.
    const dates = scanDates(line, now, anchor).filter((d) => !d.partial);
    // "Departure: 8 January 2027 – Return: 17 January 2027": two dates on one line.
    if (
      dates.length === 2 &&
      dates[0]!.date < dates[1]!.date &&
      daysBetween(dates[0]!.date, dates[1]!.date) <= 90 &&
      !/\b\d{1,2}[:h]\d{2}\b/.test(line)
    )
      return { start: dates[0]!.date, finish: dates[1]!.date };
    if (!dates.length) continue;
    if (END_LABEL.test(folded)) finish ??= dates[0]!.date;
    else if (START_LABEL.test(folded)) start ??= dates[0]!.date;
  }
  if (start && finish && start <= finish) return { start, finish };
  // "8 days – departure Monday 7 September 2026": a start written after a departure word.
  if (!start) {
    for (const line of candidates) {
      const at = DEPARTURE_WORD.exec(fold(line));
      if (!at) continue;
      const date = scanDates(line.slice(at.index), now, anchor)[0];
      if (date && date.index <= at[0].length + 25) {
        start = date.date;
        break;
      }
    }
  }
  return { start: start && !finish ? start : null, finish: null };
}

/**
 * The first date the document gives with its year, for dates written without one; else the start
 * of its first range ("del 28 de abril al 9 de mayo"), so that "el viernes 28" after it is the
 * Friday near it, not the next Friday the 28th after today.
 */
export function anchorDate(lines: readonly string[], now: Date): IsoDate | null {
  let first: IsoDate | null = null;
  let past: IsoDate | null = null;
  const today = now.toISOString().slice(0, 10);
  for (const line of lines) {
    // A letter's place and date is when it was written: a quote in March dates a trip in October.
    if (NOT_TRIP_DATE.test(fold(line)) || DATELINE.test(line.trim())) continue;
    const full = scanDates(line, now).find((d) => d.yearGiven);
    // A date before today is the quote's or the booking's ("Preventivo n. 118 del 2 marzo
    // 2027"), unless the document gives no later one.
    if (full && full.date < today) past ??= full.date;
    else if (full) return full.date;
    first ??= findRanges(fold(line), now)[0]?.start ?? null;
  }
  return first ?? past;
}

export const isRecurring = (lines: readonly string[]) => lines.some((l) => RECURRING.test(fold(l)));

/** The stated length: "8 days / 7 nights", "10 días", "5 Nächte" (nights + 1), from the title area. */
export function statedDuration(lines: readonly string[]): number | null {
  for (const line of lines.slice(0, 20)) {
    const folded = fold(line);
    if (
      NOT_TRIP_DATE.test(folded) ||
      /\b(?:before|antes|avant|vor|prima|cancel|within|dentro|validity|valid)\b/.test(folded)
    )
      continue;
    const days = DURATION_DAYS.exec(folded);
    if (days && Number(days[1]) > 1 && Number(days[1]) <= 60 && !/\d\s*d\b/.test(days[0]!))
      return Number(days[1]);
    const nights = DURATION_NIGHTS.exec(folded);
    if (
      nights &&
      Number(nights[1]) > 0 &&
      Number(nights[1]) < 60 &&
      !/\d\s*n\b/.test(nights[0]!) &&
      /\b(?:nights?|noches|nuits|noites|nachte|notti)\b/.test(folded) &&
      !/\b(?:hotel|check)/.test(folded)
    )
      return Number(nights[1]) + 1;
  }
  return null;
}

// ---------------------------------------------------------------- countries

/** A place a day names; `end` when it is the first or last day (where the journey may start or end at home). */
export interface Visit {
  name: string;
  end?: boolean;
  /** Read from a booking's structure (a ticket's arrival, a rental's station), not from prose: needs no other support. */
  sure?: boolean;
}

export interface Places {
  /** Cities where the trip stays, in order (accommodation cities, overnight places). */
  stays: string[];
  /** Places the days name (titles, "in X", transport destinations). */
  visited: Visit[];
  /** Text where a country named counts (title area, day titles and lines, not conditions). */
  text: string;
  /** How many characters of `text` are its title area (subject, first lines, day titles). */
  titleArea?: number;
  flights: Array<Extract<DraftBlock, { type: 'flight' }>['content'] & { day?: number }>;
  /** The last day of a programme (a flight that day is the way home), when the document has days. */
  lastDay?: number;
  /** Where the first journey by land or sea leaves from, when it opens the trip (a train from Paris). */
  origin?: string | null;
}

const FROM_BEFORE =
  /(?:from|desde|depuis|von|ab|partindo de|saindo de|salida desde|depart de|partenza da|in partenza da|ex)\s+$/i;

const ARROW = /›|→|->|»|>/g;

/**
 * The country a programme's first route heading leaves from ("JOUR 1 – FRANCE › MARRAKECH"), where
 * the routes come back to ("JOUR 8 – FÈS › FRANCE"): home, not a place of the trip. The positions
 * in `text` of its names at either end of a route.
 */
function routeEnds(
  text: string,
  named: ReadonlyArray<{ country: string; index: number; name: string }>,
): Set<number> {
  const routes = [...text.matchAll(/^.*(?:›|→|->|»|>).*$/gm)].map((m) => {
    const arrows = [...m[0].matchAll(ARROW)].map((a) => m.index! + a.index!);
    return {
      start: m.index!,
      end: m.index! + m[0].length,
      first: arrows[0]!,
      last: arrows.at(-1)!,
    };
  });
  const origin = (c: { index: number; name: string }, r: (typeof routes)[number]) =>
    c.index >= r.start &&
    c.index + c.name.length <= r.first &&
    !/\p{L}/u.test(text.slice(c.index + c.name.length, r.first));
  const destination = (c: { index: number; name: string }, r: (typeof routes)[number]) =>
    c.index > r.last &&
    c.index + c.name.length <= r.end &&
    !/\p{L}/u.test(text.slice(r.last + 1, c.index));
  const home = routes[0] && named.find((c) => origin(c, routes[0]!))?.country;
  return new Set(
    named
      .filter((c) => c.country === home && routes.some((r) => origin(c, r) || destination(c, r)))
      .map((c) => c.index),
  );
}

export interface CountryReading {
  countries: string[];
  home: string | null;
  firstDestination: { city: string | null; country: string | null; iata: string | null };
}

export function tripCountries(places: Places): CountryReading {
  const found: string[] = [];
  const known = new Set<string>();
  const named0 = countriesNamed(places.text);
  const homeEnds = routeEnds(places.text, named0);
  const allNamed = named0.filter(
    (c) =>
      !FROM_BEFORE.test(places.text.slice(Math.max(0, c.index - 20), c.index)) &&
      !letterheadLine(places.text, c.index) &&
      !homeEnds.has(c.index),
  );
  // A country named in the title area says where the trip goes; one named further down (an
  // advert, a border crossed, a passport rule) counts only when nothing else does.
  const titleArea = places.titleArea ?? 0;
  const named = allNamed.filter((c) => c.index < titleArea);
  for (const c of named) known.add(c.country);
  // In the order they fly (a list may sit in a day after a flight mentioned in it).
  const flights = sameFlightsOnce(places.flights).sort(
    (a, b) =>
      `${a.date ?? ''}${a.departureTime ?? ''}`.localeCompare(
        `${b.date ?? ''}${b.departureTime ?? ''}`,
      ) || (a.day ?? 0) - (b.day ?? 0),
  );
  const countryOf = (code: string | null) => (code ? (airport(code)?.country ?? null) : null);
  // Home: where the first flight leaves from, when it opens the trip; else where a flight on the last day lands.
  const opening = flights[0] && (flights[0].day === undefined || flights[0].day === 1);
  const closing =
    flights.length && places.lastDay !== undefined && flights.at(-1)!.day === places.lastDay
      ? flights.at(-1)!
      : undefined;
  const home = opening
    ? countryOf(flights[0]!.departureAirport)
    : closing
      ? countryOf(closing.arrivalAirport)
      : places.origin && !flights.length
        ? (city(places.origin)?.country ?? null)
        : routeHome(places.visited, places.stays);
  // Airports where the traveller only changes planes: a flight lands there and the next leaves from there.
  const transit = new Set<string>();
  for (let i = 0; i + 1 < flights.length; i++) {
    const a = flights[i]!;
    const b = flights[i + 1]!;
    const sameDay = !a.date || !b.date || daysBetween(a.arrivalDate ?? a.date, b.date) <= 1;
    // The next flight must go somewhere: one with no known destination connects nothing.
    if (
      a.arrivalAirport &&
      a.arrivalAirport === b.departureAirport &&
      b.arrivalAirport &&
      b.arrivalAirport !== a.departureAirport &&
      sameDay
    )
      transit.add(a.arrivalAirport);
  }
  let first: CountryReading['firstDestination'] = { city: null, country: null, iata: null };
  // Places read from the general gazetteer are hints: a country known only from one such place
  // (Pinhão is also a town in Brazil, Copacabana one in Colombia) needs support from elsewhere.
  const hints: Array<{
    country: string;
    name: string;
    weak: boolean;
    kind: 'stay' | 'visit';
    end?: boolean;
    iata: string | null;
  }> = [];
  for (const name of places.stays) {
    const place =
      city(name, known) ??
      (countryOfName(name)
        ? { name, country: countryOfName(name)!, iata: null, population: Number.MAX_SAFE_INTEGER }
        : undefined);
    if (place)
      hints.push({
        country: place.country,
        name,
        weak: place.population !== Number.MAX_SAFE_INTEGER,
        kind: 'stay',
        iata: place.iata,
      });
  }
  const arrivals: string[] = [];
  const arrivalPlaces: Array<{ city: string | null; country: string; iata: string }> = [];
  flights.forEach((f, i) => {
    const country = countryOf(f.arrivalAirport);
    if (!country || transit.has(f.arrivalAirport!)) return;
    if (i === flights.length - 1 && (flights.length > 1 || f === closing) && country === home)
      return; // the way home
    arrivals.push(country);
    arrivalPlaces.push({ city: f.arrivalCity, country, iata: f.arrivalAirport! });
  });
  const transitCities = new Set([...transit].map((code) => fold(airport(code)?.city ?? '')));
  for (const { name, end, sure } of places.visited) {
    const place = city(name, known);
    if (place?.iata && transit.has(place.iata)) continue;
    if (transitCities.has(fold(place?.name ?? name))) continue;
    const country = place?.country ?? countryOfName(name);
    if (!country) continue;
    hints.push({
      country,
      name,
      weak: Boolean(place && place.population !== Number.MAX_SAFE_INTEGER && !sure),
      kind: 'visit',
      end,
      iata: place?.iata ?? null,
    });
  }
  const strong = new Set([
    ...arrivals,
    ...named.map((c) => c.country),
    ...hints.filter((h) => !h.weak).map((h) => h.country),
  ]);
  const supported = (h: (typeof hints)[number]) =>
    !h.weak ||
    strong.has(h.country) ||
    new Set(hints.filter((o) => o.country === h.country).map((o) => fold(o.name))).size >= 2;
  const kept = hints.filter(supported);
  const stayCountries = kept.filter((h) => h.kind === 'stay').map((h) => h.country);
  const visited = kept
    .filter((h) => h.kind === 'visit' && !(h.end && h.country === home))
    .map((h) => h.country);
  for (const h of kept) {
    if (first.country) break;
    if (h.kind === 'stay' || h.country !== home)
      first = { city: h.name, country: h.country, iata: h.iata };
  }
  if (!first.country && arrivalPlaces[0] && arrivalPlaces[0].country !== home)
    first = arrivalPlaces[0];
  if (!stayCountries.length && !arrivals.length && !visited.length && !named.length) {
    // Nothing else says where the trip goes: a known destination in the title area ("Weekend in Amsterdam").
    const head = places.text.slice(0, titleArea);
    for (const m of head.matchAll(/(\p{Lu}[\p{L}'’-]+(?:\s\p{Lu}[\p{L}'’-]+)?)/gu)) {
      // In the heading any of its words may be the place ("Plan Cartagena", "Weekend Amsterdam");
      // further down only the first, and never a name after a title ("Herr Krüger").
      const words = m[1]!.split(/\s+/);
      const heading = !head.slice(0, m.index).includes('\n');
      const candidates = HONORIFIC.test(words[0]!)
        ? []
        : heading
          ? [m[1]!, ...words]
          : [m[1]!, words[0]!];
      const place = candidates
        .map((w) => city(w))
        .find((p) => p && p.population === Number.MAX_SAFE_INTEGER);
      if (
        place &&
        place.population === Number.MAX_SAFE_INTEGER &&
        !FROM_BEFORE.test(head.slice(Math.max(0, m.index - 20), m.index))
      ) {
        visited.push(place.country);
        if (!first.country) first = { city: m[1]!, country: place.country, iata: place.iata };
      }
    }
    if (!visited.length) named.push(...allNamed);
  }
  found.push(...stayCountries, ...arrivals, ...named.map((c) => c.country), ...visited);
  let result = [...new Set(found)];
  // Home stays out unless the trip stays there or a flight other than the way back lands there.
  // (A trip that stays in its home country, Paris to Nice or Marseille to Corsica, keeps it.)
  if (
    home &&
    !stayCountries.includes(home) &&
    !arrivals.includes(home) &&
    result.some((c) => c !== home)
  )
    result = result.filter((c) => c !== home);
  // A trip in its home country (Lisbon to Madeira) still has the first airport it lands at as its first destination.
  if (
    !first.country &&
    arrivalPlaces[0] &&
    result.length === 1 &&
    result[0] === arrivalPlaces[0].country
  )
    first = arrivalPlaces[0];
  if (!first.country && result[0]) first = { city: null, country: result[0], iata: null };
  return { countries: result, home, firstDestination: first };
}

const HONORIFIC =
  /^(?:mr|mrs|ms|miss|dr|sr|sra|srta|d|dona|dom|m|mme|mlle|herr|frau|sig|sigra|signor|signora)\.?$/i;

/**
 * Each flight once: a flight number mentioned again ("transfer on arrival of flight TP1543") is the
 * same flight with fewer facts, not a second leg that would make its airport a connection.
 */
function sameFlightsOnce(flights: Places['flights']): Places['flights'] {
  const facts = (f: Places['flights'][number]) =>
    [f.departureAirport, f.arrivalAirport, f.date, f.departureTime, f.arrivalTime].filter(Boolean)
      .length;
  const out: Places['flights'] = [];
  for (const f of flights) {
    const twin = f.flightNumber
      ? out.findIndex(
          (o) => o.flightNumber === f.flightNumber && (!o.date || !f.date || o.date === f.date),
        )
      : -1;
    if (twin < 0) out.push(f);
    else if (facts(f) > facts(out[twin]!)) out[twin] = f;
  }
  return out;
}

/** Whether the line holding `index` is an agency's letterhead or an advert ("UK sales: 9 Marlowe Court, Bristol"): a country there is where the agency sits, not where the trip goes. */
function letterheadLine(text: string, index: number): boolean {
  const start = text.lastIndexOf('\n', index) + 1;
  const end = text.indexOf('\n', index);
  // Years out first: "Sommer 2027 in Italien" is a heading, not a postcode and town.
  const line = fold(text.slice(start, end < 0 ? text.length : end)).replace(
    /\b(?:19|20)\d{2}\b/g,
    ' ',
  );
  return AGENCY.test(line) || ADVERT.test(line);
}

/**
 * Home when no flight tells it: the place a programme leaves from on its first day and comes back
 * to on its last ("Dia 1 – Lisboa ✈ Casablanca" … "Dia 8 – Marraquexe ✈ Lisboa"), unless the trip
 * stays there.
 */
function routeHome(visited: readonly Visit[], stays: readonly string[]): string | null {
  const first = visited[0];
  const last = visited.at(-1);
  if (!first?.end || !last?.end || visited.length < 3 || fold(first.name) !== fold(last.name))
    return null;
  if (stays.some((s) => fold(s) === fold(first.name))) return null;
  const country = city(first.name)?.country ?? null;
  // A loop that visits its own country on the way (a cruise from Barcelona calling at Palma) has it in the trip.
  if (visited.some((v) => !v.end && city(v.name)?.country === country)) return null;
  return country;
}

// ---------------------------------------------------------------- title

const TITLE_LABEL =
  /^(?:title|trip|tour|trip name|tour name|package|programme|program|titulo|viaje|programa|circuito|paquete|titre|voyage|circuit|sejour|forfait|viagem|roteiro|pacote|titel|reise|rundreise|reiseprogramm|titolo|viaggio|pacchetto|destination|destino|destinazione|reiseziel)\s*:\s*(.+)$/i;
const KIND_WORDS =
  /\b(?:fly ?(?:&|and|-)? ?drive|autotour|self-drive|road ?trip|rundreise|tour|circuit|trip|weekend|week-end|getaway|escape|holiday|holidays|vacation|honeymoon|cruise|safari|road trip|journey|adventure|discovery|descubrimiento|decouverte|descoberta|scoperta|entdeckung|entdeckungsreise|break|city break|expedition|circuito|viaje|escapada|fin de semana|luna de miel|crucero|ruta|vacaciones|recorrido|voyage|sejour|escapade|lune de miel|croisiere|vacances|viagem|roteiro|escapadinha|fim de semana|lua de mel|cruzeiro|ferias|passeio|reise|rundreise|rundfahrt|urlaub|wochenende|kurzurlaub|flitterwochen|kreuzfahrt|viaggio|vacanza|vacanze|luna di miele|crociera|giro|fine settimana)\b/;

const KIND_TITLES: Record<
  string,
  {
    trip: (d: string) => string;
    tour: (d: string) => string;
    weekend: (d: string) => string;
    honeymoon: (d: string) => string;
    cruise: (d: string) => string;
  }
> = {
  en: {
    trip: (d) => `Trip to ${d}`,
    tour: (d) => `${d} tour`,
    weekend: (d) => `Weekend in ${d}`,
    honeymoon: (d) => `Honeymoon in ${d}`,
    cruise: (d) => `${d} cruise`,
  },
  es: {
    trip: (d) => `Viaje a ${d}`,
    tour: (d) => `Circuito por ${d}`,
    weekend: (d) => `Fin de semana en ${d}`,
    honeymoon: (d) => `Luna de miel en ${d}`,
    cruise: (d) => `Crucero por ${d}`,
  },
  fr: {
    trip: (d) => `Voyage à ${d}`,
    tour: (d) => `Circuit ${d}`,
    weekend: (d) => `Week-end à ${d}`,
    honeymoon: (d) => `Lune de miel à ${d}`,
    cruise: (d) => `Croisière ${d}`,
  },
  pt: {
    trip: (d) => `Viagem a ${d}`,
    tour: (d) => `Circuito por ${d}`,
    weekend: (d) => `Fim de semana em ${d}`,
    honeymoon: (d) => `Lua de mel em ${d}`,
    cruise: (d) => `Cruzeiro por ${d}`,
  },
  de: {
    trip: (d) => `Reise nach ${d}`,
    tour: (d) => `Rundreise ${d}`,
    weekend: (d) => `Wochenende in ${d}`,
    honeymoon: (d) => `Flitterwochen in ${d}`,
    cruise: (d) => `Kreuzfahrt ${d}`,
  },
  it: {
    trip: (d) => `Viaggio a ${d}`,
    tour: (d) => `Tour ${d}`,
    weekend: (d) => `Weekend a ${d}`,
    honeymoon: (d) => `Luna di miele a ${d}`,
    cruise: (d) => `Crociera ${d}`,
  },
};

/** A line as a title: without boilerplate, codes, dates, lengths and prices, in normal case. Undefined when nothing of a trip is left. */
export function titleFrom(line: string, now: Date): string | undefined {
  let text = line.replace(/\s+/g, ' ').trim();
  // A sentence ("thank you for your purchase. Here is your trip") or a letterhead is not a title.
  // (An abbreviation's dot, "Fam. Navarro", "Sr. Ruiz", ends no sentence.)
  const bare = text
    .replace(/\s*[([][^)\]]*[)\]]/g, ' ')
    .replace(
      /\b(?:fam|sr|sra|srs|mr|mrs|ms|dr|hr|fr|frau|sig|sigg|mme|mlle|st|sto|sta|nr|no)\./gi,
      ' ',
    );
  // A line with a price ("Prix total du séjour : 540 €") is not a title.
  if (/[€$£]\s?\d|\d\s?(?:€|eur\b|usd\b|gbp\b)/i.test(text)) return undefined;
  if (
    /^\p{Ll}/u.test(text) ||
    /\p{L}{2}[.!?]+\s+\p{L}/u.test(bare) ||
    ADVERT.test(fold(text)) ||
    GREETING.test(fold(text)) ||
    AGENCY.test(fold(text))
  )
    return undefined;
  const dates = scanDates(text, now);
  for (const d of [...dates].reverse()) text = `${text.slice(0, d.index)} ${text.slice(d.end)}`;
  text = text
    .replace(/\s*[([][^)\]]*(?:\d|ref|dossier|proc|n[º°o])[^)\]]*[)\]]/giu, ' ') // "(dossier AV-3107)", "(proc. MT-26-0918)"
    // "(me + Ali)", "(Jana & Tobi)": who travels, not where
    .replace(
      /\s*\([^)]*(?:\+|&|\band\b|\bund\b|\bet\b|\bcon\b|\bcom\b|\bwith\b|\bmit\b|\bavec\b)[^)]*\)/giu,
      ' ',
    )
    .replace(/\b(?:19|20)\d{2}\b/g, ' ')
    .replace(
      /\b\d{1,2}\s*(?:days?|d[ií]as?|jours?|tage?n?|giorni|nights?|noches?|nuits?|noites?|n[äa]chte|notti)\b(?:\s*[/,-]\s*\d{1,2}\s*\p{L}+)?/giu,
      ' ',
    )
    .replace(/\b\d{1,2}\s?[DN]\s?\/\s?\d{1,2}\s?[DN]\b/g, ' ')
    .replace(/(?:[€$£]\s?\d[\d.,]*|\d[\d.,]*\s?(?:€|eur|usd|\$))/gi, ' ')
    .replace(
      /(?:#|n[º°o]\.?\s*|ref\.?\s*:?\s*)?\b(?=[A-Z0-9-]*\d)(?=[A-Z0-9-]*[A-Z])[A-Z0-9]+(?:-[A-Z0-9]+)*\b/g,
      (code) => (code.length >= 4 ? ' ' : code),
    )
    .replace(/\s*[([]\s*[)\]]/g, ' ')
    .replace(/[<>«»"“”]/g, ' ');
  const parts = text
    .split(/\s*(?:[|:–—·•/]|\s-\s|,\s)\s*/)
    .map((p) => stripBoilerplate(p.trim()))
    .filter((p) => p && /\p{L}{2}/u.test(p));
  // Parts that name a place or a kind of trip; a client's name or a department beside them goes.
  const telling = parts.filter((p) => KIND_WORDS.test(fold(p)) || placeIn(p));
  const kept = telling.length ? telling : parts;
  // Nothing left out: the heading as written ("Roteiro Portugal Clássico: Lisboa, Sintra e Porto").
  const whole = text.replace(/\s+/g, ' ').trim();
  const untouched =
    kept.length === parts.length &&
    parts.every((p) => whole.includes(p)) &&
    parts.join('').length >= whole.replace(/[\s|:–—·•/,-]/g, '').length * 0.9 - 2;
  let title = (untouched ? whole : kept.join(' – '))
    .replace(/(?:\s+(?:\d{1,2}|de|del|du|vom|from|dal|dall'|a|al|au|bis|to|e|y|et|und))+\s*$/i, '')
    .replace(/\s+/g, ' ')
    .replace(/^[\s\-–—,.:;!]+|[\s\-–—,.:;!]+$/g, '')
    .trim();
  if (
    !title ||
    title.length < 3 ||
    (BOILERPLATE.test(fold(title)) && !KIND_WORDS.test(fold(title)))
  )
    return undefined;
  // A station, an airline or a long sentence names no trip.
  if (
    /\b(?:station|stazione|autostazione|gare|bahnhof|hbf|estacion|estacao|terminal|airport|aeropuerto|aeroport|aeroporto|flughafen)\b/.test(
      fold(title),
    )
  )
    return undefined;
  const airline = airlinesNamed(title)[0];
  if (airline && airline.name.length >= title.replace(/[^\p{L}]/gu, '').length * 0.6)
    return undefined;
  if (title.split(/\s+/).length > 10 && !KIND_WORDS.test(fold(title))) return undefined;
  if (title.length > 100) return undefined;
  title = title.charAt(0).toUpperCase() + title.slice(1);
  return normalCase(title);
}

/** Wishes, not titles. */
const GREETING =
  /^(?:(?:you'?re|you are|we'?re) all set|thanks|thank you|gracias|merci|obrigad[oa]|danke|grazie|hello|hi|dear|hola|bonjour|ola|hallo|ciao|boa viagem|bon voyage|buen viaje|gute reise|buon viaggio|have a (?:nice|great|good) trip|enjoy your (?:trip|stay)|disfruta|profitez|aproveite|viel spass|buone vacanze)\b/;

/** Lines of adverts and offers ("Hotels in Salzburg from €89 per night"). */
const ADVERT =
  /\b(?:per night|pro nacht|por noche|par nuit|a notte|per notte|por noite|sales|office|branch|oficina|agence|filiale|agenzia|loja|promotions?|promociones|promocoes|angebote|offerte|offres)\b/;
const AUXILIARY = new Set([
  'est',
  'is',
  'ist',
  'e',
  'é',
  'esta',
  'está',
  'foi',
  'wurde',
  'has',
  'been',
  'ha',
  'sido',
  'a',
  'ete',
  'été',
  'wurden',
  'sono',
  'stato',
  'stata',
  'are',
  'sind',
  'sont',
  'son',
  'estan',
  'estão',
  'sao',
  'são',
]);
const LEADING = new Set([
  'your',
  'my',
  'our',
  'the',
  'votre',
  'vos',
  'mon',
  'ma',
  'notre',
  'su',
  'sus',
  'tu',
  'tus',
  'mi',
  'mis',
  'nuestro',
  'sua',
  'seu',
  'suas',
  'minha',
  'meu',
  'nossa',
  'ihre',
  'ihr',
  'meine',
  'unsere',
  'il',
  'la',
  'tuo',
  'tua',
  'vostro',
  'vostra',
  'mio',
  'mia',
  'da',
  'de',
  'del',
  'du',
  'des',
  'do',
  'der',
  'of',
  'for',
  'para',
  'pour',
  'fur',
  'für',
  'per',
  'di',
  'della',
]);

/** Boilerplate words out of a part ("Confirmação da sua viagem aos Açores" → "viagem aos Açores", "Votre séjour à Marrakech est confirmé" → "séjour à Marrakech"). */
function stripBoilerplate(part: string): string {
  const words = part.split(/\s+/).filter(Boolean);
  const boiler = (w: string) =>
    BOILERPLATE.test(` ${fold(w)} `) ||
    /^(?:confirme|confirmee|confirmed|confirmado|confirmada|confirmata|confermato|confermata|bestatigt|definitiv[oae]?|definitif|definitive|final|finale|endgultig|trip|viaje|voyage|viagem|reise|viaggio)$/.test(
      fold(w),
    );
  const kind = (w: string) => KIND_WORDS.test(fold(w));
  // Generic words ("trip", "viaje") count as boilerplate only when the part has nothing else.
  let i = 0;
  while (
    i < words.length &&
    (LEADING.has(fold(words[i]!)) ||
      (boiler(words[i]!) && !kind(words[i]!)) ||
      (boiler(words[i]!) &&
        kind(words[i]!) &&
        i + 1 < words.length &&
        LEADING.has(fold(words[i + 1]!))))
  )
    i++;
  let j = words.length;
  while (
    j > i &&
    (AUXILIARY.has(fold(words[j - 1]!)) ||
      (boiler(words[j - 1]!) && !kind(words[j - 1]!)) ||
      LEADING.has(fold(words[j - 1]!)))
  )
    j--;
  const kept = words
    .slice(i, j)
    .filter(
      (w) =>
        !(
          boiler(w) &&
          !kind(w) &&
          /^(?:definitiv[oae]?|definitif|definitive|final|finale|endgultig|confirme|confirmee|confirmed|confirmado|confirmada|confermato|bestatigt)$/.test(
            fold(w),
          )
        ),
    );
  const joined = kept.join(' ');
  return /^(?:my trip|mi viaje|mon voyage|minha viagem|meine reise|il mio viaggio|trip|viaje|voyage|viagem|reise|viaggio)$/i.test(
    fold(joined),
  )
    ? ''
    : joined;
}

/** The known places (cities, regions) a text names. */
function placesIn(text: string): Array<{ country: string; population: number }> {
  const out: Array<{ country: string; population: number }> = [];
  for (const m of text.matchAll(
    /(\p{Lu}[\p{L}'’-]+(?:\s(?:de|del|da|do|di|la)?\s?\p{Lu}[\p{L}'’-]+)*)/gu,
  )) {
    const words = m[1]!.split(/\s+/);
    for (let n = words.length; n >= 1; n--)
      for (let k = 0; k + n <= words.length; k++) {
        const place = exactCity(words.slice(k, k + n).join(' '));
        if (place) out.push(place);
      }
  }
  return out;
}

/** Whether a part names a known place (a city, a region or a country). */
/** A name of an area of several countries (knowledge/areas.json: "Balkans", "Mediterráneo"). */
const AREAS = new RegExp(
  `(?<![\\p{L}])(?:${areas.areas
    .flatMap(([names]) => (names as string).split('|'))
    .map((n) => fold(n).replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('|')})(?![\\p{L}])`,
  'u',
);

function placeIn(part: string): boolean {
  if (countriesNamed(part).length || AREAS.test(fold(part))) return true;
  for (const m of part.matchAll(
    /(\p{Lu}[\p{L}'’-]+(?:\s(?:de|del|da|do|di|la)?\s?\p{Lu}[\p{L}'’-]+)*)/gu,
  )) {
    const words = m[1]!.split(/\s+/);
    for (let n = words.length; n >= 1; n--)
      for (let k = 0; k + n <= words.length; k++)
        if (city(words.slice(k, k + n).join(' '))) return true;
  }
  return false;
}

const SMALL = new Set([
  'a',
  'an',
  'and',
  'the',
  'of',
  'in',
  'to',
  'y',
  'e',
  'de',
  'del',
  'la',
  'las',
  'los',
  'el',
  'en',
  'et',
  'du',
  'des',
  'le',
  'les',
  'à',
  'au',
  'aux',
  'da',
  'do',
  'dos',
  'das',
  'em',
  'no',
  'na',
  'und',
  'der',
  'die',
  'das',
  'im',
  'nach',
  'di',
  'della',
  'delle',
  'dei',
  'il',
  'lo',
  'per',
  'por',
  'com',
  'con',
  'avec',
  'mit',
  'for',
  'with',
]);

/** A title in capitals ("ROMA IN 4 GIORNI") in sentence case, places capitalised ("Roma in 4 giorni"); other titles as written. */
export function normalCase(title: string): string {
  const letters = title.replace(/[^\p{L}]/gu, '');
  const upper = letters.replace(/[^\p{Lu}]/gu, '').length;
  if (letters.length < 4 || upper / letters.length < 0.7) return title;
  const capital = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);
  const words = title.toLowerCase().split(/(\s+|-|\/)/);
  return words
    .map((word, i) => {
      if (!/\p{L}/u.test(word)) return word;
      if (i === 0) return capital(word);
      const pair = i + 2 < words.length ? `${word} ${words[i + 2]}` : '';
      if (
        (pair && exactCity(pair)) ||
        (word.length >= 3 && (exactCity(word) || countryOfName(word)) && !SMALL.has(word))
      )
        return capital(word);
      if (i >= 2 && /\p{L}/u.test(words[i - 2] ?? '') && exactCity(`${words[i - 2]} ${word}`))
        return capital(word);
      return word;
    })
    .join('');
}

export interface TitleInput {
  lines: readonly string[];
  subject: string | null;
  language: string;
  countries: string[];
  destinations: string[];
  duration: number | null;
  kindText: string;
  /** The document's text, to write places as it does ("Praga" in a Spanish chat). */
  text?: string;
  /** The place a supplier's confirmation takes the traveller to (its first booking's destination). */
  bookedDestination?: string | null;
}

/** The title: a labelled one, the document's heading or subject when it names the trip, else destination and kind composed. */
/** A label of one or two words and a value of figures or a code: a field, not a heading. */
export const isHeaderField = (line: string) => FIELD_LINE.test(line.trim());
const FIELD_LINE = /^[\p{L}.°º]+(?:\s[\p{L}.°º]+)?\s?[:#]\s*[\p{Lu}\d][\p{Lu}\d\s./-]*$/u;

export function tripTitle(input: TitleInput, now: Date): string {
  for (const line of input.lines.slice(0, 20)) {
    const labelled = TITLE_LABEL.exec(line.trim());
    if (labelled) {
      const t = titleFrom(labelled[1]!, now);
      if (t && namesTrip(t, input)) return withPlace(t, input);
    }
  }
  const heads = [input.subject, ...input.lines.slice(0, 8).filter((l) => l.length <= 140)].filter(
    (l): l is string => Boolean(l),
  );
  for (const line of heads) {
    if (NOT_TRIP_DATE.test(fold(line)) && line !== input.subject) continue;
    // A field of the document's header ("Date : 12/06/2026", "Dossier : HL-2611", "Ref. 4471"): its label is no title.
    if (FIELD_LINE.test(line.trim()) && line !== input.subject) continue;
    // A letter's place and date ("Bergamo, 10/02/2026", "Lyon, le 3 mars 2027"): where it was written.
    if (DATELINE.test(line.trim())) continue;
    // A supplier's banner ("Península - Mallorca - Menorca - Ibiza", "Continente - Sardegna -
    // Corsica") lists where it sails, not where this booking goes.
    if (input.bookedDestination && isNetworkBanner(line, input.bookedDestination)) continue;
    const t = titleFrom(line, now);
    if (t && namesTrip(t, input)) return withPlace(itineraryAsTrip(t, input), input);
  }
  return composeTitle(input);
}

const DATELINE =
  /^(?:[^,]{0,60}\s[–—-]\s)?\p{Lu}[\p{L}'’ .-]{1,30},\s+(?:\p{L}+,?\s+)?(?:(?:le|den|il|el|o|am|the)\s+)?\d{1,2}(?:[./-]\d{1,2}[./-]\d{2,4}|\.?\s+(?:de\s+)?\p{L}+\.?,?\s+(?:de\s+)?\d{4})$/u;

function isNetworkBanner(line: string, destination: string): boolean {
  const parts = line.split(/\s+[-–—·|]\s+/).map((p) => p.trim());
  // Parts that are a place whole ("Sardegna", "Ibiza"), not a sentence naming one.
  const places = parts.filter(
    (p) =>
      exactCity(p) ||
      countryOfName(p) ||
      regionsNamed(p).some((r) => fold(r.name).length >= fold(p).length - 1),
  );
  return (
    parts.length >= 3 &&
    places.length >= 2 &&
    !fold(line).includes(fold(destination).split(/[\s(,]/)[0]!)
  );
}

/** The opening of the document an agent reads a trip's destination from: its subject and first lines. */
function headText(input: TitleInput): string {
  return [input.subject ?? '', ...input.lines.slice(0, 12), input.kindText].join('\n');
}

/**
 * The region the document's opening names ("la vostra Sicilia in auto", "récap pour la Corse")
 * in one of the trip's countries, as the document writes it: where an agent says the trip goes.
 */
function namedRegion(input: TitleInput): string | undefined {
  const countries = new Set(input.countries);
  return regionsNamed(headText(input)).find((r) => !countries.size || countries.has(r.country))
    ?.name;
}

/** The trip's one country when the document's opening names it in the document's language ("Island" in German). */
function namedCountry(input: TitleInput, heading = false): string | undefined {
  if (input.countries.length !== 1) return undefined;
  const name = countryName(input.countries[0]!, input.language);
  if (!name) return undefined;
  const pattern = new RegExp(
    `(?<![\\p{L}])${fold(name).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}])`,
    'u',
  );
  const head = heading
    ? [input.subject ?? '', ...input.lines.slice(0, 3)].join('\n')
    : headText(input);
  const m = pattern.exec(fold(head));
  return m && /^\p{Lu}/u.test(head.slice(m.index)) ? name : undefined;
}

/** Whether a title names a place of the trip: one of its destinations, countries or regions. */
function namesPlaceOfTrip(title: string, input: TitleInput): boolean {
  const folded = fold(title);
  if (input.destinations.some((d) => d.length >= 3 && folded.includes(fold(d)))) return true;
  if (countriesNamed(title).some((c) => input.countries.includes(c.country))) return true;
  if (
    input.countries.some((c) =>
      LANGS.some((l) => {
        const n = countryName(c, l);
        return n ? folded.includes(fold(n)) : false;
      }),
    )
  )
    return true;
  if (regionsNamed(title).length) return true;
  return placesIn(title).some(
    (p) => !input.countries.length || input.countries.includes(p.country),
  );
}

/**
 * A heading that names the kind of trip but no place of it ("Circuit Kasbahs et désert") gets
 * the region or country the document names, else the trip's one country, before it
 * ("Maroc: Circuit Kasbahs et désert"); a heading that is only the country of a trip through two
 * or three cities gets them ("Portugal: Lisbon and Porto").
 */
function withPlace(title: string, input: TitleInput): string {
  if (namesPlaceOfTrip(title, input)) {
    const country = input.countries.length === 1 ? input.countries[0]! : null;
    const cities = [...new Set(input.destinations)].filter(
      (d) => !countryOfName(d) && (!country || exactCity(d)?.country === country),
    );
    if (
      country &&
      countryOfName(title) === country &&
      (cities.length === 2 || cities.length === 3)
    ) {
      const written = cities.map((c) => (input.text ? asWritten(c, input.text) : c));
      return `${title}: ${written.slice(0, -1).join(', ')} ${AND[input.language] ?? 'and'} ${written.at(-1)}`;
    }
    return title;
  }
  // A heading of nothing but the document's and the trip's generic words ("A vossa proposta de
  // viagem", "Your holiday proposal") says nothing an agent keeps: the title is composed.
  const generic = title
    .split(/[\s'’]+/)
    .filter(Boolean)
    .every((w) => {
      const f = fold(w).replace(/[^\p{L}]/gu, '');
      return (
        !f ||
        f.length <= 2 ||
        LEADING.has(f) ||
        BOILERPLATE.test(` ${f} `) ||
        KIND_WORDS.test(f) ||
        /^(?:vossa|vosso|nossa|nosso|propuesta|proposta|proposition|vorschlag|angebot|offerta|offre|oferta|programme|program|programa|programma|nuestra|nuestro|notre|unsere|unser)$/.test(
          f,
        )
      );
    });
  if (generic) return composeTitle(input);
  const place =
    namedRegion(input) ??
    namedCountry(input) ??
    (input.countries.length === 1 ? countryName(input.countries[0]!, input.language) : undefined);
  return place ? `${place}: ${title}` : title;
}

const AND: Record<string, string> = { en: 'and', es: 'y', fr: 'et', pt: 'e', de: 'und', it: 'e' };

/** Words that name the document, not the trip ("Roteiro Gramado e Canela" is the itinerary of a trip to them). */
const DOCUMENT_WORD =
  /^(?:roteiro|itinerary|itinerario|itineraire|itinéraire|programme|program|programa|programma|reiseprogramm|reiseverlauf)(?:\s+(?:de|do|da|des|du|di|del|for|of|fur|für|per|para|pour))?\s+/i;
const AND_WORDS = /^(?:e|y|et|and|und|&|,)$/i;

/** A heading that is only the document's name and a list of places becomes a trip to them, in the document's language. */
function itineraryAsTrip(title: string, input: TitleInput): string {
  const opening = DOCUMENT_WORD.exec(title);
  if (!opening) return routeWithCountry(title, input);
  const rest = title.slice(opening[0].length).trim();
  if (!placeList(rest, input, 1)) return title;
  const rested = rest.charAt(0).toUpperCase() + rest.slice(1);
  return (KIND_TITLES[input.language] ?? KIND_TITLES.en!).trip(rested);
}

/** Whether a text is only names (one to three capitalised words each) joined by dashes, commas or "and", at least `min` of them, one a known place. */
function placeList(text: string, input: TitleInput, min: number): boolean {
  const parts = text.split(/\s*(?:,|&|\s[–—-]\s|\s(?:e|y|et|and|und)\s)\s*/i).filter(Boolean);
  const known = new Set(input.countries);
  const place = (p: string) =>
    exactCity(p, known) || countryOfName(p) || input.destinations.some((d) => fold(d) === fold(p));
  const name = (p: string) =>
    !AND_WORDS.test(p) && /^\p{Lu}[\p{L}'’-]*(?:\s\p{Lu}[\p{L}'’-]*){0,2}$/u.test(p);
  return parts.length >= min && parts.every(name) && parts.some(place);
}

/**
 * A heading that is only a route through one country ("Lima – Cusco y Machu Picchu") says where
 * but not which country: an agent writes it first ("Perú: Lima – Cusco y Machu Picchu").
 */
function routeWithCountry(title: string, input: TitleInput): string {
  if (input.countries.length !== 1 || countriesNamed(title).length || !placeList(title, input, 2))
    return title;
  const country = countryName(input.countries[0]!, input.language);
  return country ? `${country}: ${title}` : title;
}

/** A heading names the trip when it names one of its places (or a country), or a kind of trip beside a place. */
function namesTrip(title: string, input: TitleInput): boolean {
  const folded = fold(title);
  if (AGENCY.test(folded)) return false;
  // A supplier's confirmation is titled by where it goes ("Trenitalia · Gruppo FS Italiane" is its letterhead).
  if (KIND_WORDS.test(folded) && title.length <= 80)
    return !input.bookedDestination || namesPlace(title);
  // Otherwise it must name where the trip goes (not a station or the city the traveller leaves from).
  if (input.destinations.some((d) => d.length >= 3 && folded.includes(fold(d)))) return true;
  if (
    input.countries.some((c) =>
      LANGS.some((l) => {
        const n = countryName(c, l);
        return n ? folded.includes(fold(n)) : false;
      }),
    )
  )
    return true;
  if (countriesNamed(title).some((c) => input.countries.includes(c.country))) return true;
  // A place of the trip's countries ("Prag" of a trip to Czechia).
  if (input.countries.length && placesIn(title).some((p) => input.countries.includes(p.country)))
    return true;
  if (!input.destinations.length && !input.countries.length) {
    const words = title.match(/\p{Lu}[\p{L}'’-]+(?:\s\p{Lu}[\p{L}'’-]+)*/gu) ?? [];
    return (
      placesIn(title).some((p) => p.population === Number.MAX_SAFE_INTEGER) && words.length <= 3
    );
  }
  return false;
}

/** An agency's letterhead: company forms, street addresses, phones. */
const AGENCY =
  /\b\d{4}-\d{3}\b|\b[A-Z]{1,2}\d[\dA-Z]?\s\d[A-Z]{2}\b|\b(?:s\.?r\.?l|s\.?l\.?u?|s\.?a\.?s?|gmbh|ltd|llc|inc|sarl|lda|ag|kg|plc|b\.?v)\b\.?|\b(?:tel|phone|telefono|telefone|fax)\b|\b(?:via|calle|rue|strasse|str\.|rua|avenida|avenue|piazza|plaza|street|road(?!\s+trip))\s+\p{L}+.*\d|\b(?:lane|road|street|avenue|drive|court|square|way|close|house|building|plaza|calle|rua|rue|via|strasse|gasse|weg|platz)\s+\d|\d+\s+\p{L}+\s+(?:lane|road|street|avenue|drive|court|square|way|close)\b|\d{4,5}\s+\p{L}/u;

const LANGS = ['en', 'es', 'fr', 'pt', 'de', 'it'];

/** The title when nothing names the trip: a reader that finds a destination later (structured data) may replace it. */
export const FALLBACK_TITLES: Record<string, string> = {
  en: 'Imported trip',
  es: 'Viaje importado',
  fr: 'Voyage importé',
  pt: 'Viagem importada',
  de: 'Importierte Reise',
  it: 'Viaggio importato',
};

export function composeTitle(input: TitleInput): string {
  const kinds = KIND_TITLES[input.language] ?? KIND_TITLES.en!;
  const folded = fold(input.kindText);
  const cities = [...new Set(input.destinations)].map((c) =>
    input.text ? asWritten(c, input.text) : c,
  );
  let destination: string | null = null;
  // A region the document's opening names is where the trip goes ("Viaggio in Sicilia"), before
  // the cities it stays in; so is its one country named there, for a trip through several places.
  const region = namedRegion(input);
  const country =
    cities.length !== 1 || !input.destinations.length
      ? namedCountry(input)
      : namedCountry(input, true);
  const area = region ?? country;
  if (area) {
    if (
      (input.language === 'it' || input.language === 'fr') &&
      !/\b(?:weekend|week-end|fine settimana|honeymoon|luna di miele|lune de miel|tour|circuit|circuito|cruise|croisiere|crociera)\b/.test(
        folded,
      )
    )
      return input.language === 'it' ? `Viaggio in ${area}` : `Voyage en ${area}`;
    destination = area;
  } else if (input.countries.length >= 2) {
    const names = input.countries.slice(0, 3).map((c) => countryName(c, input.language) ?? c);
    const and =
      { en: 'and', es: 'y', fr: 'et', pt: 'e', de: 'und', it: 'e' }[input.language] ?? 'and';
    destination =
      names.length === 2
        ? `${names[0]} ${and} ${names[1]}`
        : `${names.slice(0, -1).join(', ')} ${and} ${names.at(-1)}`;
  } else if (cities.length >= 3 && input.countries[0])
    destination = countryName(input.countries[0], input.language) ?? cities[0]!;
  else if (cities[0])
    destination =
      cities.length === 2
        ? `${cities[0]} ${({ en: 'and', es: 'y', fr: 'et', pt: 'e', de: 'und', it: 'e' } as Record<string, string>)[input.language] ?? 'and'} ${cities[1]}`
        : cities[0];
  else if (input.countries[0]) {
    // A country takes the preposition of countries: "Viaggio in Italia", "Voyage en France".
    const name = countryName(input.countries[0], input.language) ?? null;
    if (
      name &&
      (input.language === 'it' || input.language === 'fr') &&
      !/\b(?:weekend|week-end|fine settimana|honeymoon|luna di miele|lune de miel)\b/.test(folded)
    ) {
      return input.language === 'it' ? `Viaggio in ${name}` : `Voyage en ${name}`;
    }
    destination = name;
  }
  if (!destination) return FALLBACK_TITLES[input.language] ?? 'Imported trip';
  if (
    /\b(?:honeymoon|luna de miel|lune de miel|lua de mel|flitterwochen|luna di miele)\b/.test(
      folded,
    )
  )
    return kinds.honeymoon(destination);
  if (/\b(?:cruise|crucero|croisiere|cruzeiro|kreuzfahrt|crociera)\b/.test(folded))
    return kinds.cruise(destination);
  if (/\b(?:weekend|week-end|fin de semana|fim de semana|wochenende|fine settimana)\b/.test(folded))
    return kinds.weekend(destination);
  if (
    input.countries.length >= 2 ||
    cities.length >= 3 ||
    /\b(?:tour|circuit|circuito|rundreise|roteiro)\b/.test(folded)
  )
    return kinds.tour(destination);
  return kinds.trip(destination);
}

export { addDays };
