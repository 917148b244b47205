// Flight designators in a line ("BA548", "IB 3170", "U2 4571"): a known airline's code and a
// number, or any designator after the word "flight" in six languages; not a booking code, a seat,
// a room, or a train's number.
import { FLIGHT_WORDS } from '../knowledge/transport-words.ts';
import { isAirlineCode } from '../places.ts';
import { fold } from '../text.ts';

const FLIGHT_NUMBER =
  /(?<![\p{L}\d-])((?:[A-Z]{2}|[A-Z]\d|\d[A-Z]))\s?(\d{1,4})(?![\p{L}\d]|[.,]\d|\s?(?:kg|km|h\b|min|€|eur|usd|\$|%))/gu;
/** Designators that are also words in capitals ("DE 10 A 12", "EN 2026"): they need a flight around them. */
const WORD_CODES = new Set([
  'DE',
  'EN',
  'AM',
  'UP',
  'TO',
  'OR',
  'SO',
  'AS',
  'AT',
  'AD',
  'AR',
  'AI',
  'CA',
  'CI',
  'CM',
  'ME',
  'MS',
  'NO',
  'OS',
  'OK',
  'SA',
  'SU',
  'TU',
  'UN',
  'IN',
  'DO',
  'DA',
  'DI',
  'LA',
  'LE',
  'EL',
  'IL',
  'VA',
  'GA',
  'HA',
  'JA',
  'KA',
  'MM',
  'TR',
  'TA',
  'TC',
  'TS',
  'TM',
  'PM',
  'PC',
  'SG',
  'SN',
  'SK',
  'SS',
  'UK',
  'WS',
  'FA',
  'FB',
  'RO',
  'RC',
  'OB',
  'OA',
  'OU',
  'QR',
  'LP',
  'CL',
  'GL',
  'ET',
  'EW',
  'HM',
  'HO',
  'HR',
  'IE',
  'IR',
  'IX',
  'IZ',
  'JU',
  'KC',
  'KE',
  'KL',
  'LM',
  'LO',
  'LS',
  'MF',
  'MH',
  'MK',
  'MN',
  'MQ',
  'MX',
  'NF',
  'NH',
  'NK',
  'NT',
  'NZ',
  'OO',
  'OV',
  'OZ',
  'PD',
  'PG',
  'PK',
  'PR',
  'PS',
  'PX',
  'PZ',
  'RB',
  'RJ',
  'RV',
  'SB',
  'SV',
  'SY',
  'TB',
  'TG',
  'TK',
  'TL',
  'TN',
  'TO',
  'TP',
  'TX',
  'UA',
  'UB',
  'UG',
  'UL',
  'UP',
  'UU',
  'UX',
  'VB',
  'VJ',
  'VL',
  'VN',
  'VR',
  'VS',
  'VY',
  'WB',
  'WF',
  'WG',
  'WK',
  'WM',
  'WN',
  'WY',
  'XL',
  'XP',
  'XQ',
  'XY',
  'XZ',
  'YM',
  'YW',
  'YX',
  'ZB',
  'ZH',
  'ZL',
  'ZT',
]);

/** Flight anchors in a line: designator and number. */
export function anchorsIn(line: string): Array<{ code: string; number: string; index: number }> {
  const folded = fold(line);
  // A train, bus or ferry sentence ("Treno Railjet RJ 75 alle 08:12") names no flight unless it says so.
  const otherMode =
    !FLIGHT_WORDS.test(folded) &&
    /\b(?:train|trains|tren|treno|zug|comboio|railjet|bus|autobus|pullman|ferry|traghetto|fahre|barco|bateau|navire|ship|nave|ec|ic|ice|rj|rjx|tgv|ave|hbf|hl\.?\s?n|bahnhof|gare|estacion|stazione|station|centrale|termini|eurostar|bahnfahrt|zugfahrt|mit dem (?:ir|re|rex))\b/.test(
      folded,
    );
  const contextual =
    FLIGHT_WORDS.test(folded) ||
    /\([A-Z]{3}\)|→|->|\b[A-Z]{3}\s*[-–/]\s*[A-Z]{3}\b|\b\d{1,2}[:h.]\d{2}\b/.test(line);
  const found: Array<{ code: string; number: string; index: number }> = [];
  for (const m of line.matchAll(FLIGHT_NUMBER)) {
    const code = m[1]!;
    const before = fold(line.slice(Math.max(0, m.index - 30), m.index));
    // A booking code, a postcode, a room or a seat is not a flight (a whole word: "Ritorno FR8813"
    // ends in "no" but is a return flight, not a number).
    if (
      /(?<![a-z])(?:ref|reference|pnr|localizador|code|codigo|codice|booking|reserva|room|seat|asiento|zimmer|habitacion|chambre|camera|quarto|tel|phone|cp|zip|plz|n[º°o])\.?\s*[:#]?\s*$/.test(
        before,
      )
    )
      continue;
    // The word for a flight before it, or one of the Nordic and Central European labels ("Flyg: IB3549", "Let: OK 720").
    const afterWord =
      /(?:flight|vuelo|vol|voo|flug|volo|flight no\.?|flight number|n[º°o] de vuelo)\s*[:#]?\s*$/.test(
        before,
      ) || /(?:^|\s)(?:flyg|flygning|let|lot|cislo letu|numer lotu)\s*:\s*$/.test(before);
    if (!afterWord && otherMode) continue;
    if (!afterWord) {
      // A known designator, in a line about a flight or opening a line of flight details ("BA548 LHR FCO 0815").
      if (!isAirlineCode(code)) continue;
      if (!contextual && (WORD_CODES.has(code) || !/^[\s\-–|:*]*$/.test(before))) continue;
    }
    if (/^\d+$/.test(code)) continue;
    found.push({ code, number: m[2]!, index: m.index });
  }
  return found;
}
