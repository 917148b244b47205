// Free-text layouts of the AI import (issue 14) that the engine's first tests do not cover: chat
// threads, hotel lists, numeric dates without a year, sentences about another trip. Each test is a
// short document written for it and states what an agent would keep.
import { describe, expect, it } from 'vitest';
import { extractDraft } from '../../src/imports/generate/builtin/builtin.generator.ts';
import { findRanges } from '../../src/imports/generate/builtin/finders/dates.ts';
import { timeMatches } from '../../src/imports/generate/builtin/finders/times.ts';
import { fold, SENTENCE_BREAK } from '../../src/imports/generate/builtin/text.ts';
import { aboutAnotherTrip } from '../../src/imports/generate/builtin/trip-fields.ts';
import { findPayments, findPrice } from '../../src/imports/generate/builtin/money.ts';
import { readStays } from '../../src/imports/generate/builtin/stays.ts';
import type { StructuredItem } from '../../src/imports/extract/structured.ts';
import type { Draft, DraftBlock } from '../../src/imports/generate/draft.ts';
import { readStructured } from '../../src/imports/structured/structured-draft.ts';
import { validateDraft } from '../../src/imports/generate/validate.ts';

const NOW = new Date('2026-01-15T00:00:00Z');
const read = (text: string, now = NOW) => validateDraft(extractDraft(text, now)).draft;
const blocksOf = (draft: Draft, type: DraftBlock['type']): Array<Record<string, unknown>> =>
  draft.days.flatMap((d) =>
    d.blocks.filter((b) => b.type === type).map((b) => ({ day: d.day, ...b.content })),
  );

describe('numeric dates without a year', () => {
  it('a day-and-month range ("16.04. bis 19.04.", "3/10 - 6/10") is a range in the next such year; times are not', () => {
    expect(findRanges(fold('Casa Azul, 16.04. bis 19.04., 3 Nächte'), NOW)[0]).toMatchObject({
      start: '2026-04-16',
      end: '2026-04-19',
    });
    expect(findRanges(fold('del 3/10 al 6/10'), NOW)[0]).toMatchObject({
      start: '2026-10-03',
      end: '2026-10-06',
    });
    expect(findRanges(fold('Führung 10.30-12.15 Uhr'), NOW)).toEqual([]);
  });

  it('a range without a year takes the year near the date the document gives in full', () => {
    expect(findRanges(fold('30 dic – 2 ene'), NOW, '2026-12-27')[0]).toMatchObject({
      start: '2026-12-30',
      end: '2027-01-02',
    });
  });

  it('"19.04." with its closing dot is a date, not the time 19:04', () => {
    expect(timeMatches('So 19.04. Zug nach Porto ab 11:09').map((t) => t.time)).toEqual(['11:09']);
    expect(timeMatches('Abfahrt 8.15 Uhr').map((t) => t.time)).toEqual(['08:15']);
  });

  it('a numeric date\'s dots end no sentence ("So 19.04. Zug", "am 5. Mai")', () => {
    expect('So 19.04. Zug nach Porto'.split(SENTENCE_BREAK)).toHaveLength(1);
    expect('Ankunft am 5. Mai in Wien'.split(SENTENCE_BREAK)).toHaveLength(1);
    expect('Ankunft um 10:30. Danach Hotel'.split(SENTENCE_BREAK)).toHaveLength(2);
  });
});

describe('sentences about another trip', () => {
  it('an earlier trip ("last year", "letztes Jahr") or a past year is not this trip', () => {
    expect(aboutAnotherTrip('El año pasado fuimos a Cuba del 3 al 12 de marzo', NOW)).toBe(true);
    expect(aboutAnotherTrip('Letztes Jahr waren wir in Kreta', NOW)).toBe(true);
    expect(aboutAnotherTrip('Como en Punta Cana en 2024', NOW)).toBe(true);
    expect(aboutAnotherTrip('Salida el 27/12/2026 desde Madrid', NOW)).toBe(false);
  });
});

