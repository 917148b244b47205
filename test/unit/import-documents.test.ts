// The engine's rules for documents read from PDFs, images (OCR) and emails: table rows whose
// label lost its colon, values under a row of column labels, vouchers. Each test states what an
// agent would keep, on short texts written for these tests in the shape those formats produce.
import { describe, expect, it } from 'vitest';
import { layoutText } from '../../src/imports/extract/ocr.ts';
import { pageText, splitTrailingLabels, type TextItem } from '../../src/imports/extract/pdf.ts';
import { extractDraft } from '../../src/imports/generate/builtin/builtin.generator.ts';
import { hotelName } from '../../src/imports/generate/builtin/finders/hotel-names.ts';
import { routeOf, transportOf } from '../../src/imports/generate/builtin/blocks.ts';
import { timedRoute } from '../../src/imports/generate/builtin/flights.ts';
import { cityOfAddress, readStays } from '../../src/imports/generate/builtin/stays.ts';
import type { Draft, DraftBlock } from '../../src/imports/generate/draft.ts';
import { validateDraft } from '../../src/imports/generate/validate.ts';
import {
  findInclusions,
  findPayments,
  statedInclusion,
} from '../../src/imports/generate/builtin/money.ts';

const NOW = new Date('2026-01-15T00:00:00Z');
const read = (text: string) => validateDraft(extractDraft(text, NOW)).draft;
const blocksOf = (draft: Draft, type: DraftBlock['type']): Array<Record<string, unknown>> =>
  draft.days.flatMap((d) =>
    d.blocks.filter((b) => b.type === type).map((b) => ({ day: d.day, ...b.content })),
  );

const item = (str: string, x: number, y: number, hasEOL = false): TextItem => ({
  str,
  transform: [1, 0, 0, 1, x, y],
  width: str.length * 5,
  height: str ? 9 : 0,
  hasEOL,
});

describe('the text of a PDF page', () => {
  it("joins a table cell's value wrapped under itself, and keeps a paragraph's lines and a new block apart", () => {
    const text = pageText([
      item('Datum / Uhrzeit', 43, 684),
      item(' ', 118, 684),
      item('Sa, 11.07.2026, 12:30', 148, 684, true),
      item('Uhr', 148, 673),
      item('', 43, 657, true),
      item('Station', 43, 657),
      item(' ', 76, 657),
      item('Palma de Mallorca Flughafen', 148, 657, true),
      item('(PMI), Schalter im Parkhaus', 148, 646),
      item('', 40, 600, true),
      item('Ein Absatz, der in der nächsten', 40, 600, true),
      item('Zeile weitergeht.', 40, 589, true),
      item('→ 3h17', 160, 707),
      item(' ', 194, 707),
      item('11:24', 207, 710),
      item('', 207, 696, true),
      item('Marseille Saint-Charles', 207, 696),
    ]);
    expect(text.trim().split('\n')).toEqual([
      'Datum / Uhrzeit Sa, 11.07.2026, 12:30 Uhr',
      'Station Palma de Mallorca Flughafen (PMI), Schalter im Parkhaus',
      'Ein Absatz, der in der nächsten',
      'Zeile weitergeht.',
      '→ 3h17 11:24',
      'Marseille Saint-Charles',
    ]);
  });
});

describe('a PDF table row whose cells wrap', () => {
  it('becomes one line, each cell joined and the cells apart, the centred cells included', () => {
    const text = pageText([
      item('Datum Flug Von Nach Abflug Ankunft', 45, 640, true),
      item('', 45, 620.7, true),
      item('Sa', 45, 620.7, true),
      item('27JUN26', 45, 610.2),
      item('', 97, 620.7, true),
      item('LH', 97, 620.7, true),
      item('1284', 97, 610.2),
      item('', 134, 620.7, true),
      item('Frankfurt/Main', 134, 620.7, true),
      item('(FRA) Terminal 1', 134, 610.2),
      item(' ', 207, 610.2),
      item('Athen (ATH)', 228, 615.4),
      item(' ', 282, 615.4),
      item('10:25', 323, 615.4),
      item('', 45, 592.9, true),
      item('Zahlungsinformationen', 45, 560, true),
    ]);
    expect(text.trim().split('\n')).toEqual([
      'Datum Flug Von Nach Abflug Ankunft',
      'Sa 27JUN26\tLH 1284\tFrankfurt/Main (FRA) Terminal 1\tAthen (ATH) 10:25',
      'Zahlungsinformationen',
    ]);
  });
});

