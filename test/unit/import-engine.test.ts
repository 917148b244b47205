// The built-in free-text engine and the validation stage on short documents written for these
// tests (six languages, the layouts of issue 14): each test states what an agent would keep.
import { describe, expect, it } from 'vitest';
import { extractDraft } from '../../src/imports/generate/builtin/builtin.generator.ts';
import { readDocument } from '../../src/imports/generate/builtin/document-lines.ts';
import { timedClauses } from '../../src/imports/generate/builtin/blocks.ts';
import { configurationOf } from '../../src/imports/generate/configuration.ts';
import { draftSchema, type Draft, type DraftBlock } from '../../src/imports/generate/draft.ts';
import {
  findInclusions,
  findPayments,
  findPrice,
} from '../../src/imports/generate/builtin/money.ts';
import { validateDraft } from '../../src/imports/generate/validate.ts';

const NOW = new Date('2026-01-15T00:00:00Z');
const read = (text: string) => validateDraft(extractDraft(text, NOW)).draft;
const blocksOf = (draft: Draft, type: DraftBlock['type']): Array<Record<string, unknown>> =>
  draft.days.flatMap((d) =>
    d.blocks.filter((b) => b.type === type).map((b) => ({ day: d.day, ...b.content })),
  );

const ROME = `ROME LONG WEEKEND - BOOKING CONFIRMATION
Ref: XK7P2Q
Travellers: 2 adults

Friday 8 May 2026 - Day 1
Flight BA548 London Heathrow (LHR) 08:15 - Rome Fiumicino (FCO) 11:50
Private transfer to the hotel. Check in at Hotel Artemide, Via Nazionale 22.
Evening walk to Piazza di Spagna and the Trevi Fountain.

Saturday 9 May 2026 - Day 2
09:00 Vatican Museums and Sistine Chapel guided tour
Dinner at Trattoria da Enzo at 20:00

Sunday 10 May 2026 - Day 3
Colosseum and Roman Forum tour at 10:30

Monday 11 May 2026 - Day 4
Transfer to the airport.
Flight BA549 Rome Fiumicino (FCO) 12:40 - London Heathrow (LHR) 14:35

Price: €1,290 per person (total €2,580 for 2 travellers)
Deposit: €500 due on booking; balance by 1 April 2026.
The price includes: flights, 3 nights with breakfast, transfers, guided tours.
Not included: city tax, tips.`;