describe('hotel lists', () => {
  it('under a "Hotels:" heading each item with dates or nights is a stay, named without a hotel word', () => {
    const stays = readStays(
      [
        'Hoteles:',
        'Casa Lunar Oaxaca, 3–6 mar (3 noches)',
        'Posada del Río en Puebla, 6–8 mar (2 noches)',
        'Precio: 900 € por persona',
      ],
      NOW,
      '2026-03-01',
    ).map((s) => s.block.content);
    expect(stays).toEqual([
      expect.objectContaining({ name: 'Casa Lunar Oaxaca', checkIn: '2026-03-03', nights: 3 }),
      expect.objectContaining({ name: 'Posada del Río', checkIn: '2026-03-06', nights: 2 }),
    ]);
  });

  it('"Hotel in <city>: <name>" labels the stay with its city', () => {
    const stays = readStays(
      ['Hotel in Wien: Pension Mondschein, 12.05. bis 15.05.'],
      NOW,
      '2026-05-12',
    ).map((s) => s.block.content);
    expect(stays).toEqual([
      expect.objectContaining({
        name: 'Pension Mondschein',
        checkIn: '2026-05-12',
        checkOut: '2026-05-15',
        city: 'Wien',
      }),
    ]);
  });
});

describe('chat threads', () => {
  const CHAT = `[02.02.26, 18:01:12] Ute Brandt: Hallo zusammen, ich hab unsere Wien-Reise gebucht!
[02.02.26, 18:02:40] Ute Brandt: Hinflug Fr 08.05.2026 Austrian OS122 Düsseldorf (DUS) 07:10 → Wien (VIE) 08:40
[02.02.26, 18:03:05] Ute Brandt: Hotel in Wien: Pension Mondschein, 08.05. bis 11.05., 3 Nächte
[02.02.26, 18:04:10] Karl Moser: Super! Letztes Jahr waren wir ja in Kroatien vom 3. bis 9. Juni, das war zu heiß
[02.02.26, 18:05:00] Ute Brandt: Sa 09.05. um 10:00 Führung durch die Hofburg
[02.02.26, 18:05:30] Karl Moser: Klingt gut
[02.02.26, 18:06:00] Ute Brandt: Rückflug Mo 11.05.2026 OS121 Wien (VIE) 18:30 → Düsseldorf (DUS) 20:00`;

  it('reads the bookings among the messages: stay, timed visit on its day, flights; not the other trip', () => {
    const draft = read(CHAT, new Date('2026-02-02T00:00:00Z'));
    expect([draft.dateStart, draft.dateFinish]).toEqual(['2026-05-08', '2026-05-11']);
    expect(draft.countries).toEqual(['AUT']);
    expect(blocksOf(draft, 'accommodation')).toEqual([
      expect.objectContaining({ day: 1, name: 'Pension Mondschein', nights: 3, city: 'Wien' }),
    ]);
    expect(blocksOf(draft, 'activity')).toEqual([
      expect.objectContaining({ day: 2, time: '10:00', title: expect.stringMatching(/^Führung/) }),
    ]);
    expect(blocksOf(draft, 'flight').map((f) => [f.day, f.flightNumber])).toEqual([
      [1, 'OS122'],
      [4, 'OS121'],
    ]);
  });

  it('takes no message as its title: the title is composed from the destination', () => {
    const draft = read(CHAT, new Date('2026-02-02T00:00:00Z'));
    expect(draft.title).not.toMatch(/hallo|gebucht/i);
    expect(draft.title).toMatch(/Wien/);
  });
});

