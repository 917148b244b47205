// The trip's own fields as an agent writes them: its period (a stated period wins over the dates
// of the flights around it; recurring departures give none), its length, the countries it visits
// (where it stays and goes, not where the traveller comes from or changes planes, nor a landmark
// named after a country) and a title of destination and kind of trip, in the document's language.
import type { DraftBlock } from '../draft.ts';
import { addDays, daysBetween, findRanges, scanDates, type IsoDate } from './dates.ts';
import { airport, city, countriesNamed, countryName, countryOfName } from './places.ts';
import { BOILERPLATE, DURATION_DAYS, DURATION_NIGHTS, NOT_TRIP_DATE, RECURRING, fold } from './vocabulary.ts';

export interface Period { start: IsoDate | null; finish: IsoDate | null }

const START_LABEL = /^(?:departure date|start date|travel date|date of travel|dates?|outbound|fecha de (?:salida|inicio|viaje)|fechas?|salida|ida|date de depart|dates? du voyage|depart|aller|data de (?:partida|inicio|ida)|datas?|partida|ida|reisedatum|reisezeitraum|abreise|hinreise|anreise|zeitraum|data di partenza|date|partenza|andata|periodo|period|travel dates|fechas del viaje|dates de voyage|datas da viagem|reisetermin)\b/;
const DEPARTURE_WORD = /\b(?:departure|departing|departs|starting|start date|salida|saliendo|inicio|depart|partenza|partenze|inizio|partida|saida|inicio|abreise|abfahrt|reisebeginn|ab dem)\b/;
const END_LABEL = /^(?:return date|end date|return|inbound|fecha de (?:regreso|vuelta|fin)|regreso|vuelta|date de retour|retour|data de (?:regresso|regreso|volta|fim)|regresso|volta|ruckreise|ruckkehr|heimreise|data di (?:ritorno|rientro)|ritorno|rientro)\b/;

/** The period the document states for the trip, from its first lines. */
export function statedPeriod(lines: readonly string[], now: Date, anchor: IsoDate | null): Period {
  const candidates = lines.filter((l) => !NOT_TRIP_DATE.test(fold(l)) && !RECURRING.test(fold(l)));
  // "8–11 May 2026", "del 5 al 12 de octubre", "from 19 to 22 June".
  for (const line of candidates) {
    const range = findRanges(fold(line), now)[0];
    if (range) return { start: range.start, finish: range.end };
  }
  let start: IsoDate | null = null;
  let finish: IsoDate | null = null;
  for (const line of candidates) {
    const folded = fold(line).trim();
    const dates = scanDates(line, now, anchor);
    // "Departure: 8 January 2027 – Return: 17 January 2027": two dates on one line.
    if (dates.length === 2 && dates[0]!.date < dates[1]!.date && daysBetween(dates[0]!.date, dates[1]!.date) <= 90 && !/\b\d{1,2}[:h]\d{2}\b/.test(line)) return { start: dates[0]!.date, finish: dates[1]!.date };
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
      if (date && date.index <= at[0].length + 25) { start = date.date; break; }
    }
  }
  return { start: start && !finish ? start : null, finish: null };
}

/** The first date the document gives with its year, for dates written without one. */
export function anchorDate(lines: readonly string[], now: Date): IsoDate | null {
  for (const line of lines) {
    if (NOT_TRIP_DATE.test(fold(line))) continue;
    const full = scanDates(line, now).find((d) => d.yearGiven);
    if (full) return full.date;
  }
  return null;
}

export const isRecurring = (lines: readonly string[]) => lines.some((l) => RECURRING.test(fold(l)));

/** The stated length: "8 days / 7 nights", "10 días", "5 Nächte" (nights + 1), from the title area. */
export function statedDuration(lines: readonly string[]): number | null {
  for (const line of lines.slice(0, 20)) {
    const folded = fold(line);
    if (NOT_TRIP_DATE.test(folded) || /\b(?:before|antes|avant|vor|prima|cancel|within|dentro|validity|valid)\b/.test(folded)) continue;
    const days = DURATION_DAYS.exec(folded);
    if (days && Number(days[1]) > 1 && Number(days[1]) <= 60 && !/\d\s*d\b/.test(days[0]!) ) return Number(days[1]);
    const nights = DURATION_NIGHTS.exec(folded);
    if (nights && Number(nights[1]) > 0 && Number(nights[1]) < 60 && !/\d\s*n\b/.test(nights[0]!) && /\b(?:nights?|noches|nuits|noites|nachte|notti)\b/.test(folded) && !/\b(?:hotel|check)/.test(folded)) return Number(nights[1]) + 1;
  }
  return null;
}

