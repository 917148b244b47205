// The last stage of every draft, whoever wrote it (the built-in engine or an LLM): each block is
// checked against the gazetteers and made consistent, or dropped when it cannot be completed
// (never guessed); each block is moved to the day its own date names; the trip's dates, length,
// countries and timezone are checked. What was dropped or changed, and why, goes to the import
// job's log, with a confidence per block.
import countries from 'i18n-iso-countries';
import { airlineName, airport } from './builtin/places.ts';
import { fold } from './builtin/text.ts';
import { addDays, daysBetween } from '../../shared/iso-dates.ts';
import { isTimezone } from '../../shared/timezones.ts';
import type { Draft, DraftBlock, DraftDay } from './draft.ts';

export interface Validation {
  draft: Draft;
  notes: string[];
  confidences: string[];
}

const CURRENCIES = new Set(Intl.supportedValuesOf('currency'));

/** The default confidence of a block a reader did not score: how complete it is. */
function scoreOf(block: DraftBlock): number {
  const c = block.content as Record<string, unknown>;
  const keys: Record<DraftBlock['type'], string[]> = {
    flight: ['flightNumber', 'departureAirport', 'arrivalAirport', 'date', 'departureTime'],
    accommodation: ['name', 'checkIn', 'checkOut', 'city'],
    activity: ['title', 'time'],
    transport: ['from', 'to', 'time'],
    text: ['text'],
  };
  const wanted = keys[block.type];
  return (
    Math.round(
      (0.4 +
        (0.55 * wanted.filter((k) => c[k] !== null && c[k] !== undefined && c[k] !== '').length) /
          wanted.length) *
        100,
    ) / 100
  );
}

function label(block: DraftBlock): string {
  const c = block.content as Record<string, unknown>;
  const name =
    c.flightNumber ??
    c.name ??
    c.title ??
    (block.type === 'transport' ? `${c.mode} ${c.from ?? ''}→${c.to ?? ''}` : null) ??
    (typeof c.text === 'string' ? `${c.text.slice(0, 30)}…` : '');
  return `${block.type} "${String(name).slice(0, 60)}"`;
}

