// The blocks of one day (or of a confirmation without days), read sentence by sentence after
// the flights: accommodation mentions, transport (trains, buses, ferries, cruises, transfers,
// car rentals, drives), activities with their times and places, and what is left as the day's text.
import type { DraftBlockInput } from '../draft.ts';
import { addDays, daysBetween, scanDates, type IsoDate } from './finders/dates.ts';
import { timeMatches } from './finders/times.ts';
import { readFlights } from './flights.ts';
import { city, countryOfName } from './places.ts';
import { ACCOMMODATION_LABEL, HOTEL_WORDS, OVERNIGHT } from './knowledge/stay-words.ts';
import { ACTIVITY_WORDS } from './knowledge/activity-words.ts';
import { NOT_TRIP_DATE } from './knowledge/document-words.ts';
import { PRICE_WORDS } from './knowledge/money-words.ts';
import { NUMBER_WORDS } from './knowledge/number-words.ts';
import { SENTENCE_BREAK, clean, fold } from './text.ts';
import { STAY_AT, hotelName } from './finders/hotel-names.ts';
import { stationJourney } from './station-times.ts';
import { isTrainModel } from './rail-services.ts';

const OFFER =
  /\b(?:on request|upon request|we can (?:arrange|organi[sz]e|book)|at your disposal|sur demande|a votre disposition|pouvons organiser|bajo peticion|a peticion|a su disposicion|podemos organizar|sob consulta|a pedido|podemos organizar|auf anfrage|konnen wir|su richiesta|a disposizione|possiamo organizzare|if you wish|si lo desea|si vous le souhaitez|se desejar|auf wunsch|se lo desidera)\b/;

type TransportMode =
  | 'train'
  | 'bus'
  | 'ferry'
  | 'cruise'
  | 'transfer'
  | 'carRental'
  | 'car'
  | 'other';

const JOURNEY =
  /\b(?:return journey|journey back|outward journey|ruckreise|ruckfahrt|anreise|hinreise|heimreise|viaje de (?:regreso|vuelta|ida)|regreso a|voyage retour|trajet retour|trajet aller|viagem de (?:regresso|volta|ida)|viaggio di (?:ritorno|andata)|rientro a)\b/;

const OPERATORS: Array<[RegExp, string, TransportMode]> = [
  [/\btrenitalia\b/, 'Trenitalia', 'train'],
  [/\bitalo\b/, 'Italo', 'train'],
  [/\brenfe\b/, 'Renfe', 'train'],
  [/\biryo\b/, 'Iryo', 'train'],
  [/\bouigo\b/, 'Ouigo', 'train'],
  [/\bsncf\b/, 'SNCF', 'train'],
  [/\bdeutsche bahn\b|\bdb\b/, 'Deutsche Bahn', 'train'],
  [/\bobb\b/, 'ÖBB', 'train'],
  [/\bsbb\b|\bcff\b/, 'SBB', 'train'],
  [/\beurostar\b/, 'Eurostar', 'train'],
  [/\bthalys\b/, 'Thalys', 'train'],
  [/\bcomboios de portugal\b|\bcp\b(?= |$)/, 'CP', 'train'],
  [/\bjr\b/, 'JR', 'train'],
  [/\bamtrak\b/, 'Amtrak', 'train'],
  [/\bperurail\b/, 'PeruRail', 'train'],
  [/\blner\b/, 'LNER', 'train'],
  [/\bavanti west coast\b/, 'Avanti West Coast', 'train'],
  [/\bgwr\b|\bgreat western railway\b/, 'GWR', 'train'],
  [/\bscotrail\b/, 'ScotRail', 'train'],
  [/\btranspennine\b/, 'TransPennine Express', 'train'],
  [/\bcrosscountry\b/, 'CrossCountry', 'train'],
  [/\blyria\b/, 'Lyria', 'train'],
  [/\btrenord\b/, 'Trenord', 'train'],
  [/\bnightjet\b/, 'ÖBB Nightjet', 'train'],
  [/\bvia rail\b/, 'VIA Rail', 'train'],
  [/\bsncb\b/, 'SNCB', 'train'],
  [/\binca rail\b/, 'Inca Rail', 'train'],
  [/\bflixbus\b/, 'FlixBus', 'bus'],
  [/\balsa\b/, 'ALSA', 'bus'],
  [/\bgreyhound\b/, 'Greyhound', 'bus'],
  [/\bcruz del sur\b/, 'Cruz del Sur', 'bus'],
  [/\bado\b/, 'ADO', 'bus'],
  [/\bgrimaldi\b/, 'Grimaldi Lines', 'ferry'],
  [/\bmoby\b/, 'Moby', 'ferry'],
  [/\btirrenia\b/, 'Tirrenia', 'ferry'],
  [/\bbalearia\b/, 'Baleària', 'ferry'],
  [/\btrasmediterranea\b|\btrasmed\b/, 'Trasmed', 'ferry'],
  [/\bbrittany ferries\b/, 'Brittany Ferries', 'ferry'],
  [/\bdfds\b/, 'DFDS', 'ferry'],
  [/\bstena line\b/, 'Stena Line', 'ferry'],
  [/\bblue star\b/, 'Blue Star Ferries', 'ferry'],
  [/\bseajets\b/, 'Seajets', 'ferry'],
  [/\bminoan\b/, 'Minoan Lines', 'ferry'],
  [/\banek\b/, 'ANEK Lines', 'ferry'],
  [/\bcorsica ferries\b/, 'Corsica Ferries', 'ferry'],
  [/\bcorsica linea\b/, 'Corsica Linea', 'ferry'],
  [/\bla meridionale\b/, 'La Méridionale', 'ferry'],
  [/\bgnv\b|\bgrandi navi veloci\b/, 'GNV', 'ferry'],
  [/\bcaronte\b/, 'Caronte & Tourist', 'ferry'],
  [/\bliberty lines\b/, 'Liberty Lines', 'ferry'],
  [/\bfred\.? olsen\b/, 'Fred. Olsen', 'ferry'],
  [/\bnavigazione libera\b|\bnlg\b/, 'NLG', 'ferry'],
  [/\bsnav\b/, 'SNAV', 'ferry'],
  [/\bmsc\b/, 'MSC Cruises', 'cruise'],
  [
    /\bcosta (?:cruceros|crociere|cruises|croisieres|kreuzfahrten|cruzeiros)\b|\bcosta (?=\p{Lu})/u,
    'Costa Cruises',
    'cruise',
  ],
  [/\broyal caribbean\b/, 'Royal Caribbean', 'cruise'],
  [/\bnorwegian cruise\b|\bncl\b/, 'Norwegian Cruise Line', 'cruise'],
  [/\bcelebrity\b/, 'Celebrity Cruises', 'cruise'],
  [/\bcarnival\b/, 'Carnival', 'cruise'],
  [/\bprincess cruises\b/, 'Princess Cruises', 'cruise'],
  [/\bviking\b/, 'Viking', 'cruise'],
  [/\baida\b/, 'AIDA', 'cruise'],
  [/\bhurtigruten\b/, 'Hurtigruten', 'cruise'],
  [/\bponant\b/, 'Ponant', 'cruise'],
  [/\bcroisieurope\b/, 'CroisiEurope', 'cruise'],
  [/\bhertz\b/, 'Hertz', 'carRental'],
  [/\bavis\b/, 'Avis', 'carRental'],
  [/\beuropcar\b/, 'Europcar', 'carRental'],
  [/\bsixt\b/, 'Sixt', 'carRental'],
  [/\benterprise\b/, 'Enterprise', 'carRental'],
  [/\bbudget\b(?= rent| car|$)/, 'Budget', 'carRental'],
  [/\balamo\b/, 'Alamo', 'carRental'],
  [/\bgoldcar\b/, 'Goldcar', 'carRental'],
  [/\bthrifty\b/, 'Thrifty', 'carRental'],
  [/\bcentauro\b/, 'Centauro', 'carRental'],
  [/\bok mobility\b/, 'OK Mobility', 'carRental'],
  [/\brecord go\b/, 'Record Go', 'carRental'],
  [/\bmaggiore\b/, 'Maggiore', 'carRental'],
  [/\blocauto\b/, 'Locauto', 'carRental'],
  [/\bkeddy\b/, 'Keddy', 'carRental'],
];