describe('the Rome weekend of issue 14 ("Friday 8 May 2026 - Day 1" headers)', () => {
  const draft = read(ROME);

  it('reads four days, each with its own blocks, the way back on the last day', () => {
    expect(draft.days.map((d) => [d.day, d.date])).toEqual([
      [1, '2026-05-08'],
      [2, '2026-05-09'],
      [3, '2026-05-10'],
      [4, '2026-05-11'],
    ]);
    const flights = blocksOf(draft, 'flight');
    expect(
      flights.map((f) => [
        f.day,
        f.flightNumber,
        f.airline,
        f.departureAirport,
        f.arrivalAirport,
        f.departureTime,
      ]),
    ).toEqual([
      [1, 'BA548', 'British Airways', 'LHR', 'FCO', '08:15'],
      [4, 'BA549', 'British Airways', 'FCO', 'LHR', '12:40'],
    ]);
    expect(blocksOf(draft, 'activity').map((a) => [a.day, a.time])).toEqual([
      [1, null],
      [2, '09:00'],
      [2, '20:00'],
      [3, '10:30'],
    ]);
  });

  it('leaves a bare check-in or check-out time to the stay instead of making it an activity', () => {
    const draft = read(`Friday 8 May 2026 - Day 1
Check-in at Hotel Artemide from 14:00.
Walk to the Trevi Fountain at 17:00.

Saturday 9 May 2026 - Day 2
Check-out by 11:00.
Train to Florence at 12:30.`);
    const titles = blocksOf(draft, 'activity').map((a) => String(a.title).toLowerCase());
    expect(titles.some((t) => t.startsWith('check'))).toBe(false);
    expect(titles.some((t) => t.includes('trevi'))).toBe(true);
  });

  it('keeps the hotel from check-in to the last day: three nights', () => {
    expect(blocksOf(draft, 'accommodation')).toMatchObject([
      {
        day: 1,
        name: 'Hotel Artemide',
        checkIn: '2026-05-08',
        checkOut: '2026-05-11',
        nights: 3,
        city: 'Rome',
      },
    ]);
  });

  it('writes the trip fields an agent would: normal case title, dates, Italy only, Rome time, the per-person price with its total', () => {
    expect(draft.title).toBe('Rome long weekend');
    expect([draft.dateStart, draft.dateFinish, draft.duration]).toEqual([
      '2026-05-08',
      '2026-05-11',
      4,
    ]);
    expect(draft.countries).toEqual(['ITA']); // "Piazza di Spagna" is a square in Rome, London is home
    expect(draft.timezone).toBe('Europe/Rome');
    expect(draft.price).toMatchObject({
      amount: 1290,
      currency: 'EUR',
      per: 'person',
      total: 2580,
      travellers: 2,
    });
    expect(draft.payments.map((p) => [p.kind, p.amount, p.dueDate])).toEqual([
      ['deposit', 500, null],
      ['balance', 2080, '2026-04-01'],
    ]);
    expect(draft.included).toEqual([
      'flights',
      '3 nights with breakfast',
      'transfers',
      'guided tours',
    ]);
    expect(draft.excluded).toEqual(['city tax', 'tips']);
  });

  it('builds the configuration with the trip-level blocks after the itinerary and the settings of the document', () => {
    const config = configurationOf(draft) as {
      blocks: Array<{ type: string }>;
      settings: Record<string, unknown>;
    };
    expect(config.blocks.map((b) => b.type)).toEqual([
      'itinerary',
      'price',
      'payment',
      'payment',
      'included',
      'excluded',
    ]);
    expect(config.settings).toMatchObject({
      language: 'en',
      timezone: 'Europe/Rome',
      currency: 'EUR',
      currencySymbolPosition: 'start',
      decimalSeparator: '.',
    });
  });
});

describe('regional airlines', () => {
  it('names island and regional carriers from their designators (SATA Air Açores, Precision Air)', () => {
    const draft = read(
      'Sábado, 12 de setembro de 2026: voo SP112 Lisboa 08:40 – Ponta Delgada 10:05.\nSexta, 18 de setembro de 2026: flight PW452 Kilimanjaro JRO 13:20 to Zanzibar ZNZ 14:35.',
    );
    expect(blocksOf(draft, 'flight')).toMatchObject([
      { flightNumber: 'SP112', airline: 'SATA Air Açores' },
      { flightNumber: 'PW452', airline: 'Precision Air' },
    ]);
  });
});

describe('days written on one line', () => {
  it('splits "Day 1: ... Day 2: ... Day 3: ..." and reads the flight with its airports and airline', () => {
    const draft = read(
      'Day 1: Arrive in Rome, check in at Hotel Artemide. Day 2: Vatican Museums tour at 9am. Day 3: Flight AZ610 from Rome FCO to New York JFK at 10:15.',
    );
    expect(draft.days.map((d) => d.day)).toEqual([1, 2, 3]);
    expect(draft.days[1]!.title).toBe('Vatican Museums tour');
    expect(blocksOf(draft, 'activity')).toMatchObject([
      { day: 2, title: 'Vatican Museums tour', time: '09:00' },
    ]);
    expect(blocksOf(draft, 'flight')).toMatchObject([
      {
        day: 3,
        flightNumber: 'AZ610',
        airline: 'ITA Airways',
        departureAirport: 'FCO',
        arrivalAirport: 'JFK',
        departureTime: '10:15',
      },
    ]);
    expect(blocksOf(draft, 'accommodation')).toMatchObject([
      { day: 1, name: 'Hotel Artemide', nights: 2 },
    ]);
    expect(draft.countries).toEqual(['ITA']); // New York is where the traveller flies home to
    expect(draft.title).toBe('Trip to Rome');
  });
});

