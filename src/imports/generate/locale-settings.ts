// The configuration settings a document implies: its language, the first destination's
// timezone, the currency of its prices and that currency's usual formatting where the document's
// language is spoken with it (symbol before or after, decimal separator, date and time formats,
// first day of the week), read from Intl for the locale the two point to.

/** The locale of a language spoken with a currency ("en" + "USD" → en-US, "pt" + "BRL" → pt-BR). */
const LOCALES: Record<string, Record<string, string>> = {
  en: {
    USD: 'en-US',
    GBP: 'en-GB',
    EUR: 'en-IE',
    CAD: 'en-CA',
    AUD: 'en-AU',
    NZD: 'en-NZ',
    ZAR: 'en-ZA',
    INR: 'en-IN',
    SGD: 'en-SG',
    '*': 'en-GB',
  },
  es: {
    MXN: 'es-MX',
    ARS: 'es-AR',
    CLP: 'es-CL',
    COP: 'es-CO',
    PEN: 'es-PE',
    USD: 'es-US',
    UYU: 'es-UY',
    '*': 'es-ES',
  },
  fr: { CAD: 'fr-CA', CHF: 'fr-CH', '*': 'fr-FR' },
  pt: { BRL: 'pt-BR', '*': 'pt-PT' },
  de: { CHF: 'de-CH', '*': 'de-DE' },
  it: { CHF: 'it-CH', '*': 'it-IT' },
};
const SUNDAY_FIRST = new Set([
  'en-US',
  'en-CA',
  'es-MX',
  'es-US',
  'pt-BR',
  'fr-CA',
  'en-IN',
  'en-ZA',
]);

export interface LocaleSettings {
  currencySymbolPosition: 'start' | 'end';
  decimalSeparator: ',' | '.';
  dateFormat: string;
  timeFormat: '12h' | '24h';
  startOfTheWeek: 'monday' | 'sunday';
}

export function localeSettings(language: string, currency: string): LocaleSettings {
  const byCurrency = LOCALES[language] ?? LOCALES.en!;
  const locale = byCurrency[currency] ?? byCurrency['*']!;
  const parts = new Intl.NumberFormat(locale, { style: 'currency', currency }).formatToParts(
    1234.5,
  );
  const symbolAt = parts.findIndex((p) => p.type === 'currency');
  const numberAt = parts.findIndex((p) => p.type === 'integer');
  const decimal =
    parts.find((p) => p.type === 'decimal')?.value ??
    new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal')?.value;
  const date = new Intl.DateTimeFormat(locale, {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).formatToParts(new Date(Date.UTC(2026, 10, 24)));
  const dateFormat = date
    .map((p) =>
      p.type === 'day' ? 'DD' : p.type === 'month' ? 'MM' : p.type === 'year' ? 'YYYY' : p.value,
    )
    .join('');
  const hourCycle = new Intl.DateTimeFormat(locale, { hour: 'numeric' }).resolvedOptions()
    .hourCycle;
  return {
    currencySymbolPosition: symbolAt < numberAt ? 'start' : 'end',
    decimalSeparator: decimal === '.' ? '.' : ',',
    dateFormat,
    timeFormat: hourCycle === 'h12' || hourCycle === 'h11' ? '12h' : '24h',
    startOfTheWeek: SUNDAY_FIRST.has(locale) ? 'sunday' : 'monday',
  };
}
