// Dates and date ranges in the six languages (finders/dates.ts). Each row: language, text, the ISO
// dates found. Dates without a year take the next such date after NOW.
import { describe, expect, it } from 'vitest';
import { findRanges, scanDates } from '../../../src/imports/generate/builtin/finders/dates.ts';
import { fold } from '../../../src/imports/generate/builtin/text.ts';

const NOW = new Date('2026-01-15T00:00:00Z');

describe('scanDates', () => {
  it.each([
    ['en', 'Arrival on 5 March 2026', ['2026-03-05']],
    ['en', 'Monday, March 9, 2026', ['2026-03-09']],
    ['en', 'on March 5th', ['2026-03-05']],
    ['en', '2026-11-07', ['2026-11-07']],
    ['en', '08MAY26', ['2026-05-08']],
    ['es', 'Llegada el 12 de octubre de 2026', ['2026-10-12']],
    ['es', 'Salida: 03/04/2026', ['2026-04-03']],
    ['es', 'el 5 de marzo', ['2026-03-05']],
    ['fr', 'Arrivée le 14 juillet 2026', ['2026-07-14']],
    ['fr', 'le mercredi 2 septembre 2026', ['2026-09-02']],
    ['pt', 'Chegada a 20 de agosto de 2026', ['2026-08-20']],
    ['pt', 'Partida: 15/09/2026', ['2026-09-15']],
    ['de', 'Anreise am 5. Mai 2026', ['2026-05-05']],
    ['de', 'Abflug 19.04.2026', ['2026-04-19']],
    ['de', '5. Mai', ['2026-05-05']],
    ['it', 'Partenza il 3 giugno 2026', ['2026-06-03']],
    ['it', 'Rientro: 28/06/2026', ['2026-06-28']],
    ['it', 'venerdì 12 giugno', ['2026-06-12']],
  ])('%s: %s', (_language, text, expected) => {
    expect(scanDates(text, NOW).map((m) => m.date)).toEqual(expected);
  });
});

describe('scanDates: a weekday and a day number, the month from the date before it', () => {
  // 21 May 2026 is a Thursday: "Sat 23rd" is the 23rd of May, "Mon 1st" the 1st of June.
  it.each([
    ['en', 'train up Thu 21 May, then Sat 23rd we pick up the car', ['2026-05-21', '2026-05-23']],
    ['en', 'Thu 21 May ... Mon 1st back home', ['2026-05-21', '2026-06-01']],
    [
      'es',
      'llegamos el jueves 21 de mayo y el sábado 23 vamos a Toledo',
      ['2026-05-21', '2026-05-23'],
    ],
    ['fr', 'arrivée jeudi 21 mai, puis sam. 23 visite du château', ['2026-05-21', '2026-05-23']],
    [
      'pt',
      'chegada quinta 21 de maio e no domingo 24 passeio de barco',
      ['2026-05-21', '2026-05-24'],
    ],
    ['de', 'Anreise Donnerstag, 21. Mai, am Samstag 23 Wanderung', ['2026-05-21', '2026-05-23']],
    ['it', 'arrivo giovedì 21 maggio, sabato 23 giro in barca', ['2026-05-21', '2026-05-23']],
    // The weekday decides: no Friday the 23rd within three months of 21 May 2026, so no date.
    ['en', 'Thu 21 May, then Fri 23rd', ['2026-05-21']],
  ])('%s: %s', (_language, text, expected) => {
    expect(scanDates(text, NOW).map((m) => m.date)).toEqual(expected);
  });

  it.each([
    ['a count after a weekday', 'so 5 of us on Sat 12:30'],
    ['a time', 'Sat 10:30'],
    ['a sentence with no month anywhere', 'Pense à poser le lundi 27 au cas où'],
  ])('reads no date in %s', (_case, text) => {
    expect(scanDates(text, NOW)).toEqual([]);
  });
});

describe('findRanges', () => {
  it.each([
    ['en', 'from 5 to 12 October 2026', ['2026-10-05', '2026-10-12']],
    ['en', 'Jun 19–20, 2026', ['2026-06-19', '2026-06-20']],
    ['en', '24 & 25 June 2026', ['2026-06-24', '2026-06-25']],
    ['en', 'from June 28 to July 3, 2026', ['2026-06-28', '2026-07-03']],
    ['en', '2026-10-05 to 2026-10-12', ['2026-10-05', '2026-10-12']],
    ['es', 'del 5 al 12 de octubre de 2026', ['2026-10-05', '2026-10-12']],
    ['es', 'del 3 al 10 de marzo', ['2026-03-03', '2026-03-10']],
    ['es', 'del 28 de junio al 3 de julio de 2026', ['2026-06-28', '2026-07-03']],
    ['fr', 'du 14 au 21 juillet 2026', ['2026-07-14', '2026-07-21']],
    ['fr', 'du 3 au 10 mars', ['2026-03-03', '2026-03-10']],
    ['fr', 'du 28 juin au 3 juillet 2026', ['2026-06-28', '2026-07-03']],
    ['pt', 'de 5 a 12 de outubro de 2026', ['2026-10-05', '2026-10-12']],
    ['pt', 'de 20 a 27 de agosto', ['2026-08-20', '2026-08-27']],
    ['pt', '05/10/2026 - 12/10/2026', ['2026-10-05', '2026-10-12']],
    ['de', 'vom 5. bis 12. Mai 2026', ['2026-05-05', '2026-05-12']],
    ['de', '5.–12. Mai 2026', ['2026-05-05', '2026-05-12']],
    ['de', 'vom 28. Juni bis 3. Juli 2026', ['2026-06-28', '2026-07-03']],
    ['it', 'dal 3 al 10 giugno 2026', ['2026-06-03', '2026-06-10']],
    ['it', 'dal 12 al 19 settembre', ['2026-09-12', '2026-09-19']],
    ['it', 'dal 28 giugno al 3 luglio 2026', ['2026-06-28', '2026-07-03']],
  ])('%s: %s', (_language, text, expected) => {
    expect(findRanges(fold(text), NOW).map((r) => [r.start, r.end])).toEqual([expected]);
  });
});
