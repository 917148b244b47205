// Money and the lists of a trip: the price (per person or total, with the total and travellers
// when both are stated), payments (deposit, balance, instalments, with due dates), and what the
// price includes and excludes. Amounts ("1.450 €", "€1,450.00", "R$ 3.500,00") are found by finders/money.ts.
// Distractors stay out: optional excursions, supplements, insurance, per-night rates.
import { scanDates, type IsoDate } from './finders/dates.ts';
import { EXCLUDED_HEADER, INCLUDED_HEADER, CLOSING_HEADER } from './knowledge/section-headers.ts';
import { PER_PERSON, PRICE_WORDS } from './knowledge/money-words.ts';
import { travellersIn } from './finders/people-counts.ts';
import { amountsIn, bareAmounts, declaredCurrency, type Amount } from './finders/money.ts';
import { SENTENCE_BREAK, fold } from './text.ts';

const DISTRACTOR =
  /\b(?:optional|opcional|optionnel|facultatif|facoltativ[oa]|fakultativ|supplement|suplemento|supplemento|zuschlag|aufpreis|single|individual|einzelzimmer|singola|insurance|seguro|assurance|versicherung|assicurazione|tax(?:es)?|tasas?|taxe|steuer|tassa|city tax|tourist tax|tasa turistica|taxe de sejour|kurtaxe|tassa di soggiorno|per night|por noche|par nuit|por noite|pro nacht|a notte|per notte|tip|tips|propinas?|pourboires?|gorjetas?|trinkgeld|mance|visa|entrance|entrada|entree|ingresso|eintritt|child|nino|enfant|crianca|kind|bambino|deposit|deposito|senal|anticipo|acompte|arrhes|anzahlung|acconto|caparra|sinal|balance|saldo|solde|restzahlung|restbetrag|remaining|resto|installment|instalment|cuota|plazo|echeance|versement|rate|rata|parcela|prestacao|excursion)\b/;
const TOTAL_WORDS =
  /\b(?:total|grand total|total price|precio total|importe total|prix total|montant total|preco total|valor total|gesamtpreis|gesamtbetrag|gesamt|summe|totale|prezzo totale|importo totale|in total|en total|au total|no total|insgesamt|in totale)\b/;

export interface Price {
  amount: number;
  currency: string;
  per: 'person' | 'total' | null;
  total: number | null;
  travellers: number | null;
  text: string;
}

