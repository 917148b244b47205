// The extractingText stage's work: a document's text and the credits it costs (decisions: one per
// started page or image; a text document counts a page per IMPORTS.textCharsPerCredit characters).
import { IMPORTS } from '../../config/constants.ts';
import { decodeText, type MediaType } from '../document.ts';
import { ImportFailure } from '../pipeline.errors.ts';
import { ocrImage } from './ocr.ts';
import { readPdf } from './pdf.ts';

export interface ExtractedText {
  text: string;
  credits: number;
  /** Pages (or images) read. */
  pages: number;
  notes: string[];
}

export async function extractText(bytes: Uint8Array, mediaType: MediaType, signal?: AbortSignal): Promise<ExtractedText> {
  switch (mediaType) {
    case 'text/plain': {
      const text = decodeText(bytes);
      return { text, credits: Math.max(1, Math.ceil(text.length / IMPORTS.textCharsPerCredit)), pages: 1, notes: [] };
    }
    case 'application/pdf': {
      const pdf = await readPdf(bytes);
      const notes = pdf.totalPages > pdf.pages.length ? [`Read the first ${pdf.pages.length} of ${pdf.totalPages} pages.`] : [];
      const text = pdf.pages.join('\n\f\n');
      if (text.replace(/\s/g, '').length < 20) {
        throw new ImportFailure('The PDF has no text layer (a scanned document): send its pages as JPG or PNG images instead.');
      }
      return { text, credits: pdf.pages.length, pages: pdf.pages.length, notes };
    }
    case 'image/jpeg':
    case 'image/png': {
      const { text, language } = await ocrImage(bytes, signal);
      return { text, credits: 1, pages: 1, notes: [`OCR language: ${language}.`] };
    }
  }
}