describe('day headers in other languages', () => {
  it('Spanish numbered days with a route, a per-person price and an included list', () => {
    const draft = read(`Circuito Andalucía clásica
8 días / 7 noches – del 4 al 11 de octubre de 2026

Día 1 – Madrid / Sevilla
Vuelo IB0520 a las 09:10 desde Madrid (MAD), llegada a Sevilla (SVQ) a las 10:15. Alojamiento en el Hotel Doña Lola (3 noches).
Día 2 – Sevilla
A las 10:00 visita guiada del Real Alcázar.
Día 4 – Sevilla / Granada
Traslado en autocar de Sevilla a Granada a las 09:00. Alojamiento: Hotel Alhambra Vista (2 noches).

Precio por persona en habitación doble: 1.450 €
El precio incluye: vuelo, 7 noches con desayuno, guía local.`);
    expect([draft.dateStart, draft.dateFinish, draft.duration, draft.language]).toEqual([
      '2026-10-04',
      '2026-10-11',
      8,
      'es',
    ]);
    expect(blocksOf(draft, 'flight')).toMatchObject([
      {
        day: 1,
        flightNumber: 'IB520',
        airline: 'Iberia',
        departureAirport: 'MAD',
        arrivalAirport: 'SVQ',
        departureTime: '09:10',
        arrivalTime: '10:15',
      },
    ]);
    expect(blocksOf(draft, 'accommodation')).toMatchObject([
      { day: 1, name: 'Hotel Doña Lola', checkIn: '2026-10-04', checkOut: '2026-10-07', nights: 3 },
      {
        day: 4,
        name: 'Hotel Alhambra Vista',
        checkIn: '2026-10-07',
        checkOut: '2026-10-09',
        nights: 2,
      },
    ]);
    expect(blocksOf(draft, 'transport')).toMatchObject([
      { day: 4, mode: 'bus', from: 'Sevilla', to: 'Granada', time: '09:00' },
    ]);
    expect(draft.price).toMatchObject({ amount: 1450, currency: 'EUR', per: 'person' });
    expect(draft.included).toContain('vuelo');
    expect(draft.countries).toEqual(['ESP']);
  });

  it('German days with weekday and short date, a train with its number, the stay city from the day', () => {
    const draft = read(`Städtereise Wien und Salzburg
Reisetermin: 12.06.–15.06.2026

Tag 1 (Fr., 12.06.) Wien
Ankunft am Vormittag. Übernachtung im Hotel Stephansplatz.
Tag 3 (So., 14.06.) Wien – Salzburg
Zug Railjet RJ 541 um 09:30 Uhr von Wien nach Salzburg. Übernachtung im Hotel Goldgasse.
Tag 4 (Mo., 15.06.) Abreise`);
    expect(draft.days.map((d) => [d.day, d.date])).toEqual([
      [1, '2026-06-12'],
      [3, '2026-06-14'],
      [4, '2026-06-15'],
    ]);
    expect(blocksOf(draft, 'flight')).toEqual([]); // "RJ 541" is a train here
    expect(blocksOf(draft, 'transport')).toMatchObject([
      { day: 3, mode: 'train', from: 'Wien', to: 'Salzburg', time: '09:30' },
    ]);
    expect(blocksOf(draft, 'accommodation')).toMatchObject([
      { day: 1, name: 'Hotel Stephansplatz', nights: 2, city: 'Wien' },
      { day: 3, name: 'Hotel Goldgasse', nights: 1, city: 'Salzburg' },
    ]);
    expect(draft.countries).toEqual(['AUT']);
    expect(draft.timezone).toBe('Europe/Vienna');
  });

  it('French dates as headings and a ferry between islands', () => {
    const draft = read(`Escapade dans les Cyclades

Lundi 14 septembre 2026 – Athènes
Nuit à l'hôtel Plaka Soleil.
Mardi 15 septembre 2026 – Athènes → Mykonos
Ferry à 07:30 de Rafina à Mykonos, arrivée à 09:40.
Mercredi 16 septembre 2026 – Mykonos`);
    expect(draft.days.map((d) => d.date)).toEqual(['2026-09-14', '2026-09-15', '2026-09-16']);
    expect(blocksOf(draft, 'transport')).toMatchObject([
      { day: 2, mode: 'ferry', from: 'Rafina', to: 'Mykonos', time: '07:30' },
    ]);
    expect(draft.countries).toEqual(['GRC']);
    expect(draft.language).toBe('fr');
  });
});