const MODES: Array<[RegExp, TransportMode]> = [
  [
    /\b(?:car rental|rental car|car hire|hire car|rent a car|pick up (?:your |the )?(?:rental )?car|collect (?:your |the )?(?:rental )?car|alquiler de (?:coche|auto|vehiculo|carro)|coche de alquiler|recogida del (?:coche|vehiculo)|location de (?:voiture|vehicule)|voiture de location|prise en charge du vehicule|aluguel de (?:carro|automovel|viatura)|aluguer de (?:carro|viatura)|carro alugado|levantamento da viatura|mietwagens?|autovermietung|ubernahme des (?:mietwagens|fahrzeugs)|noleggio (?:auto|auto con conducente)?|auto a noleggio|ritiro (?:dell')?auto)\b/,
    'carRental',
  ],
  // A cruise ship, not any boarding ("embarquement du véhicule" is a ferry's).
  [
    /\b(?:cruise ship|on board the ship|board the ship|embark on the cruise|embarque en el crucero|a bord du paquebot|embarque no navio de cruzeiro|einschiffung|imbarco sulla nave da crociera)\b|\b(?:\d\s?d\s?\d\s?n|\d[- ]nights?|overnight|\d[- ]days?)\s+(?:cruise|crucero|croisiere|cruzeiro|kreuzfahrt|crociera)\b/,
    'cruise',
  ],
  [
    /\b(?:train|trains|tren|trenes|comboio|zug|bahn|treno|ave|alvia|tgv|inoui|ice|frecciarossa|frecciargento|italo|alfa pendular|intercidades|avlo|iryo|ouigo|eurostar|thalys|intercity|railjet|rail|shinkansen|high-speed train|alta velocidad|alta velocidade|alta velocita|limited express|express train|bullet train|regionalzug|regionalexpress|schnellzug|s-bahn)\b|\b(?:ec|ic|ice|rj|rjx|nj|en|ter|tgv|ir|re|rex)\s?\d{2,5}\b/,
    'train',
  ],
  [
    /\b(?:ferry|ferries|ferri|fast ferry|boat to|barco a|bateau pour|traversier|fahre|autofahre|faehre|traghetto|aliscafo|hydrofoil|catamaran|katamaran|navire|traversee|travesia|traversata|travessia|crossing|uberfahrt|nave|schnellboot|speedboat|fast boat)\b/,
    'ferry',
  ],
  [
    /\b(?:bus|coach|autobus|autocar|autocarro|onibus|pullman|reisebus|fernbus)\b(?! tour| turistico| touristique)/,
    'bus',
  ],
  [
    /\b(?:transfer|transfers|transfere|transferes|traslado|traslados|transfert|transferts|transferencia|trasferimento|trasferimenti|shuttle|navette|privater transfer|airport pick-?up|recogida en el aeropuerto|accueil a l'aeroport)\b/,
    'transfer',
  ],
  // German compounds ("Privattransfer", "Flughafentransfer", "Sammeltransfer") and a pickup at
  // the hotel ("recolha no hotel", "hotel pick-up", "Abholung am Hotel") are transfers too.
  [
    /\b(?:privat|flughafen|hotel|sammel|gruppen|bus|shuttle)transfers?\b|\b(?:recolha (?:no|do) hotel|hotel pick-?up|pick-?up (?:at|from) (?:the |your )?hotel|abholung (?:am|im|vom) hotel|recogida en el hotel|prise en charge a l'hotel|ritiro in hotel|prelievo in hotel)\b/,
    'transfer',
  ],
  // "Hotel → aeroporto do Sal", "Flughafen – Hotel": a ride between the airport and the hotel.
  [
    /\b(?:hotel|airport|aeropuerto|aeroport|aeroporto|flughafen)\b[^\n]{0,20}?\s(?:→|->|–|—|-|>)\s+(?:(?:the|el|la|le|l'|o|a|den|das|zum|zur)\s+)?(?:hotel|airport|aeropuerto|aeroport|aeroporto|flughafen)\b/,
    'transfer',
  ],
  [
    /\b(?:drive|driving|self-drive|road trip|conduccion|conducir|en coche|en voiture|route vers|de carro|conduzir|mit dem auto|fahrt nach|in auto|guida verso)\b/,
    'car',
  ],
];

const TRAIN_NUMBER =
  /\b(?:train|tren|treno|zug|comboio|alfa pendular|frecciarossa|frecciargento|italo|ave|alvia|avlo|iryo|tgv|inoui|ouigo|ice|ic|ec|rj|railjet|eurostar|thalys|intercity|regional|av)\s*(?:n[º°o.]*\s*|no\.?\s*|#\s*)?(\d{2,5})\b/i;
const SHIP =
  /\b(?:ship|vessel|aboard|a bordo del|a bordo do|a bord du|an bord der|nave|navio|navire|schiff|barco)\s+(?:the\s+)?((?:MSC|Costa|AIDA|Mein Schiff|Celebrity|Viking|Norwegian)?\s?\p{Lu}[\p{L}]+(?:\s\p{Lu}[\p{L}]+){0,2})/u;
const ROUTE =
  /(?:\bfrom|\bde|\bdesde|\bdu|\bvon|\bda|\bdal|\bdalla)\s+(?:the\s+|la\s+|el\s+|o\s+)?(\p{Lu}[\p{L}'’.-]+(?:\s(?:de|del|da|do|di|la|am|an der|sur|ob der)?\s?\p{Lu}[\p{L}'’.-]+){0,2})\s+(?:to|a|al|à|au|aux|nach|para|per|ao|à|verso|in direzione di|hacia|vers|zum|zur|hasta|até|ate|bis|fino a|jusqu['’]à|jusqu['’]a)\s+(?:the\s+|la\s+|el\s+|o\s+)?(\p{Lu}[\p{L}'’.-]+(?:\s(?:de|del|da|do|di|la|am|an der|sur|ob der)?\s?\p{Lu}[\p{L}'’.-]+){0,2})/u;
const ARROW_ROUTE =
  /(\p{Lu}[\p{L}'’.]+(?:\s\p{Lu}[\p{L}'’.]+){0,2})\s*(?:→|->|–|—|-|>|›|»)\s*(\p{Lu}[\p{L}'’.]+(?:\s\p{Lu}[\p{L}'’.]+){0,2})/u;
const TOWARD =
  /(?<![\p{L}\p{N}])(?:to|towards?|hacia|vers|para|nach|verso|rumbo a|a|al|ao|à|au|in direzione di)\s+(?:the\s+)?(\p{Lu}[\p{L}'’.-]+(?:\s(?:de|del|da|do|di|la)?\s?\p{Lu}[\p{L}'’.-]+){0,2})/u;
const FROM_PLACE =
  /(?:\bfrom|\bdesde|\bdepuis|\bvon|\bab|\bda|\bdal|\bdalla|\bde|\bdu)\s+(?:the\s+|la\s+|el\s+)?(\p{Lu}[\p{L}'’.-]+(?:\s(?:de|del|da|do|di|la)?\s?\p{Lu}[\p{L}'’.-]+){0,2})/u;
const ARRIVAL_PLACE =
  /(?:\b[Aa]rriv(?:ing|al|es?|ee|ée|o|a)|\b[Ll]legada|\bllega|\b[Cc]hegada|\bchega|\b[Aa]nkunft|\bankommen|,\s+an)\s+(?:(?:at|in|to|a|à|en|em|no|na|an|um|ao|au|al|alla|a la|à la)\s+)?(?:the\s+)?(\p{Lu}[\p{L}'’.-]+(?:\s(?:de|del|da|do|di|la)?\s?\p{Lu}[\p{L}'’.-]+){0,2})/u;
