// Month names and abbreviations in the six languages, folded (no accents): what dates are read with.

const MONTH_WORDS: Array<[number, string[]]> = [
  [
    1,
    [
      'january',
      'jan',
      'enero',
      'ene',
      'janvier',
      'janv',
      'janeiro',
      'januar',
      'jan',
      'gennaio',
      'genn',
      'gen',
      'janner',
    ],
  ],
  [
    2,
    [
      'february',
      'feb',
      'febrero',
      'fevrier',
      'fevr',
      'fev',
      'fevereiro',
      'februar',
      'febbraio',
      'febb',
    ],
  ],
  [3, ['march', 'mar', 'marzo', 'mars', 'marco', 'marz', 'maerz']],
  [4, ['april', 'apr', 'abril', 'abr', 'avril', 'avr', 'aprile']],
  [5, ['may', 'mayo', 'mai', 'maio', 'maggio', 'magg', 'mag']],
  [6, ['june', 'jun', 'junio', 'juin', 'junho', 'juni', 'giugno', 'giu']],
  [7, ['july', 'jul', 'julio', 'juillet', 'juil', 'julho', 'juli', 'luglio', 'lug']],
  [8, ['august', 'aug', 'agosto', 'ago', 'aout', 'agosto']],
  [
    9,
    [
      'september',
      'sept',
      'sep',
      'septiembre',
      'setiembre',
      'septembre',
      'setembro',
      'set',
      'settembre',
      'sett',
    ],
  ],
  [
    10,
    ['october', 'oct', 'octubre', 'octobre', 'outubro', 'out', 'oktober', 'okt', 'ottobre', 'ott'],
  ],
  [11, ['november', 'nov', 'noviembre', 'novembre', 'novembro', 'novembre']],
  [
    12,
    ['december', 'dec', 'diciembre', 'dic', 'decembre', 'dezembro', 'dez', 'dezember', 'dicembre'],
  ],
];

export const MONTHS = new Map<string, number>(
  MONTH_WORDS.flatMap(([n, words]) => words.map((w) => [w, n] as [string, number])),
);
/** A month name as a regex group body (longest first, so "sept" wins over "sep"). */
export const MONTH_NAMES = [...new Set(MONTH_WORDS.flatMap(([, words]) => words))]
  .sort((a, b) => b.length - a.length)
  .join('|');
export const MONTH_PATTERN = [...MONTHS.keys()].sort((a, b) => b.length - a.length).join('|');
