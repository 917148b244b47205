// iCalendar events as dated draft blocks. A calendar says when, not what: the kind of block comes
// from the event's words (a flight number, a hotel stay spanning nights, a train, a car rental),
// and anything else is an activity at its start time.
import type { CalendarEvent } from '../extract/calendar.ts';
import type { DatedBlock } from './structured-result.ts';
import { airportFacts, daysBetween, flightNumber } from './values.ts';

const FLIGHT = /\b(?:flight|flug|vuelo|vol|voo|volo)\b/i;
const FLIGHT_NUMBER = /\b([A-Z][A-Z0-9]|[A-Z0-9][A-Z])\s?(\d{1,4})\b/;
const STAY = /\b(?:hotel|hostel|resort|lodge|inn|apartment|apartamento|appartement|riad|pousada|albergo|agriturismo|b&b|stay|check-?in|accommodation|alojamiento|h[eé]bergement|alojamento|unterkunft|alloggio)\b/i;
const RENTAL = /\b(?:car rental|rental car|hire car|car hire|alquiler de coche|location de voiture|aluguel de carro|mietwagen|autonoleggio|noleggio auto)\b/i;
const MODES: Array<[RegExp, 'train' | 'bus' | 'ferry' | 'cruise' | 'transfer']> = [
  [/\b(?:train|tren|zug|treno|comboio|trem|shinkansen|eurostar|ice|tgv|ave|frecciarossa)\b/i, 'train'],
  [/\b(?:bus|coach|autob[uú]s|autocar|autocarro|pullman|reisebus)\b/i, 'bus'],
  [/\b(?:ferry|ferri|fähre|traghetto|balsa)\b/i, 'ferry'],
  [/\b(?:cruise|crucero|croisi[eè]re|cruzeiro|kreuzfahrt|crociera)\b/i, 'cruise'],
  [/\b(?:transfer|traslado|transfert|shuttle|taxi)\b/i, 'transfer'],
];

/** A reminder or a to-do ("check the ESTA application") is about the trip, not in it. */
const REMINDER = /^(?:reminder|remember|to ?do|recordatorio|recuerda|rappel|lembrete|erinnerung|promemoria|ricorda)\b/i;
const BOOKING_REF = /\b(?:booking (?:ref(?:erence)?|code)|reference|pnr|record locator|confirmation(?: code| number)?|localizador|c[oó]digo de reserva|r[ée]f[ée]rence|code de r[ée]servation|c[oó]digo da reserva|buchungs(?:code|nummer)|codice (?:di )?prenotazione)\s*(?:no\.?|#)?\s*[:\-]?\s*([A-Z0-9]{5,8})\b/i;

export function mapCalendarEvents(events: CalendarEvent[]): DatedBlock[] {
  return events.filter((e) => !REMINDER.test(e.summary ?? '')).map(mapEvent).filter((b): b is DatedBlock => b !== null);
}

function mapEvent(e: CalendarEvent): DatedBlock | null {
  const summary = e.summary ?? e.location ?? '';
  if (!summary) return null;
  const words = [e.summary, e.location, e.description].filter(Boolean).join('\n');
  const date = e.start.date;
  const end = e.end?.date ?? date;
  const number = FLIGHT.test(words) || /\([A-Z]{3}\)/.test(words) ? FLIGHT_NUMBER.exec(summary) ?? FLIGHT_NUMBER.exec(words) : null;
  if (number) {
    const [from, to] = airports(words);
    // "Lufthansa LH404": the words just before the flight number name the airline.
    const airline = [...words.matchAll(new RegExp(`([\\p{Lu}][\\p{L}&'.-]+(?: [\\p{Lu}][\\p{L}&'.-]+){0,2})[ \\t]+${number[1]}\\s?${number[2]}\\b`, 'gu'))]
      .map((m) => m[1]!.split(' ').filter((w) => !FLIGHT.test(w)).join(' ')).find(Boolean) ?? null;
    const reference = BOOKING_REF.exec(words)?.[1] ?? null;
    return {
      date,
      until: end,
      country: to?.country ?? null,
      block: {
        type: 'flight',
        confidence: 1,
        content: {
          flightNumber: flightNumber(number[0], null), airline,
          departureAirport: from?.iata ?? null, arrivalAirport: to?.iata ?? null, departureCity: from?.city ?? null, arrivalCity: to?.city ?? null,
          departureTime: e.start.time, arrivalTime: e.end?.time ?? null, date, arrivalDate: end !== date ? end : null, bookingReference: reference && /\d/.test(reference) ? reference : null,
        },
      },
    };
  }
  const nights = daysBetween(date, end);
  if (RENTAL.test(words)) {
    return { date, until: end, block: { type: 'transport', confidence: 1, content: { mode: 'carRental', from: e.location, to: null, time: e.start.time, arrivalTime: e.end?.time ?? null, arrivalDate: end !== date ? end : null, description: e.summary } } };
  }
  if (STAY.test(summary) && (e.start.time === null || nights >= 1)) {
    const name = summary.replace(/^(?:check-?in|stay|hotel stay|accommodation)\s*(?:at|:|-|–)?\s*/i, '').trim() || summary;
    return { date, until: end, block: { type: 'accommodation', confidence: 1, content: { name, checkIn: date, checkOut: nights >= 1 ? end : null, nights: nights >= 1 ? nights : null, city: null, address: e.location } } };
  }
  const mode = MODES.find(([re]) => re.test(summary))?.[1];
  if (mode) {
    const [from, to] = route(summary);
    return {
      date, until: end,
      block: { type: 'transport', confidence: 1, content: { mode, from: from ?? e.location, to, time: e.start.time, arrivalTime: e.end?.time ?? null, arrivalDate: end !== date ? end : null, description: e.description } },
    };
  }
  return { date, until: e.end?.date ?? date, block: { type: 'activity', confidence: 1, content: { title: summary, time: e.start.time, description: e.description, place: e.location } } };
}

/** The two airports named by IATA code: "(LHR)", "LHR - LIS", "LHR→LIS". */
function airports(words: string) {
  const codes = [...words.matchAll(/\(([A-Z]{3})\)|\b([A-Z]{3})\s*(?:-|–|→|->|to|>)\s*([A-Z]{3})\b/g)]
    .flatMap((m) => (m[1] ? [m[1]] : [m[2]!, m[3]!]));
  const known = codes.map(airportFacts).filter((a) => a?.city);
  return [known[0] ?? null, known[1] ?? null];
}

/** "Train Rome – Florence", "Bus from Cusco to Puno". */
function route(summary: string): [string | null, string | null] {
  const m = /(?:from\s+)?([\p{L}][\p{L} .'-]*?)\s*(?:-|–|→|->|\bto\b|\ba\b|\bnach\b)\s*([\p{L}][\p{L} .'-]*)$/u.exec(summary.replace(MODES.find(([re]) => re.test(summary))![0], '').trim().replace(/^[:\s-]+/, ''));
  return m ? [m[1]!.replace(/^from\s+/i, '').trim(), m[2]!.trim()] : [null, null];
}