const PLACE_WORDS =
  /^(?:hotel|airport|aeropuerto|aeroport|aeroporto|flughafen|station|estacion|gare|bahnhof|stazione|estacao|port|puerto|porto|hafen|harbour|harbor|the|la|el|le|il|lo|der|die|das)$/i;

const END = String.raw`(?:hotel|hôtel|airport|aeropuerto|aéroport|aeroporto|flughafen)(?:\s(?:de|do|da|del|du|of|von)\s\p{Lu}[\p{L}'’-]+)?`;
const HOTEL_AIRPORT = new RegExp(
  String.raw`(?<![\p{L}])(${END})\s*(?:→|->|–|—|>|\s-\s)\s*(${END})(?![\p{L}])`,
  'iu',
);

const COMPANY_LEAD =
  /^(?:Buses|Autobuses|Autocares|Transportes|Viação|Viacao|Expreso|Empresa|Líneas|Lineas|Ferries|Naviera|Navieras|Compañía|Compagnie|Autolinee|Busunternehmen)(?![\p{L}])/u;

/** Where a transport goes: "from Rome to Florence", "Roma → Firenze", "to Sintra". */
export function routeOf(sentence: string): { from: string | null; to: string | null } {
  // "Alfa Pendular 121 Lisboa Santa Apolónia 09:09 → Porto Campanhã 11:59": each station by its time.
  const journey = stationJourney(sentence);
  if (journey) return { from: tidyPlace(journey.from), to: tidyPlace(journey.to) };
  // A table row ("Frecciarossa 9517 | Milano Centrale 08:00 | Napoli Centrale 12:33"): the cells that open with a place.
  if (/\s\|\s/.test(sentence)) {
    const places = sentence
      .split(/\s+\|\s+/)
      .map((cell) => {
        const m = /^(\p{Lu}[\p{L}'’-]+(?:\s\p{Lu}[\p{L}'’-]+)?)/u.exec(cell.trim());
        const words = m ? m[1]!.split(/\s+/) : [];
        for (let n = words.length; n >= 1; n--)
          if (city(words.slice(0, n).join(' '))) return words.slice(0, n).join(' ');
        return null;
      })
      .filter((p): p is string => Boolean(p));
    if (places.length >= 2) return { from: places[0]!, to: places[1]! };
  }
  const route = ROUTE.exec(sentence);
  // "Autobús regular de Buses Cordillera Austral a Puerto Natales": the company the coach is "of"
  // is not where it leaves from.
  if (route && COMPANY_LEAD.test(route[1]!)) return { from: null, to: tidyPlace(route[2]!) };
  if (route) return { from: tidyPlace(route[1]!), to: tidyPlace(route[2]!) };
  // "from Oslo S at 08:25, arriving in Myrdal at 13:10", "ab Madrid ... Ankunft in Sevilla".
  const from = FROM_PLACE.exec(sentence);
  const arrival = ARRIVAL_PLACE.exec(sentence);
  if (from && arrival && arrival.index > from.index)
    return { from: tidyPlace(from[1]!), to: tidyPlace(arrival[1]!) };
  const arrow = ARROW_ROUTE.exec(sentence);
  const opensWithCity = (s: string) =>
    Boolean(city(s) || city(s.split(/\s+/)[0]!) || city(s.split(/\s+/).slice(0, 2).join(' ')));
  // "Fähre Sućuraj – Drvenik", "ferry Rafina – Mykonos": an arrow right after the transport word is the route, even between villages the gazetteer lacks.
  const MODE_WORD =
    /\b(?:ferry|ferries|fahre|autofahre|faehre|traghetto|aliscafo|bateau|barco|boat|train|tren|zug|treno|comboio|bus|autobus|coach|transfer|traslado|transfert)\s*$/;
  let afterMode = Boolean(arrow && MODE_WORD.test(fold(sentence.slice(0, arrow.index))));
  if (arrow) {
    // The capitalised mode word opening the sentence ("Fähre Sućuraj – Drvenik") is not part of the place.
    const lead = /^(\S+)\s+(.+)$/.exec(arrow[1]!);
    if (lead && MODE_WORD.test(fold(lead[1]!))) {
      arrow[1] = lead[2]!;
      afterMode = true;
    }
  }
  if (
    arrow &&
    !PLACE_WORDS.test(arrow[1]!) &&
    (afterMode || opensWithCity(arrow[1]!) || opensWithCity(arrow[2]!))
  ) {
    // "Trenord Milano Centrale → Tirano": an operator's name before the city is not the place.
    const words = arrow[1]!.split(/\s+/);
    const start = words.findIndex((_, k) => k > 0 && opensWithCity(words.slice(k).join(' ')));
    const from = start > 0 && !opensWithCity(arrow[1]!) ? words.slice(start).join(' ') : arrow[1]!;
    return { from: tidyPlace(from), to: tidyPlace(arrow[2]!) };
  }
  // "Aeroporto do Sal → hotel", "Privattransfer Flughafen – Hotel": a ride between the airport and the hotel.
  const ride = HOTEL_AIRPORT.exec(sentence);
  if (ride) return { from: tidyPlace(ride[1]!), to: tidyPlace(ride[2]!) };
  // "Rückfahrt mit dem EC 176 um 15:16, Ankunft Berlin Hbf 19:35": where it arrives, without its origin.
  if (arrival && !from && !PLACE_WORDS.test(arrival[1]!) && opensWithCity(arrival[1]!))
    return { from: null, to: tidyPlace(arrival[1]!) };
  const toward = TOWARD.exec(sentence);
  // "Transfer zum Flughafen Krakau und Rückflug nach Frankfurt": the flight home's destination is not the transfer's.
  const flightHome =
    toward &&
    /(?:ruckflug|heimflug|return flight|flight home|flight back|vuelo de (?:regreso|vuelta)|vol (?:de )?retour|voo de (?:regresso|volta)|volo di ritorno)\s*$/.test(
      fold(sentence.slice(0, toward.index)),
    );
  if (toward && !flightHome && !PLACE_WORDS.test(toward[1]!))
    return { from: null, to: tidyPlace(toward[1]!) };
  return { from: null, to: null };
}