describe("a boarding pass's grid read row by row", () => {
  it('puts a label after a value on a line of its own, not an airport code', () => {
    expect(
      splitTrailingLabels(
        'BOARDING\n11:05 GATE CLOSES\n087 ARRIVES\n14:20 E-TICKET\nBA548 LHR FCO',
      ),
    ).toBe('BOARDING\n11:05\nGATE CLOSES\n087\nARRIVES\n14:20\nE-TICKET\nBA548 LHR FCO');
  });
});

describe('the text of an OCR page', () => {
  const word = (text: string, x0: number, height = 20) => ({
    text,
    bbox: { x0, y0: 0, x1: x0 + text.length * 10, y1: height },
  });
  const page = (...lines: Array<ReturnType<typeof word>[]>) => ({
    text: 'plain',
    blocks: [{ paragraphs: [{ lines: lines.map((words) => ({ words })) }] }],
  });

  it('keeps the columns of a row of times, the rows around it and a row of labels over values', () => {
    const text = layoutText(
      page(
        [word('21:00', 10), word('06:30', 300)],
        [word('Piräus', 10), word('9', 150), word('Std.', 170), word('Heraklion', 300)],
        [word('Checkin', 10), word('Checkout', 200)],
        [word('Fr.', 10), word('4.12.2026', 45), word('Mo.', 200), word('7.12.2026', 235)],
        [
          word('Via', 10),
          word('Roma', 45),
          word('5,', 90),
          word('30121', 300),
          word('Venezia', 360),
        ],
      ),
    );
    expect(text.trim().split('\n')).toEqual([
      '21:00\t06:30',
      'Piräus\t9 Std.\tHeraklion',
      'Checkin\tCheckout',
      'Fr. 4.12.2026\tMo. 7.12.2026',
      'Via Roma 5, 30121 Venezia',
    ]);
  });

  it('falls back to the plain text without a layout', () => {
    expect(layoutText({ text: 'plain', blocks: null })).toBe('plain');
  });
});

describe('included and excluded items of a confirmation', () => {
  it('reads a table row whose label lost its colon, and ends the list there', () => {
    expect(
      findInclusions([
        'Régimen Alojamiento y desayuno',
        'No incluido Tasa turística municipal, parking',
        'Cancelación gratuita hasta el 1 de octubre de 2026.',
      ]),
    ).toEqual({
      included: ['Alojamiento y desayuno'],
      excluded: ['Tasa turística municipal', 'parking'],
    });
    expect(
      findInclusions([
        'Nicht enthalten / vor Ort zu zahlen',
        'Kaution 300 € (Kreditkarte)',
        'Kindersitz 5 € pro Tag',
      ]),
    ).toEqual({
      included: [],
      excluded: ['Kaution 300 € (Kreditkarte)', 'Kindersitz 5 € pro Tag'],
    });
  });

  it('reads an item stated included or not in a sentence, cut at its amount or remark', () => {
    expect(statedInclusion('Die Ortstaxe (3,02 % des Zimmerpreises) ist nicht enthalten.')).toEqual(
      {
        item: 'Ortstaxe',
        excluded: true,
      },
    );
    expect(
      statedInclusion('Tassa di soggiorno € 4,50 a persona a notte, non inclusa, da pagare'),
    ).toEqual({ item: 'Tassa di soggiorno', excluded: true });
    expect(statedInclusion('Taxe de séjour non incluse : 6,88 € par personne')).toEqual({
      item: 'Taxe de séjour',
      excluded: true,
    });
    expect(
      statedInclusion('Doppelzimmer Comfort - Frühstück inklusive - kostenfreie Stornierung'),
    ).toEqual({ item: 'Frühstück', excluded: false });
    expect(statedInclusion('‘Trattamento pernottamento e prima colazione”')).toEqual({
      item: 'pernottamento e prima colazione',
      excluded: false,
    });
  });

  it('leaves out the taxes a price includes and lines that state nothing', () => {
    expect(
      statedInclusion('Prix total du séjour : 812,00 € TTC (TVA 10 % incluse)'),
    ).toBeUndefined();
    expect(statedInclusion('Precio total 486,00 € (IVA incluido)')).toBeUndefined();
    expect(statedInclusion('Included')).toBeUndefined();
    expect(statedInclusion('Hotel Patio de la Alcazaba')).toBeUndefined();
  });
});