/** The trip's price, from the lines that state one. */
export function findPrice(lines: readonly string[]): Price | null {
  const candidates: Array<{
    amount: Amount;
    line: string;
    score: number;
    per: boolean;
    total: boolean;
    order: number;
  }> = [];
  // A currency stated once in a heading or a column label is that of the bare totals below it.
  const declared = declaredCurrency(lines);
  lines.forEach((line, i) => {
    const folded = fold(line);
    let amounts = amountsIn(line);
    if (!amounts.length && declared && (PRICE_WORDS.test(folded) || TOTAL_WORDS.test(folded)))
      amounts = bareAmounts(line, declared);
    if (!amounts.length) return;
    // A label on the line before ("Price per person:" then "1.290 €").
    const label = i > 0 && line.length < 30 ? fold(lines[i - 1]!) : '';
    const context = `${label} ${folded}`;
    // "Club World seats from £1,450", "desde 899 €": an offer, not this trip's price.
    if (
      /\b(?:from|desde|a partir de|des|ab|da|a partire da|starting at|only)\s*(?:[€$£]|eur|usd|gbp|r\$)?\s*\d/.test(
        folded,
      ) &&
      !PRICE_WORDS.test(context)
    )
      return;
    const priced = PRICE_WORDS.test(context);
    amounts.forEach((amount, k) => {
      // Words bind to their amount, within its own part of the line ("£1,895 per person · £2,410 in single
      // occupancy", "1 890 € par personne, soit 3 780 € pour 2 voyageurs", "€1,290 per person (total €2,580)").
      const cut = /[·;|]|,\s|\s[-–—]\s|\(/;
      const rawBefore = folded.slice(k > 0 ? amounts[k - 1]!.end : 0, amount.index);
      const parts = rawBefore.split(cut);
      const before = k === 0 ? rawBefore : parts.at(-1)!;
      const rawAfter = folded.slice(
        amount.end,
        k + 1 < amounts.length ? amounts[k + 1]!.index : folded.length,
      );
      const after = rawAfter.split(/[·;|]|,\s|\s[-–—]\s/)[0]!.replace(/\).*$/, '');
      const own = k === 0 && amounts.length === 1 ? folded : `${before} ${after}`;
      // A supplement, an option, a deposit, a tax: not the trip's price.
      if (
        DISTRACTOR.test(own) &&
        !TOTAL_WORDS.test(own) &&
        !(PRICE_WORDS.test(own) && PER_PERSON.test(own))
      )
        return;
      const distance = (pattern: RegExp) => {
        const inAfter = new RegExp(pattern.source).exec(after);
        const inBefore = [...before.matchAll(new RegExp(pattern.source, 'g'))].at(-1);
        // A word inside a bracket after the amount is further than the label before it
        // ("per persona: 1.480 euro (totale per due persone ...").
        const a = inAfter
          ? inAfter.index + (after.slice(0, inAfter.index).includes('(') ? 10 : 0)
          : Infinity;
        const b = inBefore ? before.length - (inBefore.index + inBefore[0].length) : Infinity;
        return Math.min(a, b);
      };
      let perDistance = distance(PER_PERSON);
      let totalDistance = distance(TOTAL_WORDS);
      if (amounts.length === 1 && label) {
        if (perDistance === Infinity && PER_PERSON.test(label)) perDistance = 50;
        if (totalDistance === Infinity && TOTAL_WORDS.test(label)) totalDistance = 50;
      }
      const amountPer = perDistance < totalDistance && perDistance < 60;
      const amountTotal = totalDistance <= perDistance && totalDistance < 60;
      candidates.push({
        amount,
        line,
        score: (priced ? 3 : 0) + (amountPer ? 2 : 0) + (amountTotal ? 2 : 0),
        per: amountPer,
        total: amountTotal,
        order: i * 100 + k,
      });
    });
  });
  if (!candidates.length) return null;
  // One statement of a per-person amount and a total ("Quota per persona: 1.480 euro (totale per
  // due persone 2.960 euro)"): the one written first is the price, as below.
  const statement = (a: (typeof candidates)[number], b: (typeof candidates)[number]) =>
    a.line === b.line && a.per !== b.per && a.total !== b.total ? a.order - b.order : 0;
  const best = [...candidates].sort(
    (a, b) => b.score - a.score || statement(a, b) || b.amount.amount - a.amount.amount,
  )[0]!;
  if (best.score < 3 && candidates.length > 3) return null; // amounts scattered without a price line: nothing to keep
  const text = best.line.trim().slice(0, 200);
  const travellers = travellersIn(lines);
  const currency = best.amount.currency;
  // The per-person and total amounts of one statement: the one written first is the price, the other completes it
  // ("Reisepreis p. P.: 1.690 € · Gesamt: 3.380 €", "Valor total: 2.398 € (1.199 € por pessoa)").
  const plausible = (perPerson: number, total: number) =>
    perPerson < total && perPerson * (travellers ?? 1) <= total * 1.01 && perPerson >= total / 12;
  const partner = best.per
    ? candidates.find(
        (c) =>
          c.total &&
          c.amount.currency === currency &&
          plausible(best.amount.amount, c.amount.amount),
      )
    : best.total
      ? candidates.find(
          (c) =>
            c.per &&
            c.amount.currency === currency &&
            plausible(c.amount.amount, best.amount.amount),
        )
      : undefined;
  if (partner && partner.line === best.line) {
    const [first, second] = partner.order < best.order ? [partner, best] : [best, partner];
    if (first.total)
      return {
        amount: first.amount.amount,
        currency,
        per: 'total',
        total: first.amount.amount,
        travellers,
        text,
      };
    return {
      amount: first.amount.amount,
      currency,
      per: 'person',
      total: second.amount.amount,
      travellers,
      text,
    };
  }
  if (best.per) {
    const total = partner;
    const totalAmount =
      total?.amount.amount ??
      (travellers ? Math.round(best.amount.amount * travellers * 100) / 100 : null);
    return {
      amount: best.amount.amount,
      currency,
      per: 'person',
      total: total ? total.amount.amount : totalAmount,
      travellers,
      text,
    };
  }
  if (best.total) {
    const perPerson = partner;
    if (perPerson)
      return {
        amount: perPerson.amount.amount,
        currency,
        per: 'person',
        total: best.amount.amount,
        travellers,
        text: perPerson.line.trim().slice(0, 200),
      };
    return {
      amount: best.amount.amount,
      currency,
      per: 'total',
      total: best.amount.amount,
      travellers,
      text,
    };
  }
  return { amount: best.amount.amount, currency, per: null, total: null, travellers, text };
}

