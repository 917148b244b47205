// Words of itinerary documents in the six languages the import reads (en, es, fr, pt, de, it),
// written without accents: the extractor matches against text folded the same way (fold()).

/** Lower case, accents removed, dashes and spaces unified: what every pattern here matches. */
export const fold = (text: string) =>
  text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[\u2010-\u2015\u2212]/g, '-').replace(/[ \t\u00a0]+/g, ' ');

const MONTH_WORDS: Array<[number, string[]]> = [
  [1, ['january', 'jan', 'enero', 'ene', 'janvier', 'janv', 'janeiro', 'januar', 'jan', 'gennaio', 'genn', 'gen']],
  [2, ['february', 'feb', 'febrero', 'fevrier', 'fevr', 'fev', 'fevereiro', 'februar', 'febbraio', 'febb']],
  [3, ['march', 'mar', 'marzo', 'mars', 'marco', 'marz', 'maerz']],
  [4, ['april', 'apr', 'abril', 'abr', 'avril', 'avr', 'aprile']],
  [5, ['may', 'mayo', 'mai', 'maio', 'maggio', 'magg', 'mag']],
  [6, ['june', 'jun', 'junio', 'juin', 'junho', 'juni', 'giugno', 'giu']],
  [7, ['july', 'jul', 'julio', 'juillet', 'juil', 'julho', 'juli', 'luglio', 'lug']],
  [8, ['august', 'aug', 'agosto', 'ago', 'aout', 'agosto']],
  [9, ['september', 'sept', 'sep', 'septiembre', 'setiembre', 'septembre', 'setembro', 'set', 'settembre', 'sett']],
  [10, ['october', 'oct', 'octubre', 'octobre', 'outubro', 'out', 'oktober', 'okt', 'ottobre', 'ott']],
  [11, ['november', 'nov', 'noviembre', 'novembre', 'novembro', 'novembre']],
  [12, ['december', 'dec', 'diciembre', 'dic', 'decembre', 'dezembro', 'dez', 'dezember', 'dicembre']],
];

export const MONTHS = new Map<string, number>(MONTH_WORDS.flatMap(([n, words]) => words.map((w) => [w, n] as [string, number])));
/** A month name as a regex group body (longest first, so "sept" wins over "sep"). */
export const MONTH_PATTERN = [...MONTHS.keys()].sort((a, b) => b.length - a.length).join('|');

/** "Day 3", "Día 3", "Jour 3", "Dia 3", "Tag 3", "Giorno 3", "3º día", "3rd day", "J3", "D3". */
export const DAY_HEADER = new RegExp(
  String.raw`^\s*(?:(?:day|dia|jour|tag|giorno|journee|j|d)\s*\.?\s*(\d{1,2})|(\d{1,2})\s*(?:st|nd|rd|th|º|ª|o|er|eme|e|\.)?\s*(?:day|dia|jour|tag|giorno))\b\s*[:.\-|)]*\s*(.*)$`,
  'i',
);

export const DURATION_DAYS = /\b(\d{1,2})\s*(?:days?|dias?|jours?|tage?n?|giorni|giornate|d)\b/;
export const DURATION_NIGHTS = /\b(\d{1,2})\s*(?:nights?|noches?|nuits?|noites?|nachte?n?|notti|n)\b/;

export const FLIGHT_WORDS = /\b(?:hinflug|ruckflug|outbound|inbound|flight|flights|vuelo|vuelos|vol|vols|voo|voos|flug|fluge|volo|voli|departs?|depart|salida|partenza|abflug)\b/;
export const HOTEL_WORDS = /\b(?:hotel|hotels|hostal|hostel|parador|resort|lodge|inn|pousada|albergo|pensione|pension|riad|guesthouse|guest house|b&b|apartment|apartamento|appartement|ryokan|camp|glamping|villa|chalet|agriturismo|masseria|quinta|estancia|hacienda|posada|auberge|gite|palazzo|relais)\b/;
export const ACCOMMODATION_LABEL = /^\s*(?:accommodation|accomodation|hotel|overnight|lodging|stay|alojamiento|hospedaje|hebergement|logement|nuit|alojamento|hospedagem|pernoite|unterkunft|ubernachtung|hotel\/unterkunft|pernottamento|alloggio|sistemazione)\s*[:\-]/;
export const OVERNIGHT = /\b(?:overnight|night in|nights? at|stay at|noche en|alojamiento en|nuit a|nuit en|pernoite em|noite em|ubernachtung in|pernottamento a|pernottamento in|check-?in)\b/;
export const CHECK_IN = /\b(?:check-?in|arrival|llegada|entrada|arrivee|chegada|anreise|arrivo)\b/;
export const CHECK_OUT = /\b(?:check-?out|departure|salida|depart|saida|abreise|partenza)\b/;

