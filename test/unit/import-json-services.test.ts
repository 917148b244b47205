// JSON exports shaped as services with a type (issue 24): the type word in six languages decides
// the block (flight, stay, transfer/train/ferry/car rental, activity), segments inherit their
// service's type and supplier, dates "DD/MM/YYYY HH:MM" and ISO, the period, price and payments.
import { describe, expect, it } from 'vitest';
import type { StructuredItem } from '../../src/imports/extract/structured.ts';
import { readStructured } from '../../src/imports/structured/structured-draft.ts';

const NOW = new Date('2026-01-15T00:00:00Z');
const read = (data: unknown) =>
  readStructured({ items: [{ kind: 'json', data } satisfies StructuredItem], subject: null }, NOW);

const exports: Record<string, unknown> = {
  pt: {
    reserva: {
      localizador: 'NX7Q2P',
      titulo: 'Natal e Pipa',
      periodo: { inicio: '10/10/2026', fim: '17/10/2026' },
      servicos: [
        {
          tipo: 'AEREO',
          fornecedor: 'LATAM',
          pnr: 'KQZ8TR',
          trechos: [
            {
              voo: 'LA 3412',
              origem: 'GRU',
              destino: 'NAT',
              partida: '10/10/2026 07:40',
              chegada: '10/10/2026 11:05',
            },
            {
              voo: 'LA 3419',
              origem: 'NAT',
              destino: 'GRU',
              partida: '17/10/2026 15:20',
              chegada: '17/10/2026 18:45',
            },
          ],
        },
        {
          tipo: 'HOTEL',
          fornecedor: 'Pousada Maré Mansa',
          checkin: '10/10/2026 14:00',
          checkout: '17/10/2026 12:00',
          noites: 7,
        },
        {
          tipo: 'TRASLADO',
          descricao: 'Aeroporto → Pousada',
          data: '10/10/2026',
          origem: 'Aeroporto de Natal',
          destino: 'Pousada Maré Mansa',
          horario: '11:45',
        },
        {
          tipo: 'PASSEIO',
          descricao: 'Passeio de buggy pelas dunas de Genipabu',
          data: '12/10/2026',
          horario: '08:00',
        },
        {
          tipo: 'LOCACAO',
          fornecedor: 'Locadora Sol',
          retirada: '14/10/2026 09:00',
          devolucao: '16/10/2026 18:00',
          local_retirada: 'Pipa',
        },
      ],
      valores: { total: 7480, moeda: 'BRL', parcelas: 10 },
    },
  },
  en: {
    booking: {
      reference: 'TRV-55120',
      title: 'Scottish Highlands by rail',
      travel_period: { start: '2026-09-04', end: '2026-09-09' },
      services: [
        {
          type: 'FLIGHT',
          supplier: 'British Airways',
          segments: [
            {
              flight: 'BA1474',
              from: 'LHR',
              to: 'INV',
              departure: '2026-09-04T08:10',
              arrival: '2026-09-04T09:45',
            },
          ],
        },
        {
          type: 'HOTEL',
          supplier: 'Loch Ness Lodge',
          check_in: '2026-09-04T15:00',
          check_out: '2026-09-06T11:00',
          nights: 2,
        },
        {
          type: 'TRAIN',
          supplier: 'ScotRail',
          segments: [
            {
              from: 'Inverness',
              to: 'Kyle of Lochalsh',
              departure: '2026-09-06T08:55',
              arrival: '2026-09-06T11:35',
            },
          ],
        },
        {
          type: 'FERRY',
          supplier: 'CalMac',
          from: 'Mallaig',
          to: 'Armadale',
          departure: '2026-09-08T10:10',
          arrival: '2026-09-08T10:55',
        },
        { type: 'TOUR', description: 'Whisky distillery tour', date: '2026-09-07', time: '14:30' },
        {
          type: 'CAR',
          supplier: 'Hertz',
          pickup: '2026-09-07T09:00',
          dropoff: '2026-09-09T09:00',
          pickup_location: 'Portree',
        },
        {
          type: 'TRANSFER',
          description: 'Hotel to airport',
          date: '2026-09-09T07:00',
          from: 'Portree',
          to: 'Inverness Airport',
        },
      ],
      pricing: { price_per_person: 1890, currency: 'GBP', deposit: 400 },
    },
  },
  es: {
    reserva: {
      localizador: 'ES-88213',
      titulo: 'Escapada a Lisboa',
      periodo: { inicio: '2026-05-14', fin: '2026-05-17' },
      servicios: [
        {
          tipo: 'VUELO',
          proveedor: 'Iberia',
          tramos: [
            {
              vuelo: 'IB3106',
              origen: 'MAD',
              destino: 'LIS',
              salida: '14/05/2026 09:15',
              llegada: '14/05/2026 09:35',
            },
          ],
        },
        {
          tipo: 'HOTEL',
          proveedor: 'Hotel Miradouro',
          entrada: '14/05/2026',
          salida: '17/05/2026',
          noches: 3,
        },
        { tipo: 'TRASLADO', descripcion: 'Aeropuerto - hotel', fecha: '14/05/2026', hora: '10:30' },
        {
          tipo: 'EXCURSION',
          descripcion: 'Excursión a Sintra y Cascais',
          fecha: '15/05/2026',
          hora: '09:00',
        },
      ],
      importes: { precio_total: 1240, moneda: 'EUR', senal: 300 },
    },
  },
  fr: {
    dossier: {
      reference: 'FR-4471',
      titre: 'Séjour en Crète',
      periode: { debut: '2026-06-20', fin: '2026-06-27' },
      prestations: [
        {
          type: 'VOL',
          fournisseur: 'Aegean',
          segments: [
            {
              vol: 'A3 611',
              origine: 'CDG',
              destination: 'HER',
              depart: '20/06/2026 06:45',
              arrivee: '20/06/2026 11:10',
            },
          ],
        },
        {
          type: 'HOTEL',
          fournisseur: 'Hôtel Minos Beach',
          arrivee: '20/06/2026',
          depart: '27/06/2026',
          nuits: 7,
        },
        { type: 'TRANSFERT', description: 'Aéroport – hôtel', date: '20/06/2026', heure: '12:00' },
        {
          type: 'EXCURSION',
          description: 'Visite du palais de Knossos',
          date: '22/06/2026',
          heure: '09:30',
        },
      ],
      prix: { prix_par_personne: 1150, devise: 'EUR', acompte: 690 },
    },
  },
  it: {
    pratica: {
      codice: 'IT-2209',
      titolo: 'Tour della Sicilia',
      periodo: { inizio: '2026-04-18', fine: '2026-04-22' },
      servizi: [
        {
          tipo: 'VOLO',
          fornitore: 'ITA Airways',
          tratte: [
            {
              volo: 'AZ1791',
              origine: 'LIN',
              destinazione: 'PMO',
              partenza: '18/04/2026 07:05',
              arrivo: '18/04/2026 08:40',
            },
          ],
        },
        {
          tipo: 'HOTEL',
          fornitore: 'Grand Hotel Palermo',
          checkin: '18/04/2026',
          checkout: '20/04/2026',
          notti: 2,
        },
        {
          tipo: 'TRASFERIMENTO',
          descrizione: 'Palermo → Taormina',
          data: '20/04/2026',
          ora: '09:00',
          da: 'Palermo',
          a: 'Taormina',
        },
        {
          tipo: 'ESCURSIONE',
          descrizione: "Escursione sull'Etna",
          data: '21/04/2026',
          ora: '08:30',
        },
      ],
      quote: { totale: 2380, valuta: 'EUR', acconto: 500 },
    },
  },
  de: {
    buchung: {
      vorgang: 'DE-7781',
      reisetitel: 'Rundreise Schottland',
      reisezeitraum: { beginn: '2026-07-01', ende: '2026-07-05' },
      leistungen: [
        {
          typ: 'FLUG',
          anbieter: 'Lufthansa',
          segmente: [
            {
              flug: 'LH 960',
              von: 'FRA',
              nach: 'EDI',
              abflug: '01.07.2026 09:05',
              ankunft: '01.07.2026 10:00',
            },
          ],
        },
        {
          typ: 'HOTEL',
          anbieter: 'Hotel Caledonia',
          anreise: '01.07.2026',
          abreise: '03.07.2026',
          nachte: 2,
        },
        {
          typ: 'BAHN',
          von: 'Edinburgh',
          nach: 'Glasgow',
          abfahrt: '03.07.2026 10:15',
          ankunft: '03.07.2026 11:05',
        },
        {
          typ: 'MIETWAGEN',
          anbieter: 'Sixt',
          abholung: '03.07.2026 12:00',
          ruckgabe: '05.07.2026 09:00',
        },
        {
          typ: 'AUSFLUG',
          beschreibung: 'Bootsfahrt auf dem Loch Lomond',
          datum: '04.07.2026',
          uhrzeit: '13:00',
        },
      ],
      preise: { preis_pro_person: 1450, wahrung: 'EUR', anzahlung: 290 },
    },
  },
};

