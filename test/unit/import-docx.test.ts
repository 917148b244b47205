// Word documents (.docx) in the import: told by content (a ZIP whose main part is
// word/document.xml and whose content types say wordprocessingml), converted by mammoth to HTML
// and read as HTML is (headings and list items on lines of their own, a table row a line with its
// cells apart), images left out, credits counted as text, and a zip bomb refused before unpacking.
import { afterAll, describe, expect, it } from 'vitest';
import { detectMediaType, DOCX } from '../../src/imports/document.ts';
import { stopDocx } from '../../src/imports/extract/docx.ts';
import { extractText } from '../../src/imports/extract/extract-text.ts';
import { zipEntries } from '../../src/imports/extract/zip.ts';
import { ImportFailure } from '../../src/imports/pipeline.errors.ts';
import { readDocument } from '../../src/imports/stages.ts';
import { miniDocx, type DocxBlock } from '../helpers/mini-docx.ts';

afterAll(() => stopDocx());

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
const ITINERARY: DocxBlock[] = [
  { heading: 'Rome & Florence in May' },
  { paragraph: 'Five days, 8 to 12 May 2026, for Anna Rossi.' },
  { image: PNG, alt: 'Map of the tour' },
  { heading: 'Programme', level: 2 },
  {
    table: [
      ['Day', 'Date', 'Place', 'Programme'],
      ['1', '8 May 2026', 'Rome', 'Arrival, check-in at Hotel Artemide'],
      ['2', '9 May 2026', 'Rome', 'Vatican Museums and St Peter'],
    ],
  },
  { heading: 'Included', level: 2 },
  { bullets: ['Flights from London', 'Breakfast every day'] },
];

describe('a Word document told by content', () => {
  it('is a ZIP with word/document.xml that its content types call a wordprocessingml document', async () => {
    expect(detectMediaType(await miniDocx(ITINERARY))).toBe(DOCX);
    const template =
      'application/vnd.openxmlformats-officedocument.wordprocessingml.template.main+xml';
    expect(detectMediaType(await miniDocx([], { mainContentType: template }))).toBe(DOCX);
  });

  it('is not any other ZIP, nor a damaged one, whatever it is called', async () => {
    // A spreadsheet: its content types say spreadsheetml (and a workbook holds no word/document.xml).
    const sheet = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml';
    expect(detectMediaType(await miniDocx([], { mainContentType: sheet }))).toBeUndefined();
    const archive = await miniDocx([]);
    const renamed = Buffer.from(archive)
      .toString('latin1')
      .replaceAll('word/document.xml', 'word/documenx.xml');
    expect(detectMediaType(Buffer.from(renamed, 'latin1'))).toBeUndefined();
    expect(detectMediaType(archive.subarray(0, archive.length - 30))).toBeUndefined();
    expect(detectMediaType(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00]))).toBeUndefined();
    expect(zipEntries(Buffer.from('Day 1: Rome'))).toBeUndefined();
  });
});