describe('a car-rental voucher', () => {
  const VOUCHER = `Autos Bahía · Bono de alquiler de coche
Recogida
Fecha y hora jueves, 3 de septiembre de 2026, 10:30
Oficina Aeropuerto de Málaga (AGP), planta 0
Su vuelo IB 3412 desde Madrid, llegada 09:55
Devolución
Fecha y hora miércoles, 9 de septiembre de 2026, 18:00
Oficina Aeropuerto de Málaga (AGP)
Vehículo: Seat Ibiza o similar
Proveedor local: Costa Sol Autos S.L., tel. 952 000 000
Fianza reembolsable 300 € (tarjeta de crédito)
Precio total 245,00 €`;

  it('starts the rental at the pick-up (date, time, station as written, company) and ends the trip at the drop-off', () => {
    const draft = read(VOUCHER);
    expect([draft.dateStart, draft.dateFinish, draft.duration]).toEqual([
      '2026-09-03',
      '2026-09-09',
      7,
    ]);
    expect(draft.countries).toEqual(['ESP']);
    expect(blocksOf(draft, 'transport')).toEqual([
      expect.objectContaining({
        day: 1,
        mode: 'carRental',
        from: 'Málaga',
        time: '10:30',
        operator: 'Costa Sol Autos',
      }),
    ]);
    expect(blocksOf(draft, 'activity')).toEqual([]);
  });

  it('lands the flight of the pick-up section at the station that day, with its landing time only', () => {
    expect(blocksOf(read(VOUCHER), 'flight')).toEqual([
      expect.objectContaining({
        day: 1,
        flightNumber: 'IB3412',
        departureAirport: 'MAD',
        arrivalAirport: 'AGP',
        date: '2026-09-03',
        departureTime: null,
        arrivalTime: '09:55',
      }),
    ]);
  });

  it('reads a prepayment charged on booking as the deposit', () => {
    expect(
      findPayments(
        ['Un prépaiement de 203,00 € (première nuit) a été débité le 8 janvier 2026.'],
        NOW,
        null,
        null,
      ),
    ).toEqual([expect.objectContaining({ kind: 'deposit', amount: 203, currency: 'EUR' })]);
  });

  it('keeps the refundable deposit out of the payments, not a non-refundable one', () => {
    expect(read(VOUCHER).payments).toEqual([]);
    expect(
      findPayments(['A non-refundable deposit of EUR 300 secures the booking.'], NOW, null, null),
    ).toEqual([expect.objectContaining({ kind: 'deposit', amount: 300 })]);
  });
});

describe('journeys in columns (apps and e-tickets read by OCR)', () => {
  it('reads a row of times over a row of places under a dated heading, the vehicle from the lines around, an overnight arrival', () => {
    const draft = read(
      [
        'Os meus bilhetes',
        'Ida · sáb., 4 jul. 2026',
        '07:15\t10:40\tAutocarro 112',
        'Lisboa Oriente\tPorto Campanhã\tLugar 14',
        'Rede Norte · 2 passageiros',
        'Volta · dom., 12 jul. 2026',
        '22:30\t06:10 +1',
        'Porto Campanhã\t7h40\tLisboa Oriente',
      ].join('\n'),
    );
    expect([draft.dateStart, draft.dateFinish]).toEqual(['2026-07-04', '2026-07-13']);
    expect(blocksOf(draft, 'transport')).toEqual([
      expect.objectContaining({
        day: 1,
        mode: 'bus',
        from: 'Lisboa Oriente',
        to: 'Porto Campanhã',
        time: '07:15',
        arrivalTime: '10:40',
        number: '112',
        operator: 'Rede Norte',
      }),
      expect.objectContaining({
        day: 9,
        mode: 'bus',
        from: 'Porto Campanhã',
        to: 'Lisboa Oriente',
        time: '22:30',
        arrivalTime: '06:10',
        arrivalDate: '2026-07-13',
      }),
    ]);
  });

  it('reads a flight when the places are airport codes, with the number over the times', () => {
    const draft = read(
      [
        'My trip',
        'OUTBOUND · SAT 3 OCT 2026',
        'AZ 611',
        '09:05\t8h 35m\t11:40',
        'FCO Rome\tDirect\tJFK New York',
      ].join('\n'),
    );
    expect(blocksOf(draft, 'flight')).toEqual([
      expect.objectContaining({
        day: 1,
        flightNumber: 'AZ611',
        departureAirport: 'FCO',
        arrivalAirport: 'JFK',
        date: '2026-10-03',
        departureTime: '09:05',
        arrivalTime: '11:40',
      }),
    ]);
  });
});