describe('cruises', () => {
  it('a port table (rows of date, port, times; a day at sea) is one cruise from the port of embarkation, and its ports are visited', () => {
    const draft = read(`Booking confirmed – Baltic cruise, 7 nights
Ship: Nordic Aurora

Sat 6 Jun 2026  Copenhagen, Denmark      embark from 12:00, sail 17:00
Sun 7 Jun       At sea
Mon 8 Jun       Tallinn, Estonia         09:00 – 18:00
Tue 9 Jun       Helsinki, Finland        08:00 – 19:00
Wed 10 Jun      Stockholm, Sweden        10:00 – 18:00
Sat 13 Jun      Copenhagen               arrive 07:00

Total for 2 guests: €2,980`);
    expect(blocksOf(draft, 'transport')).toEqual([
      expect.objectContaining({ day: 1, mode: 'cruise', from: 'Copenhagen', time: '17:00' }),
    ]);
    expect([...draft.countries].sort()).toEqual(['DNK', 'EST', 'FIN', 'SWE']);
    expect([draft.dateStart, draft.dateFinish]).toEqual(['2026-06-06', '2026-06-13']);
  });

  it('a numbered port table ("3  mar 15/09  Kusadasi") reads "mar" as Tuesday, not March', () => {
    const draft = read(`Crucero por el Egeo – confirmación
1  lun 14/09  Pireo (Atenas), Grecia        -      17:00
2  mar 15/09  Mykonos, Grecia               07:00  23:00
3  mié 16/09  Kusadasi, Turquía             07:00  15:30
4  jue 17/09  Pireo (Atenas), Grecia        06:00  -`);
    expect(draft.dateStart).toBe('2026-09-14');
    expect(blocksOf(draft, 'transport')).toEqual([
      expect.objectContaining({ day: 1, mode: 'cruise', from: 'Pireo' }),
    ]);
    expect(draft.countries).toContain('TUR');
  });

  it('a programme that boards a ship on a day: the cruise sits on that day, to where it disembarks', () => {
    const draft = read(`Norwegian fjords cruise – 5 days
Day 1 – Bergen
Embarkation from 15:00, the ship sails at 20:00.
Day 2 – Geiranger
Scenic cruising through the fjord.
Day 3 – Ålesund
10:00 walking tour of the Art Nouveau town.
Day 4 – Stavanger
Day 5 – Oslo
Disembarkation after breakfast.`);
    expect(blocksOf(draft, 'transport')).toEqual([
      expect.objectContaining({
        day: 1,
        mode: 'cruise',
        from: 'Bergen',
        to: 'Oslo',
        time: '20:00',
      }),
    ]);
  });

  it('a hotel for "the night of" a date is one night from it', () => {
    const stays = readStays(
      ['La noche del 12/09 se alojarán en el Hotel Plaka Stoa, desayuno incluido.'],
      NOW,
      '2026-09-12',
    ).map((s) => s.block.content);
    expect(stays).toEqual([
      expect.objectContaining({ checkIn: '2026-09-12', checkOut: '2026-09-13', nights: 1 }),
    ]);
  });
});

describe('structured readers, details of other layouts', () => {
  const structured = (item: StructuredItem) =>
    readStructured({ items: [item], subject: null }, NOW).blocks.map((b) => ({
      date: b.date,
      ...b.block.content,
    }));

  it('a JSON export whose rail legs carry their times inside the from/to objects', () => {
    const legs = structured({
      kind: 'json',
      data: {
        items: [
          {
            category: 'RAIL',
            operator: 'SBB',
            trainNumber: 'IC 8',
            from: { station: 'Zürich HB', local: '2026-06-03T09:02' },
            to: { station: 'Bern', local: '2026-06-03T09:58' },
          },
        ],
      },
    });
    expect(legs).toEqual([
      expect.objectContaining({
        date: '2026-06-03',
        mode: 'train',
        from: 'Zürich HB',
        to: 'Bern',
        time: '09:02',
        arrivalTime: '09:58',
      }),
    ]);
  });

  it('a calendar flight takes its "Référence de réservation" from the description', () => {
    const flights = structured({
      kind: 'ical',
      event: {
        summary: 'Vol AF 1234 Paris (CDG) → Lisbonne (LIS)',
        description: 'Air France AF1234\nRéférence de réservation : Q4ZT7K',
        location: null,
        start: { date: '2026-05-02', time: '10:00', timezone: 'Europe/Paris' },
        end: { date: '2026-05-02', time: '11:45', timezone: 'Europe/Lisbon' },
      },
    });
    expect(flights).toEqual([expect.objectContaining({ bookingReference: 'Q4ZT7K' })]);
  });

  it('a hotel line with "Buchungsnr." keeps its booking number', () => {
    const stays = readStays(
      ['Hotel in Graz: Pension Lindenhof, 2 Nächte, Buchungsnr. 55102938'],
      NOW,
      '2026-05-01',
    );
    expect(stays[0]?.block.content.bookingReference).toBe('55102938');
  });

  it('in a chat, a date after an interjection still dates the booking ("Ja!! Mo 11.05. 15:30 ...")', () => {
    const draft = read(
      `[02.02.26, 18:01:12] Ute: Hinflug Fr 08.05.2026 Austrian OS122 Düsseldorf (DUS) 07:10 → Wien (VIE) 08:40
[02.02.26, 18:02:00] Karl: Und am Montag?
[02.02.26, 18:03:00] Ute: Ja!! Mo 11.05. 15:30 Führung im Belvedere, ist reserviert
[02.02.26, 18:04:00] Ute: Rückflug Di 12.05.2026 OS121 Wien (VIE) 18:30 → Düsseldorf (DUS) 20:00`,
      new Date('2026-02-02T00:00:00Z'),
    );
    expect(blocksOf(draft, 'activity')).toEqual([
      expect.objectContaining({ day: 4, time: '15:30' }),
    ]);
  });
});

