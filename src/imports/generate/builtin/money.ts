// Prices written in a document: "1.450 €", "€1,450.00", "USD 2,300", "R$ 3.500,00", "£999 pp".
import { PER_PERSON, PRICE_WORDS, fold } from './vocabulary.ts';

const SYMBOLS: Record<string, string> = { '€': 'EUR', '$': 'USD', 'us$': 'USD', 'u$s': 'USD', '£': 'GBP', 'r$': 'BRL', 'chf': 'CHF', '¥': 'JPY', 'mx$': 'MXN', 'a$': 'AUD', 'c$': 'CAD' };
const CODES = new Set(['EUR', 'USD', 'GBP', 'BRL', 'CHF', 'JPY', 'MXN', 'AUD', 'CAD', 'ARS', 'CLP', 'COP', 'PEN', 'ZAR', 'SEK', 'NOK', 'DKK', 'THB', 'INR', 'NZD']);
const WORDS: Record<string, string> = { euros: 'EUR', euro: 'EUR', eur: 'EUR', dollars: 'USD', dolares: 'USD', dollari: 'USD', pounds: 'GBP', libras: 'GBP', reais: 'BRL', reales: 'BRL' };

const AMOUNT = String.raw`(\d{1,3}(?:[.,\s\u00a0'’]\d{3})+(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?)`;
const CURRENCY = String.raw`(R\$|US\$|U\$S|MX\$|A\$|C\$|[€$£¥]|[A-Z]{3}(?![A-Za-z])|euros?|eur|dollars|d[oó]lares|pounds|libras|reais|reales)`;
const BEFORE = new RegExp(`${CURRENCY}\\s?${AMOUNT}`, 'gi');
const AFTER = new RegExp(`${AMOUNT}\\s?${CURRENCY}`, 'gi');

export interface Price { amount: number; currency: string; per: 'person' | 'total' | null; text: string }

function currencyOf(token: string): string | undefined {
  const lower = token.toLowerCase();
  if (SYMBOLS[lower]) return SYMBOLS[lower];
  if (WORDS[fold(lower)]) return WORDS[fold(lower)];
  const upper = token.toUpperCase();
  return token === upper && CODES.has(upper) ? upper : undefined;
}

/** "1.450" → 1450, "1,450.50" → 1450.5, "1 450,50" → 1450.5, "99,90" → 99.9. */
export function parseAmount(raw: string): number {
  const s = raw.replace(/[\s\u00a0'’]/g, '');
  const lastSep = Math.max(s.lastIndexOf('.'), s.lastIndexOf(','));
  if (lastSep === -1) return Number(s);
  const decimals = s.length - lastSep - 1;
  if (decimals === 3) return Number(s.replace(/[.,]/g, '')); // a thousands separator
  return Number(`${s.slice(0, lastSep).replace(/[.,]/g, '')}.${s.slice(lastSep + 1)}`);
}

function pricesInLine(line: string): Price[] {
  const found: Array<Price & { index: number }> = [];
  for (const [pattern, amountGroup, currencyGroup] of [[BEFORE, 2, 1], [AFTER, 1, 2]] as const) {
    for (const m of line.matchAll(pattern)) {
      const currency = currencyOf(m[currencyGroup]!);
      const amount = parseAmount(m[amountGroup]!);
      if (!currency || !Number.isFinite(amount) || amount <= 0) continue;
      found.push({ amount, currency, per: PER_PERSON.test(fold(line)) ? 'person' : null, text: line.trim().slice(0, 200), index: m.index });
    }
  }
  return found.sort((a, b) => a.index - b.index).map(({ index: _, ...price }) => price);
}

/** The trip's price: on a line that says "price"/"precio"/"prix"... when there is one, else the largest amount. */
export function findPrice(lines: readonly string[]): Price | null {
  let best: { price: Price; score: number } | undefined;
  for (const line of lines) {
    const folded = fold(line);
    for (const price of pricesInLine(line)) {
      const score = (PRICE_WORDS.test(folded) ? 2 : 0) + (price.per ? 1 : 0) + (/\btotal\b/.test(folded) ? 1 : 0);
      if (!best || score > best.score || (score === best.score && price.amount > best.price.amount)) best = { price, score };
    }
  }
  if (best && best.score === 0 && !best.price.per) best.price.per = null;
  if (best && /\btotal\b/.test(fold(best.price.text)) && !best.price.per) best.price.per = 'total';
  return best?.price ?? null;
}
