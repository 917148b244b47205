import { describe, expect, it } from 'vitest';
import { extractDraft } from '../../../src/imports/generate/builtin/builtin.generator.ts';
import { eticketReader } from '../../../src/imports/generate/builtin/readers/eticket.reader.ts';
import { gdsReader } from '../../../src/imports/generate/builtin/readers/gds.reader.ts';
import {
  LineLedger,
  type LayoutReader,
  type Reading,
} from '../../../src/imports/generate/builtin/readers/reader.ts';

const now = new Date('2026-01-15T00:00:00Z');

// Invented displays, one per system family (codes, names and locators made up).
const amadeus = [
  'RP/MUCL12208/MUCL12208 WS/SU 10FEB26/0932Z K9QW2T',
  '1.BRANDT/ANNA MRS 2.BRANDT/JONAS MR',
  '3 LH 400 Y 12MAR 4 FRAJFK HK2 1025 1305 12MAR E LH/7TQZMB',
  '4 HHL HY HK1 NYC IN12MAR OUT16MAR 1KNGNRAC USD289.00 DAILY',
  '/HYATT GRAND CENTRAL/CF-84412907',
  '5 CCR ZI HK1 BOS 16MAR 18MAR ICAR/ARR-AA2171-0915/RT-1800/CF-31174520',
  '6 AA 2171 Y 16MAR 1 JFKBOS HK2 0800 0915 16MAR E AA/LQWZXD',
  '7 LH 425 Y 18MAR 3 BOSFRA XX2 1940 0900 19MAR E LH/7TQZMB',
  '8 LH 423 Y 18MAR 3 BOSMUC HK2 2150 1120 19MAR E LH/7TQZMB',
  '9 AP MUC 089 4470 2210 - REISEBUERO BRANDT',
  '10 TK OK10FEB/MUCL12208',
  '11 FA PAX 220-2417735501/ETLH/EUR1412.60/10FEB26/MUCL12208/23491012',
  '12 RM NOTE CLIENT WANTS TRANSFER 12MAR TO HOTEL',
  '13 SSR VGML LH HK1/S3/P1',
];
const galileo = [
  'T7RK4N/WS QSBYC DPBVWS AG 99123442 03FEB',
  '1.1GARCIA/MARTA MS',
  '1. IB 3166 Y 14MAY MADLIS HK1 0935 0950 O* TH',
  '2. HHL HI HK1 LIS 14MAY-17MAY 3NT /HOLIDAY INN LISBON CONTINENTAL/CF-559182',
  '3. TP 1704 Y 17MAY LISFNC HK1 1410 1555 O* SU',
  '4. TP 1708 Y 20MAY FNCLIS UN1 0700 0840 O* WE',
  '5. TP 1712 Y 20MAY FNCMAD HK1 1935 2250 O* WE',
  'FONE-MADT*91 555 0192 VIAJES SOL',
];
// Galileo pads a flight number to four places ("AF   12"), and marks a next-day arrival with "#".
const galileoPadded = [
  'bla',
  '1.1OKAFOR/CHIDI MR  2.1OKAFOR/ADA MRS',
  '1. AF   12 Y  03APR CDGJFK HK2  1030   1255  O           SA',
  '2. AF    9 Y  10APR JFKCDG HK2  1930  #0845  O           FR',
  'FONE-PART*01 4455 6677',
];
const sabre = [
  'LQZPRM',
  '1.1RUIZ/ELENA MRS 1.2RUIZ/PABLO MR',
  '1 IB6251Y 02OCT 5 MADJFK*HK2 1205 1420 /DCIB*XJ7K2P /E',
  '2 CAR ZE 02OCT F HK1 JFK 06OCT ICAR/ARR-IB6251-1420/CF-K88123',
  '3 AA 1555Y 06OCT 2 JFKMIA HK2 715A 1020A 06OCT /DCAA*NWQTRL /E',
  '4 AA 1560Y 08OCT 4 MIAJFK HX2 900A 1210P /DCAA*NWQTRL /E',
  '5 IB6124Y 09OCT 5 MIAMAD*HK2 535P 755A 10OCT /DCIB*XJ7K2P /E',
  'TKT/TIME LIMIT',
  '1.TAW15SEP/',
  'RECEIVED FROM - ELENA',
  'A0B1.A0B1*AXX 1204/12SEP26 LQZPRM H',
];
const receipt = [
  'ELECTRONIC TICKET ITINERARY/RECEIPT',
  'Ticket number: 047-2418830912',
  'Booking reference: P8WKDN',
  'Flight | Date | From | To | Depart | Arrive | Class | Status | Baggage',
  'TP 1351 | 05MAR26 | London Heathrow (LHR) | Lisbon (LIS) | 07:45 | 10:25 | K | OK | 23KG',
  'TP 1704 | 07MAR26 | Lisbon (LIS) | Funchal (FNC) | 14:10 | 15:55 | K | CANCELLED | 23KG',
  'TP 239 | 09MAR26 | Lisbon (LIS) | Sao Paulo (GRU) | 22:30 | 05:40 +1 | K | OK | 23KG',
];