describe('filters before rules', () => {
  it('reads the body of an email, not its headers, its signature or a quoted older message', () => {
    const { lines, subject } = readDocument(`From: Ana <ana@viajes.example>
To: Luis <luis@example.com>
Date: 2 March 2026
Subject: RE: Vuestro fin de semana en Lisboa

Hola Luis, aquí va el plan.
Día 1: llegada a Lisboa y check-in en el Hotel Alfama Sol.
Día 2: A las 10:00 visita guiada de Belém.

Un saludo,
Ana Ruiz
Viajes Sol S.L. · Tel. +34 600 000 000

El 1 mar 2026, a las 9:00, Luis escribió:
> ¿Podemos ir del 20 al 22 de marzo?`);
    expect(subject).toBe('Vuestro fin de semana en Lisboa');
    expect(lines.join('\n')).not.toMatch(/Ana Ruiz|Tel\.|20 al 22|ana@/);
    expect(lines).toContain('Día 2: A las 10:00 visita guiada de Belém.');
  });

  it('gives no dates to a programme sold on recurring departures', () => {
    const draft = read(`Tour of Sicily
Departures every Saturday from April to October.
Day 1: Arrival in Palermo. Overnight at Hotel Porta Felice.
Day 2: Monreale and Cefalù.
Day 3: Departure.`);
    expect([draft.dateStart, draft.dateFinish, draft.duration]).toEqual([null, null, 3]);
    expect(draft.days.every((d) => d.date === null)).toBe(true);
  });
});

describe('countries of the trip', () => {
  it('leaves out the origin and a connecting airport; Scotland counts as the United Kingdom; a hotel named after a country adds nothing', () => {
    const draft = read(`Highlands getaway
Day 1: Flight KL1234 from Madrid (MAD) 07:00 to Amsterdam (AMS) 09:30, then KL931 from Amsterdam (AMS) 10:30 to Edinburgh (EDI) 11:05. Drive to the Highlands of Scotland. Overnight at Hotel España, Inverness.
Day 2: Loch Ness cruise at 10:00.
Day 3: Flight IB3421 from Edinburgh (EDI) 12:00 to Madrid (MAD) 15:40.`);
    expect(draft.countries).toEqual(['GBR']);
    expect(draft.timezone).toBe('Europe/London');
  });
});

