import { describe, expect, it } from 'vitest';
import { transportOf } from '../../src/imports/generate/builtin/blocks.ts';
import {
  stationJourney,
  stationTimes,
  timeStations,
} from '../../src/imports/generate/builtin/station-times.ts';

describe('stations with their times', () => {
  it.each([
    ['Berlin Hbf 08:34', [['Berlin Hbf', '08:34']]],
    ['München Hbf an 12:39 Gleis 18', [['München Hbf', '12:39']]],
    ['Frankfurt (Main) Hbf ab 08:00', [['Frankfurt (Main) Hbf', '08:00']]],
    ['Départ : Paris Gare de Lyon à 07h37', [['Paris Gare de Lyon', '07:37']]],
    ['Partenza: Roma Termini ore 10:00', [['Roma Termini', '10:00']]],
    ['Salida Madrid Puerta de Atocha 08:00', [['Madrid Puerta de Atocha', '08:00']]],
    ['Alfa Pendular 121 Lisboa Santa Apolónia 09:09', [['Lisboa Santa Apolónia', '09:09']]],
    ['ICE 597 Wagen 9 Platz 45', []],
    ['Mo, 14.05.2026 08:34', []],
    ['Abfahrt 08:34', []],
  ])('%s', (text, want) => {
    expect(stationTimes(text).map((p) => [p.station, p.time])).toEqual(want);
  });

  it.each([
    ['07:37 Paris Gare de Lyon, voie 5', [['Paris Gare de Lyon', '07:37']]],
    ['12:39 an München Hbf', [['München Hbf', '12:39']]],
    ['08:00 – 10:32', []],
  ])('times first: %s', (text, want) => {
    expect(timeStations(text).map((p) => [p.station, p.time])).toEqual(want);
  });

  it.each([
    [
      'train Alfa Pendular Lisbon Santa Apolónia 09:09 → Porto Campanhã 11:59',
      ['Lisbon Santa Apolónia', 'Porto Campanhã', '09:09', '11:59'],
    ],
    [
      'TGV INOUI 6611 Paris Gare de Lyon 07:37 → Marseille Saint-Charles 10:59',
      ['Paris Gare de Lyon', 'Marseille Saint-Charles', '07:37', '10:59'],
    ],
    [
      'ICE 597 Berlin Hbf 08:34 - München Hbf 12:39',
      ['Berlin Hbf', 'München Hbf', '08:34', '12:39'],
    ],
    [
      'Frecciarossa 9541 Roma Termini 10:00 a Napoli Centrale 11:10',
      ['Roma Termini', 'Napoli Centrale', '10:00', '11:10'],
    ],
    ['Check-in 15:00, check-out 11:00', null],
    ['Berlin Hbf 08:34, München Hbf 12:39', null],
  ])('a journey on one line: %s', (text, want) => {
    const journey = stationJourney(text);
    expect(journey && [journey.from, journey.to, journey.time, journey.arrivalTime]).toEqual(want);
  });

  it('gives a one-line train its stations, times and number', () => {
    const block = transportOf(
      'train Alfa Pendular 121 Lisbon Santa Apolónia 09:09 → Porto Campanhã 11:59',
    );
    expect(block?.type === 'transport' && block.content).toMatchObject({
      mode: 'train',
      from: 'Lisbon Santa Apolónia',
      to: 'Porto Campanhã',
      time: '09:09',
      arrivalTime: '11:59',
      number: '121',
    });
  });
});
