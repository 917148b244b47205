// Structured data into draft blocks (schema.org reservations, iCalendar events, boarding passes,
// JSON booking exports), the merge with the text's draft (structured wins, days by date), and the
// validation of a model's answer against the document.
import { describe, expect, it } from 'vitest';
import type { StructuredData, StructuredItem } from '../../src/imports/extract/structured.ts';
import { draftSchema, type Draft, type DraftInput } from '../../src/imports/generate/draft.ts';
import { validateModelDraft } from '../../src/imports/generate/llm.validate.ts';
import { mergeStructured } from '../../src/imports/generate/merge.ts';
import { titleWithStructure } from '../../src/imports/generate/structured-title.ts';
import { readStructured } from '../../src/imports/structured/structured-draft.ts';

const NOW = new Date('2026-01-15T00:00:00Z');
const read = (...items: StructuredItem[]) =>
  readStructured({ items, subject: null } satisfies StructuredData, NOW);
const schema = (data: Record<string, unknown>): StructuredItem => ({ kind: 'schema.org', data });
const json = (data: unknown): StructuredItem => ({ kind: 'json', data });
const contents = (r: ReturnType<typeof read>) =>
  r.blocks.map((b) => ({ date: b.date, type: b.block.type, ...b.block.content }));

describe('schema.org reservations', () => {
  it('maps flights (carrier + number, airports, local times from offsets, booking reference) and merges one reservation per passenger', () => {
    const flight = (passenger: string) =>
      schema({
        '@type': 'FlightReservation',
        reservationNumber: 'QX7LMN',
        underName: { '@type': 'Person', name: passenger },
        reservationFor: {
          '@type': 'Flight',
          flightNumber: '0548',
          airline: { '@type': 'Airline', name: 'British Airways', iataCode: 'BA' },
          departureAirport: { '@type': 'Airport', iataCode: 'LHR' },
          arrivalAirport: { '@type': 'Airport', iataCode: 'FCO' },
          departureTime: '2026-05-08T23:15:00+01:00',
          arrivalTime: '2026-05-09T02:50:00+02:00',
        },
      });
    const result = read(flight('Anna'), flight('Ben'));
    expect(contents(result)).toEqual([
      {
        date: '2026-05-08',
        type: 'flight',
        flightNumber: 'BA548',
        airline: 'British Airways',
        departureAirport: 'LHR',
        arrivalAirport: 'FCO',
        departureCity: 'London',
        arrivalCity: 'Rome',
        departureTime: '23:15',
        arrivalTime: '02:50',
        arrivalDate: '2026-05-09',
        bookingReference: 'QX7LMN',
      },
    ]);
    expect(result.blocks[0]!.block.confidence).toBe(1);
    expect(result).toMatchObject({ countries: ['ITA'], home: 'GBR', timezone: 'Europe/Rome' });
  });

  it('maps lodging, train, bus, rental car, event and restaurant reservations; skips cancelled ones; sums prices of one currency', () => {
    const result = read(
      schema({
        '@type': 'LodgingReservation',
        reservationNumber: 'H-1',
        checkinTime: '2026-05-08T15:00:00+02:00',
        checkoutDate: '2026-05-11',
        totalPrice: '690.00',
        priceCurrency: 'EUR',
        reservationFor: {
          '@type': 'Hotel',
          name: 'Hotel Artemide',
          address: {
            '@type': 'PostalAddress',
            streetAddress: 'Via Nazionale 22',
            addressLocality: 'Roma',
            addressCountry: 'IT',
          },
        },
      }),
      schema({
        '@type': 'TrainReservation',
        reservationNumber: 'T-2',
        totalPrice: 45.5,
        priceCurrency: 'EUR',
        reservationFor: {
          '@type': 'TrainTrip',
          trainNumber: 'FR 9519',
          provider: { '@type': 'Organization', name: 'Trenitalia' },
          departureStation: { '@type': 'TrainStation', name: 'Roma Termini' },
          arrivalStation: { '@type': 'TrainStation', name: 'Firenze S.M.N.' },
          departureTime: '2026-05-10T10:30:00+02:00',
          arrivalTime: '2026-05-10T12:02:00+02:00',
        },
      }),
      schema({
        '@type': 'BusReservation',
        reservationFor: {
          '@type': 'BusTrip',
          busNumber: 'N12',
          departureBusStop: { name: 'Cusco' },
          arrivalBusStop: { name: 'Puno' },
          departureTime: '2026-06-01T07:00:00-05:00',
        },
      }),
      schema({
        '@type': 'RentalCarReservation',
        reservationNumber: 'CAR-77',
        pickupTime: '2026-05-11T09:00:00+02:00',
        dropoffTime: '2026-05-14T18:00:00+02:00',
        pickupLocation: { '@type': 'Place', name: 'Firenze Peretola' },
        dropoffLocation: { '@type': 'Place', name: 'Pisa Airport' },
        reservationFor: {
          '@type': 'RentalCar',
          model: 'Panda',
          brand: { '@type': 'Brand', name: 'Fiat' },
          rentalCompany: { '@type': 'Organization', name: 'Hertz' },
        },
      }),
      schema({
        '@type': 'EventReservation',
        reservationFor: {
          '@type': 'Event',
          name: 'Uffizi Gallery guided tour',
          startDate: '2026-05-10T15:00:00+02:00',
          location: { '@type': 'Place', name: 'Uffizi' },
        },
      }),
      schema({
        '@type': 'FoodEstablishmentReservation',
        startTime: '2026-05-09T20:30:00+02:00',
        partySize: 2,
        reservationFor: { '@type': 'Restaurant', name: 'Trattoria Da Enzo' },
      }),
      schema({
        '@type': 'EventReservation',
        reservationStatus: 'https://schema.org/ReservationCancelled',
        reservationFor: { '@type': 'Event', name: 'Cancelled concert', startDate: '2026-05-09' },
      }),
    );
    expect(contents(result)).toEqual([
      {
        date: '2026-05-08',
        type: 'accommodation',
        name: 'Hotel Artemide',
        checkIn: '2026-05-08',
        checkOut: '2026-05-11',
        nights: 3,
        city: 'Roma',
        address: 'Via Nazionale 22, Roma, IT',
        bookingReference: 'H-1',
      },
      {
        date: '2026-05-09',
        type: 'activity',
        title: 'Trattoria Da Enzo',
        time: '20:30',
        description: 'Table for 2',
        place: 'Trattoria Da Enzo',
      },
      {
        date: '2026-05-10',
        type: 'transport',
        mode: 'train',
        from: 'Roma Termini',
        to: 'Firenze S.M.N.',
        time: '10:30',
        arrivalTime: '12:02',
        arrivalDate: null,
        number: 'FR 9519',
        operator: 'Trenitalia',
        description: 'Booking T-2',
      },
      {
        date: '2026-05-10',
        type: 'activity',
        title: 'Uffizi Gallery guided tour',
        time: '15:00',
        description: null,
        place: 'Uffizi',
      },
      {
        date: '2026-05-11',
        type: 'transport',
        mode: 'carRental',
        from: 'Firenze Peretola',
        to: 'Pisa Airport',
        time: '09:00',
        arrivalTime: '18:00',
        arrivalDate: '2026-05-14',
        number: 'CAR-77',
        operator: 'Hertz',
        description: 'Fiat Panda',
      },
      {
        date: '2026-06-01',
        type: 'transport',
        mode: 'bus',
        from: 'Cusco',
        to: 'Puno',
        time: '07:00',
        arrivalTime: null,
        arrivalDate: null,
        number: 'N12',
        operator: null,
        description: null,
      },
    ]);
    expect(result.price).toEqual({
      amount: 735.5,
      currency: 'EUR',
      per: 'total',
      travellers: null,
    });
    expect(result.countries).toEqual(['ITA']);
  });

  it('reads a TouristTrip: its name as the title, its offer as the price, its dated itinerary items', () => {
    const result = read(
      schema({
        '@type': 'TouristTrip',
        name: 'Classic Peru in 8 days',
        description: 'Lima, Cusco and Machu Picchu.',
        offers: { '@type': 'Offer', price: '2450', priceCurrency: 'USD' },
        itinerary: {
          '@type': 'ItemList',
          itemListElement: [
            {
              '@type': 'ListItem',
              position: 1,
              item: {
                '@type': 'TouristAttraction',
                name: 'Lima',
                address: { addressCountry: 'PE' },
              },
            },
            {
              '@type': 'ListItem',
              position: 2,
              item: {
                '@type': 'Event',
                name: 'Machu Picchu guided visit',
                startDate: '2026-09-14T06:00:00-05:00',
              },
            },
          ],
        },
      }),
    );
    expect(result).toMatchObject({
      title: 'Classic Peru in 8 days',
      description: 'Lima, Cusco and Machu Picchu.',
      price: { amount: 2450, currency: 'USD', per: null },
      countries: ['PER'],
    });
    expect(contents(result)).toEqual([
      {
        date: '2026-09-14',
        type: 'activity',
        title: 'Machu Picchu guided visit',
        time: '06:00',
        description: null,
        place: null,
      },
    ]);
  });
});

