// Flight designators in the six languages (finders/flight-designators.ts). Each row: language,
// line, the designators found (airline code and number). Booking codes, rooms, seats, trains and
// capitalised words that look like designators are not flights.
import { describe, expect, it } from 'vitest';
import { anchorsIn } from '../../../src/imports/generate/builtin/finders/flight-designators.ts';

describe('anchorsIn', () => {
  it.each([
    ['en', 'BA548 LHR FCO 0815', ['BA548']],
    // A word ending in "no" or "ref" is no label of a number ("Ritorno", "Retorno").
    ['it', 'Ritorno FR8813 martedì 14 luglio Brindisi 21:40 → Bergamo 23:25', ['FR8813']],
    ['es', 'Retorno IB3171 Lima 20:05 → Madrid 14:10', ['IB3171']],
    ['it', 'Codice FR8813', []],
    ['en', 'Flight IB 3170 Madrid – Lima', ['IB3170']],
    ['en', 'U2 4571 Geneva → Lisbon', ['U24571']],
    ['en', 'Booking reference AB1234', []],
    ['en', 'Seat 12A', []],
    ['es', 'Vuelo IB3170 Madrid - Buenos Aires 23:55', ['IB3170']],
    ['es', 'Vuelo de Iberia IB 6845', ['IB6845']],
    ['es', 'DE 10 A 12', []],
    ['fr', 'Vol AF 1234 Paris → Nice 07:10', ['AF1234']],
    ['fr', 'EN 2026', []],
    ['pt', 'Voo TP 1354 Lisboa → Porto 10:30', ['TP1354']],
    ['pt', 'nº de voo TP 1354', ['TP1354']],
    ['de', 'Flug LH 400 Frankfurt – New York 10:05', ['LH400']],
    ['de', 'Zimmer 12', []],
    ['it', 'Volo AZ 610 Roma → New York 10:15', ['AZ610']],
    ['it', 'Numero volo: AZ 610', ['AZ610']],
    ['it', 'Treno Railjet RJ 75 alle 08:12', []],
  ])('%s: %s', (_language, line, expected) => {
    expect(anchorsIn(line).map((a) => `${a.code}${a.number}`)).toEqual(expected);
  });

  // Known gaps: "no." / "n°" before the designator reads as a number label, and "Flugnummer" is not a flight word.
  it.todo('en: "flight no. BA 2490" → BA2490 ("no." is taken for a number label)');
  it.todo('fr: "Vol Air France n° AF 1234" → AF1234 ("n°" is taken for a number label)');
  it.todo('de: "Flugnummer: LH 1234" → LH1234 ("Flugnummer" is not among the flight words)');
});
