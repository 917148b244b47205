// A hotel's name in a line: after a stay phrase ("Overnight at X", "Nuit à l'hôtel X",
// "Übernachtung im X"), after an accommodation label ("Accommodation: X"), or the capitalised words
// around "Hotel", "Pousada", "Riad" and their kin.
import { ACCOMMODATION_LABEL } from '../knowledge/stay-words.ts';
import { city } from '../places.ts';
import { clean, fold } from '../text.ts';

// "Overnight at X", "Nuit à l'hôtel X", "Übernachtung im X", "Alojamiento en X", "check in at X": X is the stay.
export const STAY_AT =
  /(?:overnight (?:at|in)(?: the)?|overnight:|night at|nights at|stay at|staying at|check(?:-| )in (?:at|to)(?: the)?|check-?in (?:à|a) l['’](?:h[ôo]tel\s)?|check-?in (?:à|a) la |check-?in (?:no|na|em)|accommodation at|noche en(?: el)?|alojamiento(?: en(?: el)?|:)|hospedaje(?: en|:)|check-?in en(?: el)?|nuit (?:a|à|au|en) (?:l['’]h[oô]tel |l['’])?|nuit:|h[ée]bergement\s*(?:à|a|:)(?: l['’])?|installation (?:à|a) l['’]|[üu]bernachtung(?:en)? (?:im|in der|in|:)|unterkunft:|check-?in im|alojamento(?: no| na| em|:)|pernoite(?: no| na| em|:)|hospedagem(?: no| na|:)|check-?in no|pernottamento(?: presso| all['’]| al|:| in| a)|sistemazione(?: presso| all['’]| al| in|:)|soggiorno (?:presso|all['’]|al)|check-?in (?:presso|all['’]|al))\s*(.+?)(?=[.;]\s|[.;]?$|,\s|\s\((?!\d)|\s[–—-]\s)/i;
const NAME_PATTERN =
  /((?:\p{Lu}[\p{L}'’&.-]*\s(?:(?:de|del|da|do|di|la|le|el|das|dos|du|des)\s)?){0,3}(?:Hotel|Hôtel|Hostal|Hostel|Parador|Resort|Lodge|Inn|Pousada|Albergo|Riad|Guesthouse|Agriturismo|Masseria|Quinta|Hacienda|Posada|Auberge|Palazzo|Relais|Residence|Residencia|Pension|Pensione|Camp|Ryokan|B&B|Suites|Apartments?|Apartamentos?|Villa|Chalet|Gasthof|Gasthaus|Albergue|Cortijo|Finca|Kasbah|Manoir|Domaine)(?![\p{L}])(?:\s(?:de la|de las|de los|de['’]|dell['’]|d['’]|della|delle|degli|dei|de|del|da|do|di|du|des|la|le|el|das|dos|the|of|&|am|an|zum|zur|al|alla)?\s?[\p{Lu}\d][\p{L}\d'’&.-]*){0,5})/u;

/** The hotel's name: after a label ("Accommodation: Hotel X"), or the words around "Hotel". */
export function hotelName(line: string): string | undefined {
  const name = rawHotelName(line);
  // "Hotel Doña Lola (3 noches)", "Hotel X, 2 nights": the stay's length is not the name.
  return (
    name
      // A table row's label before its value ("Hotel  Hotel Quinta das Buganvílias").
      ?.replace(/^(\p{L}+)\s+\1\b/iu, '$1')
      .replace(/\s*\([^)]*\)\s*$/, '')
      .replace(/[,\s]+\d{1,2}\s*\p{L}+$/u, '')
      // "Nuit au riad Dar Zaman", "al ryokan Hakone Ginyu": the kind of place opens the name, capitalised.
      .replace(
        /^(?:riad|camp|lodge|ryokan|pousada|hotel|hôtel|hostal|albergo|kasbah|glamping|agriturismo|masseria|quinta|posada|auberge|resort)\s+(?=\p{Lu})/u,
        (w) => w.charAt(0).toUpperCase() + w.slice(1),
      )
      .trim() || undefined
  );
}

function rawHotelName(line: string): string | undefined {
  const stay = STAY_AT.exec(line);
  if (stay && /\p{Lu}/u.test(stay[1]!)) {
    const name = clean(
      stay[1]!.replace(/\s+(?:in|en|a|à|em|im|a)\s+\p{Lu}[\p{L}]+(?:\s\p{Lu}[\p{L}]+)?$/u, ''),
    );
    if (name.length >= 3 && !/^(?:the hotel|hotel|el hotel|l'hotel)$/i.test(name) && !city(name))
      return name.slice(0, 120);
  }
  // "Hotel: X", or a row's label and its value "Hotel | X, Paris | 20.11.–21.11.".
  const labelled = /^([^:|]{0,40})(?::|\s\|)\s*(.+)$/.exec(line);
  // "HCMC htl: Saigon Lotus Boutique, D1": a place's hotel, the label after the place.
  if (
    labelled &&
    (ACCOMMODATION_LABEL.test(fold(line)) ||
      /\s(?:htl|hotel|hotels|hostel)$/.test(fold(labelled[1]!.trim())))
  ) {
    const name = clean(labelled[2]!.split(/\s[(–-]\s|\s\(|\.\s|,\s|\s\|\s|\s·\s/u)[0]!);
    if (
      name.length >= 3 &&
      /\p{Lu}/u.test(name) &&
      !city(name) &&
      !/^(?:check|arriv|depart|entrada|salida|chegada|saida|anreise|abreise|arrivo|partenza|nights|noches|nuits|noites|nachte|notti|date|datum|fecha|data)/.test(
        fold(name),
      )
    )
      return name.slice(0, 120);
  }
  // A letterhead in capitals ("HOTEL CORTE DEI REMERI"): read it in title case.
  const caps =
    /\b(?:HOTEL|HÔTEL|HOSTAL|POUSADA|ALBERGO|RESORT|PARADOR|RIAD|QUINTA|LODGE|INN)\b/.test(line)
      ? line.replace(/\p{Lu}{2,}/gu, (w) => w.charAt(0) + w.slice(1).toLowerCase())
      : line;
  const m = NAME_PATTERN.exec(line) ?? NAME_PATTERN.exec(caps);
  const name = m ? clean(m[1]!.replace(/\s+\d.*$/, '')) : '';
  // "Privattransfer Hotel – Flughafen", "Shuttle Hotel": a ride to or from the hotel, not its name.
  return name.includes(' ') &&
    !/^(?:the|el|la|le|il|o|a|das|der|die)\s+(?:hotel|hostel)$/i.test(name) &&
    !/^(?:\p{L}*transfers?|transferes?|traslados?|transferts?|trasferimento|shuttle|navette|taxi)\s/iu.test(
      name,
    )
    ? name.slice(0, 120)
    : undefined; // "the hotel" alone names no hotel
}