describe('iCalendar events and boarding passes', () => {
  it('tells flights, stays, trains and activities apart by their words', () => {
    const event = (
      summary: string,
      start: [string, string | null],
      end: [string, string | null] | null,
      location: string | null = null,
    ) =>
      ({
        kind: 'ical',
        event: {
          summary,
          description: null,
          location,
          start: { date: start[0], time: start[1], timezone: 'Europe/Rome' },
          end: end && { date: end[0], time: end[1], timezone: 'Europe/Rome' },
        },
      }) as StructuredItem;
    const result = read(
      event(
        'Flight AZ 610 Rome (FCO) - New York (JFK)',
        ['2026-05-11', '10:15'],
        ['2026-05-11', '13:40'],
      ),
      event('Hotel Artemide', ['2026-05-08', null], ['2026-05-11', null], 'Via Nazionale 22, Roma'),
      event('Train Roma - Firenze', ['2026-05-10', '10:30'], ['2026-05-10', '12:02']),
      event(
        'Vatican Museums tour',
        ['2026-05-09', '09:00'],
        ['2026-05-09', '12:00'],
        'Viale Vaticano',
      ),
    );
    expect(
      contents(result).map((c) => [
        c.date,
        c.type,
        (c as any).flightNumber ??
          (c as any).name ??
          (c as any).title ??
          `${(c as any).from}>${(c as any).to}`,
      ]),
    ).toEqual([
      ['2026-05-08', 'accommodation', 'Hotel Artemide'],
      ['2026-05-09', 'activity', 'Vatican Museums tour'],
      ['2026-05-10', 'transport', 'Roma>Firenze'],
      ['2026-05-11', 'flight', 'AZ610'],
    ]);
    expect(result.blocks.find((b) => b.block.type === 'flight')!.block.content).toMatchObject({
      departureAirport: 'FCO',
      arrivalAirport: 'JFK',
      departureTime: '10:15',
      arrivalTime: '13:40',
    });
    expect(result.blocks[0]!.block.content).toMatchObject({
      checkIn: '2026-05-08',
      checkOut: '2026-05-11',
      nights: 3,
    });
    expect(result.timezone).toBe('Europe/Rome');
  });

  it('makes a boarding pass a flight dated near now', () => {
    const bcbp = `M1${'DOE/JOHN'.padEnd(20)}EABC123 LHRFCOBA 0548 128Y014C0001 100`;
    expect(contents(read({ kind: 'bcbp', data: bcbp }))).toEqual([
      {
        date: '2026-05-08',
        type: 'flight',
        flightNumber: 'BA548',
        airline: null,
        departureAirport: 'LHR',
        arrivalAirport: 'FCO',
        departureCity: 'London',
        arrivalCity: 'Rome',
        departureTime: null,
        arrivalTime: null,
        arrivalDate: null,
        bookingReference: 'ABC123',
      },
    ]);
  });
});