describe('trains in sentences', () => {
  it('a railway\'s name or an "EC 171" service is a train, with its number, route and times', () => {
    const draft = read(
      `Day 1: LNER 1S07 from London King's Cross 09:00, arrive Edinburgh Waverley 13:22, check in at The Calton Rooms (2 nights). Day 2: Castle at 10am. Day 3: EC 176 um 15:16, Ankunft Berlin Hbf 19:35.`,
    );
    const trains = blocksOf(draft, 'transport');
    expect(trains).toEqual([
      expect.objectContaining({
        day: 1,
        mode: 'train',
        operator: 'LNER',
        number: '1S07',
        from: "London King's Cross",
        to: 'Edinburgh Waverley',
        time: '09:00',
        arrivalTime: '13:22',
      }),
      expect.objectContaining({ day: 3, mode: 'train', to: 'Berlin Hbf', time: '15:16' }),
    ]);
    // The journey and the stay in one sentence: both are kept.
    expect(blocksOf(draft, 'accommodation')).toEqual([
      expect.objectContaining({ day: 1, name: 'Calton Rooms', nights: 2 }),
    ]);
  });
});

describe('day tables and what follows them', () => {
  const TABLE = `Crociera nel Baltico – 5 notti
Giorno | Data | Porto | Arrivo | Partenza
1 | sab 12/09/2026 | Kiel, Germania | – | 18:00
2 | dom 13/09/2026 | Navigazione | – | –
3 | lun 14/09/2026 | Tallinn, Estonia | 08:00 | 17:00
4 | mar 15/09/2026 | Helsinki, Finlandia | 08:00 | 18:00
5 | mer 16/09/2026 | Stoccolma, Svezia | 09:00 | 17:00
6 | gio 17/09/2026 | Kiel, Germania | 10:00 | –

Escursione prenotata: mar 15/09 ore 10:30 visita guidata di Helsinki in pullman (3 ore).
Trasferimento: bus da Monaco per Kiel con partenza venerdì 11/09 alle 07:00 (notte a Amburgo inclusa, Hotel Hafenblick).`;

  it('a port table with pipes is a cruise from its first port; its ports are visited', () => {
    const draft = read(TABLE);
    expect(blocksOf(draft, 'transport')).toContainEqual(
      expect.objectContaining({ mode: 'cruise', from: 'Kiel', time: '18:00', day: 2 }),
    );
    expect([...draft.countries].sort()).toEqual(['DEU', 'EST', 'FIN', 'SWE']);
  });

  it('dated bookings after the table sit on their days; a journey the day before opens the trip', () => {
    const draft = read(TABLE);
    expect(draft.dateStart).toBe('2026-09-11');
    expect(blocksOf(draft, 'transport')).toContainEqual(
      expect.objectContaining({ day: 1, mode: 'bus', from: 'Monaco', time: '07:00' }),
    );
    expect(blocksOf(draft, 'accommodation')).toEqual([
      expect.objectContaining({ day: 1, name: 'Hotel Hafenblick', nights: 1 }),
    ]);
    // An excursion by coach is an activity; "(3 ore)" is its length, not a time.
    expect(blocksOf(draft, 'activity')).toEqual([
      expect.objectContaining({ day: 5, time: '10:30' }),
    ]);
    expect(timeMatches('visita (3 ore), poi 2 hrs liberi').map((t) => t.time)).toEqual([]);
  });
});

