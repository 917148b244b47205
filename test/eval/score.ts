// The corpus scoring rules (test/fixtures/imports/corpus/README.md, "Scoring"): per document a
// score for each field in [0, 1] and the misses that explain what is below 1.
import type { Expected, ExpectedBlock } from './corpus.ts';

export const FIELDS = [
  'title',
  'dates',
  'duration',
  'countries',
  'blocks',
  'placement',
  'settings',
] as const;
export type Field = (typeof FIELDS)[number];
/** Reported beside the fields, not averaged into the score: blocks recall × placement. */
export type Measure = Field | 'strict';

/** What the scorer reads of an import: the trip's fields and its configuration. */
export interface ImportOutput {
  trip: {
    title: string;
    dateStart?: Date | null;
    dateFinish?: Date | null;
    duration?: number | null;
    countries?: string[];
  };
  configuration: { blocks?: unknown; settings?: unknown };
}

export interface DocumentScore {
  fields: Record<Field, number>;
  /** Blocks recall × placement: the share of expected blocks found and in the right place. */
  strict: number;
  score: number;
  misses: string[];
}

interface OutputBlock {
  type: string;
  /** The number of the itinerary day it sits in, and that day's date (stated, else counted from the trip's start). */
  day: number | null;
  date: string | null;
  content: Record<string, unknown>;
}

/** The keys that say where a block belongs (the corpus README, "placement"), scored apart from the match. */
const PLACEMENT_KEYS = ['day', 'nights'] as const;

const CODE_KEYS = new Set(['departureAirport', 'arrivalAirport', 'flightNumber', 'currency']);
const EXACT_KEYS = new Set([
  'mode',
  'kind',
  'per',
  'date',
  'checkIn',
  'checkOut',
  'arrivalDate',
  'dueDate',
  'time',
  'departureTime',
  'arrivalTime',
]);

export function scoreDocument(output: ImportOutput, expected: Expected): DocumentScore {
  const misses: string[] = [];
  const blocks = scoreBlocks(
    blocksOf(output.configuration.blocks, isoDate(output.trip.dateStart)),
    expected.blocks,
    misses,
  );
  const fields: Record<Field, number> = {
    title: scoreTitle(output.trip.title, expected.title, misses),
    dates: scoreDates(output.trip, expected, misses),
    duration: same('duration', output.trip.duration ?? null, expected.duration, misses),
    countries: scoreCountries(output.trip.countries ?? [], expected.countries, misses),
    blocks: blocks.recall,
    placement: blocks.placement,
    settings: scoreSettings(
      (output.configuration.settings ?? {}) as Record<string, unknown>,
      expected.settings,
      misses,
    ),
  };
  return {
    fields,
    strict: blocks.recall * blocks.placement,
    score: mean(Object.values(fields)),
    misses,
  };
}

/** A failed import: every field 0, the reason as the miss. */
export function failedDocument(reason: string): DocumentScore {
  return {
    fields: Object.fromEntries(FIELDS.map((f) => [f, 0])) as Record<Field, number>,
    strict: 0,
    score: 0,
    misses: [`import failed: ${reason}`],
  };
}

export const mean = (values: number[]) =>
  values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0;

