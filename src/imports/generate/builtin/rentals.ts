// Car-rental vouchers: a pick-up section and a drop-off section, each a heading ("Pick-up",
// "Anmietung", "Retrait", "Recogida", "Levantamento", "Ritiro") over label/value rows (date and
// time, station, the flight met), then the vehicle and the local supplier. The rental starts at
// the pick-up's date, time and station and the trip runs to the drop-off; a flight named in the
// pick-up section lands at the pick-up station on that day.
import type { DraftBlockInput } from '../draft.ts';
import { rentalCompany } from './blocks.ts';
import { scanDates, type IsoDate } from './finders/dates.ts';
import { timeMatches } from './finders/times.ts';
import { airport, city } from './places.ts';
import { FLIGHT_WORDS } from './knowledge/transport-words.ts';
import { fold } from './text.ts';

type Transport = Extract<DraftBlockInput, { type: 'transport' }>;

/** Words that make a document a car rental's (the voucher's heading, its vehicle "or similar"). */
const RENTAL_DOCUMENT =
  /\b(?:car hire|car rental|rental car|hire car|rent a car|rental voucher|mietwagen\S*|leihwagen|autovermietung|location de voiture|voiture de location|loueur|alquiler de (?:coche|vehiculo|auto)s?|coche de alquiler|aluguer de (?:carro|viatura|automovel)|aluguel de carro|carro alugado|autonoleggio|noleggio auto|auto a noleggio|or similar|oder ahnlich|ou similaire|o similar|ou similar|o simile|o similare)\b/;
const PICKUP =
  /^(?:pick-?\s?up|collection|anmietung|abholung|fahrzeugubernahme|ubernahme|prise en charge|retrait|recogida|entrega del vehiculo|levantamento|recolha da viatura|ritiro|presa in consegna)\b/;
const DROPOFF =
  /^(?:drop-?\s?off|return|ruckgabe|abgabe|restitution|retour du vehicule|devolucion|devolucao|entrega da viatura|riconsegna|rilascio|consegna)\b/;
const SUPPLIER =
  /\b(?:local supplier|supplier|rental company|provider|vermieter|autovermieter|loueur|prestataire|proveedor|arrendador|empresa de alquiler|fornecedor|locadora|noleggiatore|fornitore)(?:\s+(?:local|locale|vor ort|sur place|en destino|no destino|in loco))?\s*[:-]?\s*/;
const AIRPORT_WORDS =
  /\s+(?:international\s+)?(?:airport|flughafen|aeropuerto|aeroport|aéroport|aeroporto|terminal\s*\d?)\s*$/i;
const LEGAL =
  /[\s,]+(?:S\.?L\.?U?\.?|S\.?A\.?|Lda\.?|GmbH|Ltd\.?|SARL|S\.?r\.?l\.?|S\.?p\.?A\.?|Inc\.?)$/;

/** The section a heading opens: its lines up to the next heading, at most 6. */
interface Section {
  date: IsoDate | null;
  time: string | null;
  station: { city: string; iata: string | null } | null;
  lines: number[];
  /** The lines that gave the date and the station. */
  read: number[];
}

export interface Rental {
  block: Transport;
  date: IsoDate | null;
  returnDate: IsoDate | null;
  /** The pick-up station's airport, where a flight of the pick-up section lands. */
  airport: string | null;
  /** Lines read (dates and stations), not to be read again as activities. */
  used: number[];
  /** Lines of the pick-up section (a flight among them is the one met). */
  pickupLines: number[];
}

/** The station of a line: the airport in parentheses ("Faro Airport (FAO)"), else its first known city. */
function stationOf(line: string): Section['station'] {
  for (const m of line.matchAll(/\(([A-Z]{3})\)/g)) {
    const place = airport(m[1]!);
    if (!place) continue;
    // The city as the voucher writes it before the code ("Palma de Mallorca Flughafen (PMI)").
    const written =
      /(\p{Lu}[\p{L}'’-]+(?:\s(?:de|del|da|do|di)?\s?\p{Lu}[\p{L}'’-]+){0,3})\s*$/u.exec(
        line.slice(0, m.index).replace(AIRPORT_WORDS, '').trimEnd(),
      )?.[1];
    const at = written ? fold(written).indexOf(fold(place.city).split(/\s+/)[0]!) : -1;
    const name = written && at >= 0 ? written.slice(at) : place.city;
    return { city: name, iata: place.iata };
  }
  for (const m of line.matchAll(
    /\p{Lu}[\p{L}'’-]+(?:\s(?:de|del|da|do|di)?\s?\p{Lu}[\p{L}'’-]+){0,2}/gu,
  )) {
    const words = m[0].split(/\s+/);
    for (let n = words.length; n >= 1; n--) {
      const name = words.slice(0, n).join(' ');
      if (city(name)) return { city: name, iata: null };
    }
  }
  return null;
}

