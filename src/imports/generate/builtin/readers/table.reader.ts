// A spreadsheet pasted as text: a header row naming its columns (Date, Day, City, Hotel,
// Activities, Transport, Notes, in the six languages) over one row a day, its cells separated by
// tabs, semicolons or commas (CSV, quoted cells included):
//   Fecha	Ciudad	Hotel	Actividades
//   14/03/2027	Madrid	Hotel Regina	Visita al Prado a las 10:00
// Each row is a day (by its date, or its number); the hotel column is a stay, consecutive rows of
// the same hotel one stay of as many nights; the town is the day's title; activities, transport
// and notes are the day's lines, which the general reading reads like a programme's.
import type { HotelMention } from '../blocks.ts';
import { hotelName } from '../finders/hotel-names.ts';
import { addDays, daysBetween, findRanges, scanDates, type IsoDate } from '../finders/dates.ts';
import { city } from '../places.ts';
import { DAY_HEADER, DAY_WORD } from '../knowledge/day-words.ts';
import { fold } from '../text.ts';
import { splitHeaderRest } from '../layout.ts';
import type { LayoutReader, LineLedger, ReadDay, ReaderInput } from './reader.ts';
import { type ColumnKind, columnKind } from './table-columns.ts';
import { isRule, opensQuote, SEPARATORS, splitCells, type Separator } from './table-cells.ts';

const NAME = 'table';
const MAX_DAYS = 60;
/** Columns whose cells are the day's lines, in the order the general reading gets them. */
const LINE_COLUMNS: readonly ColumnKind[] = ['transport', 'activities', 'notes'];

interface Row {
  /** The document lines of the row (more than one when a quoted cell holds a line break). */
  indexes: number[];
  cells: string[];
  day: number | null;
  lastDay: number | null;
  date: IsoDate | null;
  lastDate: IsoDate | null;
}

interface Table {
  header: number;
  separator: Separator;
  columns: Array<ColumnKind | null>;
  rows: Row[];
  /** Rule lines between the header and the rows ("----+----"). */
  rules: number[];
}

export const tableReader: LayoutReader = {
  name: NAME,
  applies(input) {
    const table = findTable(input);
    return table !== undefined && !isProgrammeSummary(input, table);
  },
  read(input, ledger) {
    const table = findTable(input);
    if (!table || !claimTable(table, ledger)) return {};
    const days = readTable(table);
    placeDayNotes(input, table, days, ledger);
    return { days: [...days.values()].sort((a, b) => a.day - b.day) };
  },
};

const tableLines = (table: Table) =>
  new Set([table.header, ...table.rules, ...table.rows.flatMap((r) => r.indexes)]);

function claimTable(table: Table, ledger: LineLedger): boolean {
  return [...tableLines(table)].every((i) => ledger.claim(i, NAME));
}

/** Numbered days outside the table: "Day 4 – 07:00 climb of Sigiriya Lion Rock". */
function dayNotes(input: ReaderInput, table: Table) {
  const inTable = tableLines(table);
  return input.lines.flatMap((line, index) => {
    const m = inTable.has(index) ? null : DAY_HEADER.exec(fold(line));
    const day = m && !m[2] ? Number(m[1] ?? m[3]) : NaN;
    return m && day ? [{ index, day, rest: line.slice(line.length - m[5]!.length).trim() }] : [];
  });
}

/**
 * A table summing up a programme whose days are written out below it (a day heading, then its
 * paragraphs): that is the programme's layout (../layout.ts), not a table's.
 */
function isProgrammeSummary(input: ReaderInput, table: Table): boolean {
  const headings = dayNotes(input, table).filter(({ index }) => {
    const next = input.lines[index + 1] ?? '';
    return next.length > 40 && !DAY_HEADER.test(fold(next));
  });
  return headings.length >= 2;
}

/** A numbered day's note outside the table ("Highlights: Day 4 – 07:00 climb…") joins that row's day. */
function placeDayNotes(
  input: ReaderInput,
  table: Table,
  days: Map<number, ReadDay>,
  ledger: LineLedger,
): void {
  for (const note of dayNotes(input, table)) {
    const day = days.get(note.day);
    if (day && note.rest.length >= 3 && ledger.claim(note.index, NAME)) day.lines.push(note.rest);
  }
}

/** The first table with a known header and at least two day rows of the header's width. */
function findTable(input: ReaderInput): Table | undefined {
  for (let i = 0; i < input.lines.length - 2; i++) {
    for (const separator of SEPARATORS) {
      const columns = headerColumns(input.lines[i]!, separator);
      if (!columns) continue;
      const table = rowsUnder(input, i, separator, columns);
      if (table) return table;
    }
  }
  return undefined;
}

