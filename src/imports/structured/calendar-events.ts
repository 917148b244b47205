// iCalendar events as dated draft blocks. A calendar says when, not what: the kind of block comes
// from the event's words (a flight number, a hotel stay spanning nights, a train, a car rental),
// and anything else is an activity at its start time.
import type { CalendarEvent } from '../extract/calendar.ts';
import { journeyLegs } from '../generate/builtin/finders/journey-legs.ts';
import { operatorIn, SERVICE, serviceIn } from '../generate/builtin/rail-services.ts';
import { datedFlight, type DatedBlock } from './structured-result.ts';
import { addDays, airportFacts, daysBetween, flightNumber } from './values.ts';

const FLIGHT = /\b(?:flight|flug|vuelo|vol|voo|volo)\b/i;
const FLIGHT_NUMBER = /\b([A-Z][A-Z0-9]|[A-Z0-9][A-Z])\s?(\d{1,4})\b/;
const STAY =
  /\b(?:hotel|h[oô]tel|hostel|hostal|resort|lodge|inn|guest ?house|g[iî]te|apartment|apartamento|appartement|riad|pousada|quinta|albergo|agriturismo|b&b|stay|estad[ií]a|estancia|s[ée]jour|soggiorno|aufenthalt|check-?in|accommodation|alojamiento|h[eé]bergement|alojamento|unterkunft|alloggio)\b/iu;
const RENTAL =
  /\b(?:car rental|rental car|hire car|car hire|alquiler de coche|location de voiture|aluguel de carro|mietwagen|autonoleggio|noleggio auto)\b/i;
const MODES: Array<[RegExp, 'train' | 'bus' | 'ferry' | 'cruise' | 'transfer']> = [
  [
    /\b(?:train|tren|zug|treno|comboio|trem|shinkansen|eurostar|ice|tgv|ave|frecciarossa)\b/i,
    'train',
  ],
  [/\b(?:bus|coach|autob[uú]s|autocar|autocarro|pullman|reisebus)\b/i, 'bus'],
  [/\b(?:ferry|ferri|fähre|traghetto|balsa)\b/i, 'ferry'],
  [/\b(?:cruise|crucero|croisi[eè]re|cruzeiro|kreuzfahrt|crociera)\b/i, 'cruise'],
  [/\b(?:transfer|traslado|transfert|shuttle|taxi)\b/i, 'transfer'],
];

const EMBARK =
  /\b(?:embark(?:ation|ing)?|boarding|embarque|embarquement|einschiffung|imbarco|embarco)\b/i;
/** "Salida del barco a las 18:00", "the ship sails at 18:00", "départ du navire à 18h00". */
const SAILS =
  /\b(?:sail(?:s|ing)?|departs?|departure|salida|zarpa|d[ée]part|abfahrt|partenza|sa[ií]da)\b[^.\d]{0,30}?(\d{1,2}[:h]\d{2})/i;

/** A reminder or a to-do ("check the ESTA application") is about the trip, not in it. */
const REMINDER =
  /^(?:reminder|remember|to ?do|recordatorio|recuerda|rappel|lembrete|erinnerung|promemoria|ricorda)\b/i;