// The sentence's full stop is not part of the place ("hasta Sevilla."); an abbreviation's is ("Praha hl.n.").
const tidyPlace = (s: string) =>
  clean(s.replace(/\s+(?:Station|Airport|Hbf|Centrale|Termini)$/i, (m) => m))
    .replace(/(?<=\p{Ll}{3})\.$/u, '')
    .slice(0, 80);

// A local rental company: a capitalised name ending in a rental word ("Adria Rent", "Savanna 4x4 Rentals", "Island Wheels").
const RENTAL_COMPANY =
  /(?<![\p{L}])(\p{Lu}[\p{L}'’&-]*(?:\s(?:\p{Lu}[\p{L}'’&-]*|\d\w*|&))*?\s(?:Rent(?:als?)?|Rent a Car|Car Hire|Cars?|Wheels|Mobility|Autos?|Autovermietung|Autonoleggio))(?![\p{L}])/u;
const NOT_COMPANY =
  /^(?:the|your|our|a|an|el|la|le|il|der|die|das|o|um|uma|un|une|uno|una|ihr|ihren|votre|su|seu|sua|vostra|kategorie|category|categoria|categorie|catégorie|flughafen|airport|aeropuerto|aeroport|aeroporto)$/i;

/** The rental company of a car rental no known brand names: a name ending in a rental word, or the name right after the rental words ("voiture de location Budget"). */
export function rentalCompany(sentence: string, folded: string): string | null {
  const named = RENTAL_COMPANY.exec(sentence)?.[1];
  if (named && !NOT_COMPANY.test(named.split(/\s+/)[0]!)) return named;
  const rental = MODES[0]![0].exec(folded);
  if (!rental) return null;
  const next =
    /^\s+(?:(?:bei|chez|with|con|com|presso|da|de|von)\s+)?(\p{Lu}[\p{L}'’&-]+(?:\s\p{Lu}[\p{L}'’&-]+){0,2})/u.exec(
      sentence.slice(rental.index + rental[0].length),
    )?.[1];
  return next && !NOT_COMPANY.test(next.split(/\s+/)[0]!) && !city(next) ? next : null;
}

/** "2D1N cruise w/ Jade Sail", "crucero con Nilo Azul": the company a cruise is with. */
function cruiseLine(sentence: string): string | null {
  const m =
    /\b(?:cruise|crucero|croisiere|croisière|cruzeiro|kreuzfahrt|crociera)\s+(?:w\/|with|con|avec|com|mit)\s+(\p{Lu}[\p{L}'’&-]+(?:\s\p{Lu}[\p{L}'’&-]+){0,2})/iu.exec(
      sentence,
    );
  return m && !city(m[1]!) ? m[1]! : null;
}