describe('a flight route written with its times', () => {
  it('takes both ends and which time is which from "A 07:10 – B 08:40", a named airport or a city with one airport', () => {
    expect(timedRoute('19/09 AZ1627 Milano Linate 07:10 – Bari 08:40')).toMatchObject({
      dep: 'LIN',
      arr: 'BRI',
      depTime: '07:10',
      arrTime: '08:40',
    });
    expect(timedRoute('Vol RJ 111 Amman 07h45 – Paris-Charles-de-Gaulle 10h45.')).toMatchObject({
      dep: 'AMM',
      arr: 'CDG',
      depTime: '07:45',
      arrTime: '10:45',
    });
    const [flight] = read(
      'Chegada: voo TP1689 (Lisboa 10:05 – Funchal 11:35) em 3/10/2026.',
    ).days.flatMap((d) => d.blocks);
    expect(flight?.content).toMatchObject({
      departureAirport: 'LIS',
      arrivalAirport: 'FNC',
      departureTime: '10:05',
      arrivalTime: '11:35',
    });
  });
});

describe('a hotel confirmation read from an image or a PDF', () => {
  it('takes check-in and check-out from a row of labels over a row of dates, the city from the postal address, not an advert', () => {
    const [stay] = readStays(
      [
        'Ihre Buchung im Hotel Am Stadtpark ist bestätigt.',
        'Hotels in Salzburg ab € 89 pro Nacht',
        'Parkring 8, 1010 Wien, Österreich',
        'Anreise | Abreise | Aufenthalt',
        'Ausflug nach Prag ab € 79',
        'Sa., 9. Jan. 2027 | Di., 12. Jan. 2027 | 3 Nächte',
      ],
      NOW,
      null,
    );
    expect(stay?.block.content).toMatchObject({
      name: 'Hotel Am Stadtpark',
      city: 'Wien',
      checkIn: '2027-01-09',
      checkOut: '2027-01-12',
      nights: 3,
    });
  });

  it('keeps particles in the name, finds the number above the hotel, and reads no word as a number', () => {
    const stays = readStays(
      [
        'Confirmation de réservation',
        'Séjour à Madrid – Hotel Patio de la Villa',
        'Numéro de réservation : PV-20417',
        'Hôtel : Hotel Patio de la Villa, Calle Mayor 9, 28013 Madrid',
        'Arrivée : vendredi 6 mars 2026',
        'Départ : lundi 9 mars 2026',
      ],
      NOW,
      null,
    );
    expect(stays.map((s) => s.block.content)).toEqual([
      expect.objectContaining({
        name: 'Hotel Patio de la Villa',
        city: 'Madrid',
        bookingReference: 'PV-20417',
        nights: 3,
      }),
    ]);
    expect(hotelName("Hotel Campo de' Fiori, Via del Biscione 6")).toBe("Hotel Campo de' Fiori");
    expect(cityOfAddress('Caminho do Monte 118, 9050-288 Funchal, Madeira')).toBe('Funchal');
  });
});

describe('ticket rows and app cards, more shapes', () => {
  it('reads a table row under Depart and Arrive headings, its arrival date in parentheses, and counts the port it sails to', () => {
    const draft = read(
      [
        'Harbour Lines · travel ticket',
        'Outbound sailing',
        'Date Depart Arrive Ship',
        'Friday 4 September 2026 Genova 20:45 Santander 08:00 (Sun 6 September) MV Armor',
        'Return sailing',
        'Date Depart Arrive Ship',
        'Sunday 13 September 2026 Santander 15:00 Genova 19:30 MV Armor',
      ].join('\n'),
    );
    expect([draft.dateStart, draft.dateFinish]).toEqual(['2026-09-04', '2026-09-13']);
    expect(draft.countries).toEqual(['ESP']);
    expect(blocksOf(draft, 'transport')).toEqual([
      expect.objectContaining({
        day: 1,
        mode: 'ferry',
        from: 'Genova',
        to: 'Santander',
        time: '20:45',
        arrivalTime: '08:00',
        arrivalDate: '2026-09-06',
      }),
      expect.objectContaining({ day: 10, mode: 'ferry', from: 'Santander', to: 'Genova' }),
    ]);
  });

  it("does not take the next leg's dated heading for an operator, and reads each part of a line of inclusions", () => {
    const draft = read(
      [
        'Andata · gio 11 giu 2026 · AZ 610',
        '10:35\t2h 55m\t12:30',
        'FCO Roma\tDiretto\tLIS Lisbona',
        'Ritorno · lun 15 giu 2026 · AZ 611',
        '13:20\t2h 50m\t17:10',
        'LIS Lisbona\tDiretto\tFCO Roma',
      ].join('\n'),
    );
    expect(blocksOf(draft, 'flight')).toEqual([
      expect.objectContaining({ day: 1, flightNumber: 'AZ610', date: '2026-06-11' }),
      expect.objectContaining({ day: 5, flightNumber: 'AZ611', date: '2026-06-15' }),
    ]);
    expect(findInclusions(['Pequeno-almoço incluído - Taxa turística não incluída'])).toEqual({
      included: ['Pequeno-almoço'],
      excluded: ['Taxa turística'],
    });
  });
});

