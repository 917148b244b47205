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

// A heading or a column's label that states the currency of the amounts below it: "Prices in
// EUR", "Preise (€)", "Importe (USD)", "Montant EUR", "Valores em R$".
const DECLARED = new RegExp(
  String.raw`\b(?:all )?(?:prices?|amounts?|rates?|fares?|totals?|costs?|price|importes?|precios?|tarifas?|valores?|prix|montants?|tarifs?|preise?|betrag|betrage|kosten|summe|prezzi|importi|tariffe|quote|precos?|custos?|total)\b[^\d\n]{0,30}?[(\[]?\s*(?:in|en|em)?\s*${CURRENCY}\s*[)\]]?\s*:?\s*(?:$|[|\t])`,
  'i',
);

/** The currency a document's heading or column label states for amounts written without one. */
export function declaredCurrency(lines: readonly string[]): string | undefined {
  for (const line of lines) {
    if (line.length > 120 || /\d/.test(line.replace(/[A-Z]{3}/g, ''))) continue;
    for (const cell of line.split(/\s\|\s|\t/)) {
      const m = DECLARED.exec(cell.trim());
      const currency = m ? currencyOf(m[1]!) : undefined;
      if (currency) return currency;
    }
  }
  return undefined;
}

const BARE = new RegExp(String.raw`(?<![\d.,:/\w])${AMOUNT}(?![\d.,:/%\w])`, 'g');

/** Amounts written without a currency ("Gesamtbetrag 2.340,00"), given the one the document declares. */
export function bareAmounts(line: string, currency: string): Amount[] {
  const found: Amount[] = [];
  for (const m of line.matchAll(BARE)) {
    const amount = parseAmount(m[1]!);
    // Money, not a count: thousands, cents or at least two digits.
    if (!Number.isFinite(amount) || amount < 10 || !/[.,\s'’]\d|\d\d/.test(m[1]!)) continue;
    found.push({ amount, currency, index: m.index, end: m.index + m[0].length });
  }
  return found;
}
