// Whether a document writes "06/12/2027" for June 12 (month first, as in the United States) or
// for 6 December (day first, everywhere else): a slashed date that can only be read one way
// decides; without one, an English document priced in dollars or timed "7:30 pm" is American.
import type { NumericOrder } from './dates.ts';

const SLASHED = /(?<![\d/])(\d{1,2})\/(\d{1,2})(?:\/(?:\d{4}|\d{2}))?(?![\d/])/g;
const US_SIGNS =
  /(?:US\$|\bUSD\b|\$\s?\d|\b\d{1,2}(?::\d{2})?\s?(?:a\.m\.|p\.m\.|am|pm)\b|\b(?:[A-Z]{2})\s\d{5}\b)/i;
const OTHER_MONEY = /(?:€|£|\bEUR\b|\bGBP\b|\bCHF\b)/;

export function numericDateOrder(text: string, language: string): NumericOrder {
  let dayFirst = 0;
  let monthFirst = 0;
  for (const m of text.matchAll(SLASHED)) {
    const [a, b] = [Number(m[1]), Number(m[2])];
    if (a > 12 && b <= 12) dayFirst++;
    else if (b > 12 && a <= 12 && b <= 31) monthFirst++;
  }
  if (dayFirst || monthFirst) return monthFirst > dayFirst ? 'mdy' : 'dmy';
  return language === 'en' && US_SIGNS.test(text) && !OTHER_MONEY.test(text) ? 'mdy' : 'dmy';
}