describe('confirmations without days', () => {
  it('a hotel confirmation forwarded by email: the stay with its dates, nights, city and reference; the advert and the cancellation date are not the trip', () => {
    const draft = read(`Subject: Fwd: Confirmation de votre réservation n° HV-330217

---------- Message transféré ---------
De : Hôtel Les Tilleuls <resa@tilleuls.example>
Date : lun. 2 févr. 2026 à 10:14
Objet : Confirmation de votre réservation

Nous avons le plaisir de confirmer votre réservation à l'Hôtel Les Tilleuls, 12 rue des Lices, 84000 Avignon.
Numéro de confirmation : HV-330217
Arrivée : vendredi 10 juillet 2026 (à partir de 15:00)
Départ : lundi 13 juillet 2026 (avant 11:00)
Prix total du séjour : 540,00 €
Annulation gratuite jusqu'au 7 juillet 2026 à 18:00.
Découvrez aussi notre Hôtel Le Mistral à Marseille, dès 89 € par nuit.`);
    expect([draft.dateStart, draft.dateFinish, draft.duration]).toEqual([
      '2026-07-10',
      '2026-07-13',
      4,
    ]);
    expect(blocksOf(draft, 'accommodation')).toEqual([
      expect.objectContaining({
        day: 1,
        name: 'Hôtel Les Tilleuls',
        checkIn: '2026-07-10',
        checkOut: '2026-07-13',
        nights: 3,
        city: 'Avignon',
        bookingReference: 'HV-330217',
      }),
    ]);
    expect(blocksOf(draft, 'activity')).toEqual([]);
    expect(draft.countries).toEqual(['FRA']);
    expect(draft.title).toBe('Voyage à Avignon');
    expect(draft.price).toMatchObject({ amount: 540, per: 'total' });
  });

  it('a boarding pass printed one field a line: the flight with its airports, date and reference, a one-day trip', () => {
    const draft = read(`IBERIA BOARDING PASS
FROM
MAD
Madrid Barajas · T4
TO
FCO
Roma Fiumicino · T1
FLIGHT
IB3234
DATE
08MAY26
DEPARTS
10:05
BOARDING
09:25
BOOKING REF
ZQ7TKL`);
    expect(blocksOf(draft, 'flight')).toEqual([
      expect.objectContaining({
        day: 1,
        flightNumber: 'IB3234',
        airline: 'Iberia',
        departureAirport: 'MAD',
        arrivalAirport: 'FCO',
        date: '2026-05-08',
        departureTime: '10:05',
        bookingReference: 'ZQ7TKL',
      }),
    ]);
    expect([draft.dateStart, draft.dateFinish, draft.duration]).toEqual([
      '2026-05-08',
      '2026-05-08',
      1,
    ]);
    expect(draft.countries).toEqual(['ITA']);
    expect(draft.timezone).toBe('Europe/Rome');
  });

  it('an e-ticket with its flights under dated headings; the connecting airport is not a country of the trip', () => {
    const draft = read(`E-TICKET RECEIPT
Booking reference: R7PX2D
OUTBOUND – Saturday 12 September 2026
LH1113  Lisbon (LIS) 06:00 → Frankfurt (FRA) 09:55
LH590   Frankfurt (FRA) 11:20 → Nairobi (NBO) 19:40
RETURN – Sunday 27 September 2026
LH591   Nairobi (NBO) 22:05 → Frankfurt (FRA) 05:30 (+1)
LH1166  Frankfurt (FRA) Mon 28 September 07:10 → Lisbon (LIS) 09:05`);
    const flights = blocksOf(draft, 'flight');
    expect(flights.map((f) => [f.flightNumber, f.date, f.day])).toEqual([
      ['LH1113', '2026-09-12', 1],
      ['LH590', '2026-09-12', 1],
      ['LH591', '2026-09-27', 16],
      ['LH1166', '2026-09-28', 17],
    ]);
    expect(flights[2]).toMatchObject({ arrivalDate: '2026-09-28', bookingReference: 'R7PX2D' });
    expect([draft.dateStart, draft.dateFinish]).toEqual(['2026-09-12', '2026-09-28']);
    expect(draft.countries).toEqual(['KEN']);
    expect(draft.title).toBe('Trip to Nairobi');
  });
});

describe('stays as range headings and a domestic ferry trip', () => {
  it('reads "Du ... au ..." headings as days, the crossing as a ferry, and keeps the home country when the whole trip is in it', () => {
    const draft = read(`Votre séjour en Corse – récapitulatif
Vendredi 12 juin 2026 – Traversée aller
Corsica Linea, navire « Pascal Paoli » : départ de Marseille à 19h00, arrivée à Bastia le samedi 13 juin à 07h00.
Du samedi 13 au mardi 16 juin 2026 – Bastia
Hôtel Le Vieux Port – 3 nuits, petit-déjeuner inclus.
Mardi 16 juin 2026 – Traversée retour
Corsica Linea : départ de Bastia à 20h00, arrivée à Marseille le mercredi 17 juin à 07h00.`);
    expect(blocksOf(draft, 'transport')).toMatchObject([
      {
        day: 1,
        mode: 'ferry',
        from: 'Marseille',
        to: 'Bastia',
        time: '19:00',
        arrivalTime: '07:00',
        operator: 'Corsica Linea',
      },
      { day: 5, mode: 'ferry', from: 'Bastia', to: 'Marseille', time: '20:00' },
    ]);
    expect(blocksOf(draft, 'accommodation')).toMatchObject([
      {
        day: 2,
        name: 'Hôtel Le Vieux Port',
        checkIn: '2026-06-13',
        checkOut: '2026-06-16',
        nights: 3,
      },
    ]);
    expect(draft.countries).toEqual(['FRA']);
  });
});

