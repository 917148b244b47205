// The labelled-flights reader: a departure line and an arrival line under a flight's designator.
import { describe, expect, it } from 'vitest';
import { extractDraft } from '../../../src/imports/generate/builtin/builtin.generator.ts';

const now = new Date('2026-01-15T00:00:00Z');

const flightsOf = (lines: string[]) =>
  extractDraft(lines.join('\n'), now).days.flatMap((d) =>
    d.blocks.flatMap((b) =>
      b.type === 'flight'
        ? [
            [
              b.content.flightNumber,
              b.content.departureAirport,
              b.content.arrivalAirport,
              b.content.date,
              b.content.departureTime,
              b.content.arrivalTime,
              b.content.bookingReference,
            ],
          ]
        : [],
    ),
  );

describe('the labelled-flights reader', () => {
  it.each([
    [
      'en: city, country and airport name in brackets',
      [
        'BOOKING REF: QX4PLM',
        'FLIGHT     LX 317 - SWISS                 THU 14 MAY 2026',
        'DEPARTURE: LONDON, GB (HEATHROW)               14 MAY 07:40',
        'ARRIVAL:   ZURICH, CH (KLOTEN)                 14 MAY 10:25',
      ],
      ['LX317', 'LHR', 'ZRH', '2026-05-14', '07:40', '10:25', 'QX4PLM'],
    ],
    [
      'de: time first, airport by name',
      [
        'Buchungscode: RT5KLA',
        'Flug: 15.06.2026 | LH 1234',
        'Abflug: 12:55 Berlin Tegel',
        'Ankunft: 13:50 London Heathrow',
      ],
      ['LH1234', 'TXL', 'LHR', '2026-06-15', '12:55', '13:50', 'RT5KLA'],
    ],
    [
      'sv: the date on a line of its own, codes in brackets',
      [
        'Din bokningsreferens: ABX123',
        'Flyg:     IB3549, Iberia',
        'Datum:    fre 3 jul 2026',
        'Avgång:   07:35 Barajas(MAD), Madrid, Spanien',
        'Ankomst:  09:20 El Prat(BCN), Barcelona, Spanien',
      ],
      ['IB3549', 'MAD', 'BCN', '2026-07-03', '07:35', '09:20', 'ABX123'],
    ],
  ])('%s', (_case, lines, want) => {
    expect(flightsOf(lines)).toEqual([want]);
  });
});
