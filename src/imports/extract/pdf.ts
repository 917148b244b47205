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
      pages.push(pageText((await page.getTextContent()).items as TextItem[]));
    }
    return { pages, totalPages, barcodes: await pdfBarcodes(pdf, pages) };
  } finally {
    await pdf.cleanup().catch(() => {});
  }
}

/** A text item of pdf.js: its string, its position (transform[4], transform[5]) and size. */
export interface TextItem {
  str?: string;
  transform?: number[];
  width?: number;
  height?: number;
  hasEOL?: boolean;
}

/**
 * A page's text, a line per line of the page, as pdf.js gives it, except that a table cell's
 * value wrapped onto the next line is joined to its row again: a line that starts just below the
 * previous one, indented to where one of that line's later items starts ("Datum / Uhrzeit  Sa,
 * 11.07.2026, 12:30" over "Uhr" under "Sa,"), continues that cell. A paragraph's next line starts
 * where the paragraph does and stays a line of its own.
 */
export function pageText(items: readonly TextItem[]): string {
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
