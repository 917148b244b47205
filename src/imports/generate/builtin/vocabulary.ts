// Words of itinerary documents in the six languages the import reads (en, es, fr, pt, de, it),
// written without accents: the extractor matches against text folded the same way (fold()).

/** Lower case, accents removed, dashes and spaces unified: what every pattern here matches. Keeps offsets (one character each). */
export const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFC')
    .toLowerCase()
    .replace(/ß/g, 's')
    .replace(/ı/g, 'i') // Turkish dotless i ("Kuşadası"): no accent to strip
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/[\t\u00a0]/g, ' ');

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
const MONTH_NAMES = [...new Set(MONTH_WORDS.flatMap(([, words]) => words))]
  .sort((a, b) => b.length - a.length)
  .join('|');
export const MONTH_PATTERN = [...MONTHS.keys()].sort((a, b) => b.length - a.length).join('|');

export const WEEKDAYS = String.raw`(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun|lunes|martes|miercoles|jueves|viernes|sabado|domingo|lun|mar|mie|jue|vie|sab|dom|lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|segunda-feira|terca-feira|quarta-feira|quinta-feira|sexta-feira|segunda|terca|quarta|quinta|sexta|seg|ter|qua|qui|sex|montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonnabend|sonntag|mo|di|mi|do|fr|sa|so|lunedi|martedi|mercoledi|giovedi|venerdi|sabato|domenica|gio|ven)\.?`;

/** The word "day" in the six languages, and ordinal day words ("first day", "primer día", "premier jour"). */
export const DAY_WORD = `(?:day|days|dia|dias|jour|jours|journee|tag|tage|giorno|giorni|giornata|jr|j|d|gg)`;
const ORDINALS: Record<string, number> = {
  first: 1,
  second: 2,
  third: 3,
  fourth: 4,
  fifth: 5,
  sixth: 6,
  seventh: 7,
  eighth: 8,
  ninth: 9,
  tenth: 10,
  primer: 1,
  primero: 1,
  segundo: 2,
  tercer: 3,
  tercero: 3,
  cuarto: 4,
  quinto: 5,
  sexto: 6,
  septimo: 7,
  octavo: 8,
  noveno: 9,
  decimo: 10,
  premier: 1,
  deuxieme: 2,
  troisieme: 3,
  quatrieme: 4,
  cinquieme: 5,
  sixieme: 6,
  septieme: 7,
  huitieme: 8,
  neuvieme: 9,
  dixieme: 10,
  primeiro: 1,
  terceiro: 3,
  setimo: 7,
  oitavo: 8,
  nono: 9,
  erster: 1,
  zweiter: 2,
  dritter: 3,
  vierter: 4,
  funfter: 5,
  sechster: 6,
  siebter: 7,
  achter: 8,
  neunter: 9,
  zehnter: 10,
  primo: 1,
  secondo: 2,
  terzo: 3,
  quarto: 4,
  sesto: 6,
  settimo: 7,
  ottavo: 8,
};
export const ORDINAL_WORDS = new Map(Object.entries(ORDINALS));
const ORDINAL_PATTERN = Object.keys(ORDINALS)
  .sort((a, b) => b.length - a.length)
  .join('|');

/**
 * A day header at the start of a (folded) line: "Day 3", "Día 3 -", "Jour 3 :", "Tag 3.", "3° giorno",
 * "3rd day", "J3", "D3", "Primer día", "Days 3-4", "Giorni 3/4". Groups: 1 first day number, 2 last day
 * number of a range, 3 ordinal word, 4 the rest of the line.
 */
export const DAY_HEADER = new RegExp(
  String.raw`^\s*(?:` +
    String.raw`${DAY_WORD}\s*\.?\s*(\d{1,2})(?:\s*(?:-|/|a|al|to|bis|au|e|y|&|and)\s*(\d{1,2})(?!\s*(?:de\s+|of\s+)?(?:${MONTH_NAMES})\b)(?![./:]\d))?(?![.:/]\d|h\d|\s*(?:am|pm)\b)` +
    String.raw`|(\d{1,2})\s*(?:st|nd|rd|th|º|ª|°|o|a|er|re|eme|e|\.)?\s*(?:day|dia|jour|journee|tag|giorno|giornata)` +
    String.raw`|(${ORDINAL_PATTERN})\s+${DAY_WORD}` +
    String.raw`)\b\s*[:.\-|)–—]*\s*(.*)$`,
  'i',
);

export const DURATION_DAYS = /\b(\d{1,2})\s*(?:days?|dias?|jours?|tage?n?|giorni|giornate|d)\b/;
export const DURATION_NIGHTS =
  /\b(\d{1,2})\s*(?:nights?|noches?|nuits?|noites?|nachte?n?|notti|n)\b/;