export function transportOf(sentence: string): DraftBlockInput | undefined {
  const folded = fold(sentence);
  const operator = OPERATORS.find(([pattern]) => pattern.test(folded));
  let mode = MODES.find(([pattern]) => pattern.test(folded))?.[1];
  const named = mode !== undefined;
  // "sunset cruise", "boat trip to the caves": an outing, not a crossing.
  if (!mode && operator?.[2] && operator[2] !== 'carRental') mode = operator[2];
  if (
    !mode &&
    operator?.[2] === 'carRental' &&
    /\b(?:pick|collect|recog|retir|prise|levant|ubernahme|ritiro|rental|alquiler|location|noleggio|miet)/.test(
      folded,
    )
  )
    mode = 'carRental';
  // "Rückreise ab Zermatt um 09:13 ..., Ankunft Stuttgart Hbf 15:45": a journey by a means the sentence does not name.
  if (!mode && JOURNEY.test(folded) && timeMatches(sentence).length) {
    const route = routeOf(sentence);
    if (route.from && route.to) mode = 'other';
  }
  // "Regional Pinhão 16h50 → Campanhã 19h05": two stops, each with its time, one after the other.
  if (!mode && stationJourney(sentence)) mode = 'other';
  // "Autobús turístico de Cusco a Puno a las 07:00": a sightseeing coach between two places is a leg.
  if (
    (!mode || mode === 'car') &&
    /\b(?:bus|coach|autobus|autocar|autocarro|onibus|pullman|reisebus) (?:tour|turistico|touristique)\b/.test(
      folded,
    )
  ) {
    const route = routeOf(sentence);
    if (route.from && route.to) mode = 'bus';
  }
  if (!mode) return undefined;
  // A heading ("TRANSFERES") or what the price includes ("O preço inclui: voos, transferes, ...")
  // names transfers without booking one.
  if (
    mode === 'transfer' &&
    !timeMatches(sentence).length &&
    (/^\W*\p{L}+\W*$/u.test(sentence) ||
      /\b(?:includes?|included|inclui|incluye|incluido|comprend|compris|inclus|inklusive|enthalten|include|incluso|inclusi)\b[^.]*,/.test(
        folded,
      ))
  )
    return undefined;
  if (mode === 'car' && !/\b(?:from|to|de|a|nach|von|da|para|vers|verso)\b/.test(folded))
    return undefined;
  const { from, to } = routeOf(sentence);
  // "Escursione prenotata ... in pullman", "excursion en autocar": an outing by coach is an activity, not a journey.
  if (
    !from &&
    !to &&
    !operator &&
    (mode === 'bus' || mode === 'car') &&
    /\b(?:excursion|excursions|escursione|escursioni|excursao|ausflug|tagesausflug|tour|visite guidee|visita guiada|visita guidata|fuhrung|sightseeing)\b/.test(
      folded,
    )
  )
    return undefined;
  // "check out 11:00, LNER 1E22 ... at 14:00": the hotel's hour is not the journey's.
  const found = timeMatches(sentence)
    .filter(
      (t) =>
        !/\b(?:check[- ]?out|check[- ]?in|auschecken|einchecken)\W{0,3}(?:um|at|a las|a|à|às|alle|ab|bis)?\s*$/.test(
          fold(sentence.slice(Math.max(0, t.index - 20), t.index)),
        ),
    )
    .map((t) => t.time);
  // "LNER 1S07", "Lyria 9261": the service right after a railway's name (a British headcode too).
  const afterOperator =
    mode === 'train' && operator?.[2] === 'train'
      ? new RegExp(String.raw`${operator[0].source}\s+(\d[A-Z]\d{2}|\d{2,5})\b`, 'i').exec(folded)
      : null;
  const number =
    mode === 'train'
      ? (TRAIN_NUMBER.exec(sentence)?.[1] ?? afterOperator?.[1]?.toUpperCase() ?? null)
      : mode === 'cruise' || mode === 'ferry'
        ? (SHIP.exec(sentence)?.[1]?.trim() ?? null)
        : null;
  const operatorName =
    operator && (operator[2] === mode || (mode === 'carRental' && operator[2] === 'carRental'))
      ? operator[1]
      : mode === 'carRental'
        ? rentalCompany(sentence, folded)
        : mode === 'cruise'
          ? cruiseLine(sentence)
          : null;
  // "Tickets are valid only for the train shown": a note, not a journey. A railway's name alone
  // ("Trenitalia · Gruppo FS Italiane", "CP 2619 4471 3380", its call centre) is a letterhead.
  const bare = !from && !to && !found.length && mode !== 'transfer' && mode !== 'carRental';
  if (bare && !number && !operatorName) return undefined;
  if (bare && !named && (!number || number === afterOperator?.[1]?.toUpperCase())) return undefined;
  const trainName =
    mode === 'train'
      ? ([
          ...sentence.matchAll(
            /\b(Frecciarossa|Frecciargento|Italo|AVE|AVLO|Alvia|Iryo|TGV INOUI|TGV|ICE|Eurostar|Railjet|Nightjet|RJX|Ouigo|Intercity|EC|IC|FR)\s*(\d{2,5})\b/gi,
          ),
        ].find((m) => !isTrainModel(m[1]!, m[2]!)) ?? null)
      : null;
  return {
    type: 'transport',
    content: {
      mode,
      from,
      to,
      time: found[0] ?? null,
      arrivalTime: found[1] ?? null,
      number: trainName ? `${trainName[1]} ${trainName[2]}` : number,
      operator: operatorName,
      description: clean(sentence).slice(0, 300),
    },
    confidence: 0.5 + (from || to ? 0.2 : 0) + (found[0] ? 0.1 : 0),
  };
}

const _TIME_PHRASE =
  /\s*(?:\b(?:at|a las|a la|à|as|às|um|alle|alle ore|ore|from|dalle|desde las|de|ab)\s+)?(?:[01]?\d|2[0-3])(?:\s?[:h.]\s?[0-5]\d)?\s*(?:a\.?m\.?|p\.?m\.?|h\b|hrs\b|uhr\b|horas\b)?(?:\s*(?:-|–|to|a|bis|until)\s*(?:[01]?\d|2[0-3])(?:[:h.][0-5]\d)?\s*(?:a\.?m\.?|p\.?m\.?|h\b|uhr\b)?)?\s*/gi;
