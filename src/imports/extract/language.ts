// The language of a document, among the six the import reads (franc, limited to them).
import { franc } from 'franc-min';

export type Language = 'eng' | 'spa' | 'fra' | 'por' | 'deu' | 'ita';
const CANDIDATES: Language[] = ['eng', 'spa', 'fra', 'por', 'deu', 'ita'];

export const ISO_639_1: Record<Language, string> = {
  eng: 'en',
  spa: 'es',
  fra: 'fr',
  por: 'pt',
  deu: 'de',
  ita: 'it',
};

/** Frequent short words of each language, and of itineraries in it. */
const STOPWORDS: Record<Language, string[]> = {
  eng: [
    'the',
    'and',
    'of',
    'to',
    'at',
    'in',
    'with',
    'day',
    'overnight',
    'flight',
    'price',
    'per',
    'from',
    'check',
    'night',
    'nights',
  ],
  spa: [
    'el',
    'la',
    'los',
    'las',
    'y',
    'de',
    'del',
    'en',
    'con',
    'día',
    'dia',
    'alojamiento',
    'vuelo',
    'precio',
    'por',
    'al',
  ],
  fra: [
    'le',
    'la',
    'les',
    'et',
    'de',
    'du',
    'des',
    'au',
    'aux',
    'en',
    'jour',
    'nuit',
    'vol',
    'prix',
    'à',
    'avec',
  ],
  por: [
    'o',
    'a',
    'os',
    'as',
    'e',
    'de',
    'do',
    'da',
    'dos',
    'em',
    'no',
    'na',
    'com',
    'dia',
    'alojamento',
    'voo',
    'preço',
    'às',
    'ao',
  ],
  deu: [
    'der',
    'die',
    'das',
    'und',
    'im',
    'mit',
    'von',
    'nach',
    'am',
    'um',
    'tag',
    'übernachtung',
    'flug',
    'preis',
    'pro',
    'zum',
  ],
  ita: [
    'il',
    'lo',
    'la',
    'gli',
    'le',
    'e',
    'di',
    'del',
    'della',
    'in',
    'con',
    'alle',
    'giorno',
    'pernottamento',
    'volo',
    'prezzo',
  ],
};

/** Stopword counts decide when one language clearly leads; franc (trigrams) decides the rest. */
export function detectLanguage(text: string): Language {
  const words = text
    .slice(0, 20_000)
    .toLowerCase()
    .split(/[^\p{L}]+/u);
  const scores = CANDIDATES.map((lang) => {
    const set = new Set(STOPWORDS[lang]);
    return { lang, score: words.reduce((n, w) => n + (set.has(w) ? 1 : 0), 0) };
  }).sort((a, b) => b.score - a.score);
  if (scores[0]!.score >= 5 && scores[0]!.score >= 1.5 * scores[1]!.score) return scores[0]!.lang;
  const found = franc(text.slice(0, 5000), { only: CANDIDATES, minLength: 10 });
  return (CANDIDATES as string[]).includes(found) ? (found as Language) : 'eng';
}
