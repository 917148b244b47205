import { describe, expect, it } from 'vitest';
import { numericDateOrder } from '../../../src/imports/generate/builtin/finders/date-order.ts';
import {
  scanDates,
  withNumericOrder,
} from '../../../src/imports/generate/builtin/finders/dates.ts';
import { extractDraft } from '../../../src/imports/generate/builtin/builtin.generator.ts';

const now = new Date('2027-01-10T00:00:00Z');

describe('the numeric date order of a document', () => {
  it.each([
    ['a US date only month first can be', 'Depart 06/24/2027, return 07/02/2027', 'en', 'mdy'],
    ['a date only day first can be', 'Salida 24/06/2027, regreso 02/07/2027', 'es', 'dmy'],
    [
      'dollars and pm times in English',
      'Check-in 06/04/2027 after 3:00 pm. Total $2,480',
      'en',
      'mdy',
    ],
    ['pounds in English', 'Arrive 06/04/2027 at 15:00. Total £2,480', 'en', 'dmy'],
    ['French, whatever its currency', 'Arrivée le 06/04/2027. Total 2 480 $', 'fr', 'dmy'],
    ['German with dots', 'Anreise 06.04.2027, Abreise 09.04.2027', 'de', 'dmy'],
    ['Portuguese (Brazil) in reais', 'Ida 06/04/2027 às 10h. Total R$ 4.800', 'pt', 'dmy'],
    ['Italian', 'Partenza 06/04/2027 ore 10:00', 'it', 'dmy'],
  ])('%s', (_name, text, language, order) => {
    expect(numericDateOrder(text, language)).toBe(order);
  });

  it('reads slashed dates in the order given and dotted ones day first', () => {
    const read = (text: string) =>
      withNumericOrder('mdy', () => scanDates(text, now).map((d) => d.date));
    expect(read('06/12/2027')).toEqual(['2027-06-12']);
    expect(read('06.12.2027')).toEqual(['2027-12-06']);
    expect(read('06/24/2027')).toEqual(['2027-06-24']);
    expect(scanDates('06/12/2027', now).map((d) => d.date)).toEqual(['2027-12-06']);
  });

  it('dates a US itinerary month first end to end', () => {
    const draft = extractDraft(
      [
        'Grand Canyon road trip',
        '06/04/2027 - Fly LAS, pick up the car at 2:30 pm',
        '06/05/2027 - Zion National Park, guided hike at 7:30 am',
        '06/07/2027 - Drive to Page, Antelope Canyon tour at 2:30 pm',
        'Total $3,980 for two',
      ].join('\n'),
      now,
    );
    expect([draft.dateStart, draft.dateFinish]).toEqual(['2027-06-04', '2027-06-07']);
  });
});