/** Case-, accent- and apostrophe-insensitive, spaces collapsed. */
export const fold = (value: string) =>
  value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[‘’ʼ`´]/g, "'")
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();

function scoreTitle(title: string, expected: Expected['title'], misses: string[]): number {
  const folded = fold(title);
  const problems = [
    ...expected.keywords.filter((k) => !folded.includes(fold(k))).map((k) => `lacks "${k}"`),
    ...(expected.forbidden ?? []).filter((k) => folded.includes(fold(k))).map((k) => `has "${k}"`),
    ...(/\p{L}/u.test(title) && title === title.toUpperCase() && title !== title.toLowerCase()
      ? ['in capitals']
      : []),
    ...(title.length > 100 ? [`${title.length} characters`] : []),
  ];
  if (problems.length) misses.push(`title "${title}": ${problems.join(', ')}`);
  return problems.length ? 0 : 1;
}

const isoDate = (date: Date | null | undefined) => (date ? date.toISOString().slice(0, 10) : null);

function scoreDates(trip: ImportOutput['trip'], expected: Expected, misses: string[]): number {
  const start = isoDate(trip.dateStart);
  const finish = isoDate(trip.dateFinish);
  if (start === expected.dateStart && finish === expected.dateFinish) return 1;
  misses.push(
    `dates ${start} → ${finish}, expected ${expected.dateStart} → ${expected.dateFinish}`,
  );
  return 0;
}

function same(name: string, actual: unknown, expected: unknown, misses: string[]): number {
  if (actual === expected) return 1;
  misses.push(`${name} ${String(actual)}, expected ${String(expected)}`);
  return 0;
}

function scoreCountries(actual: string[], expected: string[], misses: string[]): number {
  const a = [...new Set(actual)].sort().join(',');
  const e = [...new Set(expected)].sort().join(',');
  return same('countries', a || '(none)', e || '(none)', misses);
}

function scoreSettings(
  actual: Record<string, unknown>,
  expected: Record<string, unknown>,
  misses: string[],
): number {
  const keys = Object.keys(expected);
  if (keys.length === 0) return 1;
  const wrong = keys.filter((k) => actual[k] !== expected[k]);
  if (wrong.length)
    misses.push(
      `settings ${wrong.map((k) => `${k} ${String(actual[k])} (expected ${String(expected[k])})`).join(', ')}`,
    );
  return (keys.length - wrong.length) / keys.length;
}

/**
 * The itinerary's day blocks with the number and date of the day they sit in (a day without a
 * date is counted from the trip's start), then the trip-level blocks.
 */
export function blocksOf(blocks: unknown, tripStart: string | null = null): OutputBlock[] {
  const out: OutputBlock[] = [];
  for (const block of asArray(blocks)) {
    if (block.type !== 'itinerary') {
      out.push({
        type: String(block.type),
        day: null,
        date: null,
        content: asRecord(block.content),
      });
      continue;
    }
    for (const day of asArray(block.children)) {
      const { day: number, date } = asRecord(day.content);
      const counted =
        typeof number === 'number' && tripStart ? addDays(tripStart, number - 1) : null;
      for (const child of asArray(day.children)) {
        out.push({
          type: String(child.type),
          day: typeof number === 'number' ? number : null,
          date: typeof date === 'string' && date ? date.slice(0, 10) : counted,
          content: asRecord(child.content),
        });
      }
    }
  }
  return out;
}

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const asArray = (value: unknown) => (Array.isArray(value) ? value : []).map(asRecord);
const asRecord = (value: unknown) =>
  value && typeof value === 'object' ? (value as Record<string, unknown>) : {};

/**
 * Recall: each expectation is matched to a distinct output block (a maximum matching) on every
 * key but its placement; blocks in the right place are matched first. Placement: the share of
 * the matched expectations with a `day` or `nights` whose block has them right.
 */
function scoreBlocks(
  actual: OutputBlock[],
  expected: ExpectedBlock[],
  misses: string[],
): { recall: number; placement: number } {
  if (expected.length === 0) return { recall: 1, placement: 1 };
  const fits = expected.map((e) =>
    actual.flatMap((a, i) => (wrongKeys(a, e, false).length === 0 ? [i] : [])),
  );
  const placed = expected.map((e, i) =>
    fits[i]!.filter((a) => wrongKeys(actual[a]!, e, true).length === 0),
  );
  const owner = new Map<number, number>();
  const assign = (candidates: number[][], e: number, seen: Set<number>): boolean =>
    candidates[e]!.some((a) => {
      if (seen.has(a)) return false;
      seen.add(a);
      if (owner.has(a) && !assign(candidates, owner.get(a)!, seen)) return false;
      owner.set(a, e);
      return true;
    });
  // First the best-placed matching, then more expectations matched wherever their blocks sit
  // (an augmenting path keeps every expectation matched so far matched).
  for (let i = 0; i < expected.length; i++) assign(placed, i, new Set());
  const matchedByBlock = () => new Map([...owner].map(([a, e]) => [e, a]));
  expected.forEach((_e, i) => {
    if (!matchedByBlock().has(i)) assign(fits, i, new Set());
  });
  const blockOf = matchedByBlock();
  let placedRight = 0;
  let withPlace = 0;
  expected.forEach((e, i) => {
    const a = blockOf.get(i);
    if (a === undefined) {
      misses.push(`block ${describeExpectation(e)}: ${nearestMiss(actual, e)}`);
      return;
    }
    if (!PLACEMENT_KEYS.some((key) => e[key] !== undefined)) return;
    withPlace++;
    const wrong = wrongKeys(actual[a]!, e, true);
    if (wrong.length === 0) placedRight++;
    else
      misses.push(
        `placement ${describeExpectation(e)}: ${wrong.map((k) => `${k}=${JSON.stringify(shownValue(actual[a]!, k))}`).join(', ')}`,
      );
  });
  return {
    recall: blockOf.size / expected.length,
    placement: withPlace ? placedRight / withPlace : 1,
  };
}

/** Whether the block sits on the expected day: its number, or its date when a date is expected. */
function onDay(block: OutputBlock, day: unknown): boolean {
  return typeof day === 'string' ? block.date === day : block.day === day;
}

/**
 * The expectation's keys that the output block does not satisfy; with `placement` false the
 * placement keys (`day`, `nights`) are left out.
 */
function wrongKeys(block: OutputBlock, expected: ExpectedBlock, placement = true): string[] {
  if (block.type !== expected.type) return ['type'];
  return Object.entries(expected)
    .filter(([key, value]) => {
      if (key === 'type') return false;
      if (!placement && (PLACEMENT_KEYS as readonly string[]).includes(key)) return false;
      if (key === 'day') return !onDay(block, value);
      if (key === 'title' && block.type === 'activity')
        return (
          !matches(key, block.content.title, value) &&
          !matches(key, block.content.description, value)
        );
      return !matches(key, block.content[key], value);
    })
    .map(([key]) => key);
}

function matches(key: string, actual: unknown, expected: unknown): boolean {
  if (expected === null) return actual === null || actual === undefined || actual === '';
  if (actual === null || actual === undefined) return false;
  if (typeof expected === 'number')
    return typeof actual === 'number' && Math.abs(actual - expected) <= 0.01 + 1e-9;
  if (Array.isArray(expected)) {
    const items = Array.isArray(actual) ? actual.map((i) => fold(String(i))) : [];
    return expected.every((item) => items.some((i) => i.includes(fold(String(item)))));
  }
  if (CODE_KEYS.has(key))
    return String(actual).replace(/\s+/g, '') === String(expected).replace(/\s+/g, '');
  if (EXACT_KEYS.has(key)) return actual === expected;
  return fold(String(actual)).includes(fold(String(expected)));
}

function describeExpectation(e: ExpectedBlock): string {
  const { type, ...rest } = e;
  return `${type}{${Object.entries(rest)
    .map(([k, v]) => `${k}:${Array.isArray(v) ? v.join('|') : String(v)}`)
    .join(', ')}}`;
}

/** What the closest output block of the type got wrong, or that there is none. */
function nearestMiss(actual: OutputBlock[], expected: ExpectedBlock): string {
  const sameType = actual.filter(
    (a) =>
      a.type === expected.type && (expected.mode === undefined || a.content.mode === expected.mode),
  );
  if (sameType.length === 0)
    return `no ${expected.type}${expected.mode ? ` (${String(expected.mode)})` : ''} block`;
  const nearest = sameType
    .map((a) => ({ a, wrong: wrongKeys(a, expected) }))
    .sort((x, y) => x.wrong.length - y.wrong.length)[0]!;
  return `nearest differs in ${nearest.wrong.map((k) => `${k}=${clip(JSON.stringify(shownValue(nearest.a, k)) ?? 'undefined')}`).join(', ')}`;
}

/** The block's value for an expectation's key, as a miss shows it. */
function shownValue(block: OutputBlock, key: string): unknown {
  if (key === 'day') return block.date ? `${block.day} (${block.date})` : block.day;
  if (key === 'title' && block.type === 'activity') return block.content.title;
  return block.content[key];
}

const clip = (text: string) => (text.length > 70 ? `${text.slice(0, 67)}...` : text);
