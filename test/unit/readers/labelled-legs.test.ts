import { describe, expect, it } from 'vitest';
import { extractDraft } from '../../../src/imports/generate/builtin/builtin.generator.ts';

const now = new Date('2026-01-15T00:00:00Z');

describe('the labelled-legs reader: a crossing or journey printed as labelled lines', () => {
  it.each([
    [
      'it',
      [
        'Data emissione: 14/03/2026',
        'Tratta: LIVORNO > OLBIA',
        'Nave: M/N Stella Gallura',
        'Partenza: ven 10/07/2026 ore 22:00 - Livorno, Varco Galvani',
        'Arrivo: sab 11/07/2026 ore 07:30 - Olbia, Isola Bianca',
      ],
      ['ferry', 'Livorno', 'Olbia', '2026-07-10', '22:00', '07:30', '2026-07-11'],
    ],
    [
      'en',
      [
        'Issued 02/02/2026',
        'Route: Portsmouth > Santander',
        'Ship: Galicia, cabin 4-berth inside',
        'Departure: 14/06/2026 at 17:15 - Portsmouth',
        'Arrival: 15/06/2026 at 18:15 - Santander',
      ],
      ['ferry', 'Portsmouth', 'Santander', '2026-06-14', '17:15', '18:15', '2026-06-15'],
    ],
    [
      'es',
      [
        'Fecha de emisión: 03/03/2026',
        'Autobús ALSA, asiento 23',
        'Salida: 18/07/2026 09:30 - Madrid Estación Sur',
        'Llegada: 18/07/2026 14:45 - Granada',
      ],
      ['bus', 'Madrid Estación Sur', 'Granada', '2026-07-18', '09:30', '14:45', null],
    ],
  ])('%s: one transport on its date, the issue date no day of the trip', (_l, lines, want) => {
    const draft = extractDraft(lines.join('\n'), now);
    const legs = draft.days.flatMap((d) =>
      d.blocks.flatMap((b) =>
        b.type === 'transport'
          ? [
              [
                b.content.mode,
                b.content.from,
                b.content.to,
                d.date,
                b.content.time,
                b.content.arrivalTime,
                b.content.arrivalDate,
              ],
            ]
          : [],
      ),
    );
    expect(legs).toEqual([want]);
    expect(draft.dateStart).toBe(want[3]);
  });

  it('reads a ticket printed in boxes: origin and destination labels, names wrapped, times below', () => {
    const lines = [
      'Fecha de emisión: 20/01/2026',
      'IDA · AVE 03061 Viernes 12/06/2026',
      'ORIGEN:',
      'VALENCIA-JOAQUÍN SOROLLA',
      '07:40',
      'DESTINO:',
      'MADRID-PUERTA DE ATOCHA-',
      'ALMUDENA GRANDES',
      '09:32',
      'COCHE 4 · PLAZA 7C',
    ];
    const draft = extractDraft(lines.join('\n'), now);
    const legs = draft.days.flatMap((d) =>
      d.blocks.flatMap((b) =>
        b.type === 'transport'
          ? [
              [
                d.date,
                b.content.mode,
                b.content.from,
                b.content.to,
                b.content.time,
                b.content.arrivalTime,
                b.content.number,
              ],
            ]
          : [],
      ),
    );
    expect(legs).toEqual([
      [
        '2026-06-12',
        'train',
        'VALENCIA-JOAQUÍN SOROLLA',
        'MADRID-PUERTA DE ATOCHA-ALMUDENA GRANDES',
        '07:40',
        '09:32',
        'AVE 03061',
      ],
    ]);
  });

  it('leaves a flight confirmation to the flight reading', () => {
    const draft = extractDraft(
      [
        'Flight IB 3302, gate B12',
        'Departure: 14/06/2026 10:00 - Madrid (MAD)',
        'Arrival: 14/06/2026 11:20 - Marrakech (RAK)',
      ].join('\n'),
      now,
    );
    expect(draft.days.flatMap((d) => d.blocks).filter((b) => b.type === 'transport')).toEqual([]);
  });
});