describe('prices', () => {
  it('keeps the amount written first with its kind, completes it with the other, and leaves supplements, options and offers out', () => {
    expect(
      findPrice(['Preis p. P. im DZ: 1.450 € · Gesamt für 2 Personen: 2.900 €']),
    ).toMatchObject({ amount: 1450, per: 'person', total: 2900 });
    expect(findPrice(['Valor total: 3.100,00 € (1.550,00 € por pessoa)'])).toMatchObject({
      amount: 3100,
      per: 'total',
      total: 3100,
    });
    expect(
      findPrice(['1 290 € par personne en chambre double, soit 2 580 € pour 2 voyageurs.']),
    ).toMatchObject({ amount: 1290, per: 'person', total: 2580, travellers: 2 });
    expect(findPrice(['£2,150 per person sharing · £2,740 in single occupancy'])).toMatchObject({
      amount: 2150,
      per: 'person',
    });
    expect(
      findPrice([
        'Cooking class (£45 pp, included in the total below).',
        'Total for 2 guests: £4,380.00',
      ]),
    ).toMatchObject({ amount: 4380, per: 'total' });
    expect(findPrice(['Summer deals to Crete from €399!'])).toBeNull();
  });
});

describe('several activities in one sentence', () => {
  it('gives each timed clause its own activity and keeps untimed parts and time ranges with the clause before', () => {
    expect(timedClauses('Louvre at 9am, lunch in the Marais, then a Seine cruise at 6pm')).toEqual([
      'Louvre at 9am, lunch in the Marais',
      'a Seine cruise at 6pm',
    ]);
    expect(timedClauses('Visita al Duomo alle 10:00 e cena a Trastevere alle 20:30')).toEqual([
      'Visita al Duomo alle 10:00',
      'cena a Trastevere alle 20:30',
    ]);
    expect(timedClauses('9 Uhr Stadtführung, 19 Uhr Konzert im Gewandhaus')).toEqual([
      '9 Uhr Stadtführung',
      '19 Uhr Konzert im Gewandhaus',
    ]);
    expect(timedClauses('Atelier de cuisine de 10h à 12h, puis temps libre')).toEqual([
      'Atelier de cuisine de 10h à 12h, puis temps libre',
    ]);
    expect(timedClauses('Museo del Prado de 10:00 a 12:00 y comida libre')).toHaveLength(1);
  });

  it('reads them as separate activities of the day, each with its time', () => {
    const draft = read(
      'Dia 1: Lisboa\nTorre de Belém às 10h, depois almoço livre e fado em Alfama às 21h.',
    );
    const activities = draft.days[0]!.blocks.filter((b) => b.type === 'activity').map(
      (b) => b.content as { title: string; time: string | null },
    );
    expect(activities).toMatchObject([
      { title: expect.stringContaining('Torre de Belém'), time: '10:00' },
      { title: expect.stringContaining('fado'), time: '21:00' },
    ]);
  });
});

describe('flight arrivals written as words', () => {
  it('takes the arrival airport from a landing word with a bare code, or from German "an <city>"', () => {
    const flightsOf = (text: string) =>
      read(text)
        .days.flatMap((d) => d.blocks)
        .filter((b) => b.type === 'flight')
        .map((b) => b.content);
    expect(
      flightsOf('Day 1: Lisbon\nFlight TP1350 from Lisbon (LIS) at 07:00, landing at OPO 07:55.'),
    ).toMatchObject([{ departureAirport: 'LIS', arrivalAirport: 'OPO' }]);
    expect(
      flightsOf('Tag 1: Rückreise\n09:10 Abflug Wien (VIE) mit OS 121, an Hamburg 10:45.'),
    ).toMatchObject([
      {
        departureAirport: 'VIE',
        arrivalAirport: 'HAM',
        departureTime: '09:10',
        arrivalTime: '10:45',
      },
    ]);
    expect(
      flightsOf('Giorno 1: Roma\nVolo AZ1010 da Roma (FCO) alle 08:00, atterraggio a MXP 09:10.'),
    ).toMatchObject([{ departureAirport: 'FCO', arrivalAirport: 'MXP' }]);
  });
});

describe('car rentals from local companies', () => {
  it('names the company: a name ending in a rental word, or the name right after the rental words', () => {
    const rentalsOf = (text: string) =>
      read(text)
        .days.flatMap((d) => d.blocks)
        .filter((b) => b.type === 'transport')
        .map((b) => b.content);
    expect(
      rentalsOf(
        'Tag 1: Kreta\n10:30 Übernahme des Mietwagens am Flughafen Heraklion (Minos Cars, Kategorie B).',
      ),
    ).toMatchObject([{ mode: 'carRental', operator: 'Minos Cars', time: '10:30' }]);
    expect(
      rentalsOf(
        'Jour 1 : Lyon\nPrise en charge de votre voiture de location Rhône Auto (catégorie C).',
      ),
    ).toMatchObject([{ mode: 'carRental', operator: 'Rhône Auto' }]);
    expect(rentalsOf('Day 1: Cape Town\nPick up your rental car at the airport.')).toMatchObject([
      { mode: 'carRental', operator: null },
    ]);
  });
});

