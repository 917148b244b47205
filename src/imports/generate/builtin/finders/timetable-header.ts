// A timetable's row of column labels ("Date  Station/Transfer  Arrival  Departure  Platf.
// Connection", "Datum  Zastávka/Přestup  Příjezd  Odjezd", "Fecha | Parada | Llegada | Salida"):
// the kind of each column, from the words of knowledge/timetable-words.ts, and where it starts.
// A line is a header when it names a station, an arrival and a departure column, and holds no
// time nor number.
import { TIMETABLE_COLUMNS, type TimetableColumn } from '../knowledge/timetable-words.ts';
import { fold } from '../text.ts';
import { timeMatches } from './times.ts';

export type ColumnKind = TimetableColumn | 'other';

export interface HeaderColumn {
  kind: ColumnKind;
  /** Where its label starts on the line (or the cell's index, for cells split by a separator). */
  start: number;
}

const LABELS = new Map<string, TimetableColumn>(
  (Object.entries(TIMETABLE_COLUMNS) as Array<[TimetableColumn, readonly string[]]>).flatMap(
    ([kind, words]) => words.map((w) => [w, kind] as [string, TimetableColumn]),
  ),
);

/** What a label names: its words looked up ("Station/Transfer"), the first known decides. */
export function columnKind(label: string): ColumnKind {
  for (const word of fold(label).split(/[^\p{L}]+/u)) {
    const kind = LABELS.get(word);
    if (kind) return kind;
  }
  return 'other';
}

/** The columns of a timetable's header line, or undefined when the line is no such header. */
export function timetableHeader(
  line: string,
  separator: string | null,
): HeaderColumn[] | undefined {
  // "Odj. / Příj.": one column of either time, whose rows say which (readers/timetable-rows.reader.ts).
  if (timeMatches(line).length || /\d{3,}/.test(line) || /\s\/\s/.test(line)) return undefined;
  const columns = separator
    ? line.split(separator).map((cell, start) => ({ kind: columnKind(cell), start }))
    : [...line.matchAll(/\S+/g)].map((m) => ({ kind: columnKind(m[0]), start: m.index }));
  const kinds = new Set(columns.map((c) => c.kind));
  if (!kinds.has('station') || !kinds.has('arrival') || !kinds.has('departure')) return undefined;
  return columns.length <= 10 ? columns : undefined;
}

/** The column a run of text starting at `start` sits under: the last label starting at or just after it. */
export function columnAt(
  columns: readonly HeaderColumn[],
  start: number,
): HeaderColumn | undefined {
  let found: HeaderColumn | undefined;
  for (const column of columns) if (column.start <= start + 2) found = column;
  return found;
}
