// Text helpers every rule uses: fold() (the form knowledge/ words are written in: no accents, lower
// case), where a line splits into sentences, and clean() for the phrases rules cut out.

/** Lower case, accents removed, dashes and spaces unified: what every pattern here matches. Keeps offsets (one character each). */
export const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFC')
    .toLowerCase()
    .replace(/ß/g, 's')
    .replace(/ı/g, 'i') // Turkish dotless i ("Kuşadası"): no accent to strip
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/[\t\u00a0]/g, ' ');

/**
 * Where a line splits into sentences: after ".", "!" or "?" before a capital, but not after a
 * numeric date's dots ("So 19.04. Zug nach Porto", "am 5. Mai"), which end no sentence.
 */
export const SENTENCE_BREAK =
  /(?<!(?:^|[\s([])\d{1,2}\.|\d{1,2}\.\d{1,2}\.)(?<=[.!?])\s+(?=\p{Lu})/u;

/** Spaces collapsed, and the punctuation and bullets around a phrase trimmed. */
export const clean = (s: string) =>
  s
    .replace(/\s+/g, ' ')
    .replace(/^[\s,:;.\-–—•*·|]+|[\s,:;\-–—•*·|]+$/g, '')
    .trim();