const VENUE =
  /\b(?:at|en el|en la|au|a la|à la|no|na|im|in der|al|alla|allo|presso)\s+((?:the\s+)?\p{Lu}[\p{L}'’&.-]*(?:\s(?:da|de|del|di|la|le|el|dei|des|du|the|&|of|do|dos)?\s?\p{Lu}[\p{L}'’&.-]*){0,4})/u;

function activityOf(sentence: string): DraftBlockInput | undefined {
  const folded = fold(sentence);
  const found = timeMatches(sentence);
  if (!ACTIVITY_WORDS.test(folded) && !found.length) return undefined;
  // The title is the sentence without its time phrase ("Vatican Museums tour at 9am" → "Vatican Museums tour").
  let text = sentence;
  for (const t of [...found].reverse()) {
    const before = sentence
      .slice(0, t.index)
      .replace(
        /\s*(?<!\p{L})(?:at|a las|a la|à|as|às|um|alle|alle ore|ore|from|dalle|desde las|ab|approx\.?|about|sobre las|vers|verso le|gegen)\s*$/iu,
        '',
      ); // "às", "à": \b does not see accented letters
    text = `${before} ${text.slice(t.end)}`;
    text = text.replace(/^\s*(?:-|–|to|a|bis|until)\s*/, '');
  }
  text = clean(text.replace(/\(\s*\)/g, '').replace(/\s+([,.;])/g, '$1'));
  if (text.length < 3 || !/\p{L}{3}/u.test(text)) return undefined;
  const [title, ...rest] = text.split(/(?<=[.!?])\s+/);
  const venue = VENUE.exec(sentence);
  const place =
    venue && !city(venue[1]!) && !timeMatches(venue[1]!).length
      ? clean(venue[1]!).slice(0, 120)
      : null;
  return {
    type: 'activity',
    content: {
      title: title!.replace(/[.]$/, '').slice(0, 160),
      time: found[0]?.time ?? null,
      description: rest.length ? rest.join(' ').slice(0, 500) : null,
      place,
    },
    confidence: found.length ? 0.7 : 0.55,
  };
}

const CONNECTIVE =
  /^(?:then|and then|and|puis|ensuite|et|luego|despues|después|y|e|depois|dann|danach|und|poi|quindi|ed)\s+/i;
const NO_TITLE =
  /\b(?:until|till|to|hasta|jusqu['’]?a|jusqu['’]?à|bis|fino alle|fino a|ate|até|a|à|alle|as|às|um|at)\b/gi;

/**
 * "Rijksmuseum at 09:00, then the Anne Frank House at 14:30", "Parque do Caracol às 9h30 e Catedral de
 * Pedra às 14h": one sentence, two activities each with its own time. A new clause starts at a comma or
 * a connective only when the clause so far already has a time and the next part has its own time and
 * words of its own (so "from 10:00 until 12:00" stays one); parts without a time stay with the clause before.
 */
export function timedClauses(sentence: string): string[] {
  // The separators are kept (odd indexes) so that a part joined back reads as written.
  const pieces = sentence.split(
    /(,\s+|\s+(?=(?:then|puis|ensuite|luego|despu[eé]s|depois|dann|danach|poi|quindi|and|et|y|e|und|ed)\s))/i,
  );
  const clauses: string[] = [];
  for (let k = 0; k < pieces.length; k += 2) {
    const piece = pieces[k]!;
    const current = clauses.at(-1);
    const times = timeMatches(piece);
    let words = piece;
    for (const t of [...times].reverse())
      words = `${words.slice(0, t.index)} ${words.slice(t.end)}`;
    const titled = /\p{L}{4,}/u.test(words.replace(CONNECTIVE, '').replace(NO_TITLE, ' '));
    if (current !== undefined && !(times.length && titled && timeMatches(current).length)) {
      clauses[clauses.length - 1] = `${current}${pieces[k - 1]}${piece}`;
    } else clauses.push(piece);
  }
  return clauses.map((clause, k) => (k > 0 ? clause.replace(CONNECTIVE, '') : clause));
}

export interface HotelMention {
  name: string;
  city: string | null;
  nights: number | null;
}

const NIGHTS =
  /\b(\d{1,2}|one|two|three|four|five|six|seven|una|dos|tres|cuatro|cinco|seis|siete|une|deux|trois|quatre|cinq|sept|uma|duas|tres|quatro|eine|zwei|drei|vier|funf|sechs|sieben|due|tre|quattro|cinque|sei|sette)\s*(?:nights?|noches?|nuits?|noites?|nachte|nacht|notti|notte|ubernachtungen)\b/;