// ---------------------------------------------------------------- countries

/** A place a day names; `end` when it is the first or last day (where the journey may start or end at home). */
export interface Visit { name: string; end?: boolean }

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
}

const FROM_BEFORE = /(?:from|desde|depuis|von|ab|partindo de|saindo de|salida desde|depart de|partenza da|in partenza da|ex)\s+$/i;

export interface CountryReading { countries: string[]; home: string | null; firstDestination: { city: string | null; country: string | null; iata: string | null } }

export function tripCountries(places: Places): CountryReading {
  const found: string[] = [];
  const known = new Set<string>();
  const allNamed = countriesNamed(places.text).filter((c) => !FROM_BEFORE.test(places.text.slice(Math.max(0, c.index - 20), c.index)));
  // A country named in the title area says where the trip goes; one named further down (an
  // advert, a border crossed, a passport rule) counts only when nothing else does.
  const titleArea = places.titleArea ?? 0;
  const named = allNamed.filter((c) => c.index < titleArea);
  for (const c of named) known.add(c.country);
  const flights = places.flights;
  const countryOf = (code: string | null) => (code ? airport(code)?.country ?? null : null);
  // Home: where the first flight leaves from, when it opens the trip; else where a flight on the last day lands.
  const opening = flights[0] && (flights[0].day === undefined || flights[0].day === 1);
  const closing = flights.length && places.lastDay !== undefined && flights.at(-1)!.day === places.lastDay ? flights.at(-1)! : undefined;
  const home = opening ? countryOf(flights[0]!.departureAirport) : closing ? countryOf(closing.arrivalAirport) : null;
  // Airports where the traveller only changes planes: a flight lands there and the next leaves from there.
  const transit = new Set<string>();
  for (let i = 0; i + 1 < flights.length; i++) {
    const a = flights[i]!;
    const b = flights[i + 1]!;
    const sameDay = !a.date || !b.date || daysBetween(a.arrivalDate ?? a.date, b.date) <= 1;
    if (a.arrivalAirport && a.arrivalAirport === b.departureAirport && sameDay) transit.add(a.arrivalAirport);
  }
  let first: CountryReading['firstDestination'] = { city: null, country: null, iata: null };
  const stayCountries: string[] = [];
  for (const name of places.stays) {
    const place = city(name, known) ?? (countryOfName(name) ? { name, country: countryOfName(name)!, iata: null } : undefined);
    if (!place) continue;
    stayCountries.push(place.country);
    if (!first.country) first = { city: name, country: place.country, iata: place.iata };
  }
  const arrivals: string[] = [];
  flights.forEach((f, i) => {
    const country = countryOf(f.arrivalAirport);
    if (!country || transit.has(f.arrivalAirport!)) return;
    if (i === flights.length - 1 && (flights.length > 1 || f === closing) && country === home) return; // the way home
    arrivals.push(country);
    if (!first.country && country !== home) first = { city: f.arrivalCity, country, iata: f.arrivalAirport };
  });
  for (const c of [...stayCountries, ...arrivals]) known.add(c);
  const visited: string[] = [];
  const transitCities = new Set([...transit].map((code) => fold(airport(code)?.city ?? '')));
  for (const { name, end } of places.visited) {
    const place = city(name, known);
    if (place?.iata && transit.has(place.iata)) continue;
    if (transitCities.has(fold(place?.name ?? name))) continue;
    const country = place?.country ?? countryOfName(name);
    if (!country || (end && country === home)) continue;
    visited.push(country);
    if (place && !first.country && country !== home) first = { city: name, country: place.country, iata: place.iata };
  }
  if (!stayCountries.length && !arrivals.length && !visited.length && !named.length) named.push(...allNamed);
  found.push(...stayCountries, ...arrivals, ...named.map((c) => c.country), ...visited);
  let result = [...new Set(found)];
  // Home stays out unless the trip stays there or a flight other than the way back lands there.
  if (home && !stayCountries.includes(home) && !arrivals.includes(home)) {
    const namedHome = named.some((c) => c.country === home);
    const visitedHome = visited.filter((c) => c === home).length;
    if (!namedHome || result.length > 1) result = result.filter((c) => c !== home || visitedHome >= 1);
  }
  if (!first.country && result[0]) first = { city: null, country: result[0], iata: null };
  return { countries: result, home, firstDestination: first };
}