export interface Payment {
  kind: 'deposit' | 'balance' | 'installment' | 'payment';
  amount: number;
  currency: string;
  dueDate: IsoDate | null;
  text: string | null;
}

const PAYMENT_KINDS: Array<[RegExp, Payment['kind']]> = [
  [
    /\b(?:deposit|down payment|prepayment|pre-payment|deposito|senal|anticipo|prepago|reserva de plaza|acompte|arrhes|prepaiement|pre-paiement|anzahlung|vorauszahlung|acconto|caparra|prepagamento|sinal|entrada|pre-pagamento|pagamento antecipado)\b/,
    'deposit',
  ],
  [
    /\b(?:balance|remaining|final payment|saldo|resto|pago final|solde|reste|restzahlung|restbetrag|schlusszahlung|saldo finale|pagamento final|restante)\b/,
    'balance',
  ],
  [
    /\b(?:installments?|instalments?|cuotas?|plazos?|mensualidad|echeances?|versements?|mensualites?|raten?|rate|rata|parcelas?|prestacoes|prestazioni)\b/,
    'installment',
  ],
];

/**
 * "Deposit 25% on booking, balance (2,873 €) by 15 August" states two payments in one sentence:
 * split at commas and "and/y/e/et/und" where the next clause names another payment kind, so the
 * balance keeps its own amount and date instead of being read as a second deposit.
 */
function splitPaymentClauses(sentence: string): string[] {
  const pieces = sentence.split(/,\s+|\s+(?=(?:and|y|e|et|und|ed)\s)/);
  const clauses: string[] = [];
  for (const piece of pieces) {
    const kinded = PAYMENT_KINDS.some(([pattern]) => pattern.test(fold(piece)));
    if (
      clauses.length &&
      kinded &&
      PAYMENT_KINDS.some(([pattern]) => pattern.test(fold(clauses.at(-1)!)))
    )
      clauses.push(piece);
    else if (clauses.length)
      clauses[clauses.length - 1] += (/^(?:and|y|e|et|und|ed)\s/.test(piece) ? ' ' : ', ') + piece;
    else clauses.push(piece);
  }
  return clauses;
}

/** Deposits, balances and instalments: the kind, the amount, and the date it is due. */
const SECURITY_DEPOSIT =
  /\b(?:(?<!non[- ]|not |no )refundable|security deposit|damage deposit|kaution|caution|fianza|deposito de garantia|caucao|cauzione|deposito cauzionale)\b/;

export function findPayments(
  lines: readonly string[],
  now: Date,
  anchor: IsoDate | null,
  price: Price | null,
): Payment[] {
  const payments: Payment[] = [];
  const total = price ? (price.total ?? (price.per === 'total' ? price.amount : null)) : null;
  // A sentence ends at ". " before a capital, but not after a German day number ("bis 6. Mai 2026").
  const parts = lines
    .flatMap((line) => line.split(/;\s+|(?<!(?<![\d.])\d{1,2})\.\s+(?=\p{Lu})/u))
    .flatMap(splitPaymentClauses);
  for (const line of parts) {
    const folded = fold(line);
    const kind = PAYMENT_KINDS.find(([pattern]) => pattern.test(folded))?.[1];
    if (!kind) continue;
    // A refundable security deposit (a car's, a flat's) is held, not paid towards the trip.
    if (SECURITY_DEPOSIT.test(folded)) continue;
    const amounts = amountsIn(line);
    let amount: { amount: number; currency: string } | undefined = amounts[0];
    // "30% deposit" of a stated total.
    const percent = /(\d{1,2})\s?%/.exec(folded);
    if (!amount && percent && price && total)
      amount = { amount: Math.round(total * Number(percent[1])) / 100, currency: price.currency };
    // "balance by 1 April": the total less what was paid before.
    if (!amount && kind === 'balance' && price && total && payments.length) {
      const paid = payments
        .filter((p) => p.currency === price.currency)
        .reduce((sum, p) => sum + p.amount, 0);
      if (paid > 0 && paid < total)
        amount = { amount: Math.round((total - paid) * 100) / 100, currency: price.currency };
    }
    // "Deposit £750 per person now; balance due 10 August": the rest of a per-person price, per person.
    if (!amount && kind === 'balance' && price?.per === 'person' && !total) {
      const deposit = payments.find(
        (p) =>
          p.kind === 'deposit' &&
          p.currency === price.currency &&
          PER_PERSON.test(fold(p.text ?? '')),
      );
      if (deposit && deposit.amount < price.amount)
        amount = {
          amount: Math.round((price.amount - deposit.amount) * 100) / 100,
          currency: price.currency,
        };
    }
    if (!amount) continue;
    const due = scanDates(line, now, anchor)[0]?.date ?? null;
    if (payments.some((p) => p.kind === kind && p.amount === amount.amount)) continue;
    payments.push({
      kind,
      amount: amount.amount,
      currency: amount.currency,
      dueDate: due,
      text: line.trim().slice(0, 200),
    });
  }
  return payments;
}