describe('JSON exports with Portuguese keys', () => {
  it('reads servicos (voo, alojamento, atividade), moeda and the sinal/restante payments', () => {
    const result = readStructured(
      {
        items: [
          {
            kind: 'json',
            data: {
              reserva: {
                moeda: 'EUR',
                precoPorPessoa: 900,
                pagamentos: [
                  { tipo: 'sinal', valor: 300 },
                  { tipo: 'restante', valor: 1500, dataLimite: '2026-04-01' },
                ],
                servicos: [
                  {
                    tipo: 'voo',
                    companhia: 'TP',
                    numero: '1863',
                    origem: 'LIS',
                    destino: 'FNC',
                    partida: '2026-05-02T08:00:00+01:00',
                    chegada: '2026-05-02T09:45:00+01:00',
                  },
                  {
                    tipo: 'alojamento',
                    nome: 'Quinta Azul',
                    entrada: '2026-05-02',
                    saida: '2026-05-06',
                  },
                  { tipo: 'atividade', nome: 'Levada do Rei', inicio: '2026-05-03T09:00:00+01:00' },
                ],
              },
            },
          },
        ],
        subject: null,
      },
      NOW,
    );
    expect(result.blocks.map((b) => b.block.type)).toEqual(['flight', 'accommodation', 'activity']);
    expect(result.price).toMatchObject({ amount: 900, currency: 'EUR', per: 'person' });
    expect(result.payments.map((p) => [p.kind, p.amount])).toEqual([
      ['deposit', 300],
      ['balance', 1500],
    ]);
  });
});

describe('confirmation details', () => {
  it('a flight with one end named by its airport ("Orly") and the other by its city ("Catane"): the order decides', () => {
    const draft = read(`Vol TO4012 Orly 10:25 → Catane 12:55 le 6 juin 2026.
Retour TO4013 Catane 13:45 → Orly 16:25 le 13 juin 2026.`);
    expect(blocksOf(draft, 'flight').map((f) => [f.departureAirport, f.arrivalAirport])).toEqual([
      ['ORY', 'CTA'],
      ['CTA', 'ORY'],
    ]);
  });

  it('a date after an article opens its line ("Le lundi 8 juin, ..."); a booking dated inside its line sits on that day', () => {
    const draft = read(`Vol TO4012 Orly 10:25 → Catane 12:55 le samedi 6 juin 2026.
Le lundi 8 juin, excursion sur l'Etna, départ 08:30 de l'hôtel.
Location de voiture chez Sicily by Car, prise à Taormine le 9 juin à 10:00.
Retour TO4013 Catane 13:45 → Orly 16:25 le samedi 13 juin 2026.`);
    expect(blocksOf(draft, 'activity')).toEqual([
      expect.objectContaining({ day: 3, time: '08:30' }),
    ]);
    expect(blocksOf(draft, 'transport')).toEqual([
      expect.objectContaining({ day: 4, mode: 'carRental', time: '10:00' }),
    ]);
  });

  it('a villa is a stay by name, with its "réservation n°"', () => {
    const stays = readStays(
      ['À Taormine : Villa Gelsomino, du 6 au 9 juin (3 nuits), réservation n° VG-20417'],
      NOW,
      '2026-06-06',
    ).map((s) => s.block.content);
    expect(stays).toEqual([
      expect.objectContaining({
        name: 'Villa Gelsomino',
        checkIn: '2026-06-06',
        nights: 3,
        bookingReference: 'VG-20417',
      }),
    ]);
  });
});

