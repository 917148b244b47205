// What one line of a rail or coach confirmation says, as the operators print it: a section
// ("Hinfahrt", "Ida", "Aller", "Andata", "Outward", "Return"), a date, a stop (a station with its
// time, departing or arriving), a service ("ICE 597", "TGV INOUI 6611", "FlixBus N123") and the
// seat's details (coach, seat, platform). The rail reader (rail.reader.ts) puts the lines together.
import { scanDates, type IsoDate } from '../finders/dates.ts';
import { SERVICE, serviceIn, type Service } from '../rail-services.ts';
import { stationTimes, timeStations, type StationTime } from '../station-times.ts';
import { NOT_TRIP_DATE } from '../knowledge/document-words.ts';
import { fold } from '../text.ts';

export interface Stop extends StationTime {
  /** What the line says the stop is, when it says. */
  role: 'departure' | 'arrival' | null;
}

export interface RailLine {
  section: boolean;
  date: IsoDate | null;
  stops: Stop[];
  service: Service | null;
  /** "Wagen 9", "Platz 45", "Gleis 7": the seat's details as written. */
  details: string[];
  /** The line says nothing but these (a ticket's line, not a programme's sentence). */
  ticket: boolean;
  /** Nothing but a section's name and its date ("Hinfahrt am Do., 14.05.2026"). */
  heading: boolean;
}

const SECTION =
  /^\W*(?:hinfahrt|ruckfahrt|hin- und ruckfahrt|outward(?: journey)?|outbound|return(?: journey)?|inbound|ida|vuelta|regreso|trajet aller|trajet retour|aller|retour|andata|ritorno|volta|regresso)\b/;

const DEPARTS =
  /(?:^|\s)(?:ab|dep\.?|departs?|departure|abfahrt|salida|sale|depart|partenza|parte|partida)(?=[\s:]|$)/;
const ARRIVES =
  /(?:^|\s)(?:an|arr\.?|arrives?|arrival|ankunft|llegada|llega|arrivee|arrivo|arriva|chegada|chega)(?=[\s:]|$)/;

// The words a ticket's lines print around their stations and times, in the six languages.
const LABELS = new Set(
  (
    'abfahrt ankunft departure arrival departs arrives depart partenza arrivo partida chegada salida ' +
    'llegada sale llega arrivee parte arriva chega train tren treno zug comboio bus autobus autocar ' +
    'autocarro pullman fernbus coach the from and with mit dem der die das von nach uhr ore alle ' +
    'per par des del della para por con com ate hasta bis les los las une uno una ein eine ' +
    'hinfahrt ruckfahrt outward return journey inbound outbound ida vuelta regreso trajet aller ' +
    'retour andata ritorno volta regresso reservierung reservation reserva prenotazione klasse ' +
    'class classe clase classe'
  ).split(' '),
);

const DETAILS: RegExp[] = [
  /\b(?:wagen|wg\.|coach|car|coche|voiture|carrozza|carr\.|vettura|carruagem|carr)\s*(?:n[º°o.]\s*)?:?\s*\d{1,3}[a-z]?\b/giu,
  /\b(?:platz|pl\.|platze|plätze|sitzplatz|seats?|asientos?|plazas?|places?|posti|posto|lugar(?:es)?)\s*(?:n[º°o.]\s*)?:?\s*\d{1,3}[a-z]?(?:\s*(?:,|und|and|y|et|e|\+)\s*\d{1,3}[a-z]?)*/giu,
  /\b(?:gleis|gl\.|bahnsteig|platform|vía|via|voie|binario|bin\.|linha|quai|andén|anden)\s*:?\s*\d{1,2}[a-z]?\b/giu,
];

/** One line read: dates masked out before its stops are looked for ("Berlin Hbf 14.05. ab 08:34"). */
export function readRailLine(line: string, now: Date, anchor: IsoDate | null): RailLine {
  const folded = fold(line);
  const dates = NOT_TRIP_DATE.test(folded) ? [] : scanDates(line, now, anchor);
  let masked = line;
  for (const d of dates)
    masked = masked.slice(0, d.index) + ' '.repeat(d.end - d.index) + masked.slice(d.end);
  const service = serviceIn(line);
  // The service's own name and number are no station ("Frecciarossa 9541 Roma Termini 10:00").
  if (service) masked = masked.replace(SERVICE, (s) => ' '.repeat(s.length));
  const details = DETAILS.flatMap((re) => [...line.matchAll(re)].map((m) => m[0].trim()));
  for (const d of details) masked = masked.replace(d, ' '.repeat(d.length));
  // A platform level or district after a station ("Berlin Hbf (tief)") is not part of its name.
  masked = masked.replace(/\s\([\p{L}.]{1,12}\)(?=\s)/gu, (q) => ' '.repeat(q.length));
  const stops = stopsOf(masked);
  const section = SECTION.test(folded) && line.length <= 80;
  let rest = fold(masked).replace(SECTION, ' ');
  for (const stop of stops) rest = rest.replace(fold(stop.station), ' ');
  const words = (rest.match(/\p{L}{3,}/gu) ?? []).filter((w) => !LABELS.has(w));
  return {
    section,
    date: dates[0]?.date ?? null,
    stops,
    service,
    details,
    ticket: words.length <= 2,
    heading: (section || dates.length > 0) && !words.length && !stops.length,
  };
}

function stopsOf(text: string): Stop[] {
  const after = stationTimes(text);
  const before = timeStations(text);
  const pairs = before.length > after.length ? before : after;
  return pairs.map((p) => {
    const folded = fold(text);
    const around = folded.slice(0, p.end);
    const lead = folded.slice(0, p.index);
    const role =
      ARRIVES.test(around) || ARRIVES.test(lead)
        ? 'arrival'
        : DEPARTS.test(around) || DEPARTS.test(lead)
          ? 'departure'
          : null;
    return { ...p, role: pairs.length > 1 ? null : role };
  });
}
