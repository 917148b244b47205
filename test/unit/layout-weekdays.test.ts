import { describe, expect, it } from 'vitest';
import { extractDraft } from '../../src/imports/generate/builtin/builtin.generator.ts';

const now = new Date('2027-01-15T00:00:00Z');

describe('a programme with a stated period and its days headed by weekdays alone', () => {
  it.each([
    [
      'fr',
      'Circuit du 14 au 17 mai 2027',
      ['Vendredi', 'Samedi', 'Dimanche', 'Lundi'],
      'Visite guidée de la vieille ville à 09:30.',
    ],
    [
      'en',
      'Tour from 14 to 17 May 2027',
      ['Friday', 'Saturday', 'Sunday', 'Monday'],
      'Guided walk of the old town at 09:30.',
    ],
    [
      'de',
      'Reise vom 14. bis 17. Mai 2027',
      ['Freitag', 'Samstag', 'Sonntag', 'Montag'],
      'Stadtführung um 09:30.',
    ],
  ])('%s: each weekday starts its day within the period', (_l, period, weekdays, visit) => {
    const lines = [period, ...weekdays.flatMap((w, i) => [w, i === 1 ? visit : 'Free time.'])];
    const draft = extractDraft(lines.join('\n'), now);
    expect([draft.dateStart, draft.dateFinish]).toEqual(['2027-05-14', '2027-05-17']);
    const timed = draft.days.find((d) =>
      d.blocks.some((b) => b.type === 'activity' && b.content.time === '09:30'),
    );
    expect(timed?.date).toBe('2027-05-15');
  });
});

describe("a day's 'Accommodation:' line", () => {
  it.each([
    [
      'en',
      'Accommodation: Mopane Ridge Lodge, twin rooms (2 nights)',
      'Accommodation: Chobe Riverside Camp (1 night)',
    ],
    [
      'es',
      'Alojamiento: Hotel Casa Andina, Cusco (2 noches)',
      'Alojamiento: Sumaq Lodge (1 noche)',
    ],
    [
      'de',
      'Unterkunft: Hotel Sacher, Wien (2 Nächte)',
      'Unterkunft: Hotel Goldener Hirsch (1 Nacht)',
    ],
  ])('%s: is the stay of its day, not a closing section', (_l, first, second) => {
    const draft = extractDraft(
      [
        'Day 1 - Arrival',
        'Welcome dinner.',
        first,
        'Day 2 - Tour',
        'Guided tour.',
        'Day 3 - Onwards',
        'Drive on.',
        second,
        'Day 4 - Home',
      ].join('\n'),
      now,
    );
    const stays = draft.days.flatMap((d) =>
      d.blocks.flatMap((b) => (b.type === 'accommodation' ? [[d.day, b.content.nights]] : [])),
    );
    expect(stays).toEqual([
      [1, 2],
      [3, 1],
    ]);
  });
});
