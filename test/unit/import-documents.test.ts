// The engine's rules for documents read from PDFs, images (OCR) and emails: table rows whose
// label lost its colon, values under a row of column labels, vouchers. Each test states what an
// agent would keep, on short texts written for these tests in the shape those formats produce.
import { describe, expect, it } from 'vitest';
import { layoutText } from '../../src/imports/extract/ocr.ts';
import { pageText, type TextItem } from '../../src/imports/extract/pdf.ts';
import { extractDraft } from '../../src/imports/generate/builtin/builtin.generator.ts';
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

  it('keeps the refundable deposit out of the payments, not a non-refundable one', () => {
    expect(read(VOUCHER).payments).toEqual([]);
    expect(
      findPayments(['A non-refundable deposit of EUR 300 secures the booking.'], NOW, null, null),
    ).toEqual([expect.objectContaining({ kind: 'deposit', amount: 300 })]);
  });
});