interface Want {
  flights: Array<[string, string, string | null, string | null]>;
  stays?: Array<[string, string, string | null]>;
  cars?: Array<[string, string, string | null, string | null]>;
  claimsAll: boolean;
}

/** [family, reader, lines, flights (number, date, arrival date, reference), stays, cars] */
const cases: Array<[string, LayoutReader, string[], Want]> = [
  [
    'Amadeus',
    gdsReader,
    amadeus,
    {
      flights: [
        ['LH400', '2026-03-12', null, '7TQZMB'],
        ['AA2171', '2026-03-16', null, 'LQWZXD'],
        ['LH423', '2026-03-18', '2026-03-19', '7TQZMB'],
      ],
      stays: [['Hyatt Grand Central', '2026-03-12', '2026-03-16']],
      cars: [['Boston', '2026-03-16', '2026-03-18', 'Avis']],
      claimsAll: true,
    },
  ],
  [
    'Galileo',
    gdsReader,
    galileo,
    {
      flights: [
        ['IB3166', '2026-05-14', null, 'T7RK4N'],
        ['TP1704', '2026-05-17', null, 'T7RK4N'],
        ['TP1712', '2026-05-20', null, 'T7RK4N'],
      ],
      stays: [['Holiday Inn Lisbon Continental', '2026-05-14', '2026-05-17']],
      claimsAll: true,
    },
  ],
  [
    'Galileo, one segment beside its passengers and fields',
    gdsReader,
    [
      '1.1MOREAU/LEA MS',
      '1. AF   12 Y  03APR CDGJFK HK1  1030   1255  O           SA',
      'TKTG-TAU/MO01MAR',
    ],
    { flights: [['AF12', '2026-04-03', null, null]], claimsAll: false },
  ],
  [
    'Galileo, numbers padded',
    gdsReader,
    galileoPadded,
    {
      flights: [
        ['AF12', '2026-04-03', null, null],
        ['AF9', '2026-04-10', '2026-04-11', null],
      ],
      claimsAll: false,
    },
  ],
  [
    'Sabre',
    gdsReader,
    sabre,
    {
      flights: [
        ['IB6251', '2026-10-02', null, 'XJ7K2P'],
        ['AA1555', '2026-10-06', null, 'NWQTRL'],
        ['IB6124', '2026-10-09', '2026-10-10', 'XJ7K2P'],
      ],
      cars: [['New York', '2026-10-02', '2026-10-06', 'Hertz']],
      claimsAll: true,
    },
  ],
  [
    'an e-ticket receipt',
    eticketReader,
    receipt,
    {
      flights: [
        ['TP1351', '2026-03-05', null, 'P8WKDN'],
        ['TP239', '2026-03-09', '2026-03-10', 'P8WKDN'],
      ],
      claimsAll: false,
    },
  ],
];

function blocksOf(reading: Reading, type: string): Array<Record<string, unknown>> {
  return (reading.bookings ?? [])
    .filter((b) => b.block.type === type)
    .map((b) => ({ date: b.date, ...(b.block.content as Record<string, unknown>) }));
}

