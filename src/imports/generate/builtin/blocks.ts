// The blocks of one day (or of a confirmation without days), read line by line: flights,
// accommodation, transport and activities, with what is left as the day's text.
import type { DraftBlockInput } from '../draft.ts';
import { airport } from './places.ts';
import { findPrice } from './money.ts';
import {
  PRICE_WORDS, STAY_AT, ACCOMMODATION_LABEL, ACTIVITY_WORDS, FLIGHT_WORDS, HOTEL_WORDS, OVERNIGHT, TRANSPORT_MODES, fold,
} from './vocabulary.ts';

const STAY_DATES = /^(?:check-?in|check-?out|arrivee|depart|arrival|departure|llegada|salida|entrada|chegada|partida|saida|anreise|abreise|arrivo|partenza|duree|duration|duracion|duracao|dauer|durata)\s*:/;
const TIME = /\b([01]?\d|2[0-3])[:h.]([0-5]\d)\s*(am|pm|a\.m\.|p\.m\.)?(?![\d])/gi;
// "IB3102", "IB 3102", "TP 1025", "U2 8123", "FR1234": two characters (one may be a digit) + 1-4 digits.
const FLIGHT_NUMBER = /\b((?:[A-Z]{2}|[A-Z]\d|\d[A-Z]))\s?(\d{1,4})\b/g;
const IATA_IN_PARENS = /\(([A-Z]{3})\)/g;
const IATA_PAIR = /\b([A-Z]{3})\s*(?:-|–|—|→|->|>|to|a|à|nach|para)\s*([A-Z]{3})\b/;

export const times = (line: string): string[] =>
  [...line.matchAll(TIME)].map((m) => {
    let hour = Number(m[1]);
    const suffix = m[3]?.toLowerCase().replace(/\./g, '');
    if (suffix === 'pm' && hour < 12) hour += 12;
    if (suffix === 'am' && hour === 12) hour = 0;
    return `${String(hour).padStart(2, '0')}:${m[2]}`;
  });

const clean = (s: string) => s.replace(/\s+/g, ' ').replace(/^[\s,:;.\-–—•*·|]+|[\s,:;.\-–—•*·|]+$/g, '').trim();

function flightOf(line: string, date: string | null): DraftBlockInput | undefined {
  const folded = fold(line);
  const airports = [...line.matchAll(IATA_IN_PARENS)].map((m) => m[1]!).filter((code) => airport(code));
  const pair = IATA_PAIR.exec(line);
  if (airports.length < 2 && pair && airport(pair[1]!) && airport(pair[2]!)) airports.splice(0, airports.length, pair[1]!, pair[2]!);
  const number = [...line.matchAll(FLIGHT_NUMBER)].find((m) => !/^\d+$/.test(m[1]!) && !airports.includes(m[1]! + m[2]!));
  const hasWord = FLIGHT_WORDS.test(folded);
  if (airports.length < 2 && !(hasWord && number)) return undefined;
  if (!hasWord && !number && airports.length < 2) return undefined;
  const [dep, arr] = [airport(airports[0] ?? ''), airport(airports[1] ?? '')];
  const [departureTime, arrivalTime] = times(line);
  return {
    type: 'flight',
    content: {
      flightNumber: number ? `${number[1]}${number[2]}` : null,
      airline: null,
      departureAirport: dep?.iata ?? null,
      arrivalAirport: arr?.iata ?? null,
      departureCity: dep?.city ?? null,
      arrivalCity: arr?.city ?? null,
      departureTime: departureTime ?? null,
      arrivalTime: arrivalTime ?? null,
      date,
    },
  };
}

