// The import's regression gate: the evaluation corpus (test/fixtures/imports/corpus, scored as
// `npm run eval:import` scores it) must stay above the floors. And the scorer itself, on outputs
// built by hand, so that a floor measures what the corpus README says it does.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Expected } from '../eval/corpus.ts';
import { evaluateCorpus, summarize } from '../eval/evaluate.ts';
import { formatReport } from '../eval/report.ts';
import { FIELDS, scoreDocument, type Field, type ImportOutput } from '../eval/score.ts';

/**
 * Just under what the import scores on the six fresh-eyes rounds together
 * (test/fixtures/imports/rounds, 102 documents written by someone who had not seen the engine;
 * 2026-11-28, after the stay-heading, labelled-flight and timetable-row readers: mean 0.84,
 * blocks 0.66, placement 0.92, strict 0.62;
 * docs/import-accuracy.md#fresh-eyes-rounds), so that a change that loses what the rounds showed fails here.
 */
const ROUND_FLOORS = { overall: 0.82, blocks: 0.65, placement: 0.9, strict: 0.6 } as const;
const ROUNDS_DIR = fileURLToPath(new URL('../fixtures/imports/rounds/', import.meta.url));

describe('the import on the fresh-eyes rounds', () => {
  it('scores above the rounds floors, overall, on blocks, on placement and strictly', async () => {
    const rounds = fs.readdirSync(ROUNDS_DIR).filter((d) => /^r\d+$/.test(d));
    expect(rounds.length).toBeGreaterThanOrEqual(4);
    const results = [];
    for (const round of rounds)
      results.push(...(await evaluateCorpus([], path.join(ROUNDS_DIR, round))));
    expect(results.length).toBeGreaterThanOrEqual(60);
    const summary = summarize(results);
    expect(summary.overall, 'overall').toBeGreaterThanOrEqual(ROUND_FLOORS.overall);
    expect(summary.fields.blocks, 'blocks').toBeGreaterThanOrEqual(ROUND_FLOORS.blocks);
    expect(summary.fields.placement, 'placement').toBeGreaterThanOrEqual(ROUND_FLOORS.placement);
    expect(summary.strict, 'strict').toBeGreaterThanOrEqual(ROUND_FLOORS.strict);
  }, 600_000);
});

/**
 * Just under what the import scores on the corpus (119 documents, 2026-11-28: title 0.98,
 * dates 1.00, duration 1.00, countries 0.98, blocks 0.92, placement 1.00, settings 0.99, mean
 * 0.98; one document is 0.01 of a field, and OCR varies a little between
 * tesseract builds). Raise them as the import improves; the target is a mean of 0.95 with
 * every field at 0.9. (The first floors, for the extractor of 61063b3 on 46 documents, were about 0.5.)
 */
const EVAL_FLOORS: Record<Field | 'overall', number> = {
  title: 0.96,
  dates: 0.98,
  duration: 0.98,
  countries: 0.96,
  blocks: 0.91,
  placement: 0.98,
  settings: 0.97,
  overall: 0.97,
};

describe('the import on the evaluation corpus', () => {
  it('scores above the floors on every field and overall', async () => {
    const results = await evaluateCorpus();
    expect(results.length).toBeGreaterThanOrEqual(100);
    console.info(formatReport(results));
    const summary = summarize(results);
    for (const field of FIELDS)
      expect(summary.fields[field], field).toBeGreaterThanOrEqual(EVAL_FLOORS[field]);
    expect(summary.overall, 'overall').toBeGreaterThanOrEqual(EVAL_FLOORS.overall);
  }, 300_000);
});

const expected: Expected = {
  description: 'a hand-made case',
  language: 'en',
  title: { keywords: ['rome'], forbidden: ['itinerary'] },
  dateStart: '2026-05-08',
  dateFinish: '2026-05-09',
  duration: 2,
  countries: ['ITA'],
  blocks: [
    {
      type: 'flight',
      day: 1,
      flightNumber: 'BA548',
      departureAirport: 'LHR',
      departureTime: '08:15',
    },
    { type: 'activity', day: 2, title: 'Vatican', time: '09:00' },
    { type: 'transport', mode: 'train', day: 2, from: 'Roma' },
    { type: 'price', amount: 1245, currency: 'GBP', per: 'person' },
    { type: 'included', items: ['breakfast', 'transfers'] },
  ],
  settings: { timezone: 'Europe/Rome', currency: 'GBP' },
};

function output(
  overrides: {
    title?: string;
    countries?: string[];
    day2?: object[];
    trip?: object[];
    settings?: object;
  } = {},
): ImportOutput {
  const day = (n: number, children: object[]) => ({
    type: 'itineraryDay',
    content: { day: n },
    children,
  });
  return {
    trip: {
      title: overrides.title ?? 'Long weekend in Róme',
      dateStart: new Date('2026-05-08'),
      dateFinish: new Date('2026-05-09'),
      duration: 2,
      countries: overrides.countries ?? ['ITA'],
    },
    configuration: {
      blocks: [
        {
          type: 'itinerary',
          children: [
            day(1, [
              {
                type: 'flight',
                content: {
                  flightNumber: 'BA 548',
                  departureAirport: 'LHR',
                  departureTime: '08:15',
                  airline: null,
                },
              },
            ]),
            day(
              2,
              overrides.day2 ?? [
                {
                  type: 'activity',
                  content: {
                    title: 'Morning',
                    description: 'Guided tour of the VATICAN museums',
                    time: '09:00',
                  },
                },
                {
                  type: 'transport',
                  content: { mode: 'train', from: 'Roma Termini', to: 'Firenze' },
                },
              ],
            ),
          ],
        },
        ...(overrides.trip ?? [
          { type: 'price', content: { amount: 1245.004, currency: 'GBP', per: 'person' } },
          { type: 'included', content: { items: ['Daily breakfast', 'Private transfers'] } },
        ]),
      ],
      settings: overrides.settings ?? { timezone: 'Europe/Rome', currency: 'GBP', language: 'en' },
    },
  };
}

