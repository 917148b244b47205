// The text layer of a PDF with unpdf (pdf.js for servers), and the boarding-pass barcodes in its
// images. Trap: unpdf refuses a Node Buffer and detaches the array it is given, so it always gets
// a fresh Uint8Array copy.
import { extractImages, getDocumentProxy } from 'unpdf';
import { IMPORTS } from '../../config/constants.ts';
import { ImportFailure } from '../pipeline.errors.ts';
import { scanBarcodes, type RawImage } from './barcode.ts';

export interface PdfText {
  /** Text of each page read (at most IMPORTS.maxPages). */
  pages: string[];
  /** Pages in the document. */
  totalPages: number;
  /** Texts of the 2D barcodes found in the images of its first pages. */
  barcodes: string[];
}

/** Barcodes are looked for in the images of this many first pages, at most this many images. */
const BARCODE_PAGES = 4;
const BARCODE_IMAGES = 8;
const MAX_IMAGE_PIXELS = 6_000_000;
/** A page worth scanning: a boarding pass or ticket, or a page that is mostly an image. */
const TICKET_WORDS =
  /boarding|embarque|embarquement|bordkarte|imbarco|gate|puerta|porte|flight|vuelo|\bvol\b|\bvoo\b|flug|volo|ticket|billete|billet|bilhete|biglietto|fahrkarte|seat|asiento|si[eè]ge|sitzplatz|posto|lugar/i;

export async function readPdf(bytes: Uint8Array): Promise<PdfText> {
  let pdf;
  try {
    pdf = await getDocumentProxy(new Uint8Array(bytes));
  } catch (error) {
    throw new ImportFailure(`The PDF could not be read (${(error as Error).message}).`);
  }
  try {
    const totalPages = pdf.numPages;
    const pages: string[] = [];
    for (let n = 1; n <= Math.min(totalPages, IMPORTS.maxPages); n++) {
      const page = await pdf.getPage(n);
      pages.push(splitTrailingLabels(pageText((await page.getTextContent()).items as TextItem[])));
    }
    return { pages, totalPages, barcodes: await pdfBarcodes(pdf, pages) };
  } finally {
    await pdf.cleanup().catch(() => {});
  }
}

/**
 * A boarding pass's grid read row by row puts each cell's value before the next cell's label on
 * one line ("11:05 GATE CLOSES", "087 ARRIVES", then "14:20 E-TICKET"): the label goes to a line of
 * its own, over the value that follows it, as a label is read. Airport codes are not labels.
 */
export function splitTrailingLabels(text: string): string {
  return text.replace(
    /^([^\p{Ll}\n]{1,12}\d[^\p{Ll}\n]{0,4}?)[ \t]+((?=[A-Z -]*[A-Z]{4})[A-Z][A-Z -]{2,20}[A-Z])$/gmu,
    (whole, value: string, label: string) =>
      /^[A-Z]{3}(?: [A-Z]{3})*$/.test(label) ? whole : `${value}\n${label}`,
  );
}

/** A text item of pdf.js: its string, its position (transform[4], transform[5]) and size. */
export interface TextItem {
  str?: string;
  transform?: number[];
  width?: number;
  height?: number;
  hasEOL?: boolean;
  /** A table row rebuilt from its wrapped cells: always a line of its own. */
  row?: boolean;
}

/**
 * A page's text, a line per line of the page, as pdf.js gives it, except that a table cell's
 * value wrapped onto the next line is joined to its row again: a line that starts just below the
 * previous one, indented to where one of that line's later items starts ("Datum / Uhrzeit  Sa,
 * 11.07.2026, 12:30" over "Uhr" under "Sa,"), continues that cell. A paragraph's next line starts
 * where the paragraph does and stays a line of its own.
 */
export function pageText(pageItems: readonly TextItem[]): string {
  const items = wrappedRows(pageItems);
  let out = '';
  let line: Array<{ x: number; y: number; height: number }> = [];
  let broken = false;
  for (const item of items) {
    if (item.str == null) continue;
    const x = item.transform?.[4] ?? 0;
    const y = item.transform?.[5] ?? 0;
    const height = item.height ?? 0;
    if (!item.str && item.hasEOL) {
      // An empty item that ends a line marks a new block (Chromium's rows and paragraphs).
      line = [];
      broken = true;
      continue;
    }
    if (broken && item.str.trim()) {
      const first = line.find((p) => p.height > 0);
      const previous = line.filter((p) => p.height > 0).at(-1);
      const continues =
        !item.row &&
        first !== undefined &&
        previous !== undefined &&
        x > first.x + 4 &&
        y < previous.y &&
        previous.y - y <= 1.6 * Math.max(previous.height, height) &&
        line.some((p) => p !== first && p.height > 0 && Math.abs(p.x - x) <= 2);
      out += continues ? ' ' : '\n';
      if (!continues) line = [];
      broken = false;
    }
    out += item.str;
    if (item.str.trim()) line.push({ x, y, height });
    if (item.hasEOL) broken = true;
  }
  return out;
}

