// Labels as suppliers print them, often in two languages at once: "Partenza / Departure:",
// "Arrivo / Arrival:", "Tratta / Route:", "Abfahrt/Départ:". A label of a reader's word list
// matches with another label before or after it, split by a slash.

const OTHER = String.raw`[\p{L}.'’ -]{2,24}?\s*\/\s*`;
const AFTER = String.raw`\s*\/\s*[\p{L}.'’ -]{2,24}?`;

/**
 * The pattern of a line opened by one of `words` (a regular expression's alternation), alone or
 * beside a translation, then `separator` and the value (`tail`, e.g. "(.*)$").
 */
export function labelPattern(words: string, separator: string, tail = ''): RegExp {
  return new RegExp(
    String.raw`^(?:${OTHER})?(?:${words})(?:${AFTER})?\s*${separator}\s*${tail}`,
    'iu',
  );
}