describe('journeys by rail without the word "train"', () => {
  it('"IR 70" is a train, not Iran Air; a limited express is a train; a return journey goes by the document\'s only means', () => {
    const draft = read(`Schweiz mit der Bahn
1. Tag (Sa., 18.07.2026): Zürich – Luzern
Fahrt mit dem IR 70 um 10:04 nach Luzern (an 10:45).
2. Tag (So., 19.07.2026): Luzern – Zermatt
Mit dem Zug nach Zermatt, Abfahrt Luzern 08:18, Ankunft Zermatt 11:13.
3. Tag (Mo., 20.07.2026): Zermatt – Zürich
Rückreise ab Zermatt um 09:13 über Visp, Ankunft Zürich HB 12:30.`);
    expect(blocksOf(draft, 'flight')).toEqual([]);
    expect(blocksOf(draft, 'transport').map((t) => [t.day, t.mode, t.time])).toEqual([
      [1, 'train', '10:04'],
      [2, 'train', '08:18'],
      [3, 'train', '09:13'],
    ]);
    expect(
      blocksOf(
        read(
          'Day 1: Romancecar limited express from Shinjuku at 10:00, arrive Hakone-Yumoto 11:25. Day 2: Hakone.',
        ),
        'transport',
      ),
    ).toEqual([expect.objectContaining({ mode: 'train', from: 'Shinjuku', time: '10:00' })]);
  });

  it('an abbreviation\'s dot ("Fam. Navarro") is no sentence end in a title', async () => {
    const { titleFrom } = await import('../../src/imports/generate/builtin/trip-fields.ts');
    expect(titleFrom('Escapada a Andalucía – Fam. Navarro', NOW)).toBe('Escapada a Andalucía');
  });
});

describe('times and zones of the trip', () => {
  it("a hotel's check-out hour is not the train's departure", () => {
    const draft = read(
      "Day 1: Arrive in York. Day 2: check out 11:00, LNER 1E22 back to King's Cross at 14:00, arr 18:21.",
    );
    expect(blocksOf(draft, 'transport')).toEqual([
      expect.objectContaining({ day: 2, time: '14:00', arrivalTime: '18:21' }),
    ]);
  });

  it("Hanoi's airport reads in Vietnam's own zone (tzdata names it after Bangkok)", async () => {
    const { airport } = await import('../../src/imports/generate/builtin/places.ts');
    expect(airport('HAN')?.timezone).toBe('Asia/Ho_Chi_Minh');
    expect(airport('BKK')?.timezone).toBe('Asia/Bangkok');
    expect(airport('PDL')?.timezone).toBe('Atlantic/Azores'); // a zone of its own country stays
  });
});

describe('stays named by their nights', () => {
  it('"<Name> (N nights)" is a stay without a hotel word; a city\'s nights are not', async () => {
    const { readDay } = await import('../../src/imports/generate/builtin/blocks.ts');
    const hotels = (s: string) => readDay([s], '2026-05-01', NOW, null).hotels;
    expect(hotels('Met on arrival and transferred to The Lutyens Courtyard (2 nights).')).toEqual([
      { name: 'Lutyens Courtyard', city: null, nights: 2 },
    ]);
    expect(
      hotels('Route par le Chemin du Roy. Installation au Manoir du Cap-Diamant (2 nuits).'),
    ).toEqual([expect.objectContaining({ name: 'Manoir du Cap-Diamant', nights: 2 })]);
    expect(hotels('Drive on to Kyoto (3 nights).')).toEqual([]);
  });

  it('a title cut from a plan\'s sentence ("flight TP1351 London (LHR)") does not place the stay', () => {
    const draft = read(
      'Weekend in Lisbon, 14 to 16 April 2026. Day 1: flight TP1351 London (LHR) 07:45 – Lisbon (LIS) 10:25. Overnight at Hotel Avenida Palace. Day 2: Sintra at 09:30. Day 3: departure.',
    );
    expect(draft.countries).toEqual(['PRT']);
    expect(blocksOf(draft, 'accommodation')).toEqual([
      expect.objectContaining({ name: 'Hotel Avenida Palace', city: 'Lisbon' }),
    ]);
  });

  it("the day's heading places the stay before a flight read on the way", () => {
    const draft = read(`Thailand
Day 1 | Wed 3 Mar 2027 | Arrive Bangkok
Arrive on QR836 at 19:30 after the overnight flight from London via Doha. We drive you to the Riverside Teak House (2 nights).
Day 2 | Thu 4 Mar 2027 | Bangkok
08:30 Grand Palace tour.
Day 3 | Fri 5 Mar 2027 | Bangkok – Chiang Mai`);
    expect(blocksOf(draft, 'accommodation')).toEqual([
      expect.objectContaining({ day: 1, name: 'Riverside Teak House', city: 'Bangkok', nights: 2 }),
    ]);
  });
});

