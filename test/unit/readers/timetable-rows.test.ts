// The timetable-rows reader: a ticket's rows of station, date and time, a leaving row and the
// next one a leg, whatever the language of the columns' labels.
import { describe, expect, it } from 'vitest';
import { extractDraft } from '../../../src/imports/generate/builtin/builtin.generator.ts';

const now = new Date('2026-01-15T00:00:00Z');

const legsOf = (lines: string[]) =>
  extractDraft(lines.join('\n'), now).days.flatMap((d) =>
    d.blocks.flatMap((b) =>
      b.type === 'transport'
        ? [
            [
              d.date,
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

describe('the timetable-rows reader', () => {
  it('cs: station names in lower case, the train on the row it leaves from', () => {
    expect(
      legsOf([
        'Jízdenka 14.7.2026',
        'Stanice                 Odj. / Příj.      Místo',
        'Brno dolní nádraží      16.07. 14:34 RJ 76   26  91',
        'Praha hl.n.             16.07. 17:06',
      ]),
    ).toEqual([['2026-07-16', 'Brno dolní nádraží', 'Praha hl.n.', '14:34', '17:06', 'RJ 76']]);
  });

  it('de: "ab" and "an" rows, two legs through a change', () => {
    expect(
      legsOf([
        'Ihre Reiseverbindung Hinfahrt am 28.12.2026',
        'Halt                   Datum    Zeit     Gleis   Produkte',
        'Köln Hbf               28.12.   ab 15:06   3     RE 5',
        'Düsseldorf Hbf         28.12.   an 15:28   14',
        'Düsseldorf Hbf         28.12.   ab 15:52   19    ICE 943',
        'Berlin Hbf (tief)      28.12.   an 20:09   6',
      ]),
    ).toEqual([
      ['2026-12-28', 'Köln Hbf', 'Düsseldorf Hbf', '15:06', '15:28', 'RE 5'],
      ['2026-12-28', 'Düsseldorf Hbf', 'Berlin Hbf (tief)', '15:52', '20:09', 'ICE 943'],
    ]);
  });

  it("cs: a line of the ticket's other column between the rows, Czech categories (R, Sp, rj)", () => {
    expect(
      legsOf([
        'Jízdní řád a rezervace',
        'Stanice                 Odj. / Příj.      Místo',
        'Olomouc hl.n.           03.07. 08:12 R 871     44',
        'Ref: 5519027733',
        'Přerov                  03.07. 08:31',
        'Přerov                  03.07. 08:40 Sp 1744',
        'Doklad číslo / Beleg Nr.:',
        'Zlín střed              03.07. 09:35',
        'Zlín střed              05.07. 16:10 rj 1021',
        'Ostrava hl.n.           05.07. 18:02',
      ]),
    ).toEqual([
      ['2026-07-03', 'Olomouc hl.n.', 'Přerov', '08:12', '08:31', 'R 871'],
      ['2026-07-03', 'Přerov', 'Zlín střed', '08:40', '09:35', 'Sp 1744'],
      ['2026-07-05', 'Zlín střed', 'Ostrava hl.n.', '16:10', '18:02', 'rj 1021'],
    ]);
  });
});
