// How many travellers a text counts: "2 adults", "4 personas", "3 Erwachsene".
import { TRAVELLERS } from '../knowledge/people-words.ts';
import { fold } from '../text.ts';

/** The first count of travellers (1 to 60) in the lines. */
export function travellersIn(lines: readonly string[]): number | null {
  for (const line of lines) {
    const m = TRAVELLERS.exec(fold(line));
    if (m && Number(m[1]) > 0 && Number(m[1]) <= 60) return Number(m[1]);
  }
  return null;
}
