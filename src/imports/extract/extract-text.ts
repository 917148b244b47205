// The extractingText stage's work: a document's text, the structured items it carries (schema.org
// markup, calendar events, boarding-pass barcodes, a JSON export) and the credits it costs
// (docs/ai-import.md#credits: one per started page or image; a text document, and a Word document, which
// has no pages of its own, counts a page per IMPORTS.textCharsPerCredit characters of its text).
// An email's attachments are read as documents of their own, to a bounded depth and number.
import { IMPORTS } from '../../config/constants.ts';
import { decodeText, detectMediaType, DOCX, FORMAT_NAMES, type MediaType } from '../document.ts';
import { ImportFailure } from '../pipeline.errors.ts';
import { scanBarcodes } from './barcode.ts';
import { readCalendar } from './calendar.ts';
import { readDocx } from './docx.ts';
import { readEmail } from './email.ts';
import { readHtml } from './html.ts';
import { ocrImage } from './ocr.ts';
import { readPdf } from './pdf.ts';
import { noStructuredData, type StructuredData, type StructuredItem } from './structured.ts';

export interface ExtractedText {
  text: string;
  credits: number;
  /** Pages (or images) read. */
  pages: number;
  notes: string[];
  structured: StructuredData;
}

/** An email's attachments are read to this depth (an email attached to an email) and this many parts in all. */
const MAX_DEPTH = 2;
const MAX_PARTS = 10;

export async function extractText(
  bytes: Uint8Array,
  mediaType: MediaType,
  signal?: AbortSignal,
): Promise<ExtractedText> {
  return readPart(bytes, mediaType, 0, { parts: 0 }, signal);
}

interface Budget {
  parts: number;
}

async function readPart(
  bytes: Uint8Array,
  mediaType: MediaType,
  depth: number,
  budget: Budget,
  signal?: AbortSignal,
): Promise<ExtractedText> {
  budget.parts++;
  const result = (
    text: string,
    items: StructuredItem[],
    pages: { credits: number; pages: number; notes?: string[] },
  ): ExtractedText => ({
    text,
    credits: pages.credits,
    pages: pages.pages,
    notes: pages.notes ?? [],
    structured: { ...noStructuredData(), items },
  });
  switch (mediaType) {
    case 'text/plain': {
      const text = decodeText(bytes);
      return result(text, jsonItems(text), textPages(text));
    }
    case 'text/html': {
      const html = readHtml(decodeHtml(bytes));
      return result(
        html.text,
        html.items.map((data) => ({ kind: 'schema.org', data })),
        textPages(html.text),
      );
    }
    case DOCX: {
      const docx = await readDocx(bytes, signal);
      return result(
        docx.text,
        docx.items.map((data) => ({ kind: 'schema.org', data })),
        textPages(docx.text),
      );
    }
    case 'text/calendar': {
      const calendar = readCalendar(decodeText(bytes));
      const read = result(
        calendar.text,
        calendar.events.map((event) => ({ kind: 'ical', event })),
        { credits: 1, pages: 1 },
      );
      return {
        ...read,
        structured: {
          ...read.structured,
          textIsRendering: depth === 0 && !calendar.programme,
          calendarName: calendar.name,
        },
      };
    }
    case 'message/rfc822':
      return readEmailPart(bytes, depth, budget, signal);
    case 'application/pdf': {
      const pdf = await readPdf(bytes);
      const notes =
        pdf.totalPages > pdf.pages.length
          ? [`Read the first ${pdf.pages.length} of ${pdf.totalPages} pages.`]
          : [];
      const text = pdf.pages.join('\n\f\n');
      if (text.replace(/\s/g, '').length < 20 && !pdf.barcodes.length) {
        throw new ImportFailure(
          'The PDF has no text layer (a scanned document): send its pages as JPG or PNG images instead.',
        );
      }
      if (pdf.barcodes.length) notes.push(`Barcodes: ${pdf.barcodes.length}.`);
      return result(
        text,
        pdf.barcodes.map((data) => ({ kind: 'bcbp', data })),
        { credits: pdf.pages.length, pages: pdf.pages.length, notes },
      );
    }
    case 'image/jpeg':
    case 'image/png': {
      // The barcode pass is one cheap scan; the OCR still runs (a boarding pass's barcode has no times).
      const barcodes = await scanBarcodes(bytes);
      const { text, language } = await ocrImage(bytes, signal);
      const notes = [
        `OCR language: ${language}.`,
        ...(barcodes.length ? [`Barcodes: ${barcodes.length}.`] : []),
      ];
      return result(
        text,
        barcodes.map((data) => ({ kind: 'bcbp', data })),
        { credits: 1, pages: 1, notes },
      );
    }
  }
}

const textPages = (text: string) => ({
  credits: Math.max(1, Math.ceil(text.length / IMPORTS.textCharsPerCredit)),
  pages: 1,
});

/** A whole text that is JSON: a booking-system export, mapped by its keys. */
function jsonItems(text: string): StructuredItem[] {
  const trimmed = text.trim();
  if (!/^[[{]/.test(trimmed)) return [];
  try {
    const data: unknown = JSON.parse(trimmed);
    return data && typeof data === 'object' ? [{ kind: 'json', data }] : [];
  } catch {
    return [];
  }
}

/** HTML in the charset its meta tag names (saved pages and emails are often windows-1252), else UTF-8. */
function decodeHtml(bytes: Uint8Array): string {
  const head = Buffer.from(bytes.subarray(0, 2048)).toString('latin1');
  const charset = /<meta[^>]+charset\s*=\s*["']?([\w-]+)/i.exec(head)?.[1];
  if (charset && !/^utf-?8$/i.test(charset)) {
    try {
      return new TextDecoder(charset).decode(bytes);
    } catch {
      // an unknown label: try UTF-8
    }
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

async function readEmailPart(
  bytes: Uint8Array,
  depth: number,
  budget: Budget,
  signal?: AbortSignal,
): Promise<ExtractedText> {
  let email;
  try {
    email = await readEmail(bytes);
  } catch (error) {
    throw new ImportFailure(`The email could not be read (${(error as Error).message}).`);
  }
  const pages = textPages(email.text);
  const out: ExtractedText = {
    text: email.text,
    credits: pages.credits,
    pages: pages.pages,
    notes: [],
    structured: { items: [...email.items], subject: email.subject },
  };
  for (const attachment of email.attachments) {
    if (depth >= MAX_DEPTH || budget.parts >= MAX_PARTS || signal?.aborted) {
      out.notes.push(`Skipped attachment ${attachment.filename} (too many parts).`);
      continue;
    }
    const type = detectMediaType(attachment.bytes);
    if (!type) continue;
    try {
      const part = await readPart(attachment.bytes, type, depth + 1, budget, signal);
      out.text += `\n\f\n${part.text}`;
      out.credits += part.credits;
      out.pages += part.pages;
      out.structured.items.push(...part.structured.items);
      out.notes.push(
        `Attachment ${attachment.filename}: ${FORMAT_NAMES[type]}${part.notes.length ? ` (${part.notes.join(' ')})` : ''}.`,
      );
    } catch (error) {
      if (!(error instanceof ImportFailure)) throw error;
      out.notes.push(`Attachment ${attachment.filename} not read: ${error.message}`);
    }
  }
  return out;
}