describe('trains and ferries written in words', () => {
  const transportsOf = (text: string) =>
    read(text)
      .days.flatMap((d) => d.blocks)
      .filter((b) => b.type === 'transport')
      .map((b) => b.content);
  it('reads the route of "desde ... hasta", "partida de ... chegada ao", an arrow after the mode word, and the Alfa Pendular number', () => {
    expect(
      transportsOf('Día 1: Granada\nTren a las 10:00 desde Granada hasta Sevilla.'),
    ).toMatchObject([{ mode: 'train', from: 'Granada', to: 'Sevilla', time: '10:00' }]);
    expect(
      transportsOf(
        'Dia 1: Coimbra\nComboio Alfa Pendular 131, partida de Coimbra às 08:00, chegada ao Porto às 09:10.',
      ),
    ).toMatchObject([
      {
        mode: 'train',
        from: 'Coimbra',
        to: 'Porto',
        number: '131',
        time: '08:00',
        arrivalTime: '09:10',
      },
    ]);
    expect(
      transportsOf('Tag 1: Pelješac\n14:00 Fähre Ploče – Trpanj, danach Weiterfahrt.'),
    ).toMatchObject([{ mode: 'ferry', from: 'Ploče', to: 'Trpanj', time: '14:00' }]);
    expect(
      transportsOf('Tag 1: Korčula\n09:15 Autofähre Jadrolinija von Split nach Supetar.'),
    ).toMatchObject([{ mode: 'ferry', from: 'Split', to: 'Supetar' }]);
    expect(
      transportsOf('Tag 1: Krakau\nTransfer zum Flughafen und Rückflug nach Frankfurt.')[0],
    ).toMatchObject({ mode: 'transfer', to: null });
  });
});

describe('included and excluded lists', () => {
  it('keeps items that open with a heading word ("Flights ...", "Vuelos ...", "Flüge ...") and reads "Ce prix ne comprend pas" inline', () => {
    expect(
      findInclusions([
        'Leistungen',
        'Flüge Berlin–Rom–Berlin',
        'Hotels mit Frühstück',
        'Stadtführung',
        'Wichtige Hinweise',
        'Reisepass erforderlich',
      ]).included,
    ).toEqual(['Flüge Berlin–Rom–Berlin', 'Hotels mit Frühstück', 'Stadtführung']);
    expect(
      findInclusions([
        'El precio incluye:',
        'Vuelos directos',
        'Traslados',
        'Vuelos:',
        'IB3170 Madrid–Roma',
      ]).included,
    ).toEqual(['Vuelos directos', 'Traslados']);
    expect(
      findInclusions(["Ce prix ne comprend pas : le carburant, l'assurance annulation."]).excluded,
    ).toEqual(['le carburant', "l'assurance annulation"]);
  });
});

describe('an overnight flight whose arrival opens the next day', () => {
  it("takes the arrival airport, time and date from the next day's first sentence", () => {
    const draft = read(
      'Giorno 1 – 10 ottobre 2026: Milano – Bangkok\nVolo TG941 da Milano Malpensa (MXP) alle 13:30. Notte in volo.\nGiorno 2 – 11 ottobre 2026: Bangkok\nArrivo a Bangkok (BKK) alle 06:15. Trasferimento in hotel.',
    );
    expect(draft.days[0]!.blocks.find((b) => b.type === 'flight')).toMatchObject({
      content: {
        departureAirport: 'MXP',
        arrivalAirport: 'BKK',
        arrivalTime: '06:15',
        arrivalDate: '2026-10-11',
      },
    });
  });
});

describe('a journey without its origin under a route heading', () => {
  it("starts from the place before the last one of the day's route", () => {
    const draft = read(
      'Giorno 1: Roma\nVisita dei Musei Vaticani alle 10:00.\nGiorno 2: Roma – Firenze – Venezia\nMattina a Firenze. Treno alle 17:00 verso Venezia.',
    );
    expect(draft.days[1]!.blocks.find((b) => b.type === 'transport')).toMatchObject({
      content: { mode: 'train', from: 'Firenze', to: 'Venezia', time: '17:00' },
    });
  });
});

