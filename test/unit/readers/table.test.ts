import { describe, expect, it } from 'vitest';
import { extractDraft } from '../../../src/imports/generate/builtin/builtin.generator.ts';
import { readDocument } from '../../../src/imports/generate/builtin/document-lines.ts';
import { LineLedger } from '../../../src/imports/generate/builtin/readers/reader.ts';
import { splitCells } from '../../../src/imports/generate/builtin/readers/table-cells.ts';
import { tableReader } from '../../../src/imports/generate/builtin/readers/table.reader.ts';

const now = new Date('2027-01-10T00:00:00Z');
const lines = (text: string) => readDocument(text).lines;

/** A spreadsheet pasted as text in each language: its first day, its days, its first stay. */
const tables: Array<
  [string, string, { start: string | null; days: number; stay: [string, number, number] }]
> = [
  [
    'en (tabs)',
    [
      'Date\tCity\tHotel\tActivities\tTransport',
      '12/05/2027\tLisbon\tMemmo Alfama\tTram 28 at 10:00\tFlight TP 1351 London 07:00 → Lisbon 09:45',
      '13/05/2027\tLisbon\tMemmo Alfama\tSintra day tour at 09:00',
      '14/05/2027\tPorto\tThe Yeatman\tPort wine cellar visit at 16:00\tTrain Lisbon – Porto 09:39',
    ].join('\n'),
    { start: '2027-05-12', days: 3, stay: ['Memmo Alfama', 1, 2] },
  ],
  [
    'es (semicolons)',
    [
      'Fecha;Ciudad;Alojamiento;Actividades;Notas',
      '14/03/2027;Madrid;Hotel Regina;Museo del Prado a las 10:00;',
      '15/03/2027;Madrid;Hotel Regina;Palacio Real a las 11:00;Entradas compradas',
      '16/03/2027;Toledo;Parador de Toledo;Catedral a las 12:00;',
    ].join('\n'),
    { start: '2027-03-14', days: 3, stay: ['Hotel Regina', 1, 2] },
  ],
  [
    'fr (tabs, day numbers)',
    [
      'Jour\tVille\tHébergement\tActivités',
      '1\tParis\tHôtel du Louvre\tCroisière sur la Seine à 18h00',
      '2\tParis\tHôtel du Louvre\tMusée d’Orsay à 10h00',
      '3\tReims\tDomaine Les Crayères\tVisite de cave à 15h00',
    ].join('\n'),
    { start: null, days: 3, stay: ['Hôtel du Louvre', 1, 2] },
  ],
  [
    'pt (CSV with quoted commas)',
    [
      'Data,Dia,Cidade,Hotel,Atividades',
      '02/06/2027,1,Funchal,"Quinta da Casa Branca, Funchal","Passeio de jipe ao Pico do Arieiro às 09:00, almoço em Santana"',
      '03/06/2027,2,Funchal,"Quinta da Casa Branca, Funchal","Levada do Rei às 08:30"',
      '04/06/2027,3,Porto Moniz,"Hotel Moniz Sol, Porto Moniz","Piscinas naturais às 11:00"',
    ].join('\n'),
    { start: '2027-06-02', days: 3, stay: ['Quinta da Casa Branca', 1, 2] },
  ],
  [
    'it (tabs, an empty cell)',
    [
      'Giorno\tData\tCittà\tAlbergo\tAttività\tTrasporto',
      '1\t20/09/2027\tPalermo\tGrand Hotel Villa Igiea\t\tVolo AZ 1773 Milano 07:00 → Palermo 08:40',
      '2\t21/09/2027\tPalermo\tGrand Hotel Villa Igiea\tEscursione a Monreale alle 09:30',
      '3\t22/09/2027\tCefalù\tHotel Kalura\tDuomo alle 11:00\tTreno Palermo – Cefalù 08:45',
    ].join('\n'),
    { start: '2027-09-20', days: 3, stay: ['Villa Igiea', 1, 2] },
  ],
  [
    'de (semicolons, a ditto mark)',
    [
      'Tag;Datum;Ort;Unterkunft;Programm',
      '1;03.07.2027;Wien;Hotel Sacher;Stadtführung um 10:00',
      '2;04.07.2027;Wien;dito;Schönbrunn um 09:30',
      '3;05.07.2027;Salzburg;Hotel Goldener Hirsch;Festspiele um 19:30',
    ].join('\n'),
    { start: '2027-07-03', days: 3, stay: ['Hotel Sacher', 1, 2] },
  ],
];