export const FLIGHT_WORDS =
  /\b(?:hinflug|ruckflug|outbound|inbound|flight|flights|vuelo|vuelos|vol|vols|voo|voos|flug|fluge|volo|voli|airline|aerolinea|compagnie|companhia|fluggesellschaft|compagnia|flight no|flight number)\b/;
export const HOTEL_WORDS =
  /\b(?:hotel|hotels|hostal|hostel|parador|resort|lodge|inn|pousada|albergo|pensione|pension|riad|guesthouse|guest house|b&b|apartment|apartamento|appartement|ryokan|camp|glamping|villa|chalet|agriturismo|masseria|quinta|estancia|hacienda|posada|auberge|gite|palazzo|relais|hotel|residence|suites)\b/;
export const ACCOMMODATION_LABEL =
  /^\s*(?:accommodation|accomodation|hotel|hotels|overnight|lodging|stay|property|alojamiento|hospedaje|hotel\/alojamiento|establecimiento|hebergement|logement|nuit|hotel \/ hebergement|alojamento|hospedagem|pernoite|estadia|unterkunft|ubernachtung|hotel\/unterkunft|pernottamento|alloggio|sistemazione|struttura)(?:\s*(?:[:\-–]|\s\d)|\s+(?:in|en|a|em|im|at|di|ad)\s+[^:,.\d€$£]{2,30}:)/;
export const OVERNIGHT =
  /\b(?:overnight|night in|nights? at|stay at|noche en|alojamiento en|nuit a|nuit en|pernoite em|noite em|ubernachtung in|pernottamento a|pernottamento in|check-?in)\b/;
export const CHECK_IN =
  /\b(?:check-?in|arrival|llegada|entrada|arrivee|chegada|anreise|arrivo|from|desde|du|von|dal)\b/;
export const CHECK_OUT =
  /\b(?:check-?out|departure|salida|depart|saida|abreise|partenza|until|hasta|au|bis|al)\b/;

export const ACTIVITY_WORDS =
  /(?<!petit-)(?<!petit )\b(?:visit|visits|visiting|tour|tours|guided|excursion|excursions|walk|walking|hike|hiking|cruise|museum|museums|cathedral|palace|castle|dinner|lunch|tasting|show|safari|snorkel|snorkeling|boat trip|sightseeing|explore|discover|class|workshop|concert|opera|spa|kayak|market|gallery|basilica|colosseum|visita|visitas|guiada|excursion|excursiones|paseo|caminata|crucero|museo|museos|catedral|palacio|castillo|cena|almuerzo|degustacion|espectaculo|descubrir|conocer|recorrido|clase|taller|concierto|visite|visites|guidee|promenade|randonnee|croisiere|musee|musees|chateau|diner|dejeuner|degustation|spectacle|decouverte|balade|atelier|cours|passeio|caminhada|cruzeiro|museu|museus|castelo|jantar|almoco|degustacao|aula|oficina|espetaculo|besuch|besichtigung|fuhrung|stadtfuhrung|ausflug|wanderung|rundgang|schifffahrt|dom|schloss|abendessen|mittagessen|verkostung|weinprobe|konzert|kurs|escursione|passeggiata|crociera|duomo|castello|pranzo|degustazione|lezione|corso|spettacolo|giro|tramonto|sunset)\b/;

export const PRICE_WORDS =
  /\b(?:price|prices|cost|total|amount|fare|rate|grand total|precio|precios|importe|tarifa|coste|costo|prix|tarif|montant|preco|valor|preis|gesamtpreis|reisepreis|betrag|kosten|summe|prezzo|quota|importo|totale)\b/;
export const PER_PERSON =
  /(?:\bper person\b|\bper pax\b|\bpp\b|\bp\.p\.|\bpor persona\b|\bpor pax\b|\bpar personne\b|\bpar pers\b|\bpor pessoa\b|\bpro person\b|\bp\.p\b|\ba persona\b|\bper persona\b|\bpersona\b|\bpro kopf\b|\bpor adulto\b|\bper adult\b|\bpar adulte\b|\bpro erwachsenem?\b|\bper adulto\b|\bp\.\s?p\.|\bquota individuale\b|\bindividuale\b|\ba testa\b|\bpro teilnehmer\b|\bpor participante\b|\bpar participant\b|\b(?:in|en|em) (?:habitacion|chambre|quarto|camera|doppelzimmer) doble\b|\bin double\b|\bbase doble\b|\bbase double\b|\/\s*(?:person|persona|pers|pessoa|pax))/;

