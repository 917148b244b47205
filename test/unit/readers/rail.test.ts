import { describe, expect, it } from 'vitest';
import { extractDraft } from '../../../src/imports/generate/builtin/builtin.generator.ts';
import { railReader } from '../../../src/imports/generate/builtin/readers/rail.reader.ts';
import { LineLedger } from '../../../src/imports/generate/builtin/readers/reader.ts';
import { mapCalendarEvents } from '../../../src/imports/structured/calendar-events.ts';
import { readCalendar } from '../../../src/imports/extract/calendar.ts';

const now = new Date('2026-01-15T00:00:00Z');

type Leg = [
  date: string,
  from: string,
  to: string,
  time: string,
  arrival: string,
  number: string | null,
  operator: string | null,
];

/** Invented confirmations as each operator prints them, one a language, with the legs they hold. */
const tickets: Array<[string, string, Leg[], string]> = [
  [
    'de',
    `Ihre Buchungsbestätigung – DB Fernverkehr
Buchungsdatum: 02.01.2026
Hinfahrt am Do., 14.05.2026
Berlin Hbf ab 08:34 Gleis 7
München Hbf an 12:39 Gleis 18
ICE 597 Wagen 9, Platz 45
Rückfahrt am So., 17.05.2026
München Hbf ab 17:20 Gleis 21
Berlin Hbf an 21:25 Gleis 3
ICE 598 Wagen 7, Platz 63`,
    [
      ['2026-05-14', 'Berlin Hbf', 'München Hbf', '08:34', '12:39', 'ICE 597', 'DB'],
      ['2026-05-17', 'München Hbf', 'Berlin Hbf', '17:20', '21:25', 'ICE 598', 'DB'],
    ],
    'Wagen 9, Platz 45',
  ],
  [
    'fr',
    `SNCF Connect - Confirmation
Aller : jeudi 4 juin 2026
07h37 Paris Gare de Lyon → 10h59 Marseille Saint-Charles
TGV INOUI 6611 - Voiture 14 - Place 82
Retour : dimanche 7 juin 2026
18h04 Marseille Saint-Charles → 21h22 Paris Gare de Lyon
TGV INOUI 6178 - Voiture 3 - Place 21`,
    [
      [
        '2026-06-04',
        'Paris Gare de Lyon',
        'Marseille Saint-Charles',
        '07:37',
        '10:59',
        'TGV INOUI 6611',
        'SNCF',
      ],
      [
        '2026-06-07',
        'Marseille Saint-Charles',
        'Paris Gare de Lyon',
        '18:04',
        '21:22',
        'TGV INOUI 6178',
        'SNCF',
      ],
    ],
    'Voiture 14, Place 82',
  ],
  [
    'it',
    `Trenitalia - Conferma di acquisto
Andata - 12/06/2026
Frecciarossa 9541
Partenza: Roma Termini ore 10:00
Arrivo: Napoli Centrale ore 11:10
Carrozza 5 - Posto 7A`,
    [
      [
        '2026-06-12',
        'Roma Termini',
        'Napoli Centrale',
        '10:00',
        '11:10',
        'Frecciarossa 9541',
        'Trenitalia',
      ],
    ],
    'Carrozza 5, Posto 7A',
  ],
  [
    'es',
    `Renfe - Billete
Ida: 15/03/2026
Tren AVE 03071
Salida: Madrid Puerta de Atocha 08:00 vía 3
Llegada: Sevilla Santa Justa 10:32
Coche 5 · Plaza 7A`,
    [
      [
        '2026-03-15',
        'Madrid Puerta de Atocha',
        'Sevilla Santa Justa',
        '08:00',
        '10:32',
        'AVE 03071',
        'Renfe',
      ],
    ],
    'Coche 5, Plaza 7A',
  ],
  [
    'pt',
    `CP - Comboios de Portugal
Ida: 10/07/2026
Comboio Alfa Pendular 121
Partida: Lisboa Santa Apolónia 09:09 linha 4
Chegada: Porto Campanhã 11:59
Carruagem 3, Lugar 45`,
    [
      [
        '2026-07-10',
        'Lisboa Santa Apolónia',
        'Porto Campanhã',
        '09:09',
        '11:59',
        'Alfa Pendular 121',
        'CP',
      ],
    ],
    'Carruagem 3, Lugar 45',
  ],
  [
    'en',
    `Booking confirmation
Outward: Friday 18 September 2026
Eurostar 9014
London St Pancras International 08:01 → Paris Gare du Nord 11:20
Coach 12, Seat 61
Return: Sunday 20 September 2026
FlixBus N123 Paris Bercy 22:30 → Amsterdam Sloterdijk 06:45
Seat 14`,
    [
      [
        '2026-09-18',
        'London St Pancras International',
        'Paris Gare du Nord',
        '08:01',
        '11:20',
        'Eurostar 9014',
        'Eurostar',
      ],
      [
        '2026-09-20',
        'Paris Bercy',
        'Amsterdam Sloterdijk',
        '22:30',
        '06:45',
        'FlixBus N123',
        'FlixBus',
      ],
    ],
    'Coach 12, Seat 61',
  ],
];