function readSection(
  lines: readonly string[],
  start: number,
  end: number,
  now: Date,
  anchor: IsoDate | null,
): Section {
  const section: Section = { date: null, time: null, station: null, lines: [], read: [] };
  for (let i = start; i < end; i++) {
    const line = lines[i]!;
    // A heading in capitals ("ATIVIDADES") closes the section.
    if (i > start && line.length <= 40 && !/\p{Ll}/u.test(line) && /\p{Lu}{3}/u.test(line)) break;
    section.lines.push(i);
    const flight = FLIGHT_WORDS.test(fold(line));
    const date = scanDates(line, now, anchor)[0];
    if (!section.date && date && !flight) {
      section.date = date.date;
      section.time =
        timeMatches(line.slice(date.index))[0]?.time ??
        timeMatches(lines[i + 1] ?? '')[0]?.time ??
        null;
      section.read.push(i);
    }
    if (!section.station && !flight && !(date && section.read.at(-1) !== i)) {
      section.station = stationOf(line);
      if (section.station) section.read.push(i);
    }
  }
  return section;
}

/** The local company a voucher names after its supplier label ("Local supplier: Sotavento Auto Lda."). */
function supplierOf(lines: readonly string[]): string | null {
  for (const line of lines) {
    const label = SUPPLIER.exec(fold(line));
    if (!label) continue;
    const name = /^(\p{Lu}[^,(·|;]*)/u.exec(line.slice(label.index + label[0].length))?.[1];
    // "Confirmação do fornecedor: ALG-55K8193" is the supplier's booking code, not its name.
    if (name && !/^[\p{Lu}\d/-]*\d[\p{Lu}\d/-]*$/u.test(name.trim()))
      return name.trim().replace(LEGAL, '').trim();
  }
  return null;
}

export function readRental(
  lines: readonly string[],
  now: Date,
  anchor: IsoDate | null,
): Rental | undefined {
  if (!RENTAL_DOCUMENT.test(fold(lines.join('\n')))) return undefined;
  const heading = (pattern: RegExp) =>
    lines.findIndex((line) => {
      const folded = fold(line).trim();
      return pattern.test(folded) && (line.length <= 40 || scanDates(line, now, anchor).length > 0);
    });
  const pickup = heading(PICKUP);
  if (pickup < 0) return undefined;
  const dropoff = heading(DROPOFF);
  const pickupEnd = Math.min(dropoff > pickup ? dropoff : lines.length, pickup + 6);
  const out = readSection(lines, pickup, pickupEnd, now, anchor);
  if (!out.date) return undefined;
  const back =
    dropoff >= 0
      ? readSection(lines, dropoff, Math.min(lines.length, dropoff + 6), now, anchor)
      : undefined;
  // The supplier's label, else a company named around the pick-up ("Açor Rent - grupo B (Peugeot 208 ou similar)").
  const supplier =
    supplierOf(lines) ??
    lines
      .slice(Math.max(0, pickup - 3), pickupEnd)
      .map((l) => rentalCompany(l, fold(l)))
      .find(Boolean) ??
    null;
  const to =
    back?.station && out.station && fold(back.station.city) !== fold(out.station.city)
      ? back.station.city
      : null;
  const used = [pickup, ...out.read, ...(back ? [dropoff, ...back.read] : [])];
  const returnDate = back?.date && back.date >= out.date ? back.date : null;
  return {
    block: {
      type: 'transport',
      content: {
        mode: 'carRental',
        from: out.station?.city ?? null,
        to,
        time: out.time,
        // The drop-off's date and time (test/fixtures/imports/corpus/README.md: a rental's arrival is its return).
        arrivalTime: returnDate ? (back?.time ?? null) : null,
        arrivalDate: returnDate && returnDate !== out.date ? returnDate : null,
        number: null,
        operator: supplier || null,
        description: out.lines
          .map((i) => lines[i]!)
          .filter((l) => !FLIGHT_WORDS.test(fold(l)))
          .join(' · ')
          .slice(0, 300),
      },
      confidence: 0.6 + (out.station ? 0.1 : 0) + (out.time ? 0.1 : 0),
    },
    date: out.date,
    returnDate,
    airport: out.station?.iata ?? null,
    used,
    pickupLines: out.lines,
  };
}