// ---------------------------------------------------------------- title

const TITLE_LABEL = /^(?:title|trip|tour|trip name|tour name|package|programme|program|titulo|viaje|programa|circuito|paquete|titre|voyage|circuit|sejour|forfait|viagem|roteiro|pacote|titel|reise|rundreise|reiseprogramm|titolo|viaggio|pacchetto|destination|destino|destinazione|reiseziel)\s*:\s*(.+)$/i;
const KIND_WORDS = /\b(?:fly ?(?:&|and|-)? ?drive|autotour|self-drive|road ?trip|rundreise|tour|circuit|trip|weekend|week-end|getaway|escape|holiday|holidays|vacation|honeymoon|cruise|safari|road trip|journey|adventure|break|city break|expedition|circuito|viaje|escapada|fin de semana|luna de miel|crucero|ruta|vacaciones|recorrido|voyage|sejour|escapade|lune de miel|croisiere|vacances|viagem|roteiro|escapadinha|fim de semana|lua de mel|cruzeiro|ferias|passeio|reise|rundreise|rundfahrt|urlaub|wochenende|kurzurlaub|flitterwochen|kreuzfahrt|viaggio|vacanza|vacanze|luna di miele|crociera|giro|fine settimana)\b/;

const KIND_TITLES: Record<string, { trip: (d: string) => string; tour: (d: string) => string; weekend: (d: string) => string; honeymoon: (d: string) => string; cruise: (d: string) => string }> = {
  en: { trip: (d) => `Trip to ${d}`, tour: (d) => `${d} tour`, weekend: (d) => `Weekend in ${d}`, honeymoon: (d) => `Honeymoon in ${d}`, cruise: (d) => `${d} cruise` },
  es: { trip: (d) => `Viaje a ${d}`, tour: (d) => `Circuito por ${d}`, weekend: (d) => `Fin de semana en ${d}`, honeymoon: (d) => `Luna de miel en ${d}`, cruise: (d) => `Crucero por ${d}` },
  fr: { trip: (d) => `Voyage à ${d}`, tour: (d) => `Circuit ${d}`, weekend: (d) => `Week-end à ${d}`, honeymoon: (d) => `Lune de miel à ${d}`, cruise: (d) => `Croisière ${d}` },
  pt: { trip: (d) => `Viagem a ${d}`, tour: (d) => `Circuito por ${d}`, weekend: (d) => `Fim de semana em ${d}`, honeymoon: (d) => `Lua de mel em ${d}`, cruise: (d) => `Cruzeiro por ${d}` },
  de: { trip: (d) => `Reise nach ${d}`, tour: (d) => `Rundreise ${d}`, weekend: (d) => `Wochenende in ${d}`, honeymoon: (d) => `Flitterwochen in ${d}`, cruise: (d) => `Kreuzfahrt ${d}` },
  it: { trip: (d) => `Viaggio a ${d}`, tour: (d) => `Tour ${d}`, weekend: (d) => `Weekend a ${d}`, honeymoon: (d) => `Luna di miele a ${d}`, cruise: (d) => `Crociera ${d}` },
};

