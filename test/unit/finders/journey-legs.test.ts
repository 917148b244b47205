import { describe, expect, it } from 'vitest';
import { journeyLegs } from '../../../src/imports/generate/builtin/finders/journey-legs.ts';

describe('journey legs as journey planners print them', () => {
  it.each([
    [
      'de',
      'Reise: Mainz Hbf nach Basel SBB\n-\nab 08:13 Mainz Hbf - Gleis 4 (ICE  71)\nan 10:58 Basel SBB - Gleis 7',
      [['ICE 71', 'Mainz Hbf', '08:13', 'Basel SBB', '10:58']],
    ],
    [
      'fr',
      'Voyage: Lyon à Genève\n-\ndép. 09:02 Lyon Part-Dieu - voie K (TER 96513)\narr. 10:56 Genève - voie 7',
      [['TER 96513', 'Lyon Part-Dieu', '09:02', 'Genève', '10:56']],
    ],
    [
      'it',
      'da 07:35 Bologna Centrale - binario 16 (FR  9507)\na 08:12 Firenze S. M. Novella\n\nda Firenze S. M. Novella  (tratto a piedi)\na Firenze Piazza Stazione',
      [['FR 9507', 'Bologna Centrale', '07:35', 'Firenze S. M. Novella', '08:12']],
    ],
    [
      'es',
      'de 16:40 Madrid Chamartín - Vía 5 (AV 2171)\na 19:10 Valladolid Campo Grande - Vía 2',
      [['AV 2171', 'Madrid Chamartín', '16:40', 'Valladolid Campo Grande', '19:10']],
    ],
    [
      'de (new layout)',
      'Berlin Hbf ➞ Köln Hbf\nICE 845 (1290)\n● ab 06:49 Berlin Hbf ▷ Gleis 12\n○ an 11:20 Köln Hbf ▷ Gleis',
      [['ICE 845', 'Berlin Hbf', '06:49', 'Köln Hbf', '11:20']],
    ],
  ])('%s', (_l, text, legs) => {
    expect(
      journeyLegs(text).map((l) => [
        l.service?.number ?? null,
        l.from,
        l.departure,
        l.to,
        l.arrival,
      ]),
    ).toEqual(legs);
  });

  it.each([
    [
      'en',
      'Arrival/Departure|Station/Transfer|Platf.|Connection\nDep:14:39|Vienna, Hbf|Vienna → Prague (RJ, RJ 1034)|1/42\nArr:16:05|Brno, dolní nádraží',
      ['RJ 1034', 'Vienna, Hbf', '14:39', 'Brno, dolní nádraží', '16:05'],
    ],
    [
      'cs',
      'Odj.:09:12|Praha, hl.n.|Praha → Ostrava (RJ, RJ 1009)\nPříj.:12:40|Ostrava, hl.n.',
      ['RJ 1009', 'Praha, hl.n.', '09:12', 'Ostrava, hl.n.', '12:40'],
    ],
  ])('%s: a stop as a row of cells', (_language, text, [service, from, departure, to, arrival]) => {
    const [leg] = journeyLegs(text);
    expect([leg?.service?.number, leg?.from, leg?.departure, leg?.to, leg?.arrival]).toEqual([
      service,
      from,
      departure,
      to,
      arrival,
    ]);
  });

  it('takes a coach in brackets for a coach ("(Bus  647)", "(Bus51016)")', () => {
    const legs = journeyLegs(
      'fra 21:30 Leer(Ostfriesl) ZOB/Bahnhof  (Bus  647)\ntil 22:25 Groningen CS\n\nodj. 07:41 Trier Hbf  (Bus51016)\nprz. 08:31 Luxembourg',
    );
    expect(legs.map((l) => [l.service?.mode, l.service?.number])).toEqual([
      ['bus', 'Bus 647'],
      ['bus', 'Bus 51016'],
    ]);
  });

  it('finds nothing in prose or a lone departure line', () => {
    expect(journeyLegs('We leave from Lyon at 09:02 and arrive in Geneva at 10:56.')).toEqual([]);
    expect(journeyLegs('ab 08:13 Mainz Hbf - Gleis 4 (ICE 71)')).toEqual([]);
  });
});
