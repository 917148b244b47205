// The corpus scoring rules (test/fixtures/imports/corpus/README.md, "Scoring"): per document a
// score for each field in [0, 1] and the misses that explain what is below 1.
import type { Expected, ExpectedBlock } from './corpus.ts';

export const FIELDS = ['title', 'dates', 'duration', 'countries', 'blocks', 'settings'] as const;
export type Field = (typeof FIELDS)[number];

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
  score: number;
  misses: string[];
}

interface OutputBlock {
  type: string;
  day: number | null;
  content: Record<string, unknown>;
}

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
  const fields: Record<Field, number> = {
    title: scoreTitle(output.trip.title, expected.title, misses),
    dates: scoreDates(output.trip, expected, misses),
    duration: same('duration', output.trip.duration ?? null, expected.duration, misses),
    countries: scoreCountries(output.trip.countries ?? [], expected.countries, misses),
    blocks: scoreBlocks(blocksOf(output.configuration.blocks), expected.blocks, misses),
    settings: scoreSettings(
      (output.configuration.settings ?? {}) as Record<string, unknown>,
      expected.settings,
      misses,
    ),
  };
  return { fields, score: mean(Object.values(fields)), misses };
}

/** A failed import: every field 0, the reason as the miss. */
export function failedDocument(reason: string): DocumentScore {
  return {
    fields: Object.fromEntries(FIELDS.map((f) => [f, 0])) as Record<Field, number>,
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

/** The itinerary's day blocks with the number of the day they sit in, then the trip-level blocks. */
export function blocksOf(blocks: unknown): OutputBlock[] {
  const out: OutputBlock[] = [];
  for (const block of asArray(blocks)) {
    if (block.type !== 'itinerary') {
      out.push({ type: String(block.type), day: null, content: asRecord(block.content) });
      continue;
    }
    for (const day of asArray(block.children)) {
      const number = asRecord(day.content).day;
      for (const child of asArray(day.children)) {
        out.push({
          type: String(child.type),
          day: typeof number === 'number' ? number : null,
          content: asRecord(child.content),
        });
      }
    }
  }
  return out;
}

const asArray = (value: unknown) => (Array.isArray(value) ? value : []).map(asRecord);
const asRecord = (value: unknown) =>
  value && typeof value === 'object' ? (value as Record<string, unknown>) : {};

/** Recall: each expectation is matched to a distinct output block (a maximum matching). */
function scoreBlocks(actual: OutputBlock[], expected: ExpectedBlock[], misses: string[]): number {
  if (expected.length === 0) return 1;
  const candidates = expected.map((e) =>
    actual.flatMap((a, i) => (wrongKeys(a, e).length === 0 ? [i] : [])),
  );
  const owner = new Map<number, number>();
  const assign = (e: number, seen: Set<number>): boolean =>
    candidates[e]!.some((a) => {
      if (seen.has(a)) return false;
      seen.add(a);
      if (owner.has(a) && !assign(owner.get(a)!, seen)) return false;
      owner.set(a, e);
      return true;
    });
  let matched = 0;
  expected.forEach((_e, i) => {
    if (assign(i, new Set())) matched++;
  });
  const matchedExpectations = new Set(owner.values());
  expected.forEach((e, i) => {
    if (!matchedExpectations.has(i))
      misses.push(`block ${describeExpectation(e)}: ${nearestMiss(actual, e)}`);
  });
  return matched / expected.length;
}

/** The expectation's keys that the output block does not satisfy. */
function wrongKeys(block: OutputBlock, expected: ExpectedBlock): string[] {
  if (block.type !== expected.type) return ['type'];
  return Object.entries(expected)
    .filter(([key, value]) => {
      if (key === 'type') return false;
      if (key === 'day') return block.day !== value;
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
  const shown = (key: string) =>
    key === 'day'
      ? nearest.a.day
      : key === 'title' && nearest.a.type === 'activity'
        ? nearest.a.content.title
        : nearest.a.content[key];
  return `nearest differs in ${nearest.wrong.map((k) => `${k}=${clip(JSON.stringify(shown(k)) ?? 'undefined')}`).join(', ')}`;
}

const clip = (text: string) => (text.length > 70 ? `${text.slice(0, 67)}...` : text);
