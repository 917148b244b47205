// A journey written on one line as "A to B, dep 12:40, arr 17:12", as journey planners print
// their legs in calendar exports and e-mails, in the six languages:
//   Journey Details: Glasgow Central (GLC) to London Euston (EUS), dep 12:40, arr 17:12
//   Trayecto 1: Madrid Puerta de Atocha a Sevilla Santa Justa, salida 08:00, llegada 10:32
//   Lyon Part-Dieu → Nice Ville, départ 21:40, arrivée 07:02
import { fold } from '../text.ts';

export interface JourneyLine {
  from: string;
  to: string;
  departure: string;
  arrival: string;
}

const DEPARTS = String.raw`(?:dep(?:arts?|arture)?\.?|ab|abfahrt|sal(?:e|ida)?\.?|partenza|parte|depart|partida)`;
const ARRIVES = String.raw`(?:arr(?:ives?|ival)?\.?|an|ankunft|lleg(?:a|ada)?\.?|arrivo|arriva|arrivee|chegada|chega)`;
const LEG = new RegExp(
  String.raw`^(?:[\p{L}\d ]{2,30}:\s*)?(.{2,60}?)\s+(?:to|→|->|nach|a|à|para|al)\s+(.{2,60}?),?\s+${DEPARTS}\s*:?\s*(\d{1,2}[:h.]\d{2}),?\s+${ARRIVES}\s*:?\s*(\d{1,2}[:h.]\d{2})\b`,
  'iu',
);

const time = (t: string) => t.replace(/[h.]/, ':').padStart(5, '0');

/** The leg a line writes out, its places as written. */
export function journeyLine(line: string): JourneyLine | undefined {
  const text = line.replace(/\s+/g, ' ').trim();
  // Matched on the folded line (accents: "départ", "arrivée"), cut from the line as written
  // (fold keeps one character for each).
  const m = LEG.exec(fold(text));
  if (!m) return undefined;
  const at = (group: string, from: number) => {
    const index = fold(text).indexOf(group, from);
    return text.slice(index, index + group.length).trim();
  };
  const from = at(m[1]!, 0);
  return {
    from,
    to: at(m[2]!, fold(text).indexOf(m[1]!) + m[1]!.length),
    departure: time(m[3]!),
    arrival: time(m[4]!),
  };
}