const NOTED_STAY =
  /(?:^|[\s>])(?:(\p{Lu}[\p{L}'’-]+)\s+)?(\d{1,2})\s?(?:Ü|ÜN|Üb\.?|nts|N)\.?(?:\s+(\p{Lu}[\p{L}'’-]+))?\s*:\s*(\p{Lu}[^,(;]{2,60})/u;
const NAMED_NIGHTS =
  /(\p{Lu}[\p{L}'’&.-]*(?:\s(?:(?:de|del|da|do|di|du|des|la|le|el|of|the|au|aux|am|an|zum|zur|dos|das)\s)?\p{Lu}[\p{L}'’&.-]*){1,5})\s*\(\s*(\d{1,2}|one|two|three|four|five|six|seven)\s*(?:nights?|noches?|nuits?|noites?|n[äa]chte|nacht|notti|notte)\b/u;

/**
 * Notes that give the nights first: "2 nts Clachaig View B&B, Glencoe", "3 nts Skye, Harbour
 * Lights guesthouse, Portree", "1 nt The Canongate Rooms, Royal Mile": the first part that is not
 * a place is the lodging, a place after it its town.
 */
function countedStay(sentence: string): HotelMention | undefined {
  const m = /^(\d{1,2})\s?(?:nts?|nights?)\.?\s+(?:(?:at|in)\s+)?(\p{Lu}.{2,120})$/u.exec(
    sentence.trim(),
  );
  if (!m) return undefined;
  const parts = m[2]!.split(/,\s+|\s[–—-]\s|\s*\(/).map((p) => p.trim());
  let k = 0;
  while (k < parts.length - 1 && city(parts[k]!)) k++;
  const name = parts[k];
  if (!name || !/^\p{Lu}/u.test(name) || city(name) || countryOfName(name)) return undefined;
  const town = parts.slice(k + 1).find((p) => city(p)) ?? parts.slice(0, k).find((p) => city(p));
  return { name, city: town ?? null, nights: Number(m[1]) };
}

/** A stay named by its nights: "The Lutyens Courtyard (2 nights)"; not a city, a region or a country. */
function namedStay(
  sentence: string,
): { name: string; nights: number | null; index: number } | undefined {
  const m = NAMED_NIGHTS.exec(sentence);
  if (!m) return undefined;
  const name = m[1]!
    .replace(
      /^(?:Installation|Arrivée|Arrival|Check-in|Nuit|Night|Noche|Séjour|Stay|Übernachtung|Pernottamento|Sistemazione|Alojamiento|Hébergement|Transfer|Transfert|Traslado)\s+(?:(?:au|aux|à|a|at|in|im|en|no|na|al|nel|nella|the|la|le|el)\s+)*/u,
      '',
    )
    .replace(/^(?:The|El|La|Le|Il|Das|Der|Die|O|A)\s+(?=\p{Lu})/u, '')
    .trim();
  if (!/^\p{Lu}/u.test(name) || name.length < 4) return undefined;
  const words = name.split(/\s+/);
  if (
    city(name) ||
    city(words.at(-1)!) ||
    countryOfName(name) ||
    /^(?:Day|Dia|Día|Jour|Tag|Giorno|Night|Noche|Nuit|Hotel|Hôtel)$/i.test(words[0]!)
  )
    return undefined;
  return { name, nights: nightsOf(/(\S+)$/.exec(m[2]!)), index: m.index };
}

const nightsOf = (m: RegExpExecArray | null) =>
  m ? Number(m[1]) || NUMBER_WORDS[m[1]!] || null : null;

/** A city named in a sentence after "in"/"en"/"à"... (a whole word: not the "a" ending "Hostería"), or its last known city. */
export function cityIn(sentence: string): string | null {
  for (const m of sentence.matchAll(
    /(?<![\p{L}\p{N}])(?:in|In|en|En|à|a|em|Em|no|na|nach|im|Im|in der|at)\s+(\p{Lu}[\p{L}'’-]+(?:\s(?:de|del|da|do|di|la)?\s?\p{Lu}[\p{L}'’-]+){0,2})/gu,
  )) {
    const words = m[1]!.split(/\s+/);
    for (let n = words.length; n >= 1; n--) {
      const name = words.slice(0, n).join(' ');
      const place = city(name);
      // "en Bahía Redonda" (a hotel), "Torres del Paine": a gazetteer town cut short of the name is not the place.
      if (place && (n === words.length || place.population === Number.MAX_SAFE_INTEGER))
        return name;
    }
  }
  return null;
}

/**
 * "Regional Pinhão 16h50 → Campanhã 19h05, Alfa 19h52 → Lisboa 22h41": a connection written as
 * one sentence is a journey per leg.
 */
function connections(sentence: string): string[] {
  const parts = sentence.split(
    /,\s+|;\s+|\s+(?:then|puis|depois|dann|poi|luego|e poi|and then)\s+/,
  );
  return parts.length >= 2 && parts.filter((p) => stationJourney(p)).length >= 2
    ? parts
    : [sentence];
}

export interface DayReading {
  blocks: DraftBlockInput[];
  hotels: HotelMention[];
  overnightCity: string | null;
}

// As SENTENCE_BREAK, and a full stop without its space ("...Museum.Then"), and semicolons.
const SENTENCE = new RegExp(
  String.raw`${SENTENCE_BREAK.source}|(?<=[a-z\d)])(?<!(?:^|[\s(\[])\d{1,2}|\d{1,2}\.\d{1,2})\.\s*(?=\p{Lu})|;\s+`,
  'u',
);

/** The blocks of a day: flights first (they span several lines), then each sentence read as the first kind it matches. */
const ARRIVAL_BEFORE =
  /\b(?:arrival|arriving|arrives?|llegada|llega|arrivee|arrive|chegada|chega|ankunft|arrivo|arriva)\b/;

/**
 * A crossing or night train that arrives another day: the date written after its arrival word
 * ("arrivée à Ajaccio le samedi 23 mai à 07h00"), else the next day when it arrives before it
 * leaves (a surface journey keeps its timezone).
 */
function overnightArrival(
  block: Extract<DraftBlockInput, { type: 'transport' }>,
  sentence: string,
  date: IsoDate | null,
  now: Date,
  anchor: IsoDate | null,
): void {
  const c = block.content;
  if (!date || !c.time || !c.arrivalTime || c.arrivalDate) return;
  const word = ARRIVAL_BEFORE.exec(fold(sentence));
  const written = word
    ? scanDates(sentence.slice(word.index), now, anchor).find(
        (d) => d.date > date && daysBetween(date, d.date) <= 2,
      )?.date
    : undefined;
  if (written) c.arrivalDate = written;
  else if (c.arrivalTime < c.time && c.mode !== 'carRental') c.arrivalDate = addDays(date, 1);
}

export function readDay(
  lines: readonly string[],
  date: IsoDate | null,
  now: Date,
  anchor: IsoDate | null,
): DayReading {
  // Sentences first: a flight ends at its full stop, and the hotel after it is read on its own.
  const joined = joinWrapped(lines).flatMap((line) =>
    line
      .split(SENTENCE)
      .map((s) => s.trim())
      .filter(Boolean),
  );
  const { flights, used } = readFlights(joined, date, now, anchor);
  const ordered: Array<{ at: number; block: DraftBlockInput }> = flights.map((f) => ({
    at: f.line,
    block: f.block,
  }));
  const hotels: HotelMention[] = [];
  const leftover: string[] = [];
  let overnightCity: string | null = null;
  joined.forEach((line, i) => {
    if (used.has(i)) {
      // A flight's sentence may also name the hotel ("..., arrivo a Istanbul alle 15:55, transfer e check-in all'Hotel Pera Lanterna (3 notti)").
      const folded = fold(line);
      if (STAY_AT.test(line) && HOTEL_WORDS.test(folded)) {
        const name = hotelName(line.slice(STAY_AT.exec(line)!.index));
        if (name)
          hotels.push({
            name,
            city: cityIn(line.slice(line.indexOf(name))),
            nights: nightsOf(NIGHTS.exec(folded)),
          });
      }
      return;
    }
    for (const sentence of line
      .split(SENTENCE)
      .map((s) => s.trim())
      .filter(Boolean)
      .flatMap(connections)) {
      const folded = fold(sentence);
      if (
        PRICE_WORDS.test(folded) &&
        /\d/.test(sentence) &&
        /[€$£]|\b(?:eur|usd|gbp|chf)\b/i.test(sentence)
      )
        continue; // the trip's price, read from the whole document
      const overnight =
        /\b(?:overnight|night in|nights in|stay in|noche en|noches en|alojamiento|nuit a|nuits a|nuit en|hebergement|noite em|noites em|pernoite|alojamento|ubernachtung|pernottamento)\b/.test(
          folded,
        )
          ? cityIn(sentence)
          : null;
      if (overnight) overnightCity = overnight;
      // "Private transfer to Casa do Largo Boutique Hotel": the transfer and the stay.
      const transferToHotel =
        HOTEL_WORDS.test(folded) &&
        /\b(?:transfer|transfers|traslado|transfert|trasferimento|transfer zum|transfer to|fahrt zum)\b/.test(
          folded,
        );
      if (transferToHotel) {
        const name = hotelName(sentence);
        if (name && !/^(?:the|el|la|le|il|das|o|a)?\s*(?:hotel|hôtel)$/i.test(name))
          hotels.push({ name, city: cityIn(sentence), nights: nightsOf(NIGHTS.exec(folded)) });
      }
      // "transferred to The Lutyens Courtyard (2 nights)", "Installation au Manoir du Cap-Diamant (2 nuits)":
      // a name followed by its nights is a stay, hotel word or not (a city's nights are not).
      // Notes' shorthand: "Bergen 3 Ü: Bryggen Loft Apartments", "2N: Riad Dar Zitoun".
      const noted = NOTED_STAY.exec(sentence);
      if (noted) {
        const town = [noted[1], noted[3]].find((t) => t && city(t)) ?? null;
        hotels.push({ name: noted[4]!.trim(), city: town, nights: Number(noted[2]) });
        continue;
      }
      const counted = countedStay(sentence);
      if (counted) {
        hotels.push(counted);
        continue;
      }
      const named = !STAY_AT.test(sentence) ? namedStay(sentence) : undefined;
      if (named) {
        // Its city is named after it ("..., in Jaipur"), not on the way there ("via Doha").
        hotels.push({
          name: named.name,
          city: cityIn(sentence.slice(named.index)) ?? overnight,
          nights: named.nights,
        });
        const before = sentence.slice(0, named.index).replace(/[\s,;:–—-]+$/, '');
        const journey = before.length >= 12 ? transportOf(before) : undefined;
        if (journey) ordered.push({ at: i, block: journey });
        continue;
      }
      if (
        !transferToHotel &&
        (STAY_AT.test(sentence) ||
          ACCOMMODATION_LABEL.test(folded) ||
          (HOTEL_WORDS.test(folded) && (OVERNIGHT.test(folded) || NIGHTS.test(folded))) ||
          /^(?:hotel|hôtel|pousada|parador|riad|albergo|hostal)\b/i.test(sentence))
      ) {
        const name = hotelName(sentence);
        if (name) {
          const nights = NIGHTS.exec(folded);
          // "Hotel España, Inverness", "Hotel Roma (Florence)": the city right after the name.
          const after = sentence.slice(sentence.indexOf(name) + name.length);
          const next = /^\s*[,(–-]\s*(\p{Lu}[\p{L}'’-]+(?:\s\p{Lu}[\p{L}'’-]+)?)/u.exec(after)?.[1];
          const named = next
            ? city(next)
              ? next
              : city(next.split(' ')[0]!)
                ? next.split(' ')[0]!
                : null
            : null;
          hotels.push({
            name,
            city: named ?? cityIn(sentence) ?? overnight,
            nights: nightsOf(nights),
          });
          // The journey that brings the traveller there, before the stay in the same sentence
          // ("LNER 1S07 from King's Cross 09:00, arrive Edinburgh 13:22, check in at The Calton Rooms").
          const at = STAY_AT.exec(sentence)?.index ?? sentence.indexOf(name);
          const before = sentence.slice(0, Math.max(0, at)).replace(/[\s,;:–—-]+$/, '');
          const journey = before.length >= 12 ? transportOf(before) : undefined;
          if (journey?.type === 'transport' && journey.content.time)
            ordered.push({ at: i, block: journey });
          continue;
        }
      }
      // Conditions, questions and offers ("free cancellation until...", "can you add...?", "we can arrange...") are not bookings.
      if (NOT_TRIP_DATE.test(folded) || /\?\s*$/.test(sentence) || OFFER.test(folded)) {
        leftover.push(sentence);
        continue;
      }
      const transport = transportOf(sentence);
      if (transport) {
        if (transport.type === 'transport')
          overnightArrival(transport, sentence, date, now, anchor);
        ordered.push({ at: i, block: transport });
        continue;
      }
      const activities = timedClauses(sentence)
        .map(activityOf)
        .filter((a): a is DraftBlockInput => Boolean(a));
      if (activities.length) {
        for (const activity of activities) ordered.push({ at: i, block: activity });
        continue;
      }
      leftover.push(sentence);
    }
  });
  const blocks = ordered.sort((a, b) => a.at - b.at).map((o) => o.block);
  const text = leftover.join(' ').trim();
  if (text)
    blocks.unshift({ type: 'text', content: { text: text.slice(0, 2000) }, confidence: 0.5 });
  return { blocks, hotels, overnightCity };
}

/** Lines a PDF or OCR wrapped mid-sentence, joined again. */
export function joinWrapped(lines: readonly string[]): string[] {
  const out: string[] = [];
  for (const line of lines) {
    const previous = out.at(-1);
    const wrapped =
      previous !== undefined &&
      !/[.!?:;\d)|]$/.test(previous) &&
      !/\|/.test(line) &&
      (/^\p{Ll}/u.test(line) || (previous.length >= 60 && !/:/.test(line.slice(0, 30))));
    if (wrapped) out[out.length - 1] = `${previous} ${line}`;
    else out.push(line);
  }
  return out;
}