describe('the table reader', () => {
  it.each(tables)(
    'reads a %s table: a day a row, consecutive rows of one hotel one stay',
    (_l, text, want) => {
      const input = { lines: lines(text), now, anchor: null };
      expect(tableReader.applies(input)).toBe(true);
      const ledger = new LineLedger(input.lines);
      const { days = [] } = tableReader.read(input, ledger);
      expect(days[0]?.date ?? null).toBe(want.start);
      expect(days.map((d) => d.day)).toEqual(Array.from({ length: want.days }, (_, i) => i + 1));
      expect(input.lines.every((_line, i) => ledger.ownerOf(i) === 'table')).toBe(true);
      const stays = days.flatMap((d) => (d.stays ?? []).map((s) => ({ ...s, day: d.day })));
      expect(stays).toHaveLength(2);
      expect(stays[0]?.name).toContain(want.stay[0]);
      expect([stays[0]?.day, stays[0]?.nights]).toEqual([want.stay[1], want.stay[2]]);
      expect(stays[1]).toMatchObject({ day: 3, nights: 1 });
      // The town is the day's title; activities and transport its lines.
      expect(days[0]?.title).toBeTruthy();
      expect(days[1]?.lines.join(' ')).toMatch(/\d{2}[:h]\d{2}/);
    },
  );

  it.each([
    [
      'a price table (no day column)',
      'Hotel;Room;Price\nHotel Regina;Double;120\nHotel Sacher;Single;210\nParador;Double;150',
    ],
    [
      'a header without two known columns',
      'Date\tFlight\tSeat\n12/05/2027\tTP 1351\t14A\n13/05/2027\tTP 1352\t15C',
    ],
    [
      'rows that are no days',
      'Day,City,Hotel\nMonday,Lisbon,Memmo Alfama\nTuesday,Porto,The Yeatman\nWednesday,Braga,Meliá',
    ],
    ['a single row', 'Date\tCity\tHotel\tActivities\n12/05/2027\tLisbon\tMemmo Alfama\tTram 28'],
    [
      'prose with commas',
      'Date, time and place are set, as are the hotel and the activities.\nWe fly on 12 May, land at 09:45, and check in.\nOn 13 May, Sintra, then Cascais.',
    ],
    [
      'a summary over a programme written out day by day',
      [
        'Day\tDate\tCity\tHotel',
        '1\t12/05/2027\tLisbon\tMemmo Alfama',
        '2\t13/05/2027\tSintra\tMemmo Alfama',
        'Day 1: Lisbon',
        'Arrival in Lisbon, transfer to the hotel and an evening walk through Alfama with a guide.',
        'Day 2: Sintra',
        'Full-day excursion to Sintra: Pena Palace, Quinta da Regaleira and lunch in Cascais.',
      ].join('\n'),
    ],
  ])('leaves other layouts alone: %s', (_name, text) => {
    expect(tableReader.applies({ lines: lines(text), now, anchor: null })).toBe(false);
  });

  it('gives the trip its period, each row its bookings and a day note outside the table its day', () => {
    const draft = extractDraft(
      [
        'Porto and the Douro',
        '',
        'Date\tCity\tHotel\tActivities\tTransport',
        'Fri 8 Oct 2027\tPorto\tThe Yeatman\tLivraria Lello at 15:00\tFlight TP 1331 London 06:05 → Porto 08:50',
        'Sat 9 Oct 2027\tPorto\tThe Yeatman\t\tTrain Porto – Pinhão 09:10',
        'Sun 10 Oct 2027\tPinhão\tQuinta Nova\tWine tasting at 17:00',
        'Mon 11 Oct 2027\tPorto\t–\t\tFlight TP 1332 Porto 10:20 → London 13:15',
        '',
        'Highlights',
        'Day 2 – 11:00 river cruise from Pinhão',
        'Total for two: EUR 2,140.',
      ].join('\n'),
      now,
    );
    expect([draft.dateStart, draft.dateFinish, draft.duration]).toEqual([
      '2027-10-08',
      '2027-10-11',
      4,
    ]);
    const where = (type: string) =>
      draft.days.flatMap((d) => d.blocks.filter((b) => b.type === type).map(() => d.date));
    expect(where('flight')).toEqual(['2027-10-08', '2027-10-11']);
    expect(where('accommodation')).toEqual(['2027-10-08', '2027-10-10']);
    expect(
      draft.days.flatMap((d) =>
        d.blocks.flatMap((b) => (b.type === 'accommodation' ? [b.content.nights] : [])),
      ),
    ).toEqual([2, 1]);
    expect(where('activity')).toEqual(
      expect.arrayContaining(['2027-10-08', '2027-10-09', '2027-10-10']),
    );
    expect(draft.price?.amount).toBe(2140);
  });
});

describe('table cells', () => {
  it.each([
    ['a;b;c', ';', ['a', 'b', 'c']],
    ['a,"b, c",d', ',', ['a', 'b, c', 'd']],
    ['"say ""hi""",x', ',', ['say "hi"', 'x']],
    ['a,,c,', ',', ['a', '', 'c', '']],
    [' "spaced" , b ', ',', ['spaced', 'b']],
    ['Hotel "Sol",2', ',', ['Hotel "Sol"', '2']],
    ['a | "b" | c', '|', ['a', 'b', 'c']],
  ] as const)('splits %j on %j', (line, separator, cells) => {
    expect(splitCells(line, separator)).toEqual(cells);
  });

  it('keeps a spreadsheet row’s empty cells where tabs run together', () => {
    expect(lines('1\tRoma\t\tVolo AZ 1773\n')).toEqual(['1 | Roma | | Volo AZ 1773']);
    expect(lines('Name:\t\tAnna')).toEqual(['Name: | Anna']);
  });
});