type Expected = Record<string, unknown> & { date: string; type: string };
const cases: [
  string,
  { start: string; end: string; blocks: Expected[]; price: object; payments: object[] },
][] = [
  [
    'pt',
    {
      start: '2026-10-10',
      end: '2026-10-17',
      blocks: [
        {
          date: '2026-10-10',
          type: 'flight',
          flightNumber: 'LA3412',
          airline: 'LATAM',
          departureAirport: 'GRU',
          arrivalAirport: 'NAT',
          departureTime: '07:40',
          arrivalTime: '11:05',
          bookingReference: 'KQZ8TR',
        },
        {
          date: '2026-10-10',
          type: 'accommodation',
          name: 'Pousada Maré Mansa',
          checkIn: '2026-10-10',
          checkOut: '2026-10-17',
          nights: 7,
        },
        {
          date: '2026-10-10',
          type: 'transport',
          mode: 'transfer',
          from: 'Aeroporto de Natal',
          to: 'Pousada Maré Mansa',
          time: '11:45',
        },
        {
          date: '2026-10-12',
          type: 'activity',
          title: 'Passeio de buggy pelas dunas de Genipabu',
          time: '08:00',
        },
        {
          date: '2026-10-14',
          type: 'transport',
          mode: 'carRental',
          from: 'Pipa',
          time: '09:00',
          operator: 'Locadora Sol',
        },
        {
          date: '2026-10-17',
          type: 'flight',
          flightNumber: 'LA3419',
          departureAirport: 'NAT',
          arrivalAirport: 'GRU',
          departureTime: '15:20',
        },
      ],
      price: { amount: 7480, currency: 'BRL', per: 'total' },
      payments: [{ kind: 'installment', amount: 748, currency: 'BRL' }],
    },
  ],
  [
    'en',
    {
      start: '2026-09-04',
      end: '2026-09-09',
      blocks: [
        {
          date: '2026-09-04',
          type: 'flight',
          flightNumber: 'BA1474',
          airline: 'British Airways',
          departureAirport: 'LHR',
          arrivalAirport: 'INV',
          departureTime: '08:10',
          arrivalTime: '09:45',
        },
        {
          date: '2026-09-04',
          type: 'accommodation',
          name: 'Loch Ness Lodge',
          checkIn: '2026-09-04',
          checkOut: '2026-09-06',
          nights: 2,
        },
        {
          date: '2026-09-06',
          type: 'transport',
          mode: 'train',
          from: 'Inverness',
          to: 'Kyle of Lochalsh',
          time: '08:55',
          arrivalTime: '11:35',
          operator: 'ScotRail',
        },
        {
          date: '2026-09-07',
          type: 'transport',
          mode: 'carRental',
          from: 'Portree',
          to: null,
          time: '09:00',
          operator: 'Hertz',
        },
        { date: '2026-09-07', type: 'activity', title: 'Whisky distillery tour', time: '14:30' },
        {
          date: '2026-09-08',
          type: 'transport',
          mode: 'ferry',
          from: 'Mallaig',
          to: 'Armadale',
          time: '10:10',
        },
        {
          date: '2026-09-09',
          type: 'transport',
          mode: 'transfer',
          from: 'Portree',
          to: 'Inverness Airport',
          time: '07:00',
        },
      ],
      price: { amount: 1890, currency: 'GBP', per: 'person' },
      payments: [{ kind: 'deposit', amount: 400, currency: 'GBP' }],
    },
  ],
  [
    'es',
    {
      start: '2026-05-14',
      end: '2026-05-17',
      blocks: [
        {
          date: '2026-05-14',
          type: 'flight',
          flightNumber: 'IB3106',
          airline: 'Iberia',
          departureAirport: 'MAD',
          arrivalAirport: 'LIS',
          departureTime: '09:15',
        },
        {
          date: '2026-05-14',
          type: 'transport',
          mode: 'transfer',
          from: 'Aeropuerto',
          to: 'hotel',
          time: '10:30',
        },
        {
          date: '2026-05-14',
          type: 'accommodation',
          name: 'Hotel Miradouro',
          checkIn: '2026-05-14',
          checkOut: '2026-05-17',
          nights: 3,
        },
        {
          date: '2026-05-15',
          type: 'activity',
          title: 'Excursión a Sintra y Cascais',
          time: '09:00',
        },
      ],
      price: { amount: 1240, currency: 'EUR', per: 'total' },
      payments: [{ kind: 'deposit', amount: 300, currency: 'EUR' }],
    },
  ],
  [
    'fr',
    {
      start: '2026-06-20',
      end: '2026-06-27',
      blocks: [
        {
          date: '2026-06-20',
          type: 'flight',
          flightNumber: 'A3611',
          airline: 'Aegean',
          departureAirport: 'CDG',
          arrivalAirport: 'HER',
          departureTime: '06:45',
        },
        {
          date: '2026-06-20',
          type: 'transport',
          mode: 'transfer',
          from: 'Aéroport',
          to: 'hôtel',
          time: '12:00',
        },
        {
          date: '2026-06-20',
          type: 'accommodation',
          name: 'Hôtel Minos Beach',
          checkIn: '2026-06-20',
          checkOut: '2026-06-27',
          nights: 7,
        },
        {
          date: '2026-06-22',
          type: 'activity',
          title: 'Visite du palais de Knossos',
          time: '09:30',
        },
      ],
      price: { amount: 1150, currency: 'EUR', per: 'person' },
      payments: [{ kind: 'deposit', amount: 690, currency: 'EUR' }],
    },
  ],
  [
    'it',
    {
      start: '2026-04-18',
      end: '2026-04-22',
      blocks: [
        {
          date: '2026-04-18',
          type: 'flight',
          flightNumber: 'AZ1791',
          airline: 'ITA Airways',
          departureAirport: 'LIN',
          arrivalAirport: 'PMO',
          departureTime: '07:05',
        },
        {
          date: '2026-04-18',
          type: 'accommodation',
          name: 'Grand Hotel Palermo',
          checkIn: '2026-04-18',
          checkOut: '2026-04-20',
          nights: 2,
        },
        {
          date: '2026-04-20',
          type: 'transport',
          mode: 'transfer',
          from: 'Palermo',
          to: 'Taormina',
          time: '09:00',
        },
        { date: '2026-04-21', type: 'activity', title: "Escursione sull'Etna", time: '08:30' },
      ],
      price: { amount: 2380, currency: 'EUR', per: 'total' },
      payments: [{ kind: 'deposit', amount: 500, currency: 'EUR' }],
    },
  ],
  [
    'de',
    {
      start: '2026-07-01',
      end: '2026-07-05',
      blocks: [
        {
          date: '2026-07-01',
          type: 'flight',
          flightNumber: 'LH960',
          airline: 'Lufthansa',
          departureAirport: 'FRA',
          arrivalAirport: 'EDI',
          departureTime: '09:05',
          arrivalTime: '10:00',
        },
        {
          date: '2026-07-01',
          type: 'accommodation',
          name: 'Hotel Caledonia',
          checkIn: '2026-07-01',
          checkOut: '2026-07-03',
          nights: 2,
        },
        {
          date: '2026-07-03',
          type: 'transport',
          mode: 'train',
          from: 'Edinburgh',
          to: 'Glasgow',
          time: '10:15',
          arrivalTime: '11:05',
        },
        {
          date: '2026-07-03',
          type: 'transport',
          mode: 'carRental',
          from: null,
          time: '12:00',
          operator: 'Sixt',
        },
        {
          date: '2026-07-04',
          type: 'activity',
          title: 'Bootsfahrt auf dem Loch Lomond',
          time: '13:00',
        },
      ],
      price: { amount: 1450, currency: 'EUR', per: 'person' },
      payments: [{ kind: 'deposit', amount: 290, currency: 'EUR' }],
    },
  ],
];

