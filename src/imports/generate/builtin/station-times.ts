// A finder for stations written with their times, as rail and coach tickets print them:
// "Berlin Hbf 08:34", "Paris Gare de Lyon à 07h37", "München Hbf an 12:39", "07:37 Paris Gare de
// Lyon", and a journey of two of them on one line ("Lisbon Santa Apolónia 09:09 → Porto Campanhã
// 11:59"). A service's category or a label before the name ("Alfa Pendular", "Abfahrt") is not
// part of it; the services are knowledge data (data/rail-services.json).
import { timeMatches } from './finders/times.ts';
import services from './knowledge/rail-services.json' with { type: 'json' };
import { fold } from './text.ts';

export interface StationTime {
  station: string;
  time: string;
  /** Where the pair starts and ends in the text. */
  index: number;
  end: number;
}

const MAX_WORDS = 6;

// A word of a station's name: capitalised ("Apolónia", "Saint-Charles", "St.", "(Main)"), or an
// abbreviation stations carry ("hl.n.").
const NAME_WORD = /^(?:\(?\p{Lu}[\p{L}\p{M}'’.-]*\)?|hl\.n\.|bf\.?)$/u;
// Small words inside a name ("Gare de Lyon", "Frankfurt am Main", "Halle an der Saale").
const LINK_WORD =
  /^(?:de|du|des|da|do|dos|das|di|del|della|dei|la|le|el|am|der|im|sur|sul|ob|sous|y|e)$/;
// What stands between a station and its time ("ab", "à", "ore", "um") or opens a stop ("Abfahrt").
const MARKER = /^(?:ab|an|dep\.?|arr\.?|at|à|a|às|as|a las|um|ore|alle|h|->|:)$/i;
const NOT_STATION = new Set(
  [
    ...services.services.flatMap((s) => fold(s.category).split(' ')),
    ...services.operators.map((o) => fold(o.name)),
    'train',
    'tren',
    'treno',
    'zug',
    'comboio',
    'bus',
    'autobus',
    'autocar',
    'autocarro',
    'pullman',
    'coach',
    'fernbus',
    'abfahrt',
    'ankunft',
    'departure',
    'arrival',
    'depart',
    'departs',
    'arrive',
    'arrives',
    'dep',
    'arr',
    'salida',
    'llegada',
    'sale',
    'llega',
    'départ',
    'depart',
    'arrivée',
    'arrivee',
    'partenza',
    'arrivo',
    'partida',
    'chegada',
    'hinfahrt',
    'rückfahrt',
    'ruckfahrt',
    'outward',
    'return',
    'ida',
    'vuelta',
    'volta',
    'aller',
    'retour',
    'andata',
    'ritorno',
    'umstieg',
    'change',
    'von',
    'nach',
    'from',
    'to',
    'de',
    'desde',
    'hasta',
    'para',
    'da',
    'per',
    'uhr',
    'gleis',
    'gl',
    'wagen',
    'platz',
    'sitz',
    'seat',
    'coach',
    'platform',
    'via',
    'vía',
    'voie',
    'binario',
    'linha',
    'coche',
    'voiture',
    'carrozza',
    'carruagem',
    'posto',
    'asiento',
    'place',
    'lugar',
    'mo',
    'di',
    'mi',
    'do',
    'fr',
    'sa',
    'so',
    'montag',
    'dienstag',
    'mittwoch',
    'donnerstag',
    'freitag',
    'samstag',
    'sonntag',
    'monday',
    'tuesday',
    'wednesday',
    'thursday',
    'friday',
    'saturday',
    'sunday',
    'check-in',
    'check-out',
  ].map(fold),
);

const words = (s: string) => s.split(/\s+/).filter(Boolean);
const isName = (w: string) =>
  NAME_WORD.test(w) && !NOT_STATION.has(fold(w.replace(/[():.]+$/, '')));

/** A station's name from its words: labels and categories before it dropped, small words kept inside. */
function nameOf(tokens: string[]): string | null {
  let start = 0;
  while (start < tokens.length && !isName(tokens[start]!)) start++;
  let end = tokens.length;
  while (end > start && !NAME_WORD.test(tokens[end - 1]!)) end--;
  const name = tokens
    .slice(start, end)
    .join(' ')
    .replace(/^\(|\)$/g, '');
  return name.length >= 2 ? name : null;
}

/** The name that ends right before `at` in `text` (the words of a name, back to anything else). */
function nameBefore(text: string): string | null {
  const tokens = words(text.replace(/[\s(,;|]+$/, ''));
  while (tokens.length && MARKER.test(tokens.at(-1)!)) tokens.pop();
  const run: string[] = [];
  for (let k = tokens.length - 1; k >= 0 && run.length < MAX_WORDS; k--) {
    const w = tokens[k]!;
    if (NAME_WORD.test(w) || (LINK_WORD.test(w) && run.length)) run.unshift(w);
    else break;
  }
  return nameOf(run);
}

/** The name that starts right after a time ("07:37 Paris Gare de Lyon, voie 5"). */
function nameAfter(text: string): string | null {
  const tokens = words(text.replace(/^[\s:,;|)-]+/, ''));
  while (tokens.length && MARKER.test(tokens[0]!)) tokens.shift();
  const run: string[] = [];
  for (const w of tokens) {
    if (run.length >= MAX_WORDS) break;
    const bare = w.replace(/[,;|]+$/, '');
    if (NAME_WORD.test(bare) || (LINK_WORD.test(bare) && run.length)) run.push(bare);
    else break;
    if (bare !== w) break;
  }
  return nameOf(run);
}

/** Stations each followed by its time: "Berlin Hbf 08:34", "Paris Gare de Lyon à 07h37". */
export function stationTimes(text: string): StationTime[] {
  const found: StationTime[] = [];
  let from = 0;
  for (const t of timeMatches(text)) {
    const before = text.slice(from, t.index);
    const station = nameBefore(before);
    if (station) {
      const index = from + before.lastIndexOf(station.split(' ')[0]!);
      found.push({ station, time: t.time, index, end: t.end });
    }
    from = t.end;
  }
  return found;
}

/** Times each followed by its station: "07:37 Paris Gare de Lyon", "12:39 an München Hbf". */
export function timeStations(text: string): StationTime[] {
  const matches = timeMatches(text);
  return matches.flatMap((t, k) => {
    const after = text.slice(t.end, matches[k + 1]?.index ?? text.length);
    const station = nameAfter(after);
    return station ? [{ station, time: t.time, index: t.index, end: t.end }] : [];
  });
}

export interface StationJourney {
  from: string;
  to: string;
  time: string;
  arrivalTime: string;
}

// Between the departure's time and the arrival's station: an arrow, a dash or a word for "to".
const BETWEEN = /^\s*(?:→|->|–|—|-|>|›|»|to|a|à|nach|para|per|bis)\s*$/i;

/** A journey on one line: "<category> <number>? <Station A> HH:MM → <Station B> HH:MM". */
export function stationJourney(text: string): StationJourney | null {
  const pairs = stationTimes(text);
  for (let k = 0; k + 1 < pairs.length; k++) {
    const [a, b] = [pairs[k]!, pairs[k + 1]!];
    if (a.station !== b.station && BETWEEN.test(text.slice(a.end, b.index)))
      return { from: a.station, to: b.station, time: a.time, arrivalTime: b.time };
  }
  return null;
}
