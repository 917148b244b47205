// A leg written on one line, "A to B, dep 12:40, arr 17:12", in the six languages (finders/journey-line.ts).
import { describe, expect, it } from 'vitest';
import { journeyLine } from '../../../src/imports/generate/builtin/finders/journey-line.ts';

describe('journeyLine', () => {
  it.each([
    [
      'en',
      'Journey Details: Glasgow Central (GLC) to London Euston (EUS), dep 12:40, arr 17:12',
      ['Glasgow Central (GLC)', 'London Euston (EUS)', '12:40', '17:12'],
    ],
    [
      'es',
      'Trayecto 1: Valencia Joaquín Sorolla a Madrid Puerta de Atocha, salida 07:40, llegada 09:32',
      ['Valencia Joaquín Sorolla', 'Madrid Puerta de Atocha', '07:40', '09:32'],
    ],
    [
      'fr',
      'Lyon Part-Dieu → Nice Ville, départ 21h40, arrivée 07h02',
      ['Lyon Part-Dieu', 'Nice Ville', '21:40', '07:02'],
    ],
    [
      'pt',
      'Lisboa Oriente para Porto Campanhã, partida 09:09, chegada 11:59',
      ['Lisboa Oriente', 'Porto Campanhã', '09:09', '11:59'],
    ],
    [
      'it',
      'Milano Centrale a Roma Termini, partenza 9.10, arrivo 12.20',
      ['Milano Centrale', 'Roma Termini', '09:10', '12:20'],
    ],
    [
      'de',
      'Köln Hbf nach Berlin Hbf, ab 15:52, an 20:09',
      ['Köln Hbf', 'Berlin Hbf', '15:52', '20:09'],
    ],
  ])('%s: %s', (_language, line, [from, to, departure, arrival]) => {
    expect(journeyLine(line)).toEqual({ from, to, departure, arrival });
  });

  it.each([
    ['a sentence with a time', 'Transfer to the hotel at 14:00, dinner at 20:00'],
    ['a route without times', 'Glasgow to London by train'],
  ])('reads no leg in %s', (_case, line) => {
    expect(journeyLine(line)).toBeUndefined();
  });
});