/** A header row: a date or day column and at least two other columns the reader knows. */
function headerColumns(line: string, separator: Separator): Array<ColumnKind | null> | undefined {
  if (!line.includes(separator) || line.length > 200) return undefined;
  const cells = splitCells(line, separator);
  if (cells.length < 3) return undefined;
  const columns = cells.map(columnKind);
  const when = columns.findIndex((c) => c === 'date' || c === 'day');
  const known = columns.filter((c, i) => c && i !== when).length;
  // A header is labels: most of its cells name a column.
  return when >= 0 && known >= 2 && columns.filter(Boolean).length * 2 > cells.length
    ? columns
    : undefined;
}

function rowsUnder(
  input: ReaderInput,
  header: number,
  separator: Separator,
  columns: Array<ColumnKind | null>,
): Table | undefined {
  const rows: Row[] = [];
  const rules: number[] = [];
  let anchor = input.anchor;
  for (let i = header + 1; i < input.lines.length; i++) {
    let line = input.lines[i]!;
    if (isRule(line)) {
      if (rows.length) break;
      rules.push(i);
      continue;
    }
    const indexes = [i];
    while (opensQuote(line, separator) && i + 1 < input.lines.length && indexes.length < 6) {
      i++;
      indexes.push(i);
      line = `${line}\n${input.lines[i]}`;
    }
    const cells = splitCells(line, separator);
    // Tabs in a row run together where a cell is empty (document-lines.ts): its last cells may be missing.
    const fits =
      cells.length === columns.length ||
      (separator === '|' && cells.length >= 2 && cells.length < columns.length);
    const when = fits ? rowWhen(cells, columns, input.now, anchor) : undefined;
    if (!when) break;
    anchor ??= when.date;
    rows.push({ indexes, cells, ...when });
  }
  if (rows.filter((r) => r.cells.length === columns.length).length < 2) return undefined;
  if (!numberDays(rows)) return undefined;
  return { header, separator, columns, rows, rules };
}

const DAY_CELL = new RegExp(
  String.raw`^(?:${DAY_WORD}\.?\s*)?(\d{1,2})(?:\s*(?:-|/|a|al|to|bis|au|e|y)\s*(\d{1,2}))?\.?$`,
);

/** A row's day number and date, from its day and date cells; undefined when it has neither. */
function rowWhen(
  cells: string[],
  columns: Array<ColumnKind | null>,
  now: Date,
  anchor: IsoDate | null,
): Pick<Row, 'day' | 'lastDay' | 'date' | 'lastDate'> | undefined {
  let day: number | null = null;
  let lastDay: number | null = null;
  let date: IsoDate | null = null;
  let lastDate: IsoDate | null = null;
  columns.forEach((kind, i) => {
    const cell = cells[i] ?? '';
    if (kind === 'day') {
      const m = DAY_CELL.exec(fold(cell).trim());
      if (m) {
        day = Number(m[1]);
        lastDay = m[2] && Number(m[2]) > day ? Number(m[2]) : null;
      }
    }
    if (kind === 'date' && !date) {
      const range = findRanges(fold(cell), now, anchor)[0];
      if (range && range.index <= 4) [date, lastDate] = [range.start, range.end];
      else date = scanDates(cell, now, anchor)[0]?.date ?? null;
    }
  });
  return day === null && date === null ? undefined : { day, lastDay, date, lastDate };
}

/**
 * Gives every row its day number: its own, or its date's distance from the first date. False when
 * the rows are no day-by-day plan (days going back, or spread over more than MAX_DAYS).
 */
function numberDays(rows: Row[]): boolean {
  const known = rows.find((r) => r.day !== null && r.date);
  const firstDate = rows.find((r) => r.date)?.date ?? null;
  const base = known ? addDays(known.date!, -(known.day! - 1)) : firstDate;
  let previous = 0;
  for (const row of rows) {
    if (row.day === null) row.day = daysBetween(base!, row.date!) + 1;
    if (row.lastDay === null && row.lastDate && row.date)
      row.lastDay = row.day + daysBetween(row.date, row.lastDate) || null;
    if (row.day < previous || row.day < 1 || row.day > MAX_DAYS) return false;
    previous = row.day;
  }
  return true;
}

