// The timetable-header finder: a row of column labels naming a station, an arrival and a
// departure column, in the six languages and the Czech of rail and coach operators' tickets.
import { describe, expect, it } from 'vitest';
import { timetableHeader } from '../../../src/imports/generate/builtin/finders/timetable-header.ts';

const kinds = (line: string, separator: string | null = null) =>
  timetableHeader(line, separator)?.map((c) => c.kind);

describe('timetableHeader', () => {
  it.each([
    [
      'en',
      'Date  Station/Transfer  Arrival  Departure  Platf.  Connection',
      ['date', 'station', 'arrival', 'departure', 'other', 'service'],
    ],
    [
      'es',
      'Fecha  Parada/Transbordo  Llegada  Salida  Andén  Servicio',
      ['date', 'station', 'arrival', 'departure', 'other', 'service'],
    ],
    [
      'fr',
      'Date  Gare  Arrivée  Départ  Voie  Train',
      ['date', 'station', 'arrival', 'departure', 'other', 'service'],
    ],
    [
      'pt',
      'Data  Estação  Chegada  Partida  Linha  Comboio',
      ['date', 'station', 'arrival', 'departure', 'other', 'service'],
    ],
    [
      'it',
      'Data  Stazione  Arrivo  Partenza  Binario  Treno',
      ['date', 'station', 'arrival', 'departure', 'other', 'service'],
    ],
    [
      'de',
      'Datum  Haltestelle  Ankunft  Abfahrt  Steig  Verbindung',
      ['date', 'station', 'arrival', 'departure', 'other', 'service'],
    ],
    [
      'cs',
      'Datum  Zastávka/Přestup  Příjezd  Odjezd  Nást.  Spoj',
      ['date', 'station', 'arrival', 'departure', 'other', 'service'],
    ],
  ])('%s: the labels of each column', (_language, line, expected) => {
    expect(kinds(line)).toEqual(expected);
  });

  it('reads cells split by a separator, by their index', () => {
    expect(timetableHeader('Fecha | Parada | Llegada | Salida', '|')).toEqual([
      { kind: 'date', start: 0 },
      { kind: 'station', start: 1 },
      { kind: 'arrival', start: 2 },
      { kind: 'departure', start: 3 },
    ]);
  });

  it.each([
    ['a row of the table (a time)', 'Fri 31/07/15  Wien  22:10'],
    ['labels without an arrival column', 'Date  Station  Departure  Platform'],
    ['a sentence naming the words', 'Departure from the station 2 hours before arrival 1234'],
    ['one column of either time', 'Stanice   Odj. / Příj.   Místo'],
    ['a flight table (no station column)', 'Flight  Date  Departure  Arrival  Class'],
  ])('is no header: %s', (_case, line) => {
    expect(timetableHeader(line, null)).toBeUndefined();
  });
});
