// How a page writes dates, times, prices and countries, as the trip's settings say
// (docs/pages.md): `dateFormat` patterns (DD, D, MM, M, MMM, MMMM, YY, YYYY, ddd, dddd, and
// [literal text]) with month and weekday names in the trip's language, `timeFormat` 12h or 24h,
// and amounts with the currency's symbol at `currencySymbolPosition` and `decimalSeparator`.
import countries from 'i18n-iso-countries';

export interface FormatSettings {
  language: string;
  dateFormat: string;
  timeFormat: string;
  currency: string;
  currencySymbolPosition: string;
  decimalSeparator: string;
}

export interface Formatter {
  /** A calendar day (`2026-05-01` or an ISO instant, read as its UTC day); null when not a date. */
  date(value: unknown): string | null;
  /** `HH:MM`; null when not a time. */
  time(value: unknown): string | null;
  money(amount: unknown, currency?: unknown): string | null;
  /** `2026-05` → "May 2026", in the language. */
  month(value: string): string;
  country(alpha3: string): string;
}

const DATE_TOKENS = /\[([^\]]*)\]|YYYY|yyyy|YY|yy|MMMM|MMM|MM|M|dddd|ddd|DD|D/g;
const DAY = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;
const NBSP = '\u00a0';

export function createFormatter(settings: FormatSettings): Formatter {
  const locale = localeOf(settings.language);
  const names = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
  const longMonth = names({ month: 'long' });
  const shortMonth = names({ month: 'short' });
  const longDay = names({ weekday: 'long' });
  const shortDay = names({ weekday: 'short' });
  const clock = names({
    hour: 'numeric',
    minute: '2-digit',
    hour12: settings.timeFormat === '12h',
  });
  const monthYear = names({ month: 'long', year: 'numeric' });
  const regionNames = new Intl.DisplayNames([locale, 'en'], { type: 'region' });
  const pattern = settings.dateFormat || 'DD/MM/YYYY';

  return {
    date(value) {
      const day = calendarDay(value);
      if (!day) return null;
      const [y, m, d] = day;
      const at = new Date(Date.UTC(y, m - 1, d));
      return pattern.replace(DATE_TOKENS, (token, literal: string | undefined) => {
        if (literal !== undefined) return literal;
        switch (token) {
          case 'YYYY':
          case 'yyyy':
            return String(y).padStart(4, '0');
          case 'YY':
          case 'yy':
            return String(y % 100).padStart(2, '0');
          case 'MMMM':
            return longMonth.format(at);
          case 'MMM':
            return shortMonth.format(at);
          case 'MM':
            return String(m).padStart(2, '0');
          case 'M':
            return String(m);
          case 'dddd':
            return longDay.format(at);
          case 'ddd':
            return shortDay.format(at);
          case 'DD':
            return String(d).padStart(2, '0');
          default:
            return String(d);
        }
      });
    },
    time(value) {
      const match = typeof value === 'string' ? TIME.exec(value) : null;
      if (!match) return null;
      if (settings.timeFormat !== '12h') return value as string;
      return clock.format(new Date(Date.UTC(2000, 0, 1, Number(match[1]), Number(match[2]))));
    },
    money(amount, currency) {
      if (typeof amount !== 'number' || !Number.isFinite(amount)) return null;
      const code =
        typeof currency === 'string' && /^[A-Z]{3}$/.test(currency) ? currency : settings.currency;
      return money(amount, code, locale, settings);
    },
    month(value) {
      const day = calendarDay(`${value}-01`);
      return day ? monthYear.format(new Date(Date.UTC(day[0], day[1] - 1, 1))) : value;
    },
    country(alpha3) {
      const alpha2 = countries.alpha3ToAlpha2(alpha3);
      return (alpha2 && regionNames.of(alpha2)) || alpha3;
    },
  };
}

/** `pt-BR` and `pt` are valid locales; anything Intl refuses falls back to English. */
function localeOf(language: string): string {
  try {
    return Intl.getCanonicalLocales(language)[0] ?? 'en';
  } catch {
    return 'en';
  }
}

function calendarDay(value: unknown): [number, number, number] | undefined {
  const text = value instanceof Date ? value.toISOString() : value;
  const match = typeof text === 'string' ? DAY.exec(text) : null;
  if (!match) return undefined;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return m >= 1 && m <= 12 && d >= 1 && d <= 31 ? [y, m, d] : undefined;
}

function money(
  amount: number,
  currency: string,
  locale: string,
  settings: Pick<FormatSettings, 'currencySymbolPosition' | 'decimalSeparator'>,
): string {
  let format: Intl.NumberFormat;
  try {
    format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      currencyDisplay: 'narrowSymbol',
    });
  } catch {
    return `${amount} ${currency}`;
  }
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  const symbol = format.formatToParts(0).find((p) => p.type === 'currency')?.value ?? currency;
  const decimal = settings.decimalSeparator === '.' ? '.' : ',';
  const group = decimal === '.' ? ',' : '.';
  const [whole, fraction] = Math.abs(amount).toFixed(digits).split('.') as [string, string?];
  const number =
    (amount < 0 ? '-' : '') +
    whole.replace(/\B(?=(\d{3})+(?!\d))/g, group) +
    (fraction ? decimal + fraction : '');
  if (settings.currencySymbolPosition === 'start')
    return /\p{L}$/u.test(symbol) ? `${symbol}${NBSP}${number}` : `${symbol}${number}`;
  return `${number}${NBSP}${symbol}`;
}