interface Segment {
  text: string;
  x: number;
  y: number;
  height: number;
  first: number;
  last: number;
}

/** Runs of items on one baseline, each ending at a line's end. */
function segmentsOf(items: readonly TextItem[]): Segment[] {
  const segments: Segment[] = [];
  let current: Segment | undefined;
  items.forEach((item, i) => {
    if (item.str == null) return;
    const x = item.transform?.[4] ?? 0;
    const y = item.transform?.[5] ?? 0;
    const height = item.height ?? 0;
    if (item.str.trim()) {
      if (
        current &&
        (Math.abs(y - current.y) > Math.max(current.height, height) / 2 ||
          (current.last < i - 1 &&
            !items.slice(current.last + 1, i).every((o) => !o.str?.trim() && !o.hasEOL)))
      )
        current = undefined;
      if (!current) {
        current = { text: '', x, y, height, first: i, last: i };
        segments.push(current);
      }
      current.text += item.str;
      current.last = i;
      current.height = Math.max(current.height, height);
    } else if (current && !item.hasEOL) {
      current.text += item.str;
    }
    if (item.hasEOL) current = undefined;
  });
  return segments;
}

/**
 * A table row whose cells wrap ("Sa" over "27JUN26", "LH" over "1284", "Frankfurt/Main" over
 * "(FRA) Terminal 1"): pdf.js gives each cell's lines in turn, each new cell going back up (to the
 * row's top, or its middle when the cells are centred) a little to the right. Such a row becomes one line, each cell's lines joined and the
 * cells apart by a tab. Lines that only go down (paragraphs, label and value rows) are kept.
 */
function wrappedRows(items: readonly TextItem[]): readonly TextItem[] {
  const segments = segmentsOf(items);
  const out: TextItem[] = [];
  let next = 0;
  for (let s = 0; s < segments.length; s++) {
    const top = segments[s]!;
    const size = top.height || 9;
    const cells: Segment[][] = [[top]];
    let end = s;
    for (let k = s + 1; k < segments.length; k++) {
      const seg = segments[k]!;
      const previous = segments[k - 1]!;
      if (seg.y > top.y + size / 2 || seg.y < top.y - 3.5 * size || seg.x < top.x - 2) break;
      // A new cell goes back up (to the row's top, or its middle when cells are centred) to the right.
      const backUp = seg.y > previous.y + size / 2 && seg.x > previous.x + 2;
      if (backUp) cells.push([seg]);
      else if (
        seg.y < previous.y &&
        previous.y - seg.y <= 1.5 * size &&
        Math.abs(seg.x - cells.at(-1)![0]!.x) <= 2
      )
        cells.at(-1)!.push(seg);
      else break;
      end = k;
    }
    // Three cells at least: two are as often a time over a place beside another (a ticket's card).
    if (cells.length < 3 || !cells.some((c) => c.length > 1)) continue;
    for (let i = next; i < top.first; i++) out.push(items[i]!);
    out.push({
      str: cells.map((c) => c.map((seg) => seg.text.trim()).join(' ')).join('\t'),
      transform: [1, 0, 0, 1, top.x, top.y],
      width: 0,
      height: top.height,
      hasEOL: true,
      row: true,
    });
    next = segments[end]!.last + 1;
    s = end;
  }
  for (let i = next; i < items.length; i++) out.push(items[i]!);
  return out;
}

async function pdfBarcodes(
  pdf: Awaited<ReturnType<typeof getDocumentProxy>>,
  pages: string[],
): Promise<string[]> {
  const found = new Set<string>();
  let scanned = 0;
  for (let i = 0; i < Math.min(BARCODE_PAGES, pages.length) && scanned < BARCODE_IMAGES; i++) {
    const text = pages[i] ?? '';
    if (text.replace(/\s/g, '').length > 200 && !TICKET_WORDS.test(text)) continue;
    let images;
    try {
      images = await extractImages(pdf, i + 1);
    } catch {
      continue; // an image pdf.js cannot decode hides no barcode we could read
    }
    for (const image of images) {
      if (scanned >= BARCODE_IMAGES) break;
      if (image.width < 40 || image.height < 20 || image.width * image.height > MAX_IMAGE_PIXELS)
        continue;
      scanned++;
      for (const text of await scanBarcodes(toRgba(image))) found.add(text);
    }
  }
  return [...found];
}

/** RGBA pixels on white: a barcode drawn as a transparent PNG is black on transparent black otherwise. */
function toRgba(image: {
  data: Uint8ClampedArray;
  width: number;
  height: number;
  channels: 1 | 3 | 4;
}): RawImage {
  const { data, width, height, channels } = image;
  const rgba = new Uint8ClampedArray(width * height * 4);
  for (let p = 0; p < width * height; p++) {
    const s = p * channels;
    const alpha = channels === 4 ? data[s + 3]! / 255 : 1;
    for (let c = 0; c < 3; c++)
      rgba[p * 4 + c] = data[s + (channels === 1 ? 0 : c)]! * alpha + 255 * (1 - alpha);
    rgba[p * 4 + 3] = 255;
  }
  return { data: rgba, width, height };
}