describe('JSON booking exports', () => {
  it('maps segments by their keys, snake_case and camelCase, keeping local times from offsets; amounts in cents', () => {
    const result = read(
      json({
        booking_ref: 'SUN-48213',
        trip_name: 'Andalusia Fly & Drive',
        currency: 'EUR',
        travellers: [{ name: 'Ana' }, { name: 'Luis' }],
        pricing: { total_cents: 248000, deposit_cents: 50000, deposit_due_date: '2026-02-01' },
        segments: [
          {
            type: 'flight',
            carrier: 'IB',
            flight_number: '3166',
            origin: 'BCN',
            destination: 'SVQ',
            departure: '2026-04-10T07:35:00+02:00',
            arrival: '2026-04-10T09:20:00+02:00',
          },
          {
            type: 'hotel',
            name: 'Hotel Alfonso XIII',
            city: 'Sevilla',
            country: 'ES',
            checkIn: '2026-04-10',
            checkOut: '2026-04-13',
          },
          {
            type: 'car',
            pickupDateTime: '2026-04-13T10:00:00+02:00',
            pickupLocation: 'Sevilla Santa Justa',
            dropoffDateTime: '2026-04-16T18:00:00+02:00',
            dropoffLocation: 'Málaga Airport',
            vehicle: 'Seat Leon',
            supplier: 'Europcar',
          },
          {
            type: 'transfer',
            from: 'Málaga Airport',
            to: 'Hotel Molina Lario',
            departure: '2026-04-16T18:30:00+02:00',
          },
          { type: 'activity', name: 'Alhambra guided tour', start: '2026-04-15T09:30:00+02:00' },
        ],
      }),
    );
    expect(result).toMatchObject({
      title: 'Andalusia Fly & Drive',
      price: { amount: 2480, currency: 'EUR', per: 'total', travellers: 2 },
      payments: [{ kind: 'deposit', amount: 500, currency: 'EUR', dueDate: '2026-02-01' }],
      countries: ['ESP'],
    });
    expect(contents(result).map((c) => [c.date, c.type, (c as any).mode ?? null])).toEqual([
      ['2026-04-10', 'flight', null],
      ['2026-04-10', 'accommodation', null],
      ['2026-04-13', 'transport', 'carRental'],
      ['2026-04-15', 'activity', null],
      ['2026-04-16', 'transport', 'transfer'],
    ]);
    expect(result.blocks[0]!.block.content).toMatchObject({
      flightNumber: 'IB3166',
      departureAirport: 'BCN',
      arrivalAirport: 'SVQ',
      departureTime: '07:35',
      arrivalTime: '09:20',
    });
    expect(result.blocks[1]!.block.content).toMatchObject({
      name: 'Hotel Alfonso XIII',
      city: 'Sevilla',
      nights: 3,
    });
    expect(result.blocks[2]!.block.content).toMatchObject({
      from: 'Sevilla Santa Justa',
      to: 'Málaga Airport',
      time: '10:00',
      arrivalDate: '2026-04-16',
      operator: 'Europcar',
      description: 'Seat Leon',
    });
  });

  it('reads nested flight objects (departure {airport, at}), integer amounts with an exponent, and a per-person price', () => {
    const result = read(
      json({
        trip: {
          title: 'Japan in Spring',
          startDate: '2027-04-01',
          endDate: '2027-04-05',
          price: { perPersonMinor: 385000, currency: 'JPY' },
          flights: [
            {
              flightNo: 'JL 44',
              airline: { code: 'JL', name: 'Japan Airlines' },
              departure: { airport: 'LHR', at: '2027-03-31T19:00:00Z' },
              arrival: { airport: 'HND', at: '2027-04-01T15:45:00+09:00' },
            },
          ],
          hotels: [
            {
              hotelName: 'Park Hyatt Tokyo',
              arrivalDate: '2027-04-01',
              departureDate: '2027-04-03',
            },
          ],
        },
      }),
    );
    expect(result).toMatchObject({
      title: 'Japan in Spring',
      dateStart: '2027-04-01',
      dateFinish: '2027-04-05',
      price: { amount: 385000, currency: 'JPY', per: 'person' },
    });
    // 19:00 UTC is 20:00 in London (summer time since 28 March).
    expect(result.blocks[0]!.block.content).toMatchObject({
      flightNumber: 'JL44',
      airline: 'Japan Airlines',
      departureTime: '20:00',
      date: '2027-03-31',
      arrivalTime: '15:45',
      arrivalDate: '2027-04-01',
    });
    expect(result.blocks[1]!.block.content).toMatchObject({
      name: 'Park Hyatt Tokyo',
      checkIn: '2027-04-01',
      checkOut: '2027-04-03',
      nights: 2,
    });
    const exponent = read(json({ total: { amount: 129000, exponent: 2, currency: 'EUR' } }));
    expect(exponent.price).toMatchObject({ amount: 1290, currency: 'EUR' });
  });

  it("reads keys in the readers' languages and PascalCase items whose details sit under their kind", () => {
    const spanish = read(
      json({
        reserva: {
          nombre_viaje: 'Costa Rica y Panamá',
          tramos: [
            {
              tipo: 'vuelo',
              compania: 'IB',
              numero_vuelo: '6313',
              origen_iata: 'MAD',
              destino_iata: 'SJO',
              salida: '2026-08-03T16:05:00+02:00',
              llegada: '2026-08-03T19:35:00-06:00',
            },
            {
              tipo: 'hotel',
              establecimiento: 'Hotel Jardín Tropical',
              ciudad: 'San José',
              entrada: '2026-08-03',
              salida: '2026-08-04',
            },
          ],
          importes: {
            divisa: 'EUR',
            precio_total_centimos: 389000,
            pagos: [
              { concepto: 'señal', importe_centimos: 80000, fecha: '2026-01-13' },
              { concepto: 'resto', importe_centimos: 309000, fecha_limite: '2026-07-03' },
            ],
          },
        },
      }),
    );
    expect(spanish).toMatchObject({
      title: 'Costa Rica y Panamá',
      price: { amount: 3890, currency: 'EUR', per: 'total' },
      payments: [
        { kind: 'deposit', amount: 800 },
        { kind: 'balance', amount: 3090, dueDate: '2026-07-03' },
      ],
    });
    expect(contents(spanish)).toEqual([
      expect.objectContaining({
        type: 'flight',
        flightNumber: 'IB6313',
        departureAirport: 'MAD',
        arrivalAirport: 'SJO',
        departureTime: '16:05',
        arrivalTime: '19:35',
      }),
      expect.objectContaining({
        type: 'accommodation',
        name: 'Hotel Jardín Tropical',
        city: 'San José',
        checkIn: '2026-08-03',
        checkOut: '2026-08-04',
        nights: 1,
      }),
    ]);
    const pascal = read(
      json({
        Header: { Locale: 'de-DE' },
        Booking: {
          Items: [
            {
              Kind: 'Hotel',
              Hotel: {
                Name: 'Cascade Mountain Inn',
                City: 'Banff',
                CheckIn: '2027-06-12',
                CheckOut: '2027-06-15',
              },
            },
            {
              Kind: 'CarRental',
              CarRental: {
                Company: 'National',
                PickUp: { Place: 'Calgary Airport', DateTime: '2027-06-12T15:30:00-06:00' },
                DropOff: { Place: 'Vancouver Airport', DateTime: '2027-06-22T14:00:00-07:00' },
              },
            },
          ],
          Pricing: {
            Schedule: [
              {
                Type: 'FinalPayment',
                Amount: { Value: 492350, Exponent: 2, Currency: 'EUR' },
                Due: '2027-05-12',
              },
            ],
          },
        },
      }),
    );
    expect(pascal.language).toBe('de');
    expect(pascal.payments).toEqual([
      { kind: 'balance', amount: 4923.5, currency: 'EUR', dueDate: '2027-05-12' },
    ]);
    expect(contents(pascal)).toEqual([
      expect.objectContaining({
        type: 'transport',
        mode: 'carRental',
        from: 'Calgary Airport',
        to: 'Vancouver Airport',
        time: '15:30',
        arrivalDate: '2027-06-22',
        operator: 'National',
      }),
      expect.objectContaining({
        type: 'accommodation',
        name: 'Cascade Mountain Inn',
        checkIn: '2027-06-12',
        nights: 3,
      }),
    ]);
  });

  it('reads an export laid out by days: day-first dates, services giving only a time on their day, deposits as objects', () => {
    const italian = read(
      json({
        nomeViaggio: 'Egitto: crociera sul Nilo',
        periodo: { dal: '21/11/2026', al: '28/11/2026' },
        itinerario: [
          {
            giorno: 1,
            data: '21/11/2026',
            servizi: [
              {
                categoria: 'volo',
                vettore: 'Neos',
                codiceVolo: 'NO 7544',
                da: 'MXP',
                a: 'LXR',
                orarioPartenza: '08:10',
                orarioArrivo: '13:40',
              },
            ],
          },
          {
            giorno: 2,
            data: '22/11/2026',
            servizi: [{ categoria: 'escursione', descrizione: 'Valle dei Re', orario: '06:30' }],
          },
        ],
        economico: {
          valuta: 'EUR',
          quotaIndividuale: '1.390,00',
          totalePratica: '2.780,00',
          saldo: { importo: '2.080,00', scadenza: '22/10/2026' },
        },
      }),
    );
    expect(italian).toMatchObject({
      dateStart: '2026-11-21',
      dateFinish: '2026-11-28',
      price: { amount: 1390, per: 'person', total: 2780 },
      payments: [{ kind: 'balance', amount: 2080, dueDate: '2026-10-22' }],
    });
    expect(contents(italian)).toEqual([
      expect.objectContaining({
        date: '2026-11-21',
        type: 'flight',
        flightNumber: 'NO7544',
        departureAirport: 'MXP',
        arrivalAirport: 'LXR',
        departureTime: '08:10',
        arrivalTime: '13:40',
      }),
      expect.objectContaining({
        date: '2026-11-22',
        type: 'activity',
        title: 'Valle dei Re',
        time: '06:30',
      }),
    ]);
  });

  it('leaves a free-form plan (days of prose) to the text reader', () => {
    const result = read(
      json({
        title: 'Weekend in Amsterdam',
        dates: 'Jun 19-20, 2026',
        days: [{ title: 'Day 1', plan: 'Canal cruise at 17:00.' }],
      }),
    );
    expect(result.blocks).toEqual([]);
    expect(result.title).toBe('Weekend in Amsterdam');
  });
});