/** The items of the "included" and "not included" lists (after a header, or inline after its colon). */
export function findInclusions(lines: readonly string[]): {
  included: string[];
  excluded: string[];
} {
  const included: string[] = [];
  const excluded: string[] = [];
  let current: string[] | null = null;
  for (const line of lines.flatMap(listSentences)) {
    if (line === LIST_END) {
      current = null;
      continue;
    }
    const folded = fold(line).trim();
    const isExcluded = EXCLUDED_HEADER.test(folded);
    const isIncluded = !isExcluded && INCLUDED_HEADER.test(folded);
    if (isExcluded || isIncluded) {
      current = isExcluded ? excluded : included;
      const inline = /^[^:]{0,60}:\s*(.+)$/.exec(line);
      if (inline) current.push(...splitItems(inline[1]!, true));
      else {
        // A table row whose label lost its colon (PDF cells, OCR): "No incluido  Tasa turística, parking".
        const header = (isExcluded ? EXCLUDED_HEADER : INCLUDED_HEADER).exec(folded)![0];
        const value = line
          .trim()
          .slice(header.length)
          .replace(/\([^)]*\)/g, '')
          .trim();
        // "Nicht enthalten / vor Ort zu zahlen" is still the heading: its value opens with a letter.
        if (/^\p{L}/u.test(value)) {
          current.push(...splitItems(value, true));
          current = null;
        }
      }
      continue;
    }
    // "Pequeno-almoço incluído · Taxa turística não incluída": each part states its own.
    for (const part of line.split(/\s+[·•|–-]\s+/)) {
      const stated = statedInclusion(part);
      if (stated) (stated.excluded ? excluded : included).push(stated.item);
    }
    if (!current) continue;
    // Another section ("Good to know: ...", "Payment terms") ends the list.
    // A heading is the word alone or before its colon: "Vuelos Madrid–París con maleta" and "Flüge München–Kopenhagen" are items.
    const closing = CLOSING_HEADER.exec(folded);
    const heading =
      closing &&
      (/^\s*(?:[:\-–]|$)/.test(folded.slice(closing[0].length)) ||
        (line.length > 60 && /\.\s*$/.test(line)));
    if (heading || (/^[^:,]{2,40}:\s*\S/.test(line) && line.length > 100)) {
      current = null;
      continue;
    }
    // A list written on one long line, its items apart by semicolons, is still the list.
    const semicolonList =
      line.split(';').length >= 3 && line.split(';').every((p) => p.length <= 160);
    if (
      (line.length > 200 && !semicolonList) ||
      /^(?:day|dia|jour|tag|giorno)\s*\d/i.test(folded)
    ) {
      current = null;
      continue;
    }
    current.push(...splitItems(line));
    if (current.length > 40) current = null;
  }
  return { included: dedupe(included), excluded: dedupe(excluded) };
}

/** "Inclui aéreo e hotéis. Não inclui: refeições, seguro.": a line whose later sentence opens a list is read a sentence at a time. */
function listSentences(line: string): string[] {
  const sentences = line.split(SENTENCE_BREAK);
  const opensList = (s: string) => {
    const f = fold(s).trim();
    return /^[^:]{0,60}:\s*\S/.test(s) && (EXCLUDED_HEADER.test(f) || INCLUDED_HEADER.test(f));
  };
  // The list ends with its line: what follows is another paragraph.
  return sentences.slice(1).some(opensList) ? [...sentences, LIST_END] : [line];
}
const LIST_END = '\u0000';

const NOT_INCLUDED_WORDS =
  /\b(?:(?:is |are )?not included|(?:ist |sind )?nicht (?:enthalten|inbegriffen|inklusive)|(?:e |sono )?non inclus[aeio]|non compris(?:es?)?|(?:est |sont )?non inclus(?:es?)?|(?:no esta |no estan )?no incluid[ao]s?|(?:nao esta |nao estao )?nao incluid[ao]s?)\b/;