describe('the GDS and e-ticket readers', () => {
  it.each(cases)(
    'read %s: booked segments on their dates, cancelled ones left out',
    (_n, reader, lines, want) => {
      const input = { lines, now, anchor: null };
      expect(reader.applies(input)).toBe(true);
      const ledger = new LineLedger(lines);
      const reading = reader.read(input, ledger);
      expect(
        blocksOf(reading, 'flight').map((f) => [
          f.flightNumber,
          f.date,
          f.arrivalDate,
          f.bookingReference,
        ]),
      ).toEqual(want.flights);
      expect(
        blocksOf(reading, 'accommodation').map((s) => [
          String(s.name).slice(0, (want.stays?.[0]?.[0] ?? '').length),
          s.checkIn,
          s.checkOut,
        ]),
      ).toEqual(want.stays ?? []);
      expect(
        blocksOf(reading, 'transport').map((c) => [
          String(c.from).split(' (')[0]!.replace(' City', ''),
          c.date,
          c.arrivalDate,
          c.operator,
        ]),
      ).toEqual(want.cars ?? []);
      if (want.claimsAll) expect(ledger.unclaimed()).toEqual([]);
      // The days run from the first booking to the last landing, check-out or return.
      const dates = reading.days?.map((d) => d.date) ?? [];
      expect(dates[0]).toBe(want.flights[0]![1]);
      expect(dates.at(-1)).toBe(want.flights.at(-1)![2] ?? want.flights.at(-1)![1]);
    },
  );

  it('reads the Amadeus flight with its airline, airports, cities and times', () => {
    const reading = gdsReader.read({ lines: amadeus, now, anchor: null }, new LineLedger(amadeus));
    expect(reading.bookings?.[0]?.block).toMatchObject({
      type: 'flight',
      content: {
        flightNumber: 'LH400',
        airline: 'Lufthansa',
        departureAirport: 'FRA',
        arrivalAirport: 'JFK',
        departureTime: '10:25',
        arrivalTime: '13:05',
      },
    });
    const car = blocksOf(reading, 'transport')[0];
    expect([car?.mode, car?.time, car?.arrivalTime, car?.number]).toEqual([
      'carRental',
      '09:15',
      '18:00',
      '31174520',
    ]);
    expect(blocksOf(reading, 'accommodation')[0]?.city).toBe('New York');
  });

  it.each([
    [
      'an agent e-mail',
      [
        'Dear Anna,',
        'your flights are confirmed: LH 400 on 12 March from Frankfurt at 10:25, back with LH 423 on 18 March.',
        '1 night in Boston at the Omni Parker House, then 2 nights in New York.',
        '2 adults, total EUR 2,825.20.',
      ],
    ],
    [
      'a numbered programme',
      [
        '1. Day: arrival in Lisbon, transfer to the hotel',
        '2. Day: Sintra and Cascais excursion 09:00',
        '3. Day: flight TP 1351 to London at 18:10',
      ],
    ],
    ['one segment alone', ['Your flight:', '1 LH 400 Y 12MAR 4 FRAJFK HK2 1025 1305']],
  ])('leaves %s alone', (_n, lines) => {
    const input = { lines, now, anchor: null };
    expect(gdsReader.applies(input)).toBe(false);
    expect(eticketReader.applies(input)).toBe(false);
  });

  it('gives a display pasted in an e-mail its days, period and bookings, and reads the e-mail around it', () => {
    const draft = extractDraft(
      [
        'Subject: Your Boston and New York trip',
        '',
        'Dear Anna, here is your booking as it stands in our system:',
        '',
        ...amadeus,
        '',
        'The total for both of you is EUR 2,825.20.',
        'Kind regards, Petra',
      ].join('\n'),
      now,
    );
    expect([draft.dateStart, draft.dateFinish, draft.duration]).toEqual([
      '2026-03-12',
      '2026-03-19',
      8,
    ]);
    const where = (type: string) =>
      draft.days.flatMap((d) => d.blocks.filter((b) => b.type === type).map(() => d.date));
    expect(where('flight')).toEqual(['2026-03-12', '2026-03-16', '2026-03-18']);
    expect(where('accommodation')).toEqual(['2026-03-12']);
    expect(where('transport')).toEqual(['2026-03-16']);
    expect(draft.days.map((d) => d.day)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    // The remark "TRANSFER 12MAR" is the display's, not a service.
    expect(draft.days.flatMap((d) => d.blocks).length).toBe(5);
    expect(draft.price?.amount).toBe(2825.2);
  });
});
