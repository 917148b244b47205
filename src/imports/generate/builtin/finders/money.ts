// Amounts of money in a line: "1.450 €", "€1,450.00", "USD 2,300", "R$ 3.500,00", "£999 pp", with
// the currency as an ISO 4217 code.
import { CODES, SYMBOLS, WORDS } from '../knowledge/currencies.ts';
import { fold } from '../text.ts';

const AMOUNT = String.raw`(\d{1,3}(?:[.,\s\u00a0'’]\d{3})+(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?)(?:,-|\.-)?`;
const CURRENCY = String.raw`(R\$|US\$|U\$S|MX\$|A\$|C\$|[€$£¥]|[A-Z]{3}(?![A-Za-z])|euros?|eur|dollars|d[oó]lares|pounds|libras|sterline|reais|reales|franken)`;
const BEFORE = new RegExp(`${CURRENCY}\\s?${AMOUNT}`, 'gi');
const AFTER = new RegExp(`${AMOUNT}\\s?${CURRENCY}`, 'gi');

export interface Amount {
  amount: number;
  currency: string;
  index: number;
  end: number;
}

function currencyOf(token: string): string | undefined {
  const lower = token.toLowerCase();
  if (SYMBOLS[lower]) return SYMBOLS[lower];
  if (WORDS[fold(lower)]) return WORDS[fold(lower)];
  const upper = token.toUpperCase();
  return token === upper && CODES.has(upper) ? upper : undefined;
}

/** "1.450" → 1450, "1,450.50" → 1450.5, "1 450,50" → 1450.5, "99,90" → 99.9. */
export function parseAmount(raw: string): number {
  const s = raw.replace(/[\s\u00a0'’]/g, '').replace(/[,.]-$/, '');
  const lastSep = Math.max(s.lastIndexOf('.'), s.lastIndexOf(','));
  if (lastSep === -1) return Number(s);
  const decimals = s.length - lastSep - 1;
  if (decimals === 3) return Number(s.replace(/[.,]/g, '')); // a thousands separator
  return Number(`${s.slice(0, lastSep).replace(/[.,]/g, '')}.${s.slice(lastSep + 1)}`);
}

/** The amounts of money written in a line, in order. */
export function amountsIn(line: string): Amount[] {
  const found: Amount[] = [];
  for (const [pattern, amountGroup, currencyGroup] of [
    [BEFORE, 2, 1],
    [AFTER, 1, 2],
  ] as const) {
    for (const m of line.matchAll(pattern)) {
      const currency = currencyOf(m[currencyGroup]!);
      const amount = parseAmount(m[amountGroup]!);
      if (!currency || !Number.isFinite(amount) || amount <= 0) continue;
      if (found.some((f) => Math.abs(f.index - m.index) < 4)) continue;
      found.push({ amount, currency, index: m.index, end: m.index + m[0].length });
    }
  }
  return found.sort((a, b) => a.index - b.index);
}