const INCLUDED_WORDS =
  /\b(?:included|inklusive|inbegriffen|inclus[ae]?|incluse?s?|incluid[ao]s?|compris|compres[ao])\b/;
/** Taxes a price states as part of it ("TVA 10 % incluse", "IVA incluido") are not services. */
const TAX_ITEM = /^(?:tva|iva|vat|mwst|taxes?|tax|impuestos?|imposte|steuern?)$/;
const BOARD_LABEL =
  /^(?:board|meal plan|meals|regimen|regime|pension|formule|trattamento|verpflegung)\s*[:\-–]?\s+/;
const MEAL_WORDS =
  /\b(?:breakfast|half board|full board|all inclusive|desayuno|media pension|pension completa|todo incluido|petit[- ]dejeuner|demi[- ]pension|pension complete|tout compris|pequeno[- ]almoco|meia pensao|pensao completa|tudo incluido|colazione|mezza pensione|pensione completa|fruhstuck|halbpension|vollpension|all-inclusive)\b/;

/**
 * An item stated included or not in a sentence of a confirmation ("Die Ortstaxe ist nicht
 * enthalten.", "Tassa di soggiorno € 4,50 a notte, non inclusa", "Frühstück inklusive", "Régimen:
 * alojamiento y desayuno"): the noun phrase before the words, cut at its amount or remark.
 */
export function statedInclusion(line: string): { item: string; excluded: boolean } | undefined {
  // OCR leaves quotes and marks before a row ("‘Trattamento pernottamento e prima colazione”").
  const row = line.replace(/^[^\p{L}]+/u, '');
  const folded = fold(row);
  const board = BOARD_LABEL.exec(folded);
  if (board && MEAL_WORDS.test(folded)) {
    const item = row
      .slice(board[0].length)
      .replace(/[”"’]+$/, '')
      .replace(/\s*\([^)]*\)?.*$/, '')
      .trim();
    return item.length >= 3 && item.length <= 80 ? { item, excluded: false } : undefined;
  }
  const not = NOT_INCLUDED_WORDS.exec(folded);
  const yes = not ? null : INCLUDED_WORDS.exec(folded);
  const found = not ?? yes;
  if (!found || found.index === 0) return undefined;
  // The clause the words close: from the last sentence, list or parenthesis boundary before them.
  const before = row.slice(0, found.index).replace(/\([^)]*\)/g, ' ');
  const open = Math.max(
    ...[/[.!?]\s/g, /\(/g, /\s[-–·|]\s/g, /;\s/g].map((re) =>
      Math.max(-1, ...[...before.matchAll(re)].map((m) => m.index + m[0].length)),
    ),
  );
  let clause = before.slice(Math.max(0, open));
  // "(pequeno-almoço e jantar, bebidas não incluídas)": the last part of a list inside a remark.
  const last = clause.split(/,\s+/).at(-1)!.trim();
  if (last && /^\p{L}[\p{L}\s'’-]*$/u.test(last)) clause = last;
  const item = clause
    .replace(/[(\d€$£:,].*$/s, '')
    .replace(/\s+(?:ist|sind|is|are|est|sont|e|è|es|está|é|sono|non|not|no|nicht|não)\s*$/iu, '')
    .replace(/^(?:die|der|das|the|la|le|les|il|lo|el|los|las|o|a|os|as|l['’])\s*/iu, '')
    .trim();
  const words = item.split(/\s+/).length;
  if (item.length < 3 || words > 5 || TAX_ITEM.test(fold(item))) return undefined;
  return { item, excluded: Boolean(not) };
}

/** An inline list ("flights, 3 nights with breakfast, transfers") splits at commas outside parentheses; a list line at semicolons. */
function splitItems(text: string, inline = false): string[] {
  const parts =
    inline || /[;·•]/.test(text)
      ? text.split(inline ? /[;·•]\s*|,\s+(?![^(]*\))/ : /[;·•]\s*/)
      : [text];
  return parts
    .map((p) => p.replace(/^[\s•·*▪►✓✔+\-–]+|[\s.;,]+$/g, '').trim())
    .filter((p) => p.length >= 2 && p.length <= 200);
}

const dedupe = (items: string[]) => [...new Set(items)].slice(0, 40);
