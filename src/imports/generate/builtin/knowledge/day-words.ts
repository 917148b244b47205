// The word "day", ordinal day words, day headers and stated durations in the six languages, folded.
import { MONTH_NAMES } from './months.ts';

/** The word "day" in the six languages, and ordinal day words ("first day", "primer día", "premier jour"). */
export const DAY_WORD = `(?:day|days|dia|dias|jour|jours|journee|tag|tage|giorno|giorni|giornata|jr|j|d|gg)`;
const ORDINALS: Record<string, number> = {
  first: 1,
  second: 2,
  third: 3,
  fourth: 4,
  fifth: 5,
  sixth: 6,
  seventh: 7,
  eighth: 8,
  ninth: 9,
  tenth: 10,
  primer: 1,
  primero: 1,
  segundo: 2,
  tercer: 3,
  tercero: 3,
  cuarto: 4,
  quinto: 5,
  sexto: 6,
  septimo: 7,
  octavo: 8,
  noveno: 9,
  decimo: 10,
  premier: 1,
  deuxieme: 2,
  troisieme: 3,
  quatrieme: 4,
  cinquieme: 5,
  sixieme: 6,
  septieme: 7,
  huitieme: 8,
  neuvieme: 9,
  dixieme: 10,
  primeiro: 1,
  terceiro: 3,
  setimo: 7,
  oitavo: 8,
  nono: 9,
  erster: 1,
  zweiter: 2,
  dritter: 3,
  vierter: 4,
  funfter: 5,
  sechster: 6,
  siebter: 7,
  achter: 8,
  neunter: 9,
  zehnter: 10,
  primo: 1,
  secondo: 2,
  terzo: 3,
  quarto: 4,
  sesto: 6,
  settimo: 7,
  ottavo: 8,
};
export const ORDINAL_WORDS = new Map(Object.entries(ORDINALS));
const ORDINAL_PATTERN = Object.keys(ORDINALS)
  .sort((a, b) => b.length - a.length)
  .join('|');

/**
 * A day header at the start of a (folded) line: "Day 3", "Día 3 -", "Jour 3 :", "Tag 3.", "3° giorno",
 * "3rd day", "J3", "D3", "Primer día", "Days 3-4", "Giorni 3/4". Groups: 1 first day number, 2 last day
 * number of a range, 3 ordinal word, 4 the rest of the line.
 */
export const DAY_HEADER = new RegExp(
  String.raw`^\s*(?:` +
    String.raw`${DAY_WORD}\s*\.?\s*(\d{1,2})(?:\s*(?:-|/|a|al|to|bis|au|e|y|&|and)\s*(\d{1,2})(?!\s*(?:de\s+|of\s+)?(?:${MONTH_NAMES})\b)(?![./:]\d))?(?![.:/]\d|h\d|\s*(?:am|pm)\b)` +
    String.raw`|(\d{1,2})\s*(?:st|nd|rd|th|º|ª|°|o|a|er|re|eme|e|\.)?\s*(?:day|dia|jour|journee|tag|giorno|giornata)` +
    String.raw`|(${ORDINAL_PATTERN})\s+${DAY_WORD}` +
    String.raw`)\b\s*[:.\-|)–—]*\s*(.*)$`,
  'i',
);

export const DURATION_DAYS = /\b(\d{1,2})\s*(?:days?|dias?|jours?|tage?n?|giorni|giornate|d)\b/;
export const DURATION_NIGHTS =
  /\b(\d{1,2})\s*(?:nights?|noches?|nuits?|noites?|nachte?n?|notti|n)\b/;