describe('the rail reader', () => {
  it.each(tickets)('reads a %s confirmation: a transport block a leg', (_l, text, legs, seat) => {
    const lines = text.split('\n');
    const input = { lines, now, anchor: null };
    expect(railReader.applies(input)).toBe(true);
    const ledger = new LineLedger(lines);
    const { bookings = [] } = railReader.read(input, ledger);
    const read = bookings.map(({ date, block }) => {
      const c = block.type === 'transport' ? block.content : null;
      return [date, c?.from, c?.to, c?.time, c?.arrivalTime, c?.number, c?.operator];
    });
    expect(read).toEqual(legs);
    const first = bookings[0]!.block;
    expect(first.type === 'transport' && first.content.description).toContain(seat);
    // The title and the booking date are left to the general reading.
    expect(ledger.isClaimed(0)).toBe(false);
    expect(lines.slice(2).some((_l, i) => ledger.isClaimed(i + 2))).toBe(true);
  });

  it('gives a coach its mode and an overnight leg its arrival date', () => {
    const lines = tickets[5]![1].split('\n');
    const { bookings = [] } = railReader.read({ lines, now, anchor: null }, new LineLedger(lines));
    const coach = bookings[1]!.block;
    expect(coach.type === 'transport' && [coach.content.mode, coach.content.arrivalDate]).toEqual([
      'bus',
      '2026-09-21',
    ]);
  });

  it.each([
    [
      'a programme that mentions a train in its days',
      [
        'Prag vom 11. bis 13. Dezember 2026',
        'Tag 1: Anreise mit dem EC 171 ab Berlin Hbf um 08:43, an Praha hl.n. 13:05; Check-in im Hotel U Zlaté Lípy (2 Nächte); 16 Uhr Weihnachtsmarkt.',
        'Tag 2: 10 Uhr Führung Prager Burg, 20 Uhr Schwarzlichttheater.',
      ],
    ],
    [
      'a plan of visits at their times',
      [
        'Sábado 5 dic',
        '10:30 Real Alcázar (entradas compradas)',
        '21:00 flamenco en La Casa del Compás',
        'Plaza de España + parque de María Luisa',
      ],
    ],
    ['a flight confirmation', ['Flight LH 404 Frankfurt 10:05 → New York 12:40', 'Seat 23A']],
  ])('does not read %s', (_name, lines) => {
    const input = { lines, now, anchor: null };
    const ledger = new LineLedger(lines);
    const read = railReader.applies(input) ? (railReader.read(input, ledger).bookings ?? []) : [];
    expect(read).toEqual([]);
    expect(ledger.unclaimed()).toEqual(lines);
  });

  it('gives the draft its trains on their days, end to end', () => {
    const draft = extractDraft(tickets[0]![1], now);
    expect([draft.dateStart, draft.dateFinish]).toEqual(['2026-05-14', '2026-05-17']);
    const trains = draft.days.flatMap((d) =>
      d.blocks.flatMap((b) =>
        b.type === 'transport' && b.content.mode === 'train' && b.content.from
          ? [[d.date, b.content.from, b.content.to, b.content.number]]
          : [],
      ),
    );
    expect(trains).toEqual([
      ['2026-05-14', 'Berlin Hbf', 'München Hbf', 'ICE 597'],
      ['2026-05-17', 'München Hbf', 'Berlin Hbf', 'ICE 598'],
    ]);
  });
});

