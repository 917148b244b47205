// The stay-headings reader: a place's heading with its nights and dates over the line naming
// where the traveller sleeps, in the six languages.
import { describe, expect, it } from 'vitest';
import { extractDraft } from '../../../src/imports/generate/builtin/builtin.generator.ts';
import { stayHeading } from '../../../src/imports/generate/builtin/readers/stay-headings.reader.ts';

const now = new Date('2026-01-15T00:00:00Z');

describe('stayHeading', () => {
  it.each([
    ['en', 'LISBON - 4 nights, 14-18 April', ['Lisbon', '2026-04-14', 4]],
    ['es', 'Cusco – 3 noches, 10–13 de mayo', ['Cusco', '2026-05-10', 3]],
    ['fr', 'ANNECY - 2 nuits, du 5 au 7 juin', ['Annecy', '2026-06-05', 2]],
    ['pt', 'Porto (3 noites) 18-21 abril', ['Porto', '2026-04-18', 3]],
    ['de', 'Wien - 2 Nächte, 3.-5. Juli', ['Wien', '2026-07-03', 2]],
    ['it', 'LECCE - 3 notti, 19-22 settembre', ['Lecce', '2026-09-19', 3]],
  ])('%s: %s', (_language, line, [place, checkIn, nights]) => {
    expect(stayHeading(line, now, null)).toEqual({ place, checkIn, nights });
  });

  it.each([
    ['nights and dates that disagree', 'Lisbon - 4 nights, 14-16 April'],
    ['a hotel as the heading', 'Hotel Miramar - 3 nights, 14-17 April'],
    ['a time: a service, not a stay', 'Lisbon - 2 nights, 14-16 April, check-in 15:00'],
    ['no count of nights', 'Lisbon, 14-18 April'],
  ])('not a stay heading: %s', (_why, line) => {
    expect(stayHeading(line, now, null)).toBeUndefined();
  });
});

describe('the stay-headings reader', () => {
  it('reads the lodging under each heading as a stay of its nights, the heading city its own', () => {
    const draft = extractDraft(
      [
        'Your Portugal week',
        'OUTBOUND - Tue 14 April 2026',
        'TAP TP1351, London Heathrow 07:05 > Lisbon 09:45',
        '',
        'LISBON - 4 nights, 14-18 April',
        'Casa das Janelas, Rua do Alecrim 3, Lisbon. Double room, breakfast.',
        '',
        'PORTO - 3 nights, 18-21 April',
        'Quinta do Rio Guesthouse, Cais da Estiva 8, Porto. River-view room.',
      ].join('\n'),
      now,
    );
    const stays = draft.days.flatMap((d) =>
      d.blocks.flatMap((b) =>
        b.type === 'accommodation'
          ? [[d.date, b.content.name, b.content.city, b.content.checkIn, b.content.nights]]
          : [],
      ),
    );
    expect(stays).toEqual([
      ['2026-04-14', 'Casa das Janelas', 'Lisbon', '2026-04-14', 4],
      ['2026-04-18', 'Quinta do Rio Guesthouse', 'Porto', '2026-04-18', 3],
    ]);
  });
});
