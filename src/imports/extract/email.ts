// A MIME email (.eml) with postal-mime: its subject, sender and date, its best body (text/plain,
// else the HTML's visible text; schema.org markup in the HTML is read either way), and its
// attachments (PDF, Word, images, calendars, HTML, forwarded emails) read as documents of their own by
// the caller's reader: a tree of parts, as KDE's kitinerary builds one.
import PostalMime from 'postal-mime';
import { readHtml } from './html.ts';
import type { StructuredItem } from './structured.ts';

export interface EmailPart {
  filename: string;
  bytes: Uint8Array;
}

export interface EmailContent {
  subject: string | null;
  /** Header lines and body, for the free-text reader. */
  text: string;
  items: StructuredItem[];
  attachments: EmailPart[];
}

const MAX_ATTACHMENTS = 8;
const READABLE =
  /^(?:application\/pdf|application\/vnd\.openxmlformats-officedocument\.wordprocessingml\.document|image\/(?:png|jpe?g)|text\/(?:calendar|html|plain)|application\/(?:ics|octet-stream)|message\/rfc822)$/i;

export async function readEmail(bytes: Uint8Array): Promise<EmailContent> {
  const email = await PostalMime.parse(bytes, {
    attachmentEncoding: 'arraybuffer',
    forceRfc822Attachments: true,
    maxNestingDepth: 20,
  });
  const items: StructuredItem[] = [];
  let body = (email.text ?? '').trim();
  if (email.html) {
    const html = readHtml(email.html);
    items.push(...html.items.map((data) => ({ kind: 'schema.org' as const, data })));
    // Some senders put a stub in text/plain ("view this email in a browser"): the HTML says more.
    if (body.length < 200 && html.text.length > body.length * 2) body = html.text;
  }
  const from =
    email.from && 'address' in email.from
      ? [email.from.name, email.from.address && `<${email.from.address}>`].filter(Boolean).join(' ')
      : null;
  const headers = [
    email.subject ? `Subject: ${email.subject}` : null,
    from ? `From: ${from}` : null,
    email.date ? `Date: ${email.date}` : null,
  ].filter(Boolean);
  const attachments = email.attachments
    .filter(
      (a) =>
        READABLE.test(a.mimeType) ||
        /\.(?:pdf|docx|png|jpe?g|ics|html?|eml)$/i.test(a.filename ?? ''),
    )
    // Inline images of the HTML layout (logos, spacers) are not documents.
    .filter(
      (a) =>
        !(
          a.related &&
          /^image\//i.test(a.mimeType) &&
          a.content instanceof ArrayBuffer &&
          a.content.byteLength < 20_000
        ),
    )
    .slice(0, MAX_ATTACHMENTS)
    .map((a) => ({
      filename: a.filename ?? a.mimeType.replace('/', '.'),
      bytes: toBytes(a.content),
    }));
  return {
    subject: email.subject?.trim() || null,
    text: [...headers, '', body].join('\n').trim(),
    items,
    attachments,
  };
}

function toBytes(content: ArrayBuffer | Uint8Array | string): Uint8Array {
  if (typeof content === 'string') return new Uint8Array(Buffer.from(content, 'utf8'));
  return content instanceof Uint8Array ? content : new Uint8Array(content);
}