/** The rows as days: the town their title, activities, transport and notes their lines. */
function readTable(table: Table): Map<number, ReadDay> {
  const { columns } = table;
  const byDay = new Map<number, ReadDay>();
  for (const row of table.rows) {
    const cell = (kind: ColumnKind) =>
      columns.flatMap((c, i) => (c === kind && row.cells[i] ? [row.cells[i]!] : []));
    // Without a town column, the day's programme is read as a programme's day heading is: a
    // short one is the title, a longer one gives its first clause as the title and is content.
    const programme = columns.includes('city') ? undefined : cell('activities')[0];
    const heading = programme ? splitHeaderRest(programme) : undefined;
    const title = cell('city')[0] ?? heading?.title ?? null;
    let day = byDay.get(row.day!);
    if (!day) {
      day = { day: row.day!, lastDay: row.lastDay ?? row.day!, date: row.date, title, lines: [] };
      byDay.set(row.day!, day);
    }
    // Two rows of one day (morning, evening): one day, its lines in order.
    for (const kind of LINE_COLUMNS)
      for (const text of cell(kind)) {
        if (text === programme && heading && !heading.content) continue;
        day.lines.push(...text.split(/\s*(?:[;•\n]|\s\+\s)\s*/));
      }
    day.lines = day.lines.filter((l) => /\p{L}{2}/u.test(l));
  }
  placeStays(table, byDay);
  return byDay;
}

const NO_HOTEL =
  /^(?:-+|–|—|\/|x|n\/?a|none|ninguno|aucun|nenhum|nessuno|keine?|on board|a bordo|en vol|im flugzeug|in volo|(?:overnight|night) (?:flight|train|bus)|vuelo nocturno|vol de nuit|voo noturno|nachtflug|volo notturno|home|casa)$/;
const SAME_HOTEL =
  /^(?:"|〃|''|same|same hotel|idem|id|dito|ditto|mismo|el mismo|meme|le meme|mesmo|o mesmo|stesso|lo stesso|gleich|dasselbe|wie oben|as above)$/;
const NIGHTS =
  /\(?\s*(\d{1,2})\s*(?:nights?|noches?|nuits?|noites?|nachte|nacht|notti|notte)\s*\)?/;

const NIGHTS_IN_CELL =
  /[,\s]*\(?\s*\d{1,2}\s*(?:nights?|noches?|nuits?|noites?|n[äa]chte|nacht|notti|notte)\s*\)?/iu;

/** The hotel column: consecutive rows of the same hotel are one stay, its nights the rows' days. */
function placeStays(table: Table, byDay: Map<number, ReadDay>): void {
  const column = table.columns.indexOf('hotel');
  if (column < 0) return;
  const cityColumn = table.columns.indexOf('city');
  let current: { stay: HotelMention; key: string; start: number; explicit: boolean } | null = null;
  for (const row of table.rows) {
    const raw = (row.cells[column] ?? '').trim();
    const folded = fold(raw)
      .replace(/[.!]+$/, '')
      .trim();
    const same = SAME_HOTEL.test(folded);
    if (!same && (NO_HOTEL.test(folded) || !/\p{L}{3}/u.test(raw))) {
      current = null;
      continue;
    }
    const nights = Number(NIGHTS.exec(folded)?.[1] ?? 0);
    const name: string = same && current ? current.stay.name : nameOf(raw);
    const key: string = fold(name)
      .replace(/\b(?:hotel|the|el|la|le|il)\b/g, '')
      .trim();
    const lastDay = row.lastDay ?? row.day!;
    if (current && (same || current.key === key)) {
      if (!current.explicit) current.stay.nights = lastDay - current.start + 1;
      continue;
    }
    const town = townOf(raw, cityColumn >= 0 ? row.cells[cityColumn] : undefined);
    const stay: HotelMention = { name, city: town, nights: nights || lastDay - row.day! + 1 };
    (byDay.get(row.day!)!.stays ??= []).push(stay);
    current = { stay, key, start: row.day!, explicit: nights > 0 };
  }
}

/** "Hotel Regina (2 noches)", "Riad Dar Zitoun, Marrakech": the hotel's name. */
function nameOf(cell: string): string {
  const plain = cell.replace(NIGHTS_IN_CELL, '').trim();
  return hotelName(plain) ?? plain.split(/\s*[(,]\s*|\s+[–—-]\s+/)[0]!.trim();
}

/**
 * The town of a stay: named in its cell ("Hotel X, Sevilla", "Cuillin Bay Inn, Portree": a
 * capitalised word or two after the name), else the day's town (the last of a route).
 */
function townOf(hotelCell: string, cityCell: string | undefined): string | null {
  const parts = hotelCell
    .replace(NIGHTS_IN_CELL, '')
    .split(/\s*[(,]\s*|\s+[–—-]\s+/)
    .slice(1)
    .map((p) => p.replace(/\)$/, '').trim());
  const inCell =
    parts.find((p) => city(p)) ??
    parts.find((p) => /^\p{Lu}[\p{L}'’-]+(?:\s\p{Lu}[\p{L}'’-]+)?$/u.test(p));
  if (inCell) return inCell;
  const last = (cityCell ?? '')
    .split(/\s*(?:[–—→>/]|\s-\s)\s*/)
    .at(-1)
    ?.trim();
  return last && last.length <= 40 && !/\d/.test(last) ? last : null;
}
