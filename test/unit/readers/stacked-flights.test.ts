// The stacked-flights reader: an e-ticket's flight table whose cells wrap under the designator,
// the airports' codes and the times on the lines below, whatever the language of the labels.
import { describe, expect, it } from 'vitest';
import { extractDraft } from '../../../src/imports/generate/builtin/builtin.generator.ts';

const now = new Date('2027-06-02T00:00:00Z');

const flightsOf = (lines: string[]) =>
  extractDraft(lines.join('\n'), now).days.flatMap((d) =>
    d.blocks.flatMap((b) =>
      b.type === 'flight'
        ? [
            [
              d.date,
              b.content.flightNumber,
              b.content.departureAirport,
              b.content.arrivalAirport,
              b.content.departureTime,
              b.content.arrivalTime,
            ],
          ]
        : [],
    ),
  );

describe('the stacked-flights reader', () => {
  it.each([
    [
      'en',
      [
        'From   BA2702   14-Sep   14-Sep   Confirmed',
        'London (LGW)   07:05   10:35',
        'To',
        'Nice (NCE)',
      ],
    ],
    [
      'es',
      [
        'De   BA2702   14-Sep   14-Sep   Confirmado',
        'Londres (LGW)   07:05   10:35',
        'A   Terminal S',
        'Niza (NCE)',
      ],
    ],
    [
      'fr',
      [
        'De   BA2702   14-Sep   14-Sep   Confirmé',
        'Londres (LGW)   07:05   10:35',
        'Vers',
        'Nice (NCE)',
      ],
    ],
    [
      'pt',
      [
        'De   BA2702   14-Set   14-Set   Confirmado',
        'Londres (LGW)   07:05   10:35',
        'Para',
        'Nice (NCE)',
      ],
    ],
    [
      'it',
      [
        'Da   BA2702   14-Set   14-Set   Confermato',
        'Londra (LGW)   07:05   10:35',
        'A',
        'Nizza (NCE)',
      ],
    ],
    [
      'de',
      [
        'Von   BA2702   14-Sep   14-Sep   Bestätigt',
        'London (LGW)   07:05   10:35',
        'Nach   Terminal 2',
        'Nizza (NCE)',
      ],
    ],
  ])('%s: the designator over its airports and times', (_language, lines) => {
    expect(flightsOf(['Flight data', ...lines])).toEqual([
      ['2027-09-14', 'BA2702', 'LGW', 'NCE', '07:05', '10:35'],
    ]);
  });

  it('reads two flights, each up to the next designator', () => {
    expect(
      flightsOf([
        'Von /From   IB3677   20-Jul   20-Jul',
        'Berlin (TXL)   12:25   15:35',
        'Nach /To   Terminal 4',
        'Madrid (MAD)',
        'Von /From   IB8588   20-Jul   20-Jul',
        'Madrid (MAD)   17:50   19:00',
        'Nach /To',
        'Almeria (LEI)',
      ]),
    ).toEqual([
      ['2027-07-20', 'IB3677', 'TXL', 'MAD', '12:25', '15:35'],
      ['2027-07-20', 'IB8588', 'MAD', 'LEI', '17:50', '19:00'],
    ]);
  });
});
