import { describe, expect, it } from 'vitest';
import { extractDraft } from '../../../src/imports/generate/builtin/builtin.generator.ts';
import { datedLinesReader } from '../../../src/imports/generate/builtin/readers/dated-lines.reader.ts';
import { LineLedger } from '../../../src/imports/generate/builtin/readers/reader.ts';
import { anchorDate } from '../../../src/imports/generate/builtin/trip-fields.ts';

const now = new Date('2027-01-10T00:00:00Z');

/** Each plan: one service a line, opening with its date or range, in one of the six languages. */
const plans: Array<
  [string, string[], { start: string; days: number; stay: [string, string, number] }]
> = [
  [
    'en',
    [
      '3 Oct 2027: TP 579 Frankfurt 06:10 → Lisbon 08:15.',
      '3–6 Oct: Memmo Príncipe Real, Lisbon (3 nights, breakfast)',
      '4 Oct: Sintra day tour, pick-up 09:00',
      '6 Oct: LH 1169 Lisbon 18:00 → Frankfurt 22:05',
    ],
    { start: '2027-10-03', days: 4, stay: ['Memmo Príncipe Real', '2027-10-03', 3] },
  ],
  [
    'es',
    [
      '14/03/2027: vuelo IB 3302 Madrid 10:00 → Marrakech 11:20',
      '14/03–16/03: Riad Dar Zitoun, Marrakech (2 noches)',
      '15/03: visita guiada de la medina a las 09:30',
      '17/03: salida en 4x4 hacia Merzouga',
    ],
    { start: '2027-03-14', days: 4, stay: ['Riad Dar Zitoun', '2027-03-14', 2] },
  ],
  [
    'fr',
    [
      '12/05/2027 : vol AF 1234 Paris 07:10 → Nice 08:35',
      '12/05–15/05 : Hôtel Le Negresco, Nice (3 nuits)',
      '13/05 : excursion à Èze et Monaco, départ 09:00',
      '15/05 : vol AF 1235 Nice 19:00 → Paris 20:30',
    ],
    { start: '2027-05-12', days: 4, stay: ['Negresco', '2027-05-12', 3] },
  ],
  [
    'pt',
    [
      '02/06/2027: voo TP 1711 Lisboa 08:00 → Funchal 09:45',
      '02/06–05/06: Quinta da Casa Branca, Funchal (3 noites)',
      '03/06: passeio de jipe ao Pico do Arieiro às 09:00',
      '05/06: voo TP 1712 Funchal 18:30 → Lisboa 20:10',
    ],
    { start: '2027-06-02', days: 4, stay: ['Quinta da Casa Branca', '2027-06-02', 3] },
  ],
  [
    'it',
    [
      '20/09/2027: volo AZ 1773 Milano 07:00 → Palermo 08:40',
      '20/09–23/09: Grand Hotel Villa Igiea, Palermo (3 notti)',
      '21/09: escursione a Monreale alle 09:30',
      '23/09: volo AZ 1778 Palermo 19:10 → Milano 20:50',
    ],
    { start: '2027-09-20', days: 4, stay: ['Villa Igiea', '2027-09-20', 3] },
  ],
  [
    'de',
    [
      '03.07.2027: Flug LH 1234 München 07:15 → Wien 08:20',
      '03.07.–06.07.: Hotel Sacher, Wien (3 Nächte)',
      '04.07.: Stadtführung um 10:00',
      '06.07.: Flug LH 1235 Wien 18:00 → München 19:05',
    ],
    { start: '2027-07-03', days: 4, stay: ['Sacher', '2027-07-03', 3] },
  ],
];

