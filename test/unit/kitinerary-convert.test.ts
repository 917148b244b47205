// The mapping of KDE Itinerary's extractor output (schema.org reservations) to our corpus
// expectation (test/eval/external/kitinerary-map.ts), on small reservations written for these
// tests in the shapes kitinerary's test data uses (ISO strings and QDateTime objects). No KDE
// document or expectation is part of the repository.
import { describe, expect, it } from 'vitest';
import type { Expected } from '../eval/corpus.ts';
import {
  countriesOf,
  expectationOf,
  itemsOf,
  numberOf,
  wallClock,
} from '../eval/external/kitinerary-map.ts';

const META = { description: 'test', language: 'en' };
const at = (value: string, timezone = 'Europe/Berlin') => ({
  '@type': 'QDateTime',
  '@value': value,
  timezone,
});
const airport = (iataCode: string, addressCountry?: string) => ({
  '@type': 'Airport',
  iataCode,
  ...(addressCountry ? { address: { '@type': 'PostalAddress', addressCountry } } : {}),
});
const flight = (
  airline: string | undefined,
  number: string,
  from: ReturnType<typeof airport>,
  to: ReturnType<typeof airport>,
  departs: string,
  arrives: string,
  extra: Record<string, unknown> = {},
) => ({
  '@type': 'FlightReservation',
  reservationFor: {
    '@type': 'Flight',
    ...(airline ? { airline: { '@type': 'Airline', iataCode: airline } } : {}),
    flightNumber: number,
    departureAirport: from,
    arrivalAirport: to,
    departureDay: departs.slice(0, 10),
    departureTime: at(departs),
    arrivalTime: at(arrives),
  },
  ...extra,
});
const station = (name: string, addressCountry?: string) => ({
  '@type': 'TrainStation',
  name,
  ...(addressCountry ? { address: { addressCountry } } : {}),
});
const train = (
  from: ReturnType<typeof station>,
  to: ReturnType<typeof station>,
  departs: string,
  arrives: string,
  trainNumber?: string,
) => ({
  '@type': 'TrainReservation',
  reservationFor: {
    '@type': 'TrainTrip',
    departureStation: from,
    arrivalStation: to,
    departureDay: departs.slice(0, 10),
    departureTime: departs,
    arrivalTime: arrives,
    ...(trainNumber ? { trainNumber } : {}),
  },
});

type Case = [string, unknown[], Partial<Expected>];