const textDraft = (input: Partial<DraftInput>): Draft =>
  draftSchema.parse({
    title: 'Rome',
    description: null,
    dateStart: null,
    dateFinish: null,
    duration: null,
    countries: [],
    language: 'en',
    days: [],
    price: null,
    ...input,
  });

describe('mergeStructured', () => {
  const structured = read(
    schema({
      '@type': 'FlightReservation',
      reservationNumber: 'QX7',
      reservationFor: {
        '@type': 'Flight',
        flightNumber: '548',
        airline: { iataCode: 'BA' },
        departureAirport: 'LHR',
        arrivalAirport: 'FCO',
        departureTime: '2026-05-08T08:15:00+01:00',
        arrivalTime: '2026-05-08T11:50:00+02:00',
      },
    }),
    schema({
      '@type': 'LodgingReservation',
      checkinDate: '2026-05-08',
      checkoutDate: '2026-05-11',
      reservationFor: { '@type': 'Hotel', name: 'Hotel Artemide' },
    }),
    schema({
      '@type': 'FlightReservation',
      reservationNumber: 'QX7',
      reservationFor: {
        '@type': 'Flight',
        flightNumber: 'BA553',
        departureAirport: 'FCO',
        arrivalAirport: 'LHR',
        departureTime: '2026-05-12T19:05:00+02:00',
      },
    }),
  );

  it('keeps each booking once with the structured fields (the text fills only empty ones), in the day of its date, adding days', () => {
    const draft = textDraft({
      dateStart: '2026-05-08',
      dateFinish: '2026-05-11',
      duration: 4,
      countries: ['ITA', 'GBR'],
      days: [
        {
          day: 1,
          date: '2026-05-08',
          title: 'Arrival',
          blocks: [
            {
              type: 'flight',
              content: {
                flightNumber: 'BA548',
                airline: 'British Airways',
                departureAirport: 'LHR',
                arrivalAirport: 'FCO',
                departureCity: null,
                arrivalCity: null,
                departureTime: '08:10',
                arrivalTime: null,
                date: '2026-05-08',
              },
            },
            { type: 'text', content: { text: 'Afternoon at leisure.' } },
            {
              type: 'accommodation',
              content: {
                name: 'Artemide',
                checkIn: '2026-05-08',
                checkOut: '2026-05-08',
                nights: null,
                city: 'Rome',
              },
            },
          ],
        },
        {
          day: 2,
          date: '2026-05-09',
          title: 'Vatican',
          blocks: [
            {
              type: 'activity',
              content: { title: 'Vatican Museums', time: '09:00', description: null },
            },
          ],
        },
        // The text reader put the return flight on day 1's date: still the same flight.
        {
          day: 3,
          date: '2026-05-10',
          title: null,
          blocks: [
            {
              type: 'activity',
              content: { title: 'Return BA 553 Rome 19:05', time: '19:05', description: null },
            },
          ],
        },
      ],
    });
    const { draft: merged, notes } = mergeStructured(draft, structured);
    expect(merged).toMatchObject({
      dateStart: '2026-05-08',
      dateFinish: '2026-05-12',
      duration: 5,
      countries: ['ITA'],
      timezone: 'Europe/Rome',
    });
    expect(merged.days.map((d) => [d.day, d.date, d.title, d.blocks.map((b) => b.type)])).toEqual([
      [1, '2026-05-08', 'Arrival', ['flight', 'text', 'accommodation']],
      [2, '2026-05-09', 'Vatican', ['activity']],
      [3, '2026-05-10', null, []],
      [4, '2026-05-11', null, []],
      [5, '2026-05-12', null, ['flight']],
    ]);
    expect(merged.days[0]!.blocks[0]).toMatchObject({
      confidence: 1,
      content: {
        flightNumber: 'BA548',
        departureTime: '08:15',
        airline: 'British Airways',
        arrivalTime: '11:50',
        departureCity: 'London',
      },
    });
    expect(merged.days[0]!.blocks[2]).toMatchObject({
      confidence: 1,
      content: { name: 'Hotel Artemide', checkOut: '2026-05-11', nights: 3, city: 'Rome' },
    });
    expect(notes[0]).toMatch(
      /Structured data: 2 flight, 1 accommodation; 3 blocks read from the text replaced by them; 2 day\(s\) added/,
    );
  });

  it('dates an undated programme from the structured dates, and replaces text dates that lie far from them', () => {
    const undated = textDraft({
      days: [1, 2, 3].map((day) => ({ day, date: null, title: `Day ${day}`, blocks: [] })),
    });
    const merged = mergeStructured(undated, structured).draft;
    expect(merged.days.map((d) => d.date)).toEqual([
      '2026-05-08',
      '2026-05-09',
      '2026-05-10',
      '2026-05-11',
      '2026-05-12',
    ]);
    expect(merged.days[0]!.title).toBe('Day 1');
    const wrong = textDraft({
      dateStart: '2026-01-02',
      dateFinish: '2026-01-02',
      duration: 1,
      days: [
        {
          day: 1,
          date: '2026-01-02',
          title: null,
          blocks: [{ type: 'text', content: { text: 'Booked on 2 January.' } }],
        },
      ],
    });
    const fixed = mergeStructured(wrong, structured).draft;
    expect(fixed).toMatchObject({ dateStart: '2026-05-08', dateFinish: '2026-05-12', duration: 5 });
    expect(fixed.days[0]!.blocks.map((b) => b.type)).toEqual(['flight', 'text', 'accommodation']);
  });

  it('returns the text draft unchanged when there is no structured data', () => {
    const draft = textDraft({
      dateStart: '2026-05-08',
      days: [{ day: 1, date: '2026-05-08', title: null, blocks: [] }],
    });
    expect(mergeStructured(draft, read()).draft).toBe(draft);
  });
});