const BOOKING_REF =
  /\b(?:booking (?:ref(?:erence)?|code)|reference|pnr|record locator|confirmation(?: code| number)?|localizador|reserva(?: [A-Z]{2,4})?|c[oó]digo de reserva|r[ée]f[ée]rence(?: de (?:r[ée]servation|dossier))?|code de r[ée]servation|c[oó]digo da reserva|buchungs(?:code|nummer)|codice (?:di )?prenotazione)\s*(?:no\.?|#)?\s*[:-]?\s*([A-Z0-9][A-Z0-9-]{4,11})\b/i;

export function mapCalendarEvents(events: CalendarEvent[]): DatedBlock[] {
  const kept = events.filter((e) => !REMINDER.test(e.summary ?? ''));
  // An all-day note far from everything else ("renew the ID card" three weeks before) is not in the trip.
  const anchors = kept.filter(
    (e) => e.start.time || (e.end && e.end.date > e.start.date && STAY.test(e.summary ?? '')),
  );
  const near = (e: CalendarEvent) =>
    !anchors.length || anchors.some((a) => Math.abs(daysBetween(a.start.date, e.start.date)) <= 7);
  const mapped = kept
    .filter((e) => e.start.time || near(e))
    .map((e) => {
      const legs = legsOf(e);
      return { e, blocks: (legs.length ? legs : [mapEvent(e)]).filter((b) => b !== null) };
    });
  // The trip runs from the first journey or stay to the last: an all-day note after the flight
  // home ("Submit expenses") or before the first departure is about the trip, not in it.
  const travel = mapped.filter(({ blocks }) => blocks.some((b) => TRAVEL.has(b.block.type)));
  const first = travel.map(({ e }) => e.start.date).sort()[0];
  const last = travel
    .map(({ e }) => e.end?.date ?? e.start.date)
    .sort()
    .at(-1);
  return mapped
    .filter(
      ({ e, blocks }) =>
        travel.length < 2 ||
        e.start.time ||
        blocks.some((b) => TRAVEL.has(b.block.type)) ||
        (e.start.date >= first! && e.start.date <= last!),
    )
    .flatMap(({ blocks }) => blocks);
}

const TRAVEL = new Set(['flight', 'accommodation', 'transport']);

/**
 * A journey planner's event ("Frankfurt(Main)Hbf -> Paris Nord") whose description lists its legs
 * (finders/journey-legs.ts): a train or coach block per leg, each on its day (a leg that leaves
 * before the one before it leaves after midnight).
 */
function legsOf(e: CalendarEvent): DatedBlock[] {
  const legs = journeyLegs(e.description ?? '');
  let date = e.start.date;
  let previous = e.start.time ?? '00:00';
  return legs.map((leg) => {
    if (leg.departure && leg.departure < previous) date = addDays(date, 1);
    previous = leg.departure ?? previous;
    const arrivalDate =
      leg.arrival && leg.departure && leg.arrival < leg.departure ? addDays(date, 1) : null;
    if (leg.arrival) previous = leg.arrival;
    if (arrivalDate) date = arrivalDate;
    const departed = arrivalDate ? addDays(arrivalDate, -1) : date;
    return {
      date: departed,
      until: arrivalDate ?? departed,
      block: {
        type: 'transport',
        confidence: 1,
        content: {
          mode: leg.service?.mode ?? 'train',
          from: leg.from,
          to: leg.to,
          time: leg.departure,
          arrivalTime: leg.arrival,
          arrivalDate,
          number: leg.service?.number ?? null,
          operator: leg.service?.operator ?? null,
          description: leg.platforms,
        },
      },
    };
  });
}

function mapEvent(e: CalendarEvent): DatedBlock | null {
  const summary = e.summary ?? e.location ?? '';
  if (!summary) return null;
  const words = [e.summary, e.location, e.description].filter(Boolean).join('\n');
  const date = e.start.date;
  const end = e.end?.date ?? date;
  const number =
    FLIGHT.test(words) || /\([A-Z]{3}\)/.test(words)
      ? (FLIGHT_NUMBER.exec(summary) ?? FLIGHT_NUMBER.exec(words))
      : null;
  if (number) {
    const [from, to] = airports(words);
    // "Lufthansa LH404": the words just before the flight number name the airline.
    const airline =
      [
        ...words.matchAll(
          new RegExp(
            `([\\p{Lu}][\\p{L}&'.-]+(?: [\\p{Lu}][\\p{L}&'.-]+){0,2})[ \\t]+${number[1]}\\s?${number[2]}\\b`,
            'gu',
          ),
        ),
      ]
        .map((m) =>
          m[1]!
            .split(' ')
            .filter((w) => !FLIGHT.test(w))
            .join(' '),
        )
        .find(Boolean) ?? null;
    const reference = BOOKING_REF.exec(words)?.[1] ?? null;
    return datedFlight(
      {
        flightNumber: flightNumber(number[0], null),
        airline,
        departureAirport: from?.iata ?? null,
        arrivalAirport: to?.iata ?? null,
        departureCity: from?.city ?? null,
        arrivalCity: to?.city ?? null,
        departureTime: e.start.time,
        arrivalTime: e.end?.time ?? null,
        date,
        bookingReference: reference && /\d/.test(reference) ? reference : null,
      },
      end,
      to?.country ?? null,
    );
  }
  const nights = daysBetween(date, end);
  if (RENTAL.test(words)) {
    return {
      date,
      until: end,
      block: {
        type: 'transport',
        confidence: 1,
        content: {
          mode: 'carRental',
          from: e.location,
          to: null,
          time: e.start.time,
          arrivalTime: e.end?.time ?? null,
          arrivalDate: end !== date ? end : null,
          description: e.summary,
        },
      },
    };
  }
  if (STAY.test(summary) && (e.start.time === null || nights >= 1)) {
    const bare =
      summary
        .replace(
          /^(?:check-?in|stay|hotel stay|accommodation|estad[ií]a|estancia|s[ée]jour|soggiorno|aufenthalt|alojamiento|alojamento|h[ée]bergement|unterkunft)\s*(?:at|in|en|em|à|a|:|-|–|—)?\s*/iu,
          '',
        )
        .trim() || summary;
    // "Quinta das Hortênsias, Funchal": the name, then its town.
    const [name, town] = bare.split(/,\s*/);
    const reference = BOOKING_REF.exec(words)?.[1] ?? null;
    return {
      date,
      until: end,
      block: {
        type: 'accommodation',
        confidence: 1,
        content: {
          name: name!,
          checkIn: date,
          checkOut: nights >= 1 ? end : null,
          nights: nights >= 1 ? nights : null,
          city: town ?? null,
          address: e.location,
          bookingReference: reference && /\d/.test(reference) ? reference : null,
        },
      },
    };
  }
  // An operator's export names the service ("ICE 597 Berlin Hbf → München Hbf", "FlixBus N123 ...").
  const service = serviceIn(summary);
  const found = service?.mode ?? MODES.find(([re]) => re.test(summary))?.[1];
  // A "croisière en zodiac" of an afternoon is an outing; a cruise spans nights or starts with boarding.
  const embark = found === 'cruise' && EMBARK.test(summary);
  const mode = found === 'cruise' && nights < 1 && !embark ? undefined : found;
  if (embark) {
    // "Embarque crucero Brisa Serena – Barcelona": the port after the dash; the ship sails at the time the text gives.
    const port =
      summary
        .split(/\s[–—-]\s/)
        .slice(1)
        .at(-1)
        ?.trim() ?? e.location;
    const sails =
      SAILS.exec(e.description ?? '')?.[1]
        ?.replace('h', ':')
        .padStart(5, '0') ?? e.start.time;
    return {
      date,
      until: date,
      block: {
        type: 'transport',
        confidence: 1,
        content: {
          mode: 'cruise',
          from: port,
          to: null,
          time: sails,
          arrivalTime: null,
          arrivalDate: null,
          description: e.description,
        },
      },
    };
  }
  if (mode) {
    const [from, to] = route(summary);
    return {
      date,
      until: end,
      block: {
        type: 'transport',
        confidence: 1,
        content: {
          mode,
          from: from ?? e.location,
          to,
          time: e.start.time,
          arrivalTime: e.end?.time ?? null,
          arrivalDate: end !== date ? end : null,
          ...(service || mode === 'train' || mode === 'bus'
            ? { number: service?.number ?? null, operator: service?.operator ?? operatorIn(words) }
            : {}),
          description: e.description,
        },
      },
    };
  }
  // An all-day event's end is exclusive (DTEND the next day): it covers its start day only.
  const until = e.start.time
    ? end
    : e.end && daysBetween(date, e.end.date) > 1
      ? addDays(e.end.date, -1)
      : date;
  return {
    date,
    until,
    block: {
      type: 'activity',
      confidence: 1,
      content: {
        title: summary,
        time: e.start.time,
        description: e.description,
        place: e.location,
      },
    },
  };
}

/** The two airports named by IATA code: "(LHR)", "LHR - LIS", "LHR→LIS", "LIS 08:05 → FNC 09:50". */
function airports(words: string) {
  const codes = [
    ...words.matchAll(
      // "(LHR)", "CDG → …", "→ YUL", and the code that ends the summary ("→ Montréal YUL").
      /\(([A-Z]{3})\)|\b([A-Z]{3})\b(?=\s*(?:\d{1,2}[:h]\d{2}|→|->|–|-\s|>|to\s))|(?:→|->|–|>)\s*([A-Z]{3})\b|\b([A-Z]{3})\s*$/g,
    ),
  ].map((m) => m[1] ?? m[2] ?? m[3] ?? m[4]!);
  const known = [...new Set(codes)].map(airportFacts).filter((a) => a?.city);
  return [known[0] ?? null, known[1] ?? null];
}

/** "Train Rome – Florence", "Bus from Cusco to Puno". */
function route(summary: string): [string | null, string | null] {
  const m =
    /(?:from\s+)?([\p{L}][\p{L} .'-]*?)\s*(?:-|–|→|->|\bto\b|\ba\b|\bnach\b)\s*([\p{L}][\p{L} .'-]*)$/u.exec(
      summary
        .replace(SERVICE, '')
        .replace(MODES.find(([re]) => re.test(summary))?.[0] ?? /^/, '')
        .trim()
        .replace(/^[:\s-]+/, ''),
    );
  return m ? [m[1]!.replace(/^from\s+/i, '').trim(), m[2]!.trim()] : [null, null];
}