const CASES: Case[] = [
  [
    'a flight: designator and number joined, wall-clock times, the reference, an overnight arrival',
    [
      flight(
        'DL',
        '38',
        airport('HKG', 'CN'),
        airport('SEA', 'US'),
        '2017-01-20T23:45:00+08:00',
        '2017-01-21T20:11:00-08:00',
        { reservationNumber: 'XYZ123' },
      ),
    ],
    {
      now: '2016-12-21',
      dateStart: '2017-01-20',
      dateFinish: '2017-01-21',
      duration: 2,
      countries: ['USA'],
      blocks: [
        {
          type: 'flight',
          day: '2017-01-20',
          flightNumber: 'DL38',
          departureAirport: 'HKG',
          arrivalAirport: 'SEA',
          date: '2017-01-20',
          departureTime: '23:45',
          arrivalTime: '20:11',
          arrivalDate: '2017-01-21',
          bookingReference: 'XYZ123',
        },
      ],
    },
  ],
  [
    'a round trip with connections: the destination only (not the origin, not the transit)',
    [
      flight(
        'DL',
        '1',
        airport('TXL'),
        airport('AMS'),
        '2016-06-07T12:10:00+02:00',
        '2016-06-07T13:30:00+02:00',
      ),
      flight(
        'DL',
        '2',
        airport('AMS'),
        airport('DTW'),
        '2016-06-07T15:00:00+02:00',
        '2016-06-07T17:40:00-04:00',
      ),
      flight(
        'DL',
        '3',
        airport('DTW'),
        airport('CDG'),
        '2016-06-09T21:40:00-04:00',
        '2016-06-10T11:30:00+02:00',
      ),
      flight(
        'DL',
        '4',
        airport('CDG'),
        airport('TXL'),
        '2016-06-10T13:00:00+02:00',
        '2016-06-10T14:40:00+02:00',
      ),
    ],
    { dateStart: '2016-06-07', dateFinish: '2016-06-10', duration: 4, countries: ['USA'] },
  ],
  [
    'a flight number without its designator is left out rather than guessed',
    [
      flight(
        undefined,
        '9520',
        airport('LHR'),
        airport('MAD'),
        '2020-03-01T10:00:00+00:00',
        '2020-03-01T13:00:00+01:00',
      ),
    ],
    {
      countries: ['ESP'],
      blocks: [
        {
          type: 'flight',
          day: '2020-03-01',
          departureAirport: 'LHR',
          arrivalAirport: 'MAD',
          date: '2020-03-01',
          departureTime: '10:00',
          arrivalTime: '13:00',
        },
      ],
    },
  ],
  [
    'a stay: its dates and nights, the city; the check-out ends the trip',
    [
      {
        '@type': 'LodgingReservation',
        checkinTime: at('2018-08-10T15:00:00+02:00', 'Europe/Vienna'),
        checkoutTime: '2018-08-13T10:00:00',
        reservationFor: {
          '@type': 'LodgingBusiness',
          name: 'Hotel Beispiel',
          address: { addressLocality: 'Wien', addressCountry: 'AT' },
        },
        reservationNumber: 'H-1',
      },
    ],
    {
      dateStart: '2018-08-10',
      dateFinish: '2018-08-13',
      duration: 4,
      countries: ['AUT'],
      blocks: [
        {
          type: 'accommodation',
          day: '2018-08-10',
          name: 'Hotel Beispiel',
          city: 'Wien',
          checkIn: '2018-08-10',
          checkOut: '2018-08-13',
          nights: 3,
        },
      ],
    },
  ],
  [
    'trains: the number without its letters; stations without a country give no country',
    [
      train(
        station('Praha hl.n.'),
        station('Brno hl.n.'),
        '2017-12-31T13:51:00',
        '2017-12-31T16:20:00',
        'EC 173',
      ),
      train(
        station('Brno hl.n.'),
        station('Praha hl.n.'),
        '2018-01-01T10:38:00',
        '2018-01-01T13:07:00',
        'RJ, RJ 72',
      ),
    ],
    {
      dateStart: '2017-12-31',
      dateFinish: '2018-01-01',
      duration: 2,
      countries: [],
      blocks: [
        {
          type: 'transport',
          mode: 'train',
          day: '2017-12-31',
          from: 'Praha hl.n.',
          to: 'Brno hl.n.',
          time: '13:51',
          arrivalTime: '16:20',
          number: '173',
        },
        {
          type: 'transport',
          mode: 'train',
          day: '2018-01-01',
          from: 'Brno hl.n.',
          to: 'Praha hl.n.',
          time: '10:38',
          arrivalTime: '13:07',
          number: '72',
        },
      ],
    },
  ],
  [
    'a domestic round trip: the origin country is the destination',
    [
      train(
        station('Berlin Hbf', 'DE'),
        station('Köln Hbf', 'DE'),
        '2027-11-03T07:49:00',
        '2027-11-03T12:09:00',
      ),
      train(
        station('Köln Hbf', 'DE'),
        station('Berlin Hbf', 'DE'),
        '2027-11-05T14:52:00',
        '2027-11-05T19:27:00',
      ),
    ],
    { countries: ['DEU'] },
  ],
  [
    'a bus, a boat, a rental car and a taxi: their modes; a number without digits is no number',
    [
      {
        '@type': 'BusReservation',
        reservationFor: {
          departureBusStop: { name: 'Brno, AN Grand' },
          arrivalBusStop: { name: 'Wien Hbf' },
          departureTime: '2012-06-29T03:20:00',
          arrivalTime: '2012-06-29T05:35:00',
          busNumber: 'SA',
        },
      },
      {
        '@type': 'BoatReservation',
        reservationFor: {
          departureBoatTerminal: { name: 'Split' },
          arrivalBoatTerminal: { name: 'Hvar' },
          departureTime: '2012-06-30T09:00:00',
        },
      },
      {
        '@type': 'RentalCarReservation',
        pickupLocation: { name: 'Hvar port' },
        pickupTime: '2012-06-30T11:00:00',
        dropoffTime: '2012-07-03T18:00:00',
      },
      {
        '@type': 'TaxiReservation',
        pickupLocation: { name: 'Hotel Park' },
        pickupTime: '2012-07-04T06:00:00',
      },
    ],
    {
      dateStart: '2012-06-29',
      dateFinish: '2012-07-04',
      blocks: [
        {
          type: 'transport',
          mode: 'bus',
          day: '2012-06-29',
          from: 'Brno, AN Grand',
          to: 'Wien Hbf',
          time: '03:20',
          arrivalTime: '05:35',
        },
        {
          type: 'transport',
          mode: 'ferry',
          day: '2012-06-30',
          from: 'Split',
          to: 'Hvar',
          time: '09:00',
        },
        {
          type: 'transport',
          mode: 'carRental',
          day: '2012-06-30',
          from: 'Hvar port',
          time: '11:00',
        },
        {
          type: 'transport',
          mode: 'transfer',
          day: '2012-07-04',
          from: 'Hotel Park',
          time: '06:00',
        },
      ],
    },
  ],
  [
    'an all-day event: no time; its end ends the trip; one reservation per attendee counts once',
    [1, 2].map((n) => ({
      '@type': 'EventReservation',
      reservationFor: {
        '@type': 'Event',
        name: 'Akademy',
        startDate: at('2022-10-01T00:00:00+02:00', 'Europe/Madrid'),
        endDate: at('2022-10-07T23:59:59+02:00', 'Europe/Madrid'),
        location: { name: 'UPC', address: { addressCountry: 'ES' } },
      },
      reservationNumber: `${n}`,
    })),
    {
      dateStart: '2022-10-01',
      dateFinish: '2022-10-07',
      duration: 7,
      countries: ['ESP'],
      blocks: [{ type: 'activity', day: '2022-10-01', title: 'Akademy' }],
    },
  ],
  [
    'an event page whose end comes before its start: the end is not a date of the trip',
    [
      {
        '@type': 'Event',
        name: 'Meetup',
        startDate: '2019-09-07T19:00:00',
        endDate: '2019-07-13T16:30:00',
      },
    ],
    {
      dateFinish: '2019-09-07',
      countries: [],
      blocks: [{ type: 'activity', day: '2019-09-07', title: 'Meetup', time: '19:00' }],
    },
  ],
  [
    'a restaurant table and a visit: activities titled with the place',
    [
      {
        '@type': 'FoodEstablishmentReservation',
        reservationFor: { '@type': 'Restaurant', name: 'Trattoria Luigi' },
        startTime: '2020-05-02T20:00:00',
      },
      {
        '@type': 'TouristAttractionVisit',
        touristAttraction: { name: 'Colosseum' },
        arrivalTime: '2020-05-03T09:30:00',
      },
    ],
    {
      blocks: [
        { type: 'activity', day: '2020-05-02', title: 'Trattoria Luigi', time: '20:00' },
        { type: 'activity', day: '2020-05-03', title: 'Colosseum', time: '09:30' },
      ],
    },
  ],
];

