// Dates of a trip. chrono-node reads single dates in the six languages; it misses common ranges
// ("del 5 al 12 de octubre", "Jun 19–20", "24 & 25 June"), so ranges have rules of their own.
// Everything works on folded text (see vocabulary.ts) and returns ISO dates (YYYY-MM-DD).
import * as chrono from 'chrono-node';
import { MONTHS, MONTH_PATTERN } from './vocabulary.ts';

export type IsoDate = string;

const CHRONO: Record<string, chrono.Chrono> = {
  en: chrono.en.GB, // day-first where ambiguous: most tour operators write 05/10/2026 for 5 October
  es: chrono.es.casual,
  fr: chrono.fr.casual,
  pt: chrono.pt.casual,
  de: chrono.de.casual,
  it: (chrono as unknown as { it?: { casual: chrono.Chrono } }).it?.casual ?? chrono.en.GB,
};

export const iso = (year: number, month: number, day: number): IsoDate | null => {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day || year < 1990 || year > 2100) return null;
  return date.toISOString().slice(0, 10);
};

export const addDays = (date: IsoDate, days: number): IsoDate => new Date(Date.parse(date) + days * 86_400_000).toISOString().slice(0, 10);
export const daysBetween = (a: IsoDate, b: IsoDate) => Math.round((Date.parse(b) - Date.parse(a)) / 86_400_000);

/** A year for a day and month given without one: the next such date from a month before "now". */
function inferYear(month: number, day: number, now: Date): number {
  const year = now.getUTCFullYear();
  const candidate = Date.UTC(year, month - 1, day);
  return candidate < now.getTime() - 30 * 86_400_000 ? year + 1 : year;
}

const month = (word: string | undefined) => (word ? MONTHS.get(word.replace(/\.$/, '')) : undefined);
const ORD = String.raw`(?:st|nd|rd|th|º|ª|er|\.)?`;
const M = `(${MONTH_PATTERN})\\.?`;
const SEP = String.raw`\s*(?:-|to|till|until|through|al|a|au|bis|ao|e|and|&|y|et|und)\s*`;

// 5 [october] - 12 october [2026]: "del 5 al 12 de octubre de 2026", "du 5 au 12 octobre", "vom 5. bis 12. Oktober", "24 & 25 june"
const DAY_FIRST = new RegExp(String.raw`\b(\d{1,2})${ORD}(?:\s*(?:de\s+)?${M})?(?:\s*(?:de|del)?\s*(\d{4}))?${SEP}(\d{1,2})${ORD}\s*(?:de\s+)?${M}(?:,?\s*(?:de\s+|del\s+)?(\d{4}))?`, 'g');
// june 19 - [july] 20[, 2026]: "jun 19-20", "may 28 - june 3, 2026"
const MONTH_FIRST = new RegExp(String.raw`\b${M}\s+(\d{1,2})${ORD}(?:,?\s*(\d{4}))?${SEP}(?:${M}\s+)?(\d{1,2})${ORD}\b(?:,?\s*(\d{4}))?`, 'g');
// 05/10/2026 - 12/10/2026 (day first), and ISO 2026-10-05 to 2026-10-12
const NUMERIC = /\b(\d{1,2})[./](\d{1,2})[./](\d{4})\s*(?:-|to|al|au|bis|a|ao)\s*(\d{1,2})[./](\d{1,2})[./](\d{4})\b/g;
const ISO_RANGE = /\b(\d{4})-(\d{2})-(\d{2})\s*(?:-|to|al|au|bis|a|ao|\/)\s*(\d{4})-(\d{2})-(\d{2})\b/g;

export interface DateRange { start: IsoDate; end: IsoDate; index: number }

/** Every date range written in the (folded) text, in order. */
export function findRanges(folded: string, now: Date): DateRange[] {
  const ranges: DateRange[] = [];
  const push = (start: IsoDate | null, end: IsoDate | null, index: number) => {
    if (start && end && start <= end && daysBetween(start, end) <= 120) ranges.push({ start, end, index });
  };
  for (const m of folded.matchAll(DAY_FIRST)) {
    const m2 = month(m[5])!;
    const m1 = month(m[2]) ?? m2;
    const y2 = Number(m[6] ?? m[3] ?? 0) || inferYear(m2, Number(m[4]), now);
    const y1 = m[3] ? Number(m[3]) : m1 > m2 ? y2 - 1 : y2;
    push(iso(y1, m1, Number(m[1])), iso(y2, m2, Number(m[4])), m.index);
  }
  for (const m of folded.matchAll(MONTH_FIRST)) {
    const m1 = month(m[1])!;
    const m2 = month(m[4]) ?? m1;
    const y2 = Number(m[6] ?? m[3] ?? 0) || inferYear(m2, Number(m[5]), now);
    const y1 = m[3] ? Number(m[3]) : m1 > m2 ? y2 - 1 : y2;
    push(iso(y1, m1, Number(m[2])), iso(y2, m2, Number(m[5])), m.index);
  }
  for (const m of folded.matchAll(NUMERIC)) push(iso(+m[3]!, +m[2]!, +m[1]!), iso(+m[6]!, +m[5]!, +m[4]!), m.index);
  for (const m of folded.matchAll(ISO_RANGE)) push(iso(+m[1]!, +m[2]!, +m[3]!), iso(+m[4]!, +m[5]!, +m[6]!), m.index);
  return ranges.sort((a, b) => a.index - b.index);
}

/** The dates written in a piece of text (chrono, in the document's language, then English). */
export function findDates(text: string, language: string, now: Date): IsoDate[] {
  const found: IsoDate[] = [];
  const parsers = [CHRONO[language] ?? chrono.en.GB, ...(language === 'en' ? [] : [chrono.en.GB])];
  for (const parser of parsers) {
    for (const result of parser.parse(text, now, { forwardDate: true })) {
      // A bare weekday or time is not a date of the document.
      if (!result.start.isCertain('day') || !result.start.isCertain('month')) continue;
      const d = result.start.date();
      const year = result.start.isCertain('year') ? result.start.get('year')! : inferYear(d.getMonth() + 1, d.getDate(), now);
      const date = iso(year, result.start.get('month')!, result.start.get('day')!);
      if (date) found.push(date);
      if (result.end?.isCertain('day')) {
        const endYear = result.end.isCertain('year') ? result.end.get('year')! : year;
        const end = iso(endYear, result.end.get('month')!, result.end.get('day')!);
        if (end) found.push(end);
      }
    }
    if (found.length) break;
  }
  return found;
}