export const TRANSPORT_MODES: Array<[RegExp, 'train' | 'bus' | 'car' | 'transfer' | 'ferry']> = [
  [/\b(?:train|trains|tren|trenes|comboio|zug|bahn|treno|ave|tgv|ice|eurostar|frecciarossa|rail)\b/, 'train'],
  [/\b(?:bus|coach|autobus|autocar|autocarro|onibus|pullman|reisebus)\b/, 'bus'],
  [/\b(?:ferry|ferries|ferri|boat|barco|bateau|traversier|barca|fahre|traghetto|catamaran|hydrofoil|aliscafo)\b/, 'ferry'],
  [/\b(?:transfer|transfers|traslado|traslados|transfert|transferencia|transfer|trasferimento|shuttle)\b/, 'transfer'],
  [/\b(?:car rental|rental car|hire car|alquiler de coche|coche de alquiler|location de voiture|aluguel de carro|mietwagen|autonoleggio|drive|driving|conduccion|route en voiture|self-drive)\b/, 'car'],
];

export const ACTIVITY_WORDS = /\b(?:visit|visits|tour|tours|guided|excursion|excursions|walk|walking|hike|hiking|cruise|museum|cathedral|palace|castle|dinner|lunch|tasting|show|safari|snorkel|snorkeling|boat trip|sightseeing|explore|discover|see|visita|visitas|guiada|excursion|paseo|caminata|crucero|museo|catedral|palacio|castillo|cena|almuerzo|degustacion|espectaculo|descubrir|conocer|visite|visites|guidee|promenade|randonnee|croisiere|musee|chateau|diner|dejeuner|degustation|spectacle|decouverte|passeio|caminhada|cruzeiro|museu|catedral|palacio|castelo|jantar|almoco|degustacao|besuch|besichtigung|fuhrung|ausflug|wanderung|rundgang|schifffahrt|museum|dom|schloss|abendessen|mittagessen|verkostung|visita|escursione|passeggiata|crociera|museo|duomo|castello|cena|pranzo|degustazione)\b/;

export const PRICE_WORDS = /\b(?:price|prices|cost|total|amount|fare|rate|precio|precios|importe|tarifa|coste|costo|prix|tarif|montant|preco|valor|preis|gesamtpreis|betrag|kosten|prezzo|quota|importo)\b/;
export const PER_PERSON = /\b(?:per person|per pax|pp|p\.p\.|por persona|por pax|par personne|par pers|por pessoa|pro person|p\.p|a persona|per persona)\b/;

/** Lines that date something other than the trip (when it was booked or must be paid). */
export const NOT_TRIP_DATE = /\b(?:booked|booking date|issued|issue date|date of issue|invoice|payment|pay by|deadline|valid until|printed|reserva realizada|fecha de reserva|emitido|emision|pago|emission|paiement|emise|facture|reservation effectuee|emitido em|pagamento|gebucht|buchungsdatum|ausgestellt|zahlung|rechnung|prenotato|emesso|pagamento|fattura|scadenza)\b/;

/** First lines that name a document type rather than the trip. */
export const GENERIC_TITLES = /^(?:electronic ticket receipt|e-?ticket receipt|ticket receipt|travel receipt|receipt|itinerary|travel itinerary|trip itinerary|booking confirmation|confirmation|e-?ticket|electronic ticket|travel documents?|reservation|your trip|your booking|itinerario|confirmacion de reserva|confirmacion|reserva|billete electronico|itineraire|confirmation de reservation|reservation|billet electronique|itinerario|confirmacao de reserva|confirmacao|reserva|bilhete eletronico|reiseverlauf|reiseplan|buchungsbestatigung|bestatigung|itinerario|conferma di prenotazione|conferma|prenotazione|biglietto elettronico)\b[\s:.!-]*$/;

/** "Overnight at X", "Nuit à l'hôtel X", "Übernachtung im X", "Alojamiento en X", "check in at X": X is the stay. */
export const STAY_AT = /(?:overnight (?:at|in)|overnight:|night at|nights at|stay at|staying at|check(?:-| )in at|nuit (?:a|à|au|en) (?:l['’]h[oô]tel |l['’])?|nuit:|h[ée]bergement\s*:|[üu]bernachtung (?:im|in der|in|:)|unterkunft:|alojamiento(?: en|:)|hospedaje(?: en|:)|alojamento(?: no| na| em|:)|pernoite(?: no| na| em|:)|pernottamento(?: presso| al| all['’]|:)|sistemazione(?: presso|:))\s*(.+?)(?=[.;]\s|[.;]?$|,\s)/i;