/** The hotel's name: after a label ("Accommodation: Hotel X"), or the words around "Hotel". */
export function hotelName(line: string): string | undefined {
  const stay = STAY_AT.exec(line);
  if (stay && /\p{Lu}/u.test(stay[1]!)) return clean(stay[1]!.replace(/^(?:the hotel|hotel)\s+(?=\p{Lu}.*\s)/iu, (m) => m)).slice(0, 120);
  const labelled = /^[^:]{0,40}:\s*(.+)$/.exec(line);
  const folded = fold(line);
  if (labelled && ACCOMMODATION_LABEL.test(folded)) return clean(labelled[1]!.split(/\s[(-–]\s|\.\s|,\s/u)[0]!).slice(0, 120);
  const m = /((?:\p{Lu}[\p{L}'’&.-]*\s){0,3}(?:Hotel|Hôtel|Hostal|Parador|Resort|Lodge|Inn|Pousada|Albergo|Riad|Guesthouse|Agriturismo|Masseria|Quinta|Hacienda|Posada|Auberge|Palazzo|Relais)(?:\s(?:de|del|da|do|di|la|le|el|das|dos|the|&)?\s?[\p{Lu}\d][\p{L}\d'’&.-]*){0,5})/u.exec(line);
  const name = m ? clean(m[1]!) : '';
  return name.includes(' ') ? name.slice(0, 120) : undefined; // "the hotel" alone names no hotel
}

function transportOf(line: string): DraftBlockInput | undefined {
  const folded = fold(line);
  const mode = TRANSPORT_MODES.find(([pattern]) => pattern.test(folded))?.[1];
  if (!mode) return undefined;
  const route = /(?:from|de|desde|du|von|da)\s+(\p{Lu}[\p{L}'’ -]+?)\s+(?:to|a|al|à|au|nach|para|per|ao)\s+(\p{Lu}[\p{L}'’ -]+?)(?=[\s,.;:(]|$)/u.exec(line)
    ?? /(\p{Lu}[\p{L}'’]+(?:\s\p{Lu}[\p{L}'’]+)?)\s*(?:-|–|→|->)\s*(\p{Lu}[\p{L}'’]+(?:\s\p{Lu}[\p{L}'’]+)?)/u.exec(line);
  const toward = route ? undefined : /(?:towards?|hacia|vers|para|nach|verso|rumbo a)\s+(\p{Lu}[\p{L}'’]+(?:\s\p{Lu}[\p{L}'’]+)?)/u.exec(line);
  return {
    type: 'transport',
    content: { mode, from: route ? clean(route[1]!) : null, to: route ? clean(route[2]!) : toward ? clean(toward[1]!) : null, time: times(line)[0] ?? null, description: clean(line).slice(0, 300) },
  };
}

function activityOf(line: string): DraftBlockInput | undefined {
  const folded = fold(line);
  const time = times(line)[0] ?? null;
  if (!ACTIVITY_WORDS.test(folded) && !time) return undefined;
  const text = clean(line.replace(/^\s*(?:(?:at|a las|a la|à|as|um|alle)\s+)?([01]?\d|2[0-3])[:h.]([0-5]\d)\s*(?:h|hrs?)?\s*[-–:]?\s*/i, ''));
  if (text.length < 3) return undefined;
  const [title, ...rest] = text.split(/(?<=[.!?])\s+/);
  return { type: 'activity', content: { title: title!.replace(/[.]$/, '').slice(0, 160), time, description: rest.length ? rest.join(' ').slice(0, 500) : null } };
}

export interface DayReading { blocks: DraftBlockInput[]; hotels: string[] }

/** Sentences of a day, each read as the first block kind it matches; the rest becomes text. */
export function readDay(lines: readonly string[], date: string | null): DayReading {
  const blocks: DraftBlockInput[] = [];
  const hotels: string[] = [];
  const leftover: string[] = [];
  for (const sentence of joinWrapped(lines).flatMap((l) => l.split(/(?<=[.!?])\s+(?=\p{Lu})/u)).map((s) => s.trim()).filter(Boolean)) {
    const folded = fold(sentence);
    if (PRICE_WORDS.test(folded) && /\d/.test(sentence) && findPrice([sentence])) continue; // the trip's price block
    if (STAY_DATES.test(folded)) continue; // check-in, check-out, length of stay: the accommodation block says them
    const flight = flightOf(sentence, date);
    if (flight) { blocks.push(flight); continue; }
    if (STAY_AT.test(sentence) || ACCOMMODATION_LABEL.test(folded) || (HOTEL_WORDS.test(folded) && OVERNIGHT.test(folded)) || /^(?:hotel|hôtel|pousada|parador|riad|albergo)\b/i.test(sentence)) {
      const name = hotelName(sentence);
      if (name) { hotels.push(name); continue; }
    }
    const transport = transportOf(sentence);
    if (transport) { blocks.push(transport); continue; }
    const activity = activityOf(sentence);
    if (activity) { blocks.push(activity); continue; }
    leftover.push(sentence);
  }
  const text = leftover.join(' ').trim();
  if (text) blocks.unshift({ type: 'text', content: { text: text.slice(0, 2000) } });
  return { blocks, hotels };
}

/** Lines a PDF or OCR wrapped mid-sentence, joined again. */
export function joinWrapped(lines: readonly string[]): string[] {
  const out: string[] = [];
  for (const line of lines) {
    const previous = out.at(-1);
    const wrapped = previous !== undefined && !/[.!?:;\d)]$/.test(previous)
      && (/^\p{Ll}/u.test(line) || (previous.length >= 55 && !/:/.test(line.slice(0, 30))));
    if (wrapped) out[out.length - 1] = `${previous} ${line}`;
    else out.push(line);
  }
  return out;
}