describe('the corpus scorer', () => {
  it('gives 1 to an output that satisfies every expectation (folded containment, codes without spaces, amounts within 0.01)', () => {
    const score = scoreDocument(output(), expected);
    expect(score.misses).toEqual([]);
    expect(score.score).toBe(1);
  });

  it('gives 0 to a title in capitals, with a forbidden word, or without a keyword', () => {
    expect(scoreDocument(output({ title: 'ROME WEEKEND' }), expected).fields.title).toBe(0);
    expect(scoreDocument(output({ title: 'Rome itinerary' }), expected).fields.title).toBe(0);
    expect(scoreDocument(output({ title: 'Italian weekend' }), expected).fields.title).toBe(0);
  });

  it('counts countries as an exact set and settings key by key', () => {
    const score = scoreDocument(
      output({ countries: ['ITA', 'ESP'], settings: { timezone: 'UTC', currency: 'GBP' } }),
      expected,
    );
    expect(score.fields.countries).toBe(0);
    expect(score.fields.settings).toBe(0.5);
  });

  it('matches a block only of its own type and mode, and each output block once', () => {
    const moved = scoreDocument(
      output({
        day2: [
          { type: 'activity', content: { title: 'Vatican Museums', time: '09:00' } },
          { type: 'transport', content: { mode: 'bus', from: 'Roma' } },
        ],
      }),
      expected,
    );
    expect(moved.fields.blocks).toBe(0.8);
    expect(moved.misses.join('\n')).toMatch(
      /block transport\{mode:train.*no transport \(train\) block/,
    );

    const twice = {
      ...expected,
      blocks: [...expected.blocks, { type: 'activity', day: 2, title: 'Vatican' }],
    };
    expect(scoreDocument(output(), twice).fields.blocks).toBe(5 / 6);
  });

  it("scores where a found block sits apart from finding it: its day (a number or a date) and a stay's nights", () => {
    // The activity of day 2 sits in day 1: found (recall 1), misplaced (placement 2/3).
    const early = output();
    const itinerary = (
      early.configuration.blocks as Array<{ children: Array<{ children: object[] }> }>
    )[0]!;
    itinerary.children[0]!.children.push(itinerary.children[1]!.children.shift()!);
    const score = scoreDocument(early, expected);
    expect(score.fields.blocks).toBe(1);
    expect(score.fields.placement).toBeCloseTo(2 / 3);
    expect(score.strict).toBeCloseTo(2 / 3);
    expect(score.misses.join('\n')).toMatch(/placement activity\{day:2.*day="1 \(2026-05-08\)"/);

    // A date is compared with the day's date, else the trip's start plus the day's number less one.
    const dated = {
      ...expected,
      blocks: [
        { type: 'activity', day: '2026-05-09', title: 'Vatican' },
        { type: 'accommodation', day: '2026-05-08', name: 'Artemide', nights: 1 },
      ],
    };
    const stay = (nights: number) => ({
      type: 'accommodation',
      content: { name: 'Hotel Artemide', nights },
    });
    const withStay = (nights: number) => {
      const out = output();
      const days = (
        out.configuration.blocks as Array<{ children: Array<{ children: object[] }> }>
      )[0]!.children;
      days[0]!.children.push(stay(nights));
      return out;
    };
    expect(scoreDocument(withStay(1), dated).fields.placement).toBe(1);
    expect(scoreDocument(withStay(2), dated).fields.placement).toBe(0.5);
    expect(scoreDocument(withStay(2), dated).fields.blocks).toBe(1);
  });

  it('prefers the block in the right place among the blocks that fit', () => {
    const day2 = [
      { type: 'activity', content: { title: 'Vatican', time: '09:00' } },
      { type: 'transport', content: { mode: 'train', from: 'Roma' } },
    ];
    const out = output({ day2 });
    const days = (
      out.configuration.blocks as Array<{ children: Array<{ children: object[] }> }>
    )[0]!.children;
    days[0]!.children.push({ type: 'activity', content: { title: 'Vatican', time: '09:00' } });
    expect(scoreDocument(out, expected).fields.placement).toBe(1);
  });

  it('finds the matching that satisfies the most expectations, not the first fit', () => {
    const two = {
      ...expected,
      blocks: [
        { type: 'activity', day: 2, title: 'tour' },
        { type: 'activity', day: 2, title: 'Vatican', time: '09:00' },
      ],
    };
    const day2 = [
      { type: 'activity', content: { title: 'Vatican tour', time: '09:00' } },
      { type: 'activity', content: { title: 'Walking tour', time: null } },
    ];
    expect(scoreDocument(output({ day2 }), two).fields.blocks).toBe(1);
  });

  it('requires every expected item in one output list, and the price per the expected basis', () => {
    const score = scoreDocument(
      output({
        trip: [
          { type: 'price', content: { amount: 2490, currency: 'GBP', per: 'total' } },
          { type: 'included', content: { items: ['Daily breakfast'] } },
          { type: 'included', content: { items: ['Private transfers'] } },
        ],
      }),
      expected,
    );
    expect(score.fields.blocks).toBe(3 / 5);
  });
});
