// The document's lines (document-lines.ts): a page flattened onto one long line is split into its
// cells, and a timetable aligned by spaces keeps its cells apart.
import { describe, expect, it } from 'vitest';
import { documentLines } from '../../src/imports/generate/builtin/document-lines.ts';

describe('documentLines', () => {
  it('splits a page flattened onto one line at its runs of four spaces or more', () => {
    const cells = [
      'Flight information',
      'Outbound',
      'Berlin (TXL) - Zürich (ZRH)',
      'Sun 10.09.2027',
      '06:45   TXL',
      '08:15     ZRH',
      'Duration 1h 30m',
      'LX 963',
      'Return',
      'Zürich (ZRH) - Berlin (TXL)',
      'Fri 15.09.2027',
      '20:50   ZRH',
      '22:15     TXL',
    ];
    const lines = documentLines(
      `${cells.join('          ')}          ${'Terms apply. '.repeat(20)}`,
    );
    expect(lines.slice(0, 4)).toEqual([
      'Flight information',
      'Outbound',
      'Berlin (TXL) - Zürich (ZRH)',
      'Sun 10.09.2027',
    ]);
    expect(lines).toContain('LX 963');
  });

  it('leaves a long paragraph with a few wide gaps whole', () => {
    const paragraph = `${'A long sentence about the trip, '.repeat(15)}    and the end.`;
    expect(documentLines(paragraph)).toHaveLength(1);
  });

  it('keeps the cells of a timetable aligned by spaces apart, empty ones marked', () => {
    expect(
      documentLines(
        [
          'Date          Station                 Arrival   Departure',
          'Fri 14/05/27  Leeds, Coach Station              08:10',
          '              London, Victoria        12:35',
        ].join('\n'),
      ),
    ).toEqual([
      'Date | Station | Arrival | Departure',
      'Fri 14/05/27 | Leeds, Coach Station | — | 08:10',
      '— | London, Victoria | 12:35',
    ]);
  });
});