describe('reading a Word document', () => {
  it('keeps its structure: headings and list items as lines, a table row a line with cells apart; images left out', async () => {
    const { extracted, message } = await readDocument(await miniDocx(ITINERARY), DOCX);
    expect(extracted.text.split('\n')).toEqual([
      'Rome & Florence in May',
      'Five days, 8 to 12 May 2026, for Anna Rossi.',
      'Programme',
      'Day | Date | Place | Programme',
      '1 | 8 May 2026 | Rome | Arrival, check-in at Hotel Artemide',
      '2 | 9 May 2026 | Rome | Vatican Museums and St Peter',
      'Included',
      'Flights from London',
      'Breakfast every day',
    ]);
    expect(extracted.text).not.toMatch(/Map of the tour/);
    expect(message).toMatch(/^Read 1 page of DOCX \(\d+ characters\)\.$/);
  });

  it('costs credits as a text does: one per started 3,000 characters of its text (a document without pages)', async () => {
    const line = 'Day 1: arrival in Rome, check-in at Hotel Artemide, dinner in Trastevere.'; // 73 characters
    const long = await miniDocx(Array.from({ length: 100 }, () => ({ paragraph: line })));
    const extracted = await extractText(long, DOCX);
    expect(extracted.text.length).toBe(100 * 73 + 99);
    expect(extracted).toMatchObject({ credits: 3, pages: 1 });
    expect(await extractText(await miniDocx(ITINERARY), DOCX)).toMatchObject({ credits: 1 });
  });

  it('refuses a document whose text and markup unpack to more than 2 MB, before unpacking it, even when its directory lies', async () => {
    const paragraph = '<w:p><w:r><w:t>Day 1 Rome</w:t></w:r></w:p>'.repeat(60_000); // 2.6 MB
    const big = await miniDocx([], {
      documentXml: `<w:document><w:body>${paragraph}</w:body></w:document>`,
    });
    expect(big.length).toBeLessThan(50_000);
    const started = performance.now();
    await expect(readDocument(big, DOCX)).rejects.toThrow(/more than 2 MB unpacked/);
    // The central directory says every part is 100 bytes.
    await expect(readDocument(lyingSizes(big), DOCX)).rejects.toThrow(/more than 2 MB unpacked/);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('does not count images against that bound: they are not unpacked', async () => {
    const photo = new Uint8Array(3 * 1024 * 1024).map((_, i) => (i * 7919) % 251);
    const docx = await miniDocx([...ITINERARY, { image: photo, alt: 'Hotel' }]);
    const { extracted } = await readDocument(docx, DOCX);
    expect(extracted.text).toMatch(/^Rome & Florence in May\n/);
  });

  it('fails with a message, not a crash, on a damaged document; the next document is read', async () => {
    const damaged = await miniDocx([], { documentXml: '<w:document><w:body><w:p>' });
    const failure = await readDocument(damaged, DOCX).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ImportFailure);
    expect((failure as Error).message).toMatch(/^The Word document could not be read \(/);
    const { extracted } = await readDocument(await miniDocx(ITINERARY), DOCX);
    expect(extracted.text).toMatch(/^Rome & Florence in May/);
  });

  it('stops when its import is cancelled', async () => {
    const controller = new AbortController();
    const reading = extractText(await miniDocx(ITINERARY), DOCX, controller.signal);
    controller.abort(new Error('cancelled'));
    await expect(reading).rejects.toThrow('cancelled');
  });

  it('is read as an attachment of an email, as a document of its own', async () => {
    const attachment = (await miniDocx(ITINERARY)).toString('base64').replace(/.{76}/g, '$&\r\n');
    const eml = [
      'From: Sunway Travel <trips@sunway.example>',
      'To: anna@example.com',
      'Subject: Your programme',
      'MIME-Version: 1.0',
      'Content-Type: multipart/mixed; boundary="b1"',
      '',
      '--b1',
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Dear Anna, your programme is attached.',
      '--b1',
      `Content-Type: ${DOCX}; name="programme.docx"`,
      'Content-Transfer-Encoding: base64',
      'Content-Disposition: attachment; filename="programme.docx"',
      '',
      attachment,
      '--b1--',
      '',
    ].join('\r\n');
    const extracted = await extractText(Buffer.from(eml), 'message/rfc822');
    expect(extracted.text).toMatch(
      /1 \| 8 May 2026 \| Rome \| Arrival, check-in at Hotel Artemide/,
    );
    expect(extracted.notes).toContain('Attachment programme.docx: DOCX.');
  });
});

/** The same ZIP with every central-directory entry declaring 100 bytes unpacked. */
function lyingSizes(zip: Buffer): Buffer {
  const out = Buffer.from(zip);
  const count = zipEntries(out)!.length;
  let at = out.readUInt32LE(out.length - 22 + 16);
  for (let i = 0; i < count; i++) {
    out.writeUInt32LE(100, at + 24);
    at += 46 + out.readUInt16LE(at + 28) + out.readUInt16LE(at + 30) + out.readUInt16LE(at + 32);
  }
  return out;
}
