// What a document is, by its content rather than its name (decisions "AI trip import"): PDF, JPG,
// PNG, or text (UTF-8 without control bytes). Anything else is `unsupported_format`.
export type MediaType = 'application/pdf' | 'image/jpeg' | 'image/png' | 'text/plain';

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) => signature.every((b, i) => bytes[offset + i] === b);

export function detectMediaType(bytes: Uint8Array): MediaType | undefined {
  // PDF readers accept a header within the first 1024 bytes (some generators prepend junk).
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1');
  if (head.includes('%PDF-')) return 'application/pdf';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (looksLikeText(bytes)) return 'text/plain';
  return undefined;
}

/** Valid UTF-8 (BOM allowed) with no control bytes but tab, newline, carriage return and form feed; not HTML. */
function looksLikeText(bytes: Uint8Array): boolean {
  if (bytes.byteLength === 0) return false;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return false;
  }
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(text)) return false;
  // A web page is not an itinerary document we read (the caller sent the wrong URL).
  return !/^\s*(<!doctype html|<html[\s>])/i.test(text.slice(0, 512));
}

export function decodeText(bytes: Uint8Array): string {
  return new TextDecoder('utf-8').decode(bytes).replace(/^\uFEFF/, '');
}

export const FORMAT_NAMES: Record<MediaType, string> = {
  'application/pdf': 'PDF',
  'image/jpeg': 'JPG',
  'image/png': 'PNG',
  'text/plain': 'TXT',
};