describe('a rail operator’s calendar export', () => {
  const event = (
    uid: string,
    start: string,
    end: string,
    summary: string,
    location: string,
    description: string,
  ) =>
    [
      'BEGIN:VEVENT',
      `UID:${uid}`,
      'DTSTAMP:20260110T141500Z',
      `DTSTART;TZID=Europe/Berlin:${start}`,
      `DTEND;TZID=Europe/Berlin:${end}`,
      `SUMMARY:${summary}`,
      `LOCATION:${location}`,
      `DESCRIPTION:${description}`,
      'END:VEVENT',
    ].join('\r\n');
  const ics = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Invented Rail//Export//DE',
    event(
      'a@rail',
      '20260514T083400',
      '20260514T123900',
      'ICE 597 Berlin Hbf → München Hbf',
      'Berlin Hbf',
      'Wagen 9\\, Platz 45',
    ),
    event(
      'b@rail',
      '20260517T172000',
      '20260517T212500',
      'ICE 598 München Hbf → Berlin Hbf',
      'München Hbf',
      'Wagen 7\\, Platz 63',
    ),
    event(
      'c@rail',
      '20260518T221500',
      '20260519T083000',
      'Nightjet 40490 München Hbf → Roma Termini',
      'München Hbf',
      'Liegewagen 3\\, Platz 21',
    ),
    'END:VCALENDAR',
  ].join('\r\n');

  it('gives a train transport block an event, with its stations, number and times', () => {
    const blocks = mapCalendarEvents(readCalendar(ics).events).map(({ date, block }) => {
      const c = block.type === 'transport' ? block.content : null;
      return [
        date,
        c?.mode,
        c?.from,
        c?.to,
        c?.number,
        c?.operator,
        c?.time,
        c?.arrivalTime,
        c?.arrivalDate,
      ];
    });
    expect(blocks).toEqual([
      ['2026-05-14', 'train', 'Berlin Hbf', 'München Hbf', 'ICE 597', 'DB', '08:34', '12:39', null],
      ['2026-05-17', 'train', 'München Hbf', 'Berlin Hbf', 'ICE 598', 'DB', '17:20', '21:25', null],
      [
        '2026-05-18',
        'train',
        'München Hbf',
        'Roma Termini',
        'Nightjet 40490',
        'ÖBB',
        '22:15',
        '08:30',
        '2026-05-19',
      ],
    ]);
  });
});

describe('a station with a qualifier in brackets', () => {
  it('reads "Berlin Hbf (tief)" as the station Berlin Hbf', () => {
    const draft = extractDraft(
      [
        'HINFAHRT – Donnerstag, 09.07.2026',
        'IC 143',
        'Berlin Hbf (tief)   ab 10:52   Gleis 14',
        'Amsterdam Centraal  an 17:14   Gleis 5b',
        'Wagen 8, Plätze 61, 62',
      ].join('\n'),
      new Date('2026-01-15T00:00:00Z'),
    );
    const trains = draft.days.flatMap((d) => d.blocks).filter((b) => b.type === 'transport');
    expect(trains.map((b) => b.type === 'transport' && [b.content.from, b.content.to])).toEqual([
      ['Berlin Hbf', 'Amsterdam Centraal'],
    ]);
  });
});