/** A block made consistent, or a reason to drop it. */
function checkBlock(block: DraftBlock, notes: string[], where: string): DraftBlock | string {
  switch (block.type) {
    case 'flight': {
      const c = { ...block.content };
      if (c.flightNumber) {
        // "IB 0520" is written IB520: no space, no leading zeros.
        const number = c.flightNumber
          .replace(/\s+/g, '')
          .toUpperCase()
          .replace(/^([A-Z0-9]{2})0+(?=\d)/, '$1');
        c.flightNumber = /^[A-Z0-9]{2}\d{1,4}[A-Z]?$/.test(number) ? number : null;
        if (!c.flightNumber)
          notes.push(
            `${where}: flight number "${block.content.flightNumber}" is not a flight number; left out.`,
          );
      }
      for (const key of ['departureAirport', 'arrivalAirport'] as const) {
        const code = c[key]?.trim().toUpperCase() ?? null;
        const info = code ? airport(code) : undefined;
        if (code && !info) notes.push(`${where}: ${code} is not an airport; left out.`);
        c[key] = info ? info.iata : null;
        const cityKey = key === 'departureAirport' ? 'departureCity' : 'arrivalCity';
        if (info && !c[cityKey]) c[cityKey] = info.city;
      }
      if (c.departureAirport && c.departureAirport === c.arrivalAirport) {
        c.arrivalAirport = null;
        notes.push(
          `${where}: the flight ${c.flightNumber ?? ''} arrives where it leaves; arrival left out.`,
        );
      }
      if (!c.airline && c.flightNumber) c.airline = airlineName(c.flightNumber.slice(0, 2)) ?? null;
      if (c.arrivalDate && c.date && c.arrivalDate <= c.date) c.arrivalDate = null;
      if (c.arrivalDate && c.date && daysBetween(c.date, c.arrivalDate) > 2) {
        notes.push(
          `${where}: arrival date ${c.arrivalDate} is too far from the departure; left out.`,
        );
        c.arrivalDate = null;
      }
      if (
        !c.flightNumber &&
        !((c.departureAirport || c.departureCity) && (c.arrivalAirport || c.arrivalCity))
      )
        return 'a flight without a flight number or a route';
      return { ...block, content: c };
    }
    case 'accommodation': {
      const c = { ...block.content };
      c.name = c.name.replace(/\s+/g, ' ').trim();
      if (
        c.name.length < 3 ||
        /^(?:the |el |la |le |il |o |das )?(?:hotel|hôtel|hostel|accommodation|alojamiento|hébergement|alojamento|unterkunft|alloggio|tba|tbc|to be confirmed|por confirmar|a confirmer|da confermare)$/i.test(
          c.name,
        )
      )
        return 'an accommodation without a name';
      if (c.checkIn && c.checkOut) {
        const nights = daysBetween(c.checkIn, c.checkOut);
        if (nights <= 0) {
          notes.push(
            `${where}: check-out ${c.checkOut} is not after check-in ${c.checkIn}; check-out left out.`,
          );
          c.checkOut = c.nights ? addDays(c.checkIn, c.nights) : null;
        } else if (c.nights !== nights) {
          if (c.nights)
            notes.push(
              `${where}: ${c.nights} nights do not match ${c.checkIn}–${c.checkOut}; the dates win.`,
            );
          c.nights = nights;
        }
      } else if (c.checkIn && c.nights) c.checkOut = addDays(c.checkIn, c.nights);
      else if (c.checkOut && c.nights) c.checkIn = addDays(c.checkOut, -c.nights);
      return { ...block, content: c };
    }
    case 'transport': {
      const c = { ...block.content };
      if (c.from && c.to && c.from.trim().toLowerCase() === c.to.trim().toLowerCase()) c.to = null;
      if (
        !c.from &&
        !c.to &&
        !c.time &&
        !c.number &&
        !c.operator &&
        !(c.description && c.description.length >= 10)
      )
        return 'a transport without route, time or operator';
      return { ...block, content: c };
    }
    case 'activity':
      if (block.content.title.trim().length < 3) return 'an activity without a title';
      if (STAY_TIME.test(fold(block.content.title).trim()))
        return 'a check-in or check-out time, which belongs to the stay';
      return block;
    case 'text':
      if (!block.content.text.trim()) return 'an empty text';
      return block;
  }
}

/**
 * "Check-in from 14:00", "Check-out by 11:00", "Late check-out" read as an activity: the hotel's
 * stay already says it. Only the bare phrase (with a connecting word), in the six languages.
 */