describe('a booking table whose row is the whole leg', () => {
  it('reads the route cell, the date and the two times of the row, the vehicle and its number', () => {
    const draft = read(
      [
        'Riepilogo prenotazione',
        'Tratta\tData\tPartenza\tArrivo\tMezzo\tCorsa',
        'Napoli — Capri\tvenerdì 10/07/2026\t08:40\t09:30\taliscafo\tN 214',
        'Capri + Napoli\tdomenica 12/07/2026\t17:15\t18:05\taliscafo\tN 231',
      ].join('\n'),
    );
    expect(blocksOf(draft, 'transport')).toEqual([
      expect.objectContaining({
        day: 1,
        mode: 'ferry',
        from: 'Napoli',
        to: 'Capri',
        time: '08:40',
        arrivalTime: '09:30',
        number: '214',
      }),
      expect.objectContaining({
        day: 3,
        mode: 'ferry',
        from: 'Capri',
        to: 'Napoli',
        number: '231',
      }),
    ]);
  });
});

describe('a crossing written in a sentence that arrives another day', () => {
  it('takes the date after the arrival word, else the next day when it arrives before it leaves', () => {
    const draft = read(
      [
        'Vendredi 22 mai 2026 – Traversée aller',
        'Ferry de nuit : départ de Marseille à 19h30, arrivée à Ajaccio le samedi 23 mai à 07h00.',
        'Jeudi 28 mai 2026 – Traversée retour',
        'Ferry de nuit : départ de Bastia à 20h00, arrivée à Marseille à 07h00.',
      ].join('\n'),
    );
    expect(blocksOf(draft, 'transport')).toEqual([
      expect.objectContaining({ mode: 'ferry', time: '19:30', arrivalDate: '2026-05-23' }),
      expect.objectContaining({ mode: 'ferry', time: '20:00', arrivalDate: '2026-05-29' }),
    ]);
  });
});