describe('JSON exports shaped as services with a type', () => {
  it.each(cases)(
    '%s: each service becomes its block on its date, with the period, price and payments',
    (lang, want) => {
      const r = read(exports[lang]);
      expect([r.dateStart, r.dateFinish]).toEqual([want.start, want.end]);
      const got = r.blocks.map((b) => ({ date: b.date, type: b.block.type, ...b.block.content }));
      expect(got).toHaveLength(want.blocks.length);
      for (const block of want.blocks) expect(got).toContainEqual(expect.objectContaining(block));
      expect(r.price).toMatchObject(want.price);
      expect(r.payments).toMatchObject(want.payments);
    },
  );

  it.each([
    [
      'es',
      {
        dias: [
          {
            dia: 1,
            fecha: '2026-03-02',
            servicios: [{ tipo: 'TRASLADO', descripcion: 'Aeropuerto – hotel', hora: '18:30' }],
          },
          {
            dia: 2,
            fecha: '2026-03-03',
            servicios: [{ tipo: 'EXCURSION', descripcion: 'Visita de Toledo', hora: '09:00' }],
          },
        ],
      },
    ],
    [
      'pt',
      {
        dias: [
          {
            dia: 1,
            data: '02/03/2026',
            servicos: [{ tipo: 'TRASLADO', descricao: 'Aeroporto → hotel', horario: '18:30' }],
          },
          {
            dia: 2,
            data: '03/03/2026',
            servicos: [{ tipo: 'PASSEIO', descricao: 'Visita de Toledo', horario: '09:00' }],
          },
        ],
      },
    ],
    [
      'de',
      {
        tage: [
          {
            tag: 1,
            datum: '02.03.2026',
            leistungen: [{ typ: 'TRANSFER', beschreibung: 'Flughafen – Hotel', uhrzeit: '18:30' }],
          },
          {
            tag: 2,
            datum: '03.03.2026',
            leistungen: [{ typ: 'AUSFLUG', beschreibung: 'Visita de Toledo', uhrzeit: '09:00' }],
          },
        ],
      },
    ],
  ])('%s: an export shaped as days dates the services that give only a time', (_lang, data) => {
    const got = read(data).blocks.map((b) => ({
      date: b.date,
      type: b.block.type,
      ...b.block.content,
    }));
    expect(got).toEqual([
      expect.objectContaining({
        date: '2026-03-02',
        type: 'transport',
        mode: 'transfer',
        time: '18:30',
      }),
      expect.objectContaining({
        date: '2026-03-03',
        type: 'activity',
        title: 'Visita de Toledo',
        time: '09:00',
      }),
    ]);
  });

  it('a date under a place key is not the place, and "leistungen" as a list of words stays what is included', () => {
    const r = read({
      leistungen: ['Flug', 'Hotel'],
      services: [
        { type: 'CAR', supplier: 'Avis', pickup: '2026-05-01T10:00', dropoff: '2026-05-04T10:00' },
      ],
    });
    expect(r.included).toEqual(['Flug', 'Hotel']);
    expect(r.blocks[0]?.block.content).toMatchObject({
      mode: 'carRental',
      from: null,
      to: null,
      time: '10:00',
    });
  });
});

describe("an export's title from its product", () => {
  it.each([
    ['en', { booking: { product: 'Madeira walking week', services: [] } }, 'Madeira walking week'],
    [
      'es',
      { reserva: { product: 'Riviera Maya en familia', servicios: [] } },
      'Riviera Maya en familia',
    ],
    ['de', { buchung: { package: 'Rundreise Sizilien', leistungen: [] } }, 'Rundreise Sizilien'],
  ])('%s: a string under "product" or "package" names the trip', (_language, data, title) => {
    expect(read(data).title).toBe(title);
  });

  it('leaves a product that is an object alone', () => {
    expect(read({ booking: { product: { code: 'X1' }, services: [] } }).title ?? null).toBeNull();
  });
});