/** A line as a title: without boilerplate, codes, dates, lengths and prices, in normal case. Undefined when nothing of a trip is left. */
export function titleFrom(line: string, now: Date): string | undefined {
  let text = line.replace(/\s+/g, ' ').trim();
  const dates = scanDates(text, now);
  for (const d of [...dates].reverse()) text = `${text.slice(0, d.index)} ${text.slice(d.end)}`;
  text = text
    .replace(/\b(?:19|20)\d{2}\b/g, ' ')
    .replace(/\b\d{1,2}\s*(?:days?|d[ií]as?|jours?|tage?n?|giorni|nights?|noches?|nuits?|noites?|n[äa]chte|notti)\b(?:\s*[/,-]\s*\d{1,2}\s*\p{L}+)?/giu, ' ')
    .replace(/\b\d{1,2}\s?[DN]\s?\/\s?\d{1,2}\s?[DN]\b/g, ' ')
    .replace(/(?:[€$£]\s?\d[\d.,]*|\d[\d.,]*\s?(?:€|eur|usd|\$))/gi, ' ')
    .replace(/(?:#|n[º°o]\.?\s*|ref\.?\s*:?\s*)?\b(?=[A-Z0-9]*\d)(?=[A-Z0-9]*[A-Z])[A-Z0-9]{5,10}\b/g, ' ')
    .replace(/\s*[([]\s*[)\]]/g, ' ');
  // Boilerplate at either end: "Booking confirmation – Rome weekend", "Rome weekend | Your itinerary".
  const parts = text.split(/\s*(?:[|:–—·•/]|\s-\s|,\s)\s*/).map((p) => p.trim()).filter((p) => p && /\p{L}{2}/u.test(p));
  const kept = parts.filter((p) => !BOILERPLATE.test(fold(p)) || (KIND_WORDS.test(fold(p)) && !/^(?:booking|confirmation|reservation|reserva|confirmacion|reservation|buchung|prenotazione|conferma)\b/.test(fold(p))));
  let title = kept.join(' – ').replace(/\s+/g, ' ').replace(/^[\s\-–—,.:;!]+|[\s\-–—,.:;!]+$/g, '').trim();
  title = title.replace(new RegExp(`^(?:${BOILERPLATE.source.slice(2, -2)})\\s+(?:for|para|pour|fur|per|de|del|du|di|to|a)\\s+`, 'i'), '');
  if (!title || title.length < 3 || BOILERPLATE.test(fold(title)) && !KIND_WORDS.test(fold(title))) return undefined;
  if (title.length > 100) return undefined;
  return normalCase(title);
}

const SMALL = new Set(['a', 'an', 'and', 'the', 'of', 'in', 'to', 'y', 'e', 'de', 'del', 'la', 'las', 'los', 'el', 'en', 'et', 'du', 'des', 'le', 'les', 'à', 'au', 'aux', 'da', 'do', 'dos', 'das', 'em', 'no', 'na', 'und', 'der', 'die', 'das', 'im', 'nach', 'di', 'della', 'delle', 'dei', 'il', 'lo', 'per', 'por', 'com', 'con', 'avec', 'mit', 'for', 'with']);

/** A title in capitals ("ROMA IN 4 GIORNI") in sentence case, places capitalised ("Roma in 4 giorni"); other titles as written. */
export function normalCase(title: string): string {
  const letters = title.replace(/[^\p{L}]/gu, '');
  const upper = letters.replace(/[^\p{Lu}]/gu, '').length;
  if (letters.length < 4 || upper / letters.length < 0.7) return title;
  const capital = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);
  const words = title.toLowerCase().split(/(\s+|-|\/)/);
  return words.map((word, i) => {
    if (!/\p{L}/u.test(word)) return word;
    if (i === 0) return capital(word);
    const pair = i + 2 < words.length ? `${word} ${words[i + 2]}` : '';
    if ((pair && city(pair)) || (word.length >= 3 && (city(word) || countryOfName(word)) && !SMALL.has(word))) return capital(word);
    if (i >= 2 && /\p{L}/u.test(words[i - 2] ?? '') && city(`${words[i - 2]} ${word}`)) return capital(word);
    return word;
  }).join('');
}

export interface TitleInput {
  lines: readonly string[];
  subject: string | null;
  language: string;
  countries: string[];
  destinations: string[];
  duration: number | null;
  kindText: string;
}

/** The title: a labelled one, the document's heading or subject when it names the trip, else destination and kind composed. */
export function tripTitle(input: TitleInput, now: Date): string {
  for (const line of input.lines.slice(0, 20)) {
    const labelled = TITLE_LABEL.exec(line.trim());
    if (labelled) { const t = titleFrom(labelled[1]!, now); if (t && namesTrip(t, input)) return t; }
  }
  const heads = [input.subject, ...input.lines.slice(0, 8).filter((l) => l.length <= 140)].filter((l): l is string => Boolean(l));
  for (const line of heads) {
    if (NOT_TRIP_DATE.test(fold(line)) && line !== input.subject) continue;
    const t = titleFrom(line, now);
    if (t && namesTrip(t, input)) return t;
  }
  return composeTitle(input);
}

/** A heading names the trip when it names one of its places (or a country), or a kind of trip beside a place. */
function namesTrip(title: string, input: TitleInput): boolean {
  const folded = fold(title);
  if (AGENCY.test(folded)) return false;
  if (KIND_WORDS.test(folded) && title.length <= 80) return true;
  // Otherwise it must name where the trip goes (not a station or the city the traveller leaves from).
  if (input.destinations.some((d) => d.length >= 3 && folded.includes(fold(d)))) return true;
  if (input.countries.some((c) => LANGS.some((l) => { const n = countryName(c, l); return n ? folded.includes(fold(n)) : false; }))) return true;
  if (countriesNamed(title).some((c) => input.countries.includes(c.country))) return true;
  if (!input.destinations.length && !input.countries.length) {
    const words = title.match(/\p{Lu}[\p{L}'’-]+(?:\s\p{Lu}[\p{L}'’-]+)*/gu) ?? [];
    return words.some((w) => city(w)) && words.length <= 3;
  }
  return false;
}