describe('payments', () => {
  const now = new Date('2026-03-01T00:00:00Z');
  const price = {
    amount: 2000,
    currency: 'EUR',
    per: 'total' as const,
    total: 2000,
    travellers: null,
    text: '',
  };
  it('reads a deposit and a balance stated in one sentence as two payments, each with its own amount and date', () => {
    expect(
      findPayments(
        ['Caparra del 20% alla conferma, saldo di 1.600 € entro il 10 giugno 2026.'],
        now,
        null,
        price,
      ),
    ).toMatchObject([
      { kind: 'deposit', amount: 400 },
      { kind: 'balance', amount: 1600, dueDate: '2026-06-10' },
    ]);
    expect(
      findPayments(
        ['Anzahlung 300 € nach Buchung und Restzahlung bis 1. Juli 2026'],
        now,
        null,
        price,
      ),
    ).toMatchObject([
      { kind: 'deposit', amount: 300, dueDate: null },
      { kind: 'balance', amount: 1700, dueDate: '2026-07-01' },
    ]);
    expect(findPayments(['Deposit of €500, payable on booking'], now, null, price)).toMatchObject([
      { kind: 'deposit', amount: 500 },
    ]);
  });
});

describe('validation, the last stage', () => {
  const base = draftSchema.parse({
    title: 'Trip',
    description: null,
    dateStart: '2026-05-08',
    dateFinish: '2026-05-10',
    duration: 3,
    countries: ['Italy', 'ES'],
    language: 'en',
    days: [
      {
        day: 1,
        date: '2026-05-08',
        title: null,
        blocks: [
          {
            type: 'flight',
            content: {
              flightNumber: 'BA 549',
              airline: null,
              departureAirport: 'FCO',
              arrivalAirport: 'LHR',
              departureCity: null,
              arrivalCity: null,
              departureTime: '12:40',
              arrivalTime: null,
              date: '2026-05-10',
            },
          },
          {
            type: 'flight',
            content: {
              flightNumber: null,
              airline: null,
              departureAirport: 'XQZ',
              arrivalAirport: null,
              departureCity: null,
              arrivalCity: null,
              departureTime: null,
              arrivalTime: null,
              date: null,
            },
          },
          {
            type: 'accommodation',
            content: {
              name: 'Hotel Artemide',
              checkIn: '2026-05-08',
              checkOut: '2026-05-10',
              nights: 5,
              city: 'Rome',
            },
          },
          {
            type: 'accommodation',
            content: { name: 'Hotel', checkIn: null, checkOut: null, nights: null, city: null },
          },
        ],
      },
      { day: 2, date: '2026-05-09', title: null, blocks: [] },
      { day: 3, date: '2026-05-10', title: null, blocks: [] },
    ],
    price: null,
  });

  it('moves a block to the day of its date, completes what its data gives, drops what cannot be completed and says why', () => {
    const { draft, notes, confidences } = validateDraft(base);
    expect(draft.days[0]!.blocks.map((b) => b.type)).toEqual(['accommodation']);
    expect(draft.days[2]!.blocks).toMatchObject([
      {
        type: 'flight',
        content: {
          flightNumber: 'BA549',
          airline: 'British Airways',
          departureCity: 'Rome',
          arrivalCity: 'London',
        },
      },
    ]);
    expect(draft.days[0]!.blocks[0]).toMatchObject({ content: { nights: 2 } });
    expect(draft.countries).toEqual(['ITA', 'ESP']);
    expect(notes.some((n) => /^Dropped flight .*without a flight number or a route/.test(n))).toBe(
      true,
    );
    expect(notes.some((n) => /^Dropped accommodation "Hotel".*without a name/.test(n))).toBe(true);
    expect(notes.some((n) => /Moved flight "BA549" from day 1 to day 3/.test(n))).toBe(true);
    expect(confidences).toHaveLength(2);
    expect(confidences.every((c) => /\d\.\d{2}$/.test(c))).toBe(true);
  });
});
