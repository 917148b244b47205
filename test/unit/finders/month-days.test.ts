// Days written without their month (finders/month-days.ts): the month comes from a heading that
// gives it once, or from the full date before; anything that is not plainly a date stays as written.
import { describe, expect, it } from 'vitest';
import { writeMonths } from '../../../src/imports/generate/builtin/finders/month-days.ts';

const NOW = new Date('2027-06-10T00:00:00Z');

describe('writeMonths', () => {
  it.each([
    [
      'a heading month for "the 3rd", ranges and weekdays',
      'VIETNAM — Nov 2027 (me + Tom)\nOUT the 3rd (Wed) VN54 LHR 11:25\nhtl 4th -> 7th, 3 nts\nTue 9th: VJ513 HAN 07:10',
      'VIETNAM — Nov 2027 (me + Tom)\nOUT 3 November 2027 (Wed) VN54 LHR 11:25\nhtl 4 - 7 November 2027, 3 nts\nTue 9 November 2027: VJ513 HAN 07:10',
    ],
    [
      'a range across the month end',
      'Notes — April 2028\nflat 28th - 2nd, then the 3rd: ferry',
      'Notes — April 2028\nflat 28 April - 2 May 2028, then 3 May 2028: ferry',
    ],
    [
      'the full date before gives the month',
      'Flight on 3 November 2027, LHR 11:25 -> HAN 05:40 on the 4th.',
      'Flight on 3 November 2027, LHR 11:25 -> HAN 05:40 on 4 November 2027.',
    ],
    [
      'a booking date in another month is no context under the heading',
      'Trip — Nov 2027\nbooked 9 Jun\nOUT the 3rd',
      'Trip — Nov 2027\nbooked 9 Jun\nOUT 3 November 2027',
    ],
    [
      'a weekday in brackets picks the month it fits',
      'Trip — Nov 2027\nfirst the 30th (Tue)',
      'Trip — Nov 2027\nfirst 30 November 2027 (Tue)',
    ],
  ])('%s', (_case, text, expected) => {
    expect(writeMonths(text, NOW)).toBe(expected);
  });

  it.each([
    ['no month anywhere', 'We land on the 4th, room on the 2nd floor'],
    ['ordinals that are no dates', 'Trip — Nov 2027\nthe 2nd bag, 4th floor, 1st class'],
    [
      'a weekday after a full date is left to the date finder',
      'Sun 5 Jul - train\nMon 6 - Reichstag dome 10:15',
    ],
  ])('leaves alone: %s', (_case, text) => {
    expect(writeMonths(text, NOW)).toBe(text);
  });
});
