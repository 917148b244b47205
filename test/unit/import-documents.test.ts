// The engine's rules for documents read from PDFs, images (OCR) and emails: table rows whose
// label lost its colon, values under a row of column labels, vouchers. Each test states what an
// agent would keep, on short texts written for these tests in the shape those formats produce.
import { describe, expect, it } from 'vitest';
import { findInclusions, statedInclusion } from '../../src/imports/generate/builtin/money.ts';

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