describe('titleWithStructure', () => {
  it('keeps a title that names where the bookings go, and otherwise chooses one that does', () => {
    const structured = read(
      schema({
        '@type': 'FlightReservation',
        reservationFor: {
          '@type': 'Flight',
          flightNumber: 'TP1861',
          departureAirport: 'LIS',
          arrivalAirport: 'PDL',
          departureTime: '2026-09-05T08:10:00+01:00',
        },
      }),
    );
    const merged = (title: string, language = 'pt') =>
      mergeStructured(textDraft({ title, language }), structured, NOW).draft;
    const text = 'Olá Rita,\nBoa viagem!\nSegue o seu cartão de embarque.';
    expect(
      titleWithStructure(merged('Fim de semana em Ponta Delgada'), structured, text, NOW),
    ).toBe('Fim de semana em Ponta Delgada');
    // An airline's name mentions a country, not the trip's destination.
    expect(titleWithStructure(merged('TAP Air Portugal'), structured, text, NOW)).toBe(
      'Viagem a Ponta Delgada',
    );
    // Without structured bookings the text's title stands.
    expect(titleWithStructure(textDraft({ title: 'TAP Air Portugal' }), read(), text, NOW)).toBe(
      'TAP Air Portugal',
    );
  });
});

describe('validateModelDraft', () => {
  const TEXT =
    'Weekend in Lisbon, 14 to 16 April 2026. Flight TP 1351 London (LHR) 07:45 – Lisbon (LIS) 10:25, booking K7PX2Q. Hotel Avenida Palace. Price 980 EUR per person.';
  it('drops codes not written in the document, impossible dates and times, and a price the text does not state', () => {
    const answer = textDraft({
      dateStart: '2026-04-14',
      dateFinish: '2026-04-13',
      price: { amount: 1500, currency: 'EUR', per: 'person', text: null },
      days: [
        {
          day: 1,
          date: '2026-04-14',
          title: null,
          blocks: [
            {
              type: 'flight',
              content: {
                flightNumber: 'TP1351',
                airline: 'TAP',
                departureAirport: 'LHR',
                arrivalAirport: 'LIS',
                departureCity: null,
                arrivalCity: null,
                departureTime: '07:45',
                arrivalTime: '25:10',
                date: '2026-04-14',
                bookingReference: 'ZZZ999',
              },
            },
            {
              type: 'flight',
              content: {
                flightNumber: 'TP9999',
                airline: null,
                departureAirport: 'CDG',
                arrivalAirport: 'LIS',
                departureCity: null,
                arrivalCity: null,
                departureTime: null,
                arrivalTime: null,
                date: '2036-04-14',
              },
            },
            {
              type: 'accommodation',
              content: {
                name: 'Hotel Avenida Palace',
                checkIn: '2026-04-14',
                checkOut: '2026-04-14',
                nights: 4,
                city: null,
              },
            },
          ],
        },
      ],
    });
    const { draft, dropped } = validateModelDraft(answer, TEXT, NOW);
    expect(draft.days[0]!.blocks.map((b) => b.type)).toEqual(['flight', 'accommodation']);
    expect(draft.days[0]!.blocks[0]!.content).toMatchObject({
      flightNumber: 'TP1351',
      departureAirport: 'LHR',
      arrivalAirport: 'LIS',
      arrivalTime: null,
      bookingReference: null,
    });
    expect(draft.days[0]!.blocks[1]!.content).toMatchObject({
      checkIn: '2026-04-14',
      checkOut: null,
      nights: 4,
    });
    expect(draft).toMatchObject({ dateStart: '2026-04-14', dateFinish: null, price: null });
    expect(dropped.join('\n')).toMatch(/arrival time "25:10"/);
    expect(dropped.join('\n')).toMatch(/booking reference not in the document "ZZZ999"/);
    expect(dropped.join('\n')).toMatch(/flight "TP9999"/);
    expect(dropped.join('\n')).toMatch(/price 1500 EUR/);
  });
});

describe('a Spanish booking export with transfers and excursions', () => {
  it('reads a transfer segment from "desde" to "hasta" and an excursion by its "titulo"', () => {
    const result = read(
      json({
        tramos: [
          {
            tipo: 'traslado',
            descripcion: 'Hotel – estación de autobuses',
            fecha_hora: '2026-10-04T08:15:00-05:00',
            desde: 'Cartagena',
            hasta: 'Santa Marta',
          },
          {
            tipo: 'excursion',
            titulo: 'Parque Tayrona',
            fecha_hora: '2026-10-05T07:00:00-05:00',
          },
        ],
      }),
    );
    expect(contents(result)).toEqual([
      expect.objectContaining({
        date: '2026-10-04',
        type: 'transport',
        mode: 'transfer',
        from: 'Cartagena',
        to: 'Santa Marta',
        time: '08:15',
      }),
      expect.objectContaining({
        date: '2026-10-05',
        type: 'activity',
        title: 'Parque Tayrona',
        time: '07:00',
      }),
    ]);
  });
});
