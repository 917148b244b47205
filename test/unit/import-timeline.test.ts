import { describe, expect, it } from 'vitest';
import { extractDraft } from '../../src/imports/generate/builtin/builtin.generator.ts';
import { placeBookings } from '../../src/imports/generate/builtin/timeline.ts';
import type { DraftDayInput } from '../../src/imports/generate/draft.ts';

const now = new Date('2026-01-15T00:00:00Z');

describe('the timeline', () => {
  it('places a booking in the day of its date, adding the days up to it', () => {
    const days: DraftDayInput[] = [{ day: 1, date: '2026-05-14', title: null, blocks: [] }];
    placeBookings(days, [
      {
        date: '2026-05-16',
        block: {
          type: 'accommodation',
          content: {
            name: 'Hotel Sacher',
            checkIn: '2026-05-16',
            checkOut: '2026-05-18',
            nights: null,
            city: 'Wien',
          },
        },
      },
    ]);
    expect(days.map((d) => d.date)).toEqual(['2026-05-14', '2026-05-15', '2026-05-16']);
    const stay = days[2]!.blocks[0]!;
    expect(stay.type === 'accommodation' && stay.content.nights).toBe(2);
  });

  it.each([
    [
      'en',
      'Ticket 125 2398471120 Date of issue 03FEB26',
      '14MAY26 BA 2612 London (LGW) Catania (CTA) 09:25 13:45 OK',
      'Page 1 of 1 · Document created on 03/02/2026 10:17 GMT',
    ],
    [
      'de',
      'Ticketnummer 220 2398471120 Ausstellungsdatum 03FEB26',
      '14MAY26 Do LH 302 Frankfurt (FRA) Catania (CTA) 09:25 11:45 K OK',
      'Seite 1 von 1 · Dokument erstellt am 03.02.2026 10:17 MEZ',
    ],
  ])(
    'keeps a %s e-ticket to its bookings: the date the document was made is no day of the trip',
    (_l, ...lines) => {
      const draft = extractDraft(['E-Ticket', ...lines].join('\n'), now);
      expect([draft.dateStart, draft.dateFinish]).toEqual(['2026-05-14', '2026-05-14']);
      expect(draft.days.flatMap((d) => d.blocks.map((b) => [d.date, b.type]))).toContainEqual([
        '2026-05-14',
        'flight',
      ]);
    },
  );
});

describe("a confirmation's days", () => {
  const ticket = (payment: string, note: string) =>
    [
      'Fahrkarte, Fahrtantritt: 18.06.2027',
      `${payment}`,
      `${note}`,
      'Ihre Reiseverbindung Hinfahrt am 18.06.2027',
      'Halt                   Datum    Zeit     Gleis   Produkte',
      'Hamburg Hbf            18.06.   ab 09:01   13    ICE 1511',
      'Frankfurt(Main)Hbf     18.06.   an 12:38   7',
    ].join('\n');

  it.each([
    ['de', 'Datum     02.06.2027       Gen-Nr      010123', 'Gültig ab 18.06.2027'],
    ['de', 'Betrag 89,90 €', 'City-Rückfahrt am 18.06.17'],
    ['en', 'Date      02/06/2027       Ref 010123', 'Valid from 18/06/2027'],
    ['fr', 'Date      02/06/2027       Réf 010123', 'Valable dès le 18/06/2027'],
  ])(
    '%s: the day it was booked or paid, or a mistyped year, is no day of the trip',
    (_l, payment, note) => {
      const draft = extractDraft(ticket(payment, note), new Date('2027-05-01T00:00:00Z'));
      expect(draft.days.map((d) => d.date)).toEqual(['2027-06-18']);
    },
  );
});

describe("a trip's countries", () => {
  it.each([
    [
      'a round trip by air leaves its home out',
      [
        'Outbound 12/05/2026 IB 6841 Madrid (MAD) 23:55 → Buenos Aires (EZE) 08:40 +1',
        'Hotel Alvear Palace, Buenos Aires, 13/05/2026 – 18/05/2026',
        'Return 18/05/2026 IB 6842 Buenos Aires (EZE) 13:10 → Madrid (MAD) 06:20 +1',
      ],
      ['ARG'],
    ],
    [
      'a hub where the traveller only changes planes is no destination',
      [
        '06/11/2026 EK 44 Frankfurt (FRA) 22:15 → Dubai (DXB) 06:45 +1',
        '07/11/2026 EK 703 Dubai (DXB) 09:25 → Mauritius (MRU) 15:40',
        'Hotel Lagune Bleue, Belle Mare, 07/11/2026 – 14/11/2026',
        '14/11/2026 EK 704 Mauritius (MRU) 18:10 → Dubai (DXB) 00:55 +1',
        '15/11/2026 EK 45 Dubai (DXB) 03:40 → Frankfurt (FRA) 07:45',
      ],
      ['MUS'],
    ],
  ])('%s', (_name, lines, countries) => {
    expect(extractDraft(lines.join('\n'), now).countries).toEqual(countries);
  });
});
