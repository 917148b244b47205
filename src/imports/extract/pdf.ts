// The text layer of a PDF with unpdf (pdf.js for servers), and the boarding-pass barcodes in its
// images. Trap: unpdf refuses a Node Buffer and detaches the array it is given, so it always gets
// a fresh Uint8Array copy.
import { extractImages, extractText, getDocumentProxy } from 'unpdf';
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
    const { totalPages, text } = await extractText(pdf, { mergePages: false });
    const pages = (text as string[]).slice(0, IMPORTS.maxPages);
    return { pages, totalPages, barcodes: await pdfBarcodes(pdf, pages) };
  } finally {
    await pdf.cleanup().catch(() => {});
  }
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
