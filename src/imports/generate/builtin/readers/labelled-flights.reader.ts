// A flight printed as labelled lines under its designator, as airlines' and agencies' emails do:
//   FLIGHT     DL 9520 - DELTA AIR LINES                         TUE 07 JUNE 2016
//   DEPARTURE: BERLIN, DE (TEGEL)                                    07 JUN 12:10
//   ARRIVAL:   AMSTERDAM, NL (SCHIPHOL AIRPORT)                      07 JUN 13:30
// or "Flight: 15.06.2017 | 4U 8462" over "Departure: 12:55 Berlin-Tegel" and "Arrival: 13:50
// London Heathrow". Each departure line, with the arrival line after it and the designator
// above it, is one flight: the airports from their codes, names or a city with one airport, the
// times and dates from each line (else the designator's line, else the document's anchor).
import type { DraftBlockInput } from '../../draft.ts';
import { scanDates, type IsoDate } from '../finders/dates.ts';
import { anchorsIn } from '../finders/flight-designators.ts';
import { timeMatches } from '../finders/times.ts';
import { bookingReference, placeAirport } from '../flights.ts';
import { airlineName, airport, airportOfCity } from '../places.ts';
import { fold } from '../text.ts';
import { labelPattern } from './labels.ts';
import type { DatedBlock, LayoutReader, LineLedger, ReaderInput, Reading } from './reader.ts';

const NAME = 'labelled-flights';
const DEPARTURE = labelPattern(
  `departure|depart|departs|departing|salida|sale|origen|partida|origem|abflug|ab|partenza|parte da|avgang|odlet|odjezd|wylot|odjazd`,
  ':',
);
const ARRIVAL = labelPattern(
  `arrival|arrive|arrives|arriving|llegada|llega|destino|arrivee|chegada|ankunft|an|arrivo|arriva a|ankomst|prilet|prijezd|przylot|przyjazd`,
  ':',
);

interface End {
  iata: string | null;
  time: string | null;
  date: IsoDate | null;
}

/** One labelled end: its airport (a code in brackets, an airport's name, a city with one airport), time and date. */
function endOf(text: string, input: ReaderInput): End {
  const code = /\(([A-Z]{3})\)/.exec(text)?.[1];
  const bracketed = /\(([^)]{3,40})\)/.exec(text)?.[1];
  const cityPart = text
    .replace(/\b\d{1,2}[:h.]\d{2}\b/g, ' ')
    .split(/\s*[,(]\s*|\s{2,}/)
    .map((p) => p.trim())
    .find((p) => /\p{L}{3}/u.test(p));
  const iata =
    (code && airport(code) ? code : undefined) ??
    (bracketed ? placeAirport(bracketed) : undefined) ??
    placeAirport(text) ??
    (cityPart ? (placeAirport(cityPart) ?? airportOfCity(cityPart, text)) : undefined) ??
    null;
  return {
    iata,
    time: timeMatches(text)[0]?.time ?? null,
    date: scanDates(text, input.now, input.anchor)[0]?.date ?? null,
  };
}

function flightsIn(input: ReaderInput): Array<{ lines: number[]; block: DatedBlock }> {
  const found: Array<{ lines: number[]; block: DatedBlock }> = [];
  // The document's first booking reference is each flight's that states none of its own.
  const references = new Set(
    input.lines.map((l) => bookingReference(l)).filter((r): r is string => Boolean(r)),
  );
  const only = [...references][0] ?? null;
  const folded = input.lines.map((l) => fold(l).trim());
  folded.forEach((line, i) => {
    if (!DEPARTURE.test(line)) return;
    let j = i + 1;
    while (j < input.lines.length && j <= i + 3 && !ARRIVAL.test(folded[j]!)) j++;
    if (j > i + 3 || j >= input.lines.length) return;
    // The designator: on the closest line above (within four), the flight the labels describe.
    let k = i - 1;
    let anchor: { code: string; number: string } | undefined;
    for (; k >= Math.max(0, i - 4); k--) {
      anchor = anchorsIn(input.lines[k]!)[0];
      if (anchor || ARRIVAL.test(folded[k]!)) break;
    }
    if (!anchor) return;
    const dep = endOf(input.lines[i]!.replace(DEPARTURE, ''), input);
    const arr = endOf(input.lines[j]!.replace(ARRIVAL, ''), input);
    if (!dep.time || (!dep.iata && !arr.iata)) return;
    // A date between the designator and the departure ("Datum: fre 3 jul 2009") is the flight's.
    const headingDate =
      input.lines
        .slice(k, i)
        .map((l) => scanDates(l, input.now, input.anchor)[0]?.date)
        .find(Boolean) ?? null;
    const date = dep.date ?? headingDate ?? arr.date;
    if (!date) return;
    const arrivalDate = arr.date && arr.date !== date ? arr.date : null;
    const reference = [k, i, j, j + 1, j + 2]
      .map((n) => (input.lines[n] ? bookingReference(input.lines[n]!) : null))
      .find(Boolean);
    const block: DraftBlockInput = {
      type: 'flight',
      content: {
        flightNumber: `${anchor.code}${anchor.number}`,
        airline: airlineName(anchor.code) ?? null,
        departureAirport: dep.iata,
        arrivalAirport: arr.iata,
        departureCity: dep.iata ? (airport(dep.iata)?.city ?? null) : null,
        arrivalCity: arr.iata ? (airport(arr.iata)?.city ?? null) : null,
        departureTime: dep.time,
        arrivalTime: arr.time,
        date,
        arrivalDate,
        bookingReference: reference ?? only,
      },
      confidence: 0.85,
    };
    found.push({ lines: [k, i, j], block: { date, block } });
  });
  return found;
}

export const labelledFlightsReader: LayoutReader = {
  name: NAME,
  applies(input) {
    return input.lines.some((l) => DEPARTURE.test(fold(l).trim()));
  },
  read(input, ledger: LineLedger): Reading {
    const bookings: DatedBlock[] = [];
    for (const flight of flightsIn(input)) {
      if (flight.lines.some((n) => ledger.isClaimed(n))) continue;
      for (const n of flight.lines) ledger.claim(n, NAME);
      bookings.push(flight.block);
    }
    return { bookings };
  },
};
