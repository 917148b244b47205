// A table row's cells. A spreadsheet pasted as text separates them with tabs (already " | " in the
// document's lines, see document-lines.ts), semicolons (the CSV of locales whose decimal mark is a
// comma) or commas; CSV quotes a cell that holds the separator, a quote ("") or a line break
// (RFC 4180).

export type Separator = '|' | ';' | ',';

export const SEPARATORS: readonly Separator[] = ['|', ';', ','];

/** The cells of one row; a quoted cell loses its quotes. */
export function splitCells(line: string, separator: Separator): string[] {
  if (separator === '|') return line.split(/\s*\|\s*/).map(unquote);
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  let started = false; // a quote opens a quoted cell only as the cell's first character
  for (let i = 0; i < line.length; i++) {
    const char = line[i]!;
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === separator) {
      cells.push(cell.trim());
      cell = '';
      started = false;
    } else if (char === '"' && !started && !cell.trim()) {
      quoted = true;
      started = true;
      cell = '';
    } else {
      cell += char;
      if (char.trim()) started = true;
    }
  }
  cells.push(cell.trim());
  return cells;
}

/** True when the line ends inside a quoted cell: the row goes on on the next line. */
export function opensQuote(line: string, separator: Separator): boolean {
  if (separator === '|') return false;
  let quoted = false;
  let atCellStart = true;
  for (let i = 0; i < line.length; i++) {
    const char = line[i]!;
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') i++;
      else if (char === '"') quoted = false;
    } else if (char === separator) atCellStart = true;
    else if (char === '"' && atCellStart) quoted = true;
    else if (char.trim()) atCellStart = false;
  }
  return quoted;
}

/** A table's rule line: "----+-----", "|---|:--|", "=====". */
export const isRule = (line: string) => /^[-+=|\s:_]{3,}$/.test(line) && /[-=_]{3}/.test(line);

function unquote(cell: string): string {
  const m = /^"(.*)"$/s.exec(cell.trim());
  return (m ? m[1]!.replace(/""/g, '"') : cell).trim();
}