describe('payments of a per-person price', () => {
  it('a balance without its amount is the per-person price less the per-person deposit', () => {
    const lines = [
      'PRICE: £4,680 per person sharing. Deposit £750 per person now; balance due 10 August 2026.',
    ];
    const price = findPrice(lines);
    expect(findPayments(lines, NOW, null, price).map((p) => [p.kind, p.amount, p.dueDate])).toEqual(
      [
        ['deposit', 750, null],
        ['balance', 3930, '2026-08-10'],
      ],
    );
  });
});

describe('places that are not destinations', () => {
  it('a city only changed planes in, "Torres del Paine" and a hotel "Bahía Redonda" add no country', () => {
    const draft = read(`Patagonia – 6 días
Día 1 – 6 de noviembre de 2026: Madrid – São Paulo
Vuelo LA8065 Madrid (MAD) 23:55 – São Paulo Guarulhos (GRU) 06:35 (+1).
Día 2 – 7 de noviembre de 2026: São Paulo – Buenos Aires
Vuelo LA8010 São Paulo Guarulhos (GRU) 09:10 – Buenos Aires Ezeiza (EZE) 12:05. Hotel Recoleta Azul (2 noches).
Día 4 – 9 de noviembre de 2026: Buenos Aires – El Calafate
Vuelo AR1872 a las 08:20 desde Aeroparque. Alojamiento en la Hostería Bahía Redonda (2 noches).
Día 6 – 11 de noviembre de 2026: Torres del Paine
Trekking a la base de las Torres.`);
    expect(draft.countries).toContain('ARG');
    expect(draft.countries).not.toContain('BRA');
  });
});

describe('short prepositions after accented letters', () => {
  it('the "a" that ends "Hostería" is no "to"', async () => {
    const { routeOf } = await import('../../src/imports/generate/builtin/blocks.ts');
    expect(routeOf('Traslado privado a la Hostería Bahía Redonda')).toEqual({
      from: null,
      to: null,
    });
    expect(routeOf('Traslado a Mendoza')).toEqual({ from: null, to: 'Mendoza' });
  });
});

describe('a coach on a day whose heading is a route', () => {
  const PROGRAMME = (day2: string) => `Circuito Andino 2026
Salida 12/10/2026
Día 1 / Arequipa
Llegada y traslado al hotel. Alojamiento en Hotel Casa Andina Arequipa.
Día 2 / Arequipa – Puno
${day2}
Día 3 / Puno
Visita del lago a las 06:30.`;

  it('is the day leg between the heading places, at its time', () => {
    const draft = read(
      PROGRAMME('Bus turístico a las 08:00 por la reserva de Salinas. Llegada a Puno.'),
    );
    expect(blocksOf(draft, 'transport').filter((t) => t.mode === 'bus')).toEqual([
      expect.objectContaining({ day: 2, from: 'Arequipa', to: 'Puno', time: '08:00' }),
    ]);
  });

  it('stays an outing when the day already has its journey', () => {
    const draft = read(
      PROGRAMME(
        'Tren de Arequipa a Puno a las 07:00. Autobús turístico por el pueblo a las 15:00.',
      ),
    );
    expect(blocksOf(draft, 'transport').filter((t) => t.mode === 'bus')).toEqual([]);
  });
});