/** An agency's letterhead: company forms, street addresses, phones. */
const AGENCY = /\b(?:s\.?r\.?l|s\.?l\.?u?|s\.?a\.?s?|gmbh|ltd|llc|inc|sarl|lda|ag|kg|plc|b\.?v)\b\.?|\b(?:tel|phone|telefono|telefone|fax)\b|\b(?:via|calle|rue|strasse|str\.|rua|avenida|avenue|piazza|plaza|street|road)\s+\p{L}+.*\d|\d{4,5}\s+\p{L}/u;

const LANGS = ['en', 'es', 'fr', 'pt', 'de', 'it'];

function composeTitle(input: TitleInput): string {
  const kinds = KIND_TITLES[input.language] ?? KIND_TITLES.en!;
  const folded = fold(input.kindText);
  const cities = [...new Set(input.destinations)];
  let destination: string | null = null;
  if (input.countries.length >= 2) {
    const names = input.countries.slice(0, 3).map((c) => countryName(c, input.language) ?? c);
    const and = { en: 'and', es: 'y', fr: 'et', pt: 'e', de: 'und', it: 'e' }[input.language] ?? 'and';
    destination = names.length === 2 ? `${names[0]} ${and} ${names[1]}` : `${names.slice(0, -1).join(', ')} ${and} ${names.at(-1)}`;
  } else if (cities.length >= 3 && input.countries[0]) destination = countryName(input.countries[0], input.language) ?? cities[0]!;
  else if (cities[0]) destination = cities.length === 2 ? `${cities[0]} ${({ en: 'and', es: 'y', fr: 'et', pt: 'e', de: 'und', it: 'e' } as Record<string, string>)[input.language] ?? 'and'} ${cities[1]}` : cities[0];
  else if (input.countries[0]) destination = countryName(input.countries[0], input.language) ?? null;
  if (!destination) return { en: 'Imported trip', es: 'Viaje importado', fr: 'Voyage importé', pt: 'Viagem importada', de: 'Importierte Reise', it: 'Viaggio importato' }[input.language] ?? 'Imported trip';
  if (/\b(?:honeymoon|luna de miel|lune de miel|lua de mel|flitterwochen|luna di miele)\b/.test(folded)) return kinds.honeymoon(destination);
  if (/\b(?:cruise|crucero|croisiere|cruzeiro|kreuzfahrt|crociera)\b/.test(folded)) return kinds.cruise(destination);
  if (/\b(?:weekend|week-end|fin de semana|fim de semana|wochenende|fine settimana)\b/.test(folded)) return kinds.weekend(destination);
  if (input.countries.length >= 2 || cities.length >= 3 || /\b(?:tour|circuit|circuito|rundreise|roteiro)\b/.test(folded)) return kinds.tour(destination);
  return kinds.trip(destination);
}

export { addDays };