describe('transfers and coach legs written in confirmations and programmes', () => {
  const modeOf = (sentence: string) => {
    const block = transportOf(sentence);
    return block?.type === 'transport' ? block.content : undefined;
  };

  it('reads a German compound transfer word with its time as a transfer, not an activity', () => {
    expect(modeOf('06.11.2026 um 16:30: Privattransfer Flughafen – Hotel (ca. 75 Min.)')).toEqual(
      expect.objectContaining({ mode: 'transfer', time: '16:30' }),
    );
    expect(modeOf('Sammeltransfer zum Hotel um 11:00')).toEqual(
      expect.objectContaining({ mode: 'transfer', time: '11:00' }),
    );
  });

  it('reads the Portuguese plural and a ride between hotel and airport as a transfer', () => {
    expect(modeOf('Transferes aeroporto – hotel – aeroporto, em serviço privado')?.mode).toBe(
      'transfer',
    );
    expect(modeOf('Hotel → aeroporto do Sal, saída às 09:45')).toEqual(
      expect.objectContaining({ mode: 'transfer', time: '09:45' }),
    );
    expect(modeOf('Flughafen – Hotel, Abfahrt 14:30')?.mode).toBe('transfer');
  });

  it('reads a pickup at the hotel with a time as a transfer', () => {
    expect(modeOf('Recolha no hotel às 13:30')?.mode).toBe('transfer');
    expect(modeOf('Hotel pick-up at 07:15 for the airport')?.mode).toBe('transfer');
    expect(modeOf('Abholung am Hotel um 08:00')?.mode).toBe('transfer');
  });

  it('does not book a transfer from a heading or from what the price includes', () => {
    expect(modeOf('TRANSFERES')).toBeUndefined();
    expect(
      modeOf('O preço inclui: voos com taxas, transferes, excursão a Pedra de Lume'),
    ).toBeUndefined();
    expect(modeOf('The price includes: flights, transfers, breakfast')).toBeUndefined();
  });

  it('does not take a transfer to the hotel for the hotel', () => {
    expect(hotelName('12.05.2026 um 10:15: Flughafentransfer Hotel – Flughafen')).toBeUndefined();
    expect(hotelName('Shuttle Hotel Miramar – aeroporto')).toBeUndefined();
  });

  it('places each dated transfer of a German confirmation on its day', () => {
    const draft = read(`Buchungsbestätigung
HOTEL
Hotel Seeblick, Funchal
Anreise 03.05.2026 – Abreise 10.05.2026, 7 Nächte
TRANSFER
03.05.2026 um 12:00: Privattransfer Flughafen – Hotel
TRANSFER
10.05.2026 um 09:30: Privattransfer Hotel – Flughafen`);
    expect(blocksOf(draft, 'transport')).toEqual([
      expect.objectContaining({ day: 1, mode: 'transfer', time: '12:00' }),
      expect.objectContaining({ day: 8, mode: 'transfer', time: '09:30' }),
    ]);
  });

  it('reads the two ends of a ride between the airport and the hotel', () => {
    expect(routeOf('Aeroporto de Faro → hotel')).toEqual({
      from: 'Aeroporto de Faro',
      to: 'hotel',
    });
    expect(routeOf('Privattransfer Flughafen – Hotel (ca. 45 Min.)')).toEqual({
      from: 'Flughafen',
      to: 'Hotel',
    });
  });

  it('does not take the coach company a bus is "of" for where it leaves from', () => {
    expect(routeOf('Autobús regular de Buses del Sur a Valdivia a las 09:00')).toEqual({
      from: null,
      to: 'Valdivia',
    });
    expect(routeOf('Autobús de Osorno a Valdivia a las 09:00')).toEqual({
      from: 'Osorno',
      to: 'Valdivia',
    });
  });

  it("does not take the hotel pickup's time for the flight's departure", () => {
    const draft = read(`VOUCHER
Hotel Hotel Vila Sol, Funchal
Entrada 3 de outubro de 2026 · Saída 10 de outubro de 2026
Chegada: voo TP1689 (Lisboa 10:05 – Funchal 11:35) em 3/10.
Recolha no hotel para o regresso às 12:45 de 10/10 (voo TP1694 às 15:10).`);
    expect(blocksOf(draft, 'flight')).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ flightNumber: 'TP1694', departureTime: '15:10' }),
      ]),
    );
    expect(blocksOf(draft, 'transport')).toEqual(
      expect.arrayContaining([expect.objectContaining({ mode: 'transfer', time: '12:45' })]),
    );
  });

  it('books a transfer that names its flight on its own date, beside the flight', () => {
    const draft = read(`CONFIRMAÇÃO DE RESERVA
VOOS
Ida     12/09/2026  TP1901  Lisboa (LIS) 08:00 → Faro (FAO) 08:50
Volta   19/09/2026  TP1906  Faro (FAO) 19:10 → Lisboa (LIS) 20:00
TRANSFERES
12/09 Aeroporto de Faro → hotel (chegada do voo TP1901)
19/09 Hotel → aeroporto de Faro, recolha às 16:30`);
    expect(blocksOf(draft, 'flight').map((f) => f.flightNumber)).toEqual(['TP1901', 'TP1906']);
    expect(blocksOf(draft, 'transport')).toEqual([
      expect.objectContaining({ day: 1, mode: 'transfer', to: 'hotel' }),
      expect.objectContaining({ day: 8, mode: 'transfer', time: '16:30' }),
    ]);
  });

  it('reads a sightseeing coach between two places as a bus leg, and one without a route as an outing', () => {
    expect(modeOf('Autobús turístico de Cusco a Puno a las 07:00')).toEqual(
      expect.objectContaining({ mode: 'bus', from: 'Cusco', to: 'Puno', time: '07:00' }),
    );
    expect(modeOf('Bus turistico por la ciudad a las 10:00')).toBeUndefined();
  });
});
