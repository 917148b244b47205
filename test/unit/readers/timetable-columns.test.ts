// The timetable-columns reader: a ticket's timetable aligned under its labels, a stop a row, a
// time under the arrival or departure label it stands beneath; a stop with both is a change.
import { describe, expect, it } from 'vitest';
import { extractDraft } from '../../../src/imports/generate/builtin/builtin.generator.ts';

const now = new Date('2027-03-01T00:00:00Z');

const legsOf = (lines: string[]) =>
  extractDraft(lines.join('\n'), now).days.flatMap((d) =>
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
              b.content.arrivalDate,
            ],
          ]
        : [],
    ),
  );

describe('the timetable-columns reader', () => {
  it.each([
    [
      'en',
      [
        'Electronic ticket 5512',
        'Date          Station/Transfer       Arrival   Departure Platf.    Connection',
        'Fri 14/05/27  Leeds, Coach Station             08:10     4         Leeds → London (NX)',
        '              London, Victoria       12:35',
      ],
      [['2027-05-14', 'bus', 'Leeds, Coach Station', 'London, Victoria', '08:10', '12:35', null]],
    ],
    [
      'es',
      [
        'Billete electrónico del autobús',
        'Fecha         Parada                 Llegada   Salida    Andén',
        'Vie 14.5.27   Bilbao, Termibus                 07:45     12',
        '              Zaragoza, Delicias     11:30     12:10     4',
        '              Barcelona, Nord        15:25',
      ],
      [
        ['2027-05-14', 'bus', 'Bilbao, Termibus', 'Zaragoza, Delicias', '07:45', '11:30', null],
        ['2027-05-14', 'bus', 'Zaragoza, Delicias', 'Barcelona, Nord', '12:10', '15:25', null],
      ],
    ],
    [
      'fr',
      [
        'Votre billet de train',
        'Date          Gare                   Arrivée   Départ    Voie      Train',
        'Ven 14/05/27  Lyon Part-Dieu                   21:40     G         Intercités 5771',
        'Sam 15/05/27  Nice Ville             07:02',
      ],
      [['2027-05-14', 'train', 'Lyon Part-Dieu', 'Nice Ville', '21:40', '07:02', '2027-05-15']],
    ],
    [
      'pt',
      [
        'Bilhete de autocarro',
        'Data          Paragem                Chegada   Partida',
        'Sex 14/05/27  Lisboa, Sete Rios                23:30',
        '              Porto, Campanhã        02:55',
      ],
      [
        [
          '2027-05-14',
          'bus',
          'Lisboa, Sete Rios',
          'Porto, Campanhã',
          '23:30',
          '02:55',
          '2027-05-15',
        ],
      ],
    ],
    [
      'it',
      [
        'Biglietto treno',
        'Data          Stazione               Arrivo    Partenza  Binario   Treno',
        'Ven 14/05/27  Milano Centrale                  09:10     12        Frecciarossa 9523',
        '              Roma Termini           12:20',
      ],
      [['2027-05-14', 'train', 'Milano Centrale', 'Roma Termini', '09:10', '12:20', null]],
    ],
    [
      'de, tabs',
      [
        'Ihr Fahrschein',
        'Datum\tHaltestelle\tAnkunft\tAbfahrt\tVerbindung',
        'Do 08.07.27\tUlm, Busbahnhof\t\t09:35\tFernbus',
        '\tMünchen, ZOB\t11:50\t\t',
      ],
      [['2027-07-08', 'bus', 'Ulm, Busbahnhof', 'München, ZOB', '09:35', '11:50', null]],
    ],
  ])('%s', (_language, lines, expected) => {
    expect(legsOf(lines)).toEqual(expected);
  });
});
