// What a document is, by its content rather than its name (docs/decisions.md#ai-import): PDF, JPG,
// PNG, Word (.docx), HTML (web pages, emails saved as HTML), MIME email (.eml), iCalendar (.ics)
// or text (UTF-8 without control bytes). Anything else is `unsupported_format`.
import { readZipEntry, zipEntries } from './extract/zip.ts';

export const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

export type MediaType =
  | 'application/pdf'
  | typeof DOCX
  | 'image/jpeg'
  | 'image/png'
  | 'text/html'
  | 'message/rfc822'
  | 'text/calendar'
  | 'text/plain';

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  signature.every((b, i) => bytes[offset + i] === b);

export function detectMediaType(bytes: Uint8Array): MediaType | undefined {
  // PDF readers accept a header within the first 1024 bytes (some generators prepend junk).
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1');
  if (head.includes('%PDF-')) return 'application/pdf';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return looksLikeDocx(bytes) ? DOCX : undefined;
  // The markup formats are ASCII at their start whatever the charset of their body.
  const start = Buffer.from(bytes.subarray(0, 4096))
    .toString('latin1')
    .replace(/^\uFEFF|^\u00EF\u00BB\u00BF/, '');
  if (/^\s*BEGIN:VCALENDAR\r?\n/i.test(start)) return 'text/calendar';
  if (looksLikeEmail(start)) return 'message/rfc822';
  if (looksLikeHtml(start)) return 'text/html';
  if (looksLikeText(bytes)) return 'text/plain';
  return undefined;
}

/**
 * A Word document (OOXML, ECMA-376 part 2): a ZIP with the main part `word/document.xml`, whose
 * `[Content_Types].xml` declares a wordprocessingml document or template. Any other ZIP (a
 * spreadsheet, an archive renamed .docx) is not one.
 */
function looksLikeDocx(bytes: Uint8Array): boolean {
  const entries = zipEntries(bytes);
  if (!entries?.some((e) => e.name === 'word/document.xml')) return false;
  const types = entries.find((e) => e.name === '[Content_Types].xml');
  const xml = types && readZipEntry(bytes, types, 256 * 1024).content?.toString('utf8');
  return /wordprocessingml\.(?:document|template)\.main\+xml/.test(xml ?? '');
}

const MAIL_HEADERS = new Set([
  'from',
  'to',
  'cc',
  'subject',
  'date',
  'message-id',
  'mime-version',
  'content-type',
  'received',
  'return-path',
  'reply-to',
  'delivered-to',
  'x-mailer',
  'sender',
  'dkim-signature',
  'content-transfer-encoding',
]);

/** RFC 822: the document opens with a block of header fields (folded lines allowed), two of them mail headers, then a blank line. */
function looksLikeEmail(start: string): boolean {
  const lines = start.replace(/^From \S.*\r?\n/, '').split(/\r?\n/); // an mbox "From " line may precede
  let known = 0;
  for (const line of lines) {
    if (line === '') return known >= 2 && lines[0] !== '';
    if (/^[ \t]/.test(line)) continue; // a folded continuation
    const name = /^([!-9;-~]+):/.exec(line)?.[1];
    if (!name) return false;
    if (MAIL_HEADERS.has(name.toLowerCase())) known++;
  }
  return known >= 3; // the headers fill the first 4 KB (long Received chains)
}

/** Markup: a doctype or one of the elements a page or a saved email opens with. */
function looksLikeHtml(start: string): boolean {
  const opening = start.replace(/^\s*(?:<\?xml[^>]*>\s*)?(?:<!--[\s\S]*?-->\s*)*/, '');
  if (
    /^<(?:!doctype\s+html|html|head|body|meta|title|table|div|p|center|style)[\s>/]/i.test(opening)
  )
    return true;
  return /<html[\s>]/i.test(start) && /<\/?(?:body|head|div|p|table)[\s>]/i.test(start);
}

/** Valid UTF-8 (BOM allowed) with no control bytes but tab, newline, carriage return and form feed. */
function looksLikeText(bytes: Uint8Array): boolean {
  if (bytes.byteLength === 0) return false;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return false;
  }
  // eslint-disable-next-line no-control-regex
  return !/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(text);
}

export function decodeText(bytes: Uint8Array): string {
  return new TextDecoder('utf-8').decode(bytes).replace(/^\uFEFF/, '');
}

export const FORMAT_NAMES: Record<MediaType, string> = {
  'application/pdf': 'PDF',
  [DOCX]: 'DOCX',
  'image/jpeg': 'JPG',
  'image/png': 'PNG',
  'text/html': 'HTML',
  'message/rfc822': 'EML',
  'text/calendar': 'ICS',
  'text/plain': 'TXT',
};

/** For messages: the formats the import reads. */
export const SUPPORTED_FORMATS = 'a PDF, DOCX, TXT, HTML, EML, ICS, JPG or PNG file';