/** Lines that date something other than the trip (when it was booked, issued, must be paid or cancelled). */
export const NOT_TRIP_DATE =
  /\b(?:purchase|purchased|bought|achat|achete|acquisto|acquistato|compra|comprado|kauf|gekauft|data acquisto|fecha de compra|date d'achat|data da compra|kaufdatum|booked on|booking date|date of booking|issued|issue date|date of issue|invoice|payment|pay by|paid|deadline|due|valid until|printed|sent|date:|fecha de reserva|reservado el|emitido|emision|pago|vencimiento|cancelacion|anulacion|emission|paiement|emise|facture|reserve le|date de reservation|annulation|echeance|emitido em|pagamento|data da reserva|cancelamento|vencimento|gebucht am|buchungsdatum|ausgestellt|zahlung|rechnung|storno|stornierung|falligkeit|prenotato il|data di prenotazione|emesso|fattura|scadenza|cancellazione|annullamento|saldo|balance|deposit|deposito|pagado|abonar|a pagar|restzahlung|reste a payer|importe restante|valor restante|anzahlung|acompte|acconto|sinal|senal|birth|nacimiento|naissance|nascimento|geburt|nascita|passport|pasaporte|passeport|passaporte|reisepass|passaporto|expiry|expires|caducidad|quote valid|offer valid|valido hasta|valida hasta|valable jusqu|valido ate|valida ate|gultig bis|valido fino|valida fino|oferta valida|offre valable|angebot gultig|offerta valida|last updated|actualizado|mis a jour|atualizado|aktualisiert|aggiornato)\b/;

/** Recurring departures: a programme sold on many dates has no dates of its own. */
export const RECURRING =
  /\b(?:every (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|day|week)|daily departures?|departures? (?:every|daily|on request|weekly)|weekly departures?|departure dates|fechas de salida|salidas? (?:todos|cada|diarias?|semanales|garantizadas)|todos los (?:lunes|martes|miercoles|jueves|viernes|sabados|domingos|dias)|dates de depart|departs? (?:tous|chaque)|tous les (?:lundis|mardis|mercredis|jeudis|vendredis|samedis|dimanches|jours)|datas de (?:saida|partida)|saidas? (?:todas|diarias|semanais|garantidas)|todas as (?:segundas|tercas|quartas|quintas|sextas)|todos os (?:sabados|domingos|dias)|reisetermine|abreise (?:jeden|taglich)|jeden (?:montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag)|termine|date di partenza|partenze (?:ogni|tutti|giornaliere|settimanali|garantite)|ogni (?:lunedi|martedi|mercoledi|giovedi|venerdi|sabato|domenica)|tutti i (?:lunedi|martedi|mercoledi|giovedi|venerdi|sabati|giorni))\b/;

/** Words of the document type, never in a title an agent writes. */
export const BOILERPLATE =
  /\b(?:boarding pass|boarding|cartao de embarque|carte d'embarquement|tarjeta de embarque|bordkarte|carta d'imbarco|carta di imbarco|booking|bookings|confirmation|confirmed|reservation|itinerary|e-?ticket|ticket|receipt|invoice|voucher|quote|quotation|proposal|your|ref|reference|order|summary|details|document|pnr|reserva|reservas|confirmacion|confirmada|confirmado|itinerario|billete|recibo|factura|bono|presupuesto|cotizacion|propuesta|resumen|localizador|su |tu |reservation|confirmation|itineraire|billet|recu|facture|devis|proposition|votre|vos|dossier|confirmacao|bilhete|fatura|orcamento|proposta|sua|seu|buchung|buchungsbestatigung|reisebestatigung|reiseunterlagen|reisedokumente|hotelbestatigung|bestatigung|reiseplan|reiseverlauf|rechnung|angebot|ihre|ihr|buchungsnummer|prenotazione|conferma|biglietto|ricevuta|fattura|preventivo|proposta|vostra|vostro|la tua|il tuo)\b/;

/** Headers that close the day-by-day programme: what follows is about the whole trip. */
export const CLOSING_HEADER =
  /^(?:(?:the )?price includes?|prices? include|included|includes|what'?s included|inclusions?|not included|excluded|excludes|exclusions?|what'?s not included|the price does not include|prices?|price per person|rates?|terms|terms and conditions|conditions|booking conditions|cancellation|cancellation policy|payment|payments|payment terms|notes?|important|important information|good to know|useful information|hotels?|accommodations?|your hotels|flights?|el precio incluye|precio incluye|incluye|incluido|incluidos|servicios incluidos|no incluye|no incluido|no incluidos|el precio no incluye|precios?|tarifas?|condiciones|condiciones generales|cancelaciones?|politica de cancelacion|forma de pago|pagos?|notas?|importante|informacion importante|hoteles|hoteles previstos|alojamientos|vuelos|le prix comprend|ce prix comprend|inclus|compris|nos prix comprennent|le prix ne comprend pas|ce prix ne comprend pas|nos prix ne comprennent pas|ce tarif ne comprend pas|non inclus|non compris|ne comprend pas|tarifs?|conditions generales|annulation|conditions d'annulation|paiement|reglement|a noter|informations pratiques|hotels prevus|hebergements|o preco inclui|inclui|incluido|incluidos|o que inclui|nao inclui|nao incluido|o preco nao inclui|precos?|condicoes|condicoes gerais|cancelamento|pagamento|observacoes|notas|informacoes importantes|hoteis|hoteis previstos|voos|leistungen|inklusivleistungen|im preis enthalten|inbegriffen|inklusive|unsere leistungen|nicht inbegriffen|nicht enthalten|nicht im preis enthalten|exklusive|preise?|reisepreis|preis pro person|bedingungen|reisebedingungen|storno|stornobedingungen|zahlung|zahlungsbedingungen|hinweise|wichtige hinweise|hotels|ihre hotels|fluge|la quota comprende|quota comprende|comprende|incluso|inclusi|compreso|la quota non comprende|non comprende|non incluso|non inclusi|escluso|esclusi|quote|quota|prezzi?|condizioni|condizioni generali|penali|cancellazione|pagamenti?|note|informazioni utili|hotel previsti|voli)\b/;

export const INCLUDED_HEADER =
  /^(?:(?:the )?(?:tour |trip |package )?price includes?|prices? include|included(?: services| in the price)?|includes|inclusions?|what'?s included|el precio incluye|precio incluye|el programa incluye|incluye|incluido|incluidos|servicios incluidos|que incluye|le prix comprend|ce prix comprend|nos prix comprennent|inclus|compris|ce qui est inclus|o preco inclui|inclui|incluido|incluidos|o que inclui|o pacote inclui|leistungen|inklusivleistungen|im preis enthalten|inbegriffen|inklusive|unsere leistungen|im reisepreis enthalten|la quota comprende|quota comprende|comprende|incluso|inclusi|compreso|cosa include)\b/;
export const EXCLUDED_HEADER =
  /^(?:nicht inklusive|not included|excluded|excludes|exclusions?|what'?s not included|(?:the )?(?:tour |trip |package )?price (?:does not|doesn'?t) include|prices? do not include|no incluye|no incluido|no incluidos|el precio no incluye|no esta incluido|servicios no incluidos|le prix ne comprend pas|ce prix ne comprend pas|nos prix ne comprennent pas|ce tarif ne comprend pas|non inclus|non compris|ne comprend pas|ce qui n'est pas inclus|nao inclui|nao incluido|nao incluidos|o preco nao inclui|nicht inbegriffen|nicht enthalten|nicht im preis enthalten|nicht im reisepreis enthalten|nicht im (?:reise)?preis inbegriffen|exklusive|la quota non comprende|quota non comprende|non comprende|non incluso|non inclusi|escluso|esclusi|cosa non include)\b/;

export const TRAVELLERS =
  /\b(\d{1,2})\s*(?:adults?|travell?ers?|passengers?|people|persons?|guests?|pax|adultos?|viajeros?|pasajeros?|personas?|huespedes|adultes?|voyageurs?|passagers?|personnes?|viajantes?|passageiros?|pessoas?|hospedes|erwachsene|reisende|personen|gaste|adulti|viaggiatori|passeggeri|persone|ospiti)\b/;

/**
 * Where a line splits into sentences: after ".", "!" or "?" before a capital, but not after a
 * numeric date's dots ("So 19.04. Zug nach Porto", "am 5. Mai"), which end no sentence.
 */
export const SENTENCE_BREAK =
  /(?<!(?:^|[\s([])\d{1,2}\.|\d{1,2}\.\d{1,2}\.)(?<=[.!?])\s+(?=\p{Lu})/u;

/**
 * A sentence about another, earlier trip ("El año pasado fuimos a Cuba del 3 al 12 de marzo",
 * "letztes Jahr waren wir ..."): its dates and places are not this trip's.
 */
export const PAST_TRIP =
  /\b(?:last year|last summer|last time|previously|el ano pasado|el verano pasado|la ultima vez|l'an dernier|l'annee derniere|l'ete dernier|la derniere fois|o ano passado|no ano passado|ano passado|da ultima vez|letztes jahr|letzten sommer|voriges jahr|vergangenes jahr|letztes mal|l'anno scorso|l'estate scorsa|l'ultima volta)\b/;