describe('the dated-lines reader', () => {
  it.each(plans)(
    'reads a %s plan: a day per date, a range before a hotel as its stay',
    (_l, lines, want) => {
      const input = { lines, now, anchor: null };
      expect(datedLinesReader.applies(input)).toBe(true);
      const ledger = new LineLedger(lines);
      const { days = [] } = datedLinesReader.read(input, ledger);
      expect(days[0]?.date).toBe(want.start);
      expect(days).toHaveLength(want.days);
      expect(lines.every((_line, i) => ledger.ownerOf(i) === 'dated-lines')).toBe(true);
      const stay = days.flatMap((d) => (d.stays ?? []).map((s) => ({ ...s, date: d.date })))[0];
      expect(stay?.name).toContain(want.stay[0]);
      expect([stay?.date, stay?.nights]).toEqual([want.stay[1], want.stay[2]]);
    },
  );

  it.each([
    [
      'dates as headings over paragraphs',
      [
        'Friday 8 May 2026 - Rome',
        'Arrival and transfer to the hotel.',
        'Evening walk.',
        'Saturday 9 May 2026 - Rome',
        'Vatican museums at 09:00.',
        'Sunday 10 May 2026 - Florence',
        'Train to Florence.',
      ],
    ],
    [
      'numbered days',
      [
        'Day 1 - 8 May 2026: arrival in Rome',
        'Day 2 - 9 May 2026: Vatican',
        'Day 3 - 10 May 2026: Florence',
      ],
    ],
    [
      'a confirmation dating its trip elsewhere too',
      [
        'Outbound 04/07/2026 TP1543 Lisbon 09:10 → Sal 11:25',
        'Check-in: 04/07/2026 · Check-out: 11/07/2026',
        'TRANSFERS',
        '04/07 Airport → hotel (flight TP1543)',
        '06/07 at 09:00 – salt flats half-day tour',
        '11/07 Hotel → airport, pick-up 09:45',
      ],
    ],
  ])('leaves other layouts alone: %s', (_name, lines) => {
    expect(datedLinesReader.applies({ lines, now, anchor: anchorDate(lines, now) })).toBe(false);
  });

  it('gives a whole plan its period, each dated line its day and the days between', () => {
    const draft = extractDraft(
      [
        'Hi Sarah, here is the plan:',
        '3 Oct 2027: TP 579 Frankfurt 06:10 → Lisbon 08:15.',
        '3–6 Oct: Memmo Príncipe Real, Lisbon (3 nights)',
        '6–9 Oct: The Yeatman, Vila Nova de Gaia (3 nights)',
        '7 Oct: Douro Valley wine tour with lunch',
        '9 Oct: LH 1151 Porto 11:05 → Frankfurt 14:15',
        'Total for two: EUR 4,840.',
      ].join('\n'),
      now,
    );
    expect([draft.dateStart, draft.dateFinish, draft.duration]).toEqual([
      '2027-10-03',
      '2027-10-09',
      7,
    ]);
    const where = (type: string) =>
      draft.days.flatMap((d) => d.blocks.filter((b) => b.type === type).map(() => d.date));
    expect(where('flight')).toEqual(['2027-10-03', '2027-10-09']);
    expect(where('accommodation')).toEqual(['2027-10-03', '2027-10-06']);
    expect(where('activity')).toEqual(['2027-10-07']);
    expect(draft.price?.amount).toBe(4840);
  });
});

/** A quote grouped by kind of service: each dated line on its own date, whatever section it is in. */
const grouped: Array<[string, string[], Array<[string, string]>, [string, string | null]]> = [
  [
    'fr',
    [
      'VOLS',
      'mar 04/05/2027 TO3402 Marseille (MRS) 09:15 → Séville (SVQ) 11:20',
      'mar 11/05/2027 TO3405 Málaga (AGP) 18:40 → Marseille (MRS) 20:35',
      'HÉBERGEMENTS',
      '04/05 – 08/05 Séville Hôtel Casa del Azahar 4 nuits',
      '08/05 – 11/05 Grenade Hôtel Mirador del Albaicín 3 nuits',
      'VISITES',
      'sam 08/05 à 17:30 Alhambra et jardins du Generalife',
    ],
    [
      ['2027-05-08', 'Alhambra'],
      ['2027-05-11', 'TO3405'],
    ],
    ['Séville', 'Séville'],
  ],
  [
    'it',
    [
      'VOLI ITA AIRWAYS (classe economy)',
      'ven 12/06/2027 AZ1759 Milano Linate (LIN) 07:05 → Catania (CTA) 08:55',
      'sab 19/06/2027 AZ1762 Palermo (PMO) 20:40 → Milano Linate (LIN) 22:20',
      'PERNOTTAMENTI',
      '12/06 – 16/06 Taormina Hotel Villa Carmela 4 notti',
      '16/06 – 19/06 Palermo Palazzo Vespri Suites 3 notti',
      'ESCURSIONE',
      'dom 13/06 ore 08:30 Etna in jeep con guida',
    ],
    [
      ['2027-06-13', 'Etna'],
      ['2027-06-19', 'AZ1762'],
    ],
    ['Taormina', 'Taormina'],
  ],
];

describe('the dated-lines reader on a quote grouped by kind of service', () => {
  it.each(grouped)(
    '%s: a line sits on its own date, a row names the town before its lodging',
    (_l, lines, want, [stayCity, word]) => {
      const draft = extractDraft(lines.join('\n'), now);
      for (const [date, text] of want) {
        const day = draft.days.find((d) => d.date === date);
        expect(JSON.stringify(day?.blocks ?? [])).toContain(text);
      }
      const stay = draft.days.flatMap((d) => d.blocks).find((b) => b.type === 'accommodation');
      expect(stay?.type === 'accommodation' && stay.content.city).toBe(stayCity);
      expect(stay?.type === 'accommodation' && stay.content.name.startsWith(word ?? '')).toBe(
        false,
      );
    },
  );
});
