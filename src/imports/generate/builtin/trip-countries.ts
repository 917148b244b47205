// The countries a trip visits: named countries, the airports its flights land at, and the cities
// it names, without the traveller's home (where the first flight leaves from and the last lands).
import type { DraftBlockInput } from '../draft.ts';
import { airport, countriesNamed, countriesOfCities } from './places.ts';

type Flight = Extract<DraftBlockInput, { type: 'flight' }>;

export function tripCountries(text: string, flights: readonly Flight[]): string[] {
  const named = countriesNamed(text);
  const arrivals = flights.map((f) => airport(f.content.arrivalAirport ?? '')?.country).filter((c): c is string => Boolean(c));
  const home = homeCountry(flights);
  const known = new Set([...named, ...arrivals]);
  const fromCities = countriesOfCities(text, known);
  // A city alone is a weak hint: where the document names countries or airports, a country known
  // only from its cities needs two distinct ones.
  const cityNames = new Map<string, Set<string>>();
  for (const { country, city } of fromCities) cityNames.set(country, (cityNames.get(country) ?? new Set()).add(city));
  const strong = known.size > 0;
  const byCity = fromCities.map((c) => c.country).filter((code) => known.has(code) || !strong || (cityNames.get(code)?.size ?? 0) >= 2);
  const result = [...named, ...arrivals, ...byCity];
  // Home is left out unless the document names it as a country.
  return [...new Set(result)].filter((code) => code !== home || named.includes(code));
}

/** Where the first flight leaves from, unless a flight (other than the way back) lands there. */
function homeCountry(flights: readonly Flight[]): string | undefined {
  const countryOf = (code: string | null) => airport(code ?? '')?.country;
  const first = countryOf(flights[0]?.content.departureAirport ?? null);
  if (!first) return undefined;
  const outbound = flights.length > 1 ? flights.slice(0, -1) : flights;
  return outbound.some((f) => countryOf(f.content.arrivalAirport) === first) ? undefined : first;
}
