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
