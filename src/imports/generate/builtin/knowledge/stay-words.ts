// Words of stays (hotels, accommodation labels, overnights, check-in and check-out) in the six languages, folded.
import { NUMBER_WORDS } from './number-words.ts';

export const HOTEL_WORDS =
  /\b(?:hotel|hotels|htl|hostal|hostel|parador|resort|lodge|inn|pousada|albergo|pensione|pension|riad|guesthouse|guest house|b&b|apartment|apartamento|appartement|ryokan|camp|glamping|villa|chalet|agriturismo|masseria|quinta|estancia|hacienda|posada|auberge|gite|palazzo|relais|hotel|residence|suites)\b/;
export const ACCOMMODATION_LABEL =
  /^\s*(?:accommodation|accomodation|hotel|hotels|htl|overnight|lodging|stay|property|alojamiento|hospedaje|hotel\/alojamiento|establecimiento|hebergement|logement|nuit|hotel \/ hebergement|alojamento|hospedagem|pernoite|estadia|unterkunft|ubernachtung|hotel\/unterkunft|pernottamento|alloggio|sistemazione|struttura)(?:\s*(?:[:\-–]|\s\d)|\s+\|\s+(?=[a-z])|\s+(?:in|en|a|em|im|at|di|ad)\s+[^:,.\d€$£]{2,30}:)/;
export const OVERNIGHT =
  /\b(?:overnight|night in|nights? at|stay at|noche en|alojamiento en|nuit a|nuit en|pernoite em|noite em|ubernachtung in|nacht in|pernottamento a|pernottamento in|notte a|notte in|check-?in)\b/;
export const CHECK_IN =
  /\b(?:check-?in|arrival|llegada|entrada|arrivee|chegada|anreise|arrivo|from|desde|du|von|dal)\b/;
export const CHECK_OUT =
  /\b(?:check-?out|departure|salida|depart|saida|abreise|partenza|until|hasta|au|bis|al)\b/;

/** A count of nights, folded: "3 nights", "2 noches", "4 nuits", "5 Nächte", "2 notti", "dos noches". */
export const NIGHT_COUNT = new RegExp(
  String.raw`\b(?:(\d{1,2}|${Object.keys(NUMBER_WORDS).join('|')})\s*(?:nights?|nts?|nites?|noches?|nuits?|noites?|nachte|nacht|notti|notte)\b|\((\d{1,2})n\))`,
);

/** The nights a NIGHT_COUNT match counts ("(2n)" in notes is two nights). */
export const nightsCounted = (m: RegExpExecArray): number =>
  Number(m[1] ?? m[2]) || NUMBER_WORDS[m[1]!] || 0;
