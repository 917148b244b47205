// The text layer of a PDF with unpdf (pdf.js for servers). Trap: unpdf refuses a Node Buffer and
// detaches the array it is given, so it always gets a fresh Uint8Array copy.
import { extractText, getDocumentProxy } from 'unpdf';
import { IMPORTS } from '../../config/constants.ts';
import { ImportFailure } from '../pipeline.errors.ts';

export interface PdfText {
  /** Text of each page read (at most IMPORTS.maxPages). */
  pages: string[];
  /** Pages in the document. */
  totalPages: number;
}

export async function readPdf(bytes: Uint8Array): Promise<PdfText> {
  let pdf;
  try {
    pdf = await getDocumentProxy(new Uint8Array(bytes));
  } catch (error) {
    throw new ImportFailure(`The PDF could not be read (${(error as Error).message}).`);
  }
  try {
    const { totalPages, text } = await extractText(pdf, { mergePages: false });
    return { pages: (text as string[]).slice(0, IMPORTS.maxPages), totalPages };
  } finally {
    await pdf.cleanup().catch(() => {});
  }
}