const STAY_TIME =
  /^(?:(?:early|late)\s+)?check[\s-]?(?:in|out)(?:\s+(?:by|from|until|after|before|at|time|a partir de|hasta|desde|antes de|a las|des|avant|a partir|jusqu'a|ate|as|apos|ab|bis|um|dalle|alle|entro le|entro))?[\s:.,;-]*$/;

/** The date a block itself names (its day), when it has one. */
function dateOf(block: DraftBlock): string | null {
  if (block.type === 'flight') return block.content.date;
  if (block.type === 'accommodation') return block.content.checkIn;
  return null;
}

function sameFlight(a: DraftBlock, b: DraftBlock): boolean {
  return (
    a.type === 'flight' &&
    b.type === 'flight' &&
    Boolean(a.content.flightNumber) &&
    a.content.flightNumber === b.content.flightNumber &&
    a.content.date === b.content.date
  );
}

export function validateDraft(input: Draft): Validation {
  const notes: string[] = [];
  const confidences: string[] = [];
  const days: DraftDay[] = input.days.map((d) => ({ ...d, blocks: [] }));
  const seen: DraftBlock[] = [];
  const byDate = new Map(days.filter((d) => d.date).map((d) => [d.date!, d]));
  input.days.forEach((day, index) => {
    for (const original of day.blocks) {
      const where = `day ${day.day}`;
      const checked = checkBlock(original, notes, where);
      if (typeof checked === 'string') {
        notes.push(`Dropped ${label(original)} from ${where}: ${checked}.`);
        continue;
      }
      if (seen.some((s) => sameFlight(s, checked))) {
        notes.push(`Dropped ${label(original)} from ${where}: the same flight twice.`);
        continue;
      }
      seen.push(checked);
      // A block sits in the day its own date names (the way back on the last day, not day 1).
      const date = dateOf(checked);
      let target = days[index]!;
      const named = date ? byDate.get(date) : undefined;
      if (named && named !== target) {
        notes.push(`Moved ${label(checked)} from ${where} to day ${named.day} (its date ${date}).`);
        target = named;
      }
      const confidence = checked.confidence ?? scoreOf(checked);
      target.blocks.push({ ...checked, confidence });
      confidences.push(`day ${target.day} ${label(checked)} ${confidence.toFixed(2)}`);
    }
  });
  let { dateStart, dateFinish, duration } = input;
  if (dateStart && dateFinish && dateFinish < dateStart) {
    notes.push(
      `The trip's end ${dateFinish} is before its start ${dateStart}; the end is left out.`,
    );
    dateFinish = null;
  }
  if (dateStart && dateFinish) {
    const span = daysBetween(dateStart, dateFinish) + 1;
    if (duration !== span) {
      if (duration)
        notes.push(
          `The length ${duration} days does not match ${dateStart}–${dateFinish}; ${span} days from the dates.`,
        );
      duration = span;
    }
  } else if (dateStart && duration) dateFinish = addDays(dateStart, duration - 1);
  const alpha3 = [...new Set(input.countries.map(toAlpha3).filter((c): c is string => Boolean(c)))];
  const dropped = input.countries.filter((c) => !toAlpha3(c));
  if (dropped.length) notes.push(`Countries not recognised and left out: ${dropped.join(', ')}.`);
  const timezone = input.timezone && isTimezone(input.timezone) ? input.timezone : null;
  if (input.timezone && !timezone)
    notes.push(`Timezone "${input.timezone}" is not an IANA timezone; left out.`);
  let price = input.price;
  if (price && (!CURRENCIES.has(price.currency) || !(price.amount > 0))) {
    notes.push(
      `Dropped the price (${price.amount} ${price.currency}): not a valid amount and currency.`,
    );
    price = null;
  }
  if (price && price.total !== null && price.total < price.amount)
    price = { ...price, total: null };
  const payments = input.payments.filter((p) => {
    const ok =
      CURRENCIES.has(p.currency) &&
      p.amount > 0 &&
      (!price?.total || p.amount <= price.total * 1.001 || p.currency !== price.currency);
    if (!ok)
      notes.push(
        `Dropped the ${p.kind} of ${p.amount} ${p.currency}: not consistent with the price.`,
      );
    return ok;
  });
  return {
    draft: {
      ...input,
      days,
      dateStart,
      dateFinish,
      duration,
      countries: alpha3,
      timezone,
      price,
      payments,
    },
    notes,
    confidences,
  };
}

export function toAlpha3(value: string): string | undefined {
  const code = value.trim();
  if (/^[A-Za-z]{3}$/.test(code) && countries.isValid(code.toUpperCase()))
    return code.toUpperCase();
  if (/^[A-Za-z]{2}$/.test(code)) return countries.alpha2ToAlpha3(code.toUpperCase());
  for (const lang of ['en', 'es', 'fr', 'pt', 'de', 'it']) {
    const alpha3 = countries.getAlpha3Code(code, lang);
    if (alpha3) return alpha3;
  }
  return undefined;
}