describe('kitinerary reservations → corpus expectation', () => {
  it.each(CASES)('%s', (_name, reservations, expected) => {
    expect(expectationOf(reservations, META)).toMatchObject(expected);
  });

  it('keeps the trip fields we cannot know neutral, and the language in settings only when obvious', () => {
    const reservations = [
      train(station('A'), station('B'), '2020-01-31T10:00:00', '2020-01-31T11:00:00'),
    ];
    expect(expectationOf(reservations, META)).toMatchObject({
      now: '2020-01-01',
      language: 'en',
      title: { keywords: [] },
      settings: {},
    });
    expect(
      expectationOf(reservations, { ...META, language: 'de', settingsLanguage: 'de' })?.settings,
    ).toEqual({ language: 'de' });
  });

  it('maps nothing from a bare place without a date (a hotel or restaurant page)', () => {
    const place = { '@type': 'FoodEstablishment', name: 'Trattoria Luigi' };
    expect(expectationOf([place], META)).toBeUndefined();
    expect(expectationOf([], META)).toBeUndefined();
  });
});

describe('kitinerary helpers', () => {
  it.each([
    ['2017-12-31T13:51:00', { date: '2017-12-31', time: '13:51' }],
    [at('2016-06-07T17:40:00-04:00'), { date: '2016-06-07', time: '17:40' }],
    ['2024-02-02', { date: '2024-02-02' }],
    [42, undefined],
  ])('wallClock(%j)', (value, expected) => {
    expect(wallClock(value)).toEqual(expected);
  });

  it.each([
    ['EC 173', '173'],
    ['RJ, RJ 1010', '1010'],
    ['Bus51016', '51016'],
    ['X2 531', '531'],
    ['12345', '12345'],
    ['SA', undefined],
  ])('numberOf(%j)', (value, expected) => {
    expect(numberOf(value)).toBe(expected);
  });

  it('counts a stop followed by a short overnight wait as a connection', () => {
    const items = itemsOf([
      flight(
        'EY',
        '84',
        airport('FCO'),
        airport('AUH'),
        '2017-01-16T15:00:00+01:00',
        '2017-01-16T23:30:00+04:00',
      ),
      flight(
        'EY',
        '226',
        airport('AUH'),
        airport('AMD'),
        '2017-01-17T03:00:00+04:00',
        '2017-01-17T14:45:00+05:30',
      ),
    ]);
    expect(countriesOf(items)).toEqual(['IND']);
  });
});
