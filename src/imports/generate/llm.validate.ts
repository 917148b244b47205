// A model's draft checked against the document before it is kept: codes it gives (flight numbers,
// airports, booking references) must be well formed and written in the document, dates real and
// near the import's "now", times on a 24-hour clock, stays consistent, a price's figures present
// in the text. What fails is dropped (the field, or the block when nothing bookable is left),
// never guessed, and each drop is reported for the job's log.
import { airportFacts, daysBetween, isCurrency } from '../structured/values.ts';
import { fold } from './builtin/text.ts';
import { draftSchema, type Draft, type DraftBlock } from './draft.ts';

export interface Validated {
  draft: Draft;
  dropped: string[];
}

export function validateModelDraft(draft: Draft, text: string, now: Date): Validated {
  const dropped: string[] = [];
  const compact = text.toUpperCase().replace(/[\s\u00a0]+/g, '');
  const words = ` ${text.toUpperCase().replace(/[^A-Z0-9]+/g, ' ')} `;
  const folded = fold(text);
  const plausible = (date: string | null | undefined) =>
    !!date &&
    !Number.isNaN(Date.parse(date)) &&
    Math.abs(daysBetween(now.toISOString().slice(0, 10), date)) <= 3 * 366;
  const check = <T>(value: T | null | undefined, ok: (v: T) => boolean, what: string): T | null => {
    if (value === null || value === undefined) return null;
    if (ok(value)) return value;
    dropped.push(`${what} ${JSON.stringify(value)}`);
    return null;
  };
  const written = (code: string) => compact.includes(code.toUpperCase().replace(/\s+/g, ''));
  const flightWritten = (n: string) => {
    const m = /^([A-Z0-9]{2})(\d{1,4}[A-Z]?)$/.exec(n.replace(/\s+/g, '').toUpperCase());
    return !!m && new RegExp(`${m[1]}\\s*0*${m[2]}(?![0-9])`).test(text.toUpperCase());
  };
  const airportOk = (code: string) => {
    const facts = airportFacts(code);
    return (
      !!facts?.city && (words.includes(` ${facts.iata} `) || folded.includes(fold(facts.city)))
    );
  };

  const days = draft.days.map((day) => ({
    ...day,
    date: check(day.date, plausible, `day ${day.day} date`),
    blocks: day.blocks.map((block) => validBlock(block)).filter((b): b is DraftBlock => b !== null),
  }));

  function validBlock(block: DraftBlock): DraftBlock | null {
    const time = (t: string | null | undefined, what: string) =>
      check(t, (v) => /^([01]\d|2[0-3]):[0-5]\d$/.test(v), what);
    switch (block.type) {
      case 'flight': {
        const c = block.content;
        const content = {
          ...c,
          flightNumber: check(c.flightNumber, flightWritten, 'flight number not in the document'),
          departureAirport: check(
            c.departureAirport,
            airportOk,
            'departure airport not in the document',
          ),
          arrivalAirport: check(c.arrivalAirport, airportOk, 'arrival airport not in the document'),
          departureTime: time(c.departureTime, 'departure time'),
          arrivalTime: time(c.arrivalTime, 'arrival time'),
          date: check(c.date, plausible, 'flight date'),
          arrivalDate: check(c.arrivalDate, plausible, 'arrival date'),
          bookingReference: check(
            c.bookingReference,
            written,
            'booking reference not in the document',
          ),
        };
        if (!content.flightNumber && !(content.departureAirport && content.arrivalAirport)) {
          dropped.push(
            `flight ${JSON.stringify(c.flightNumber ?? `${c.departureAirport}-${c.arrivalAirport}`)} (neither its number nor its airports are in the document)`,
          );
          return null;
        }
        return { ...block, content };
      }
      case 'accommodation': {
        const c = block.content;
        const checkIn = check(c.checkIn, plausible, 'check-in');
        let checkOut = check(c.checkOut, plausible, 'check-out');
        if (checkIn && checkOut && checkOut <= checkIn) {
          dropped.push(`check-out ${checkOut} not after check-in ${checkIn}`);
          checkOut = null;
        }
        const nights =
          checkIn && checkOut
            ? daysBetween(checkIn, checkOut)
            : check(c.nights, (n) => n > 0 && n < 60, 'nights');
        return {
          ...block,
          content: {
            ...c,
            checkIn,
            checkOut,
            nights,
            bookingReference: check(
              c.bookingReference,
              written,
              'booking reference not in the document',
            ),
          },
        };
      }
      case 'activity':
        return {
          ...block,
          content: { ...block.content, time: time(block.content.time, 'activity time') },
        };
      case 'transport':
        return {
          ...block,
          content: {
            ...block.content,
            time: time(block.content.time, 'transport time'),
            arrivalTime: time(block.content.arrivalTime, 'transport arrival time'),
            arrivalDate: check(block.content.arrivalDate, plausible, 'transport arrival date'),
          },
        };
      default:
        return block;
    }
  }

  const dateStart = check(draft.dateStart, plausible, 'trip start');
  let dateFinish = check(draft.dateFinish, plausible, 'trip end');
  if (dateStart && dateFinish && dateFinish < dateStart) {
    dropped.push(`trip end ${dateFinish} before its start`);
    dateFinish = null;
  }
  const priceWritten = (amount: number) =>
    compact.replace(/[.,'’]/g, '').includes(String(Math.trunc(amount)));
  const priceKept =
    draft.price && isCurrency(draft.price.currency) && priceWritten(draft.price.amount);
  if (draft.price && !priceKept)
    dropped.push(`price ${draft.price.amount} ${draft.price.currency} (not in the document)`);
  const price = priceKept ? draft.price : null;
  const payments = draft.payments.filter((p) => {
    const ok = isCurrency(p.currency) && priceWritten(p.amount);
    if (!ok) dropped.push(`payment ${p.amount} ${p.currency} (not in the document)`);
    return ok;
  });
  return {
    draft: draftSchema.parse({ ...draft, dateStart, dateFinish, days, price, payments }),
    dropped,
  };
}
