// The trip as a PDF (docs/pages.md), made with PDFKit: the page's content on A4 in
// reading order: the header (logo, title, dates, countries, cover), the description, the days
// and their blocks, the trip-level blocks (price, payments, included/excluded), then the contact
// card on the first or the last page as `pdfContactPosition` says, and page numbers. The text is
// in PDFKit's built-in Helvetica, whose encoding (WinAnsi) has every accent of the six languages;
// a character outside it is written as its closest one (or left out), never as a wrong glyph.
// Images are the ones pdf-images.ts fetched (JPEG and PNG; pdfImageUrls says which): the logo and
// cover in the header, the gallery (the trip's images, then its slider) after the blocks, as the
// page shows them, and the contact's picture; any other is left out.
import PDFDocument from 'pdfkit';
import type { Formatter } from './format.ts';
import type { PageBlock, PageContact, PublicTripData } from './trip-page.query.ts';
import { tripView } from './trip-page.ts';
import type { Words } from './words.ts';

const MARGIN = 50;
const A4_WIDTH = 595.28;
const A4_HEIGHT = 841.89;
const TEXT = '#1d2127';
const MUTED = '#4a515b';

type Doc = PDFKit.PDFDocument;

interface Ctx {
  doc: Doc;
  words: Words;
  format: Formatter;
  accent: string;
}

/** Characters of the Windows-1252 code page that are not Latin-1 (WinAnsi's extra glyphs). */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
/** Text PDFKit's standard fonts can write: each other character as its base letter, or a stand-in. */
export function winAnsi(text: string): string {
  let out = '';
  for (const char of text.normalize('NFC')) {
    const code = char.codePointAt(0)!;
    if (
      (code >= 0x20 && code <= 0x7e) ||
      (code >= 0xa0 && code <= 0xff) ||
      WIN_ANSI_EXTRA.has(char)
    )
      out += char;
    else if (char === '\n' || char === '\t') out += char;
    else if (char === '→') out += '-';
    else if (char === '\u202f' || char === '\u2009') out += ' ';
    else {
      const base = char.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
      if (base !== char && [...base].every((c) => c.charCodeAt(0) < 0x100)) out += base;
    }
  }
  return out;
}

export function renderTripPdf(
  trip: PublicTripData,
  images: ReadonlyMap<string, Buffer>,
): Promise<Buffer> {
  const { configuration, settings, words, format } = tripView(trip);
  const accent = /^#[0-9a-f]{6}$/i.test(configuration?.theme.color ?? '')
    ? configuration!.theme.color!
    : '#1f5fa8';
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: winAnsi(trip.title), Creator: 'trips-service' },
    lang: settings.language,
    displayTitle: true,
  } as PDFKit.PDFDocumentOptions);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const ctx: Ctx = { doc, words, format, accent };
  const contactFirst = configuration?.theme.pdfContactPosition === 'firstPage';

  header(ctx, trip, images);
  if (contactFirst && configuration?.contact) contact(ctx, configuration.contact, images);
  if (settings.description) paragraph(ctx, settings.description);
  for (const block of configuration?.blocks ?? []) drawBlock(ctx, block, 0);
  gallery(ctx, galleryOf(trip), images);
  if (!contactFirst && configuration?.contact) contact(ctx, configuration.contact, images);
  pageNumbers(ctx);
  doc.end();
  return done;
}

/** Ours: a PDF shows at most this many gallery images (a page's gallery may hold many more). */
const GALLERY_IMAGES = 12;

/** The gallery as the page shows it: the trip's images, then its slider, each drawn whole or cropped. */
function galleryOf(trip: PublicTripData): Array<{ url: string; contain: boolean }> {
  const configuration = trip.configuration;
  return [
    ...(configuration?.images ?? []).map((image) => ({
      url: image.url,
      contain: image.display === 'contain',
    })),
    ...(configuration?.slider ?? []).map((url) => ({ url, contain: false })),
  ].slice(0, GALLERY_IMAGES);
}

const headerImagesOf = (trip: PublicTripData) => ({
  logo: trip.configuration?.theme.logo ?? trip.logo,
  cover:
    trip.configuration?.theme.headerImage === 'none'
      ? null
      : (trip.configuration?.cover[0]?.url ?? trip.imageUrl),
});

/** Every image the trip's PDF may show, for pdf-images.ts to fetch before renderTripPdf. */
export function pdfImageUrls(trip: PublicTripData): string[] {
  const { logo, cover } = headerImagesOf(trip);
  const picture = trip.configuration?.contact?.pictureUrl;
  return [logo, cover, picture, ...galleryOf(trip).map((image) => image.url)].filter(
    (url): url is string => typeof url === 'string' && url !== '',
  );
}

function header(ctx: Ctx, trip: PublicTripData, images: ReadonlyMap<string, Buffer>): void {
  const { doc, words, format } = ctx;
  const urls = headerImagesOf(trip);
  const logo = imageOf(images, urls.logo);
  const cover = imageOf(images, urls.cover);
  if (logo) drawImage(doc, logo, { fit: [160, 50] }, 55);
  doc.fillColor(ctx.accent).font('Helvetica-Bold').fontSize(24).text(winAnsi(trip.title));
  const start = format.date(trip.dateStart);
  const finish = format.date(trip.dateFinish);
  const facts = [
    start && finish && start !== finish ? `${start} – ${finish}` : start,
    trip.duration ? words.dayCount(trip.duration) : null,
    trip.countries.map((c) => format.country(c)).join(', ') || null,
  ].filter(Boolean);
  doc.moveDown(0.3).fillColor(MUTED).font('Helvetica').fontSize(11);
  if (facts.length) doc.text(winAnsi(facts.join('  ·  ')));
  if (cover) {
    doc.moveDown(0.5);
    drawImage(doc, cover, { fit: [A4_WIDTH - 2 * MARGIN, 220], align: 'center' }, 225);
  }
  doc.moveDown(0.8);
}

/** Draws an image at the cursor and moves below it; an image PDFKit cannot read is left out. */
function drawImage(doc: Doc, data: Buffer, options: PDFKit.Mixins.ImageOption, height: number) {
  try {
    const y = doc.y;
    doc.image(data, MARGIN, y, options);
    doc.y = y + height;
    doc.x = MARGIN;
  } catch {
    // not an image PDFKit reads (only JPEG and PNG): left out
  }
}

/** The gallery, two images a row at 4:3, each cropped to its cell or drawn whole ("contain"). */
function gallery(
  ctx: Ctx,
  shown: Array<{ url: string; contain: boolean }>,
  images: ReadonlyMap<string, Buffer>,
): void {
  const { doc } = ctx;
  const drawn = shown.flatMap(({ url, contain }) => {
    const data = images.get(url);
    return data ? [{ data, contain }] : [];
  });
  if (!drawn.length) return;
  heading(ctx, ctx.words.gallery, 0);
  const gap = 12;
  const width = (A4_WIDTH - 2 * MARGIN - gap) / 2;
  const height = (width * 3) / 4;
  for (const [i, { data, contain }] of drawn.entries()) {
    const column = i % 2;
    if (column === 0 && doc.y + height > A4_HEIGHT - MARGIN) doc.addPage();
    const x = MARGIN + column * (width + gap);
    const y = doc.y;
    try {
      doc.save().rect(x, y, width, height).clip();
      doc.image(data, x, y, {
        ...(contain ? { fit: [width, height] } : { cover: [width, height] }),
        align: 'center',
        valign: 'center',
      });
    } catch {
      // not an image PDFKit reads: its cell stays empty
    } finally {
      doc.restore();
    }
    if (column === 1 || i === drawn.length - 1) doc.y = y + height + gap;
    doc.x = MARGIN;
  }
}

function imageOf(images: ReadonlyMap<string, Buffer>, url: string | null | undefined) {
  return url ? images.get(url) : undefined;
}

function heading(ctx: Ctx, text: string, depth: number): void {
  const { doc } = ctx;
  const size = depth === 0 ? 16 : depth === 1 ? 13 : 12;
  if (doc.y > A4_HEIGHT - MARGIN - 80) doc.addPage();
  doc.moveDown(depth === 0 ? 0.8 : 0.5);
  doc
    .fillColor(depth <= 1 ? ctx.accent : TEXT)
    .font('Helvetica-Bold')
    .fontSize(size);
  doc.text(winAnsi(text));
  doc.moveDown(0.2);
}

function paragraph(ctx: Ctx, text: string, color = TEXT): void {
  ctx.doc.fillColor(color).font('Helvetica').fontSize(11).text(winAnsi(text), { paragraphGap: 4 });
}

function rows(ctx: Ctx, pairs: Array<[string, string | null | false | undefined]>): void {
  const { doc } = ctx;
  for (const [label, value] of pairs) {
    if (!value) continue;
    doc
      .font('Helvetica-Bold')
      .fontSize(11)
      .fillColor(TEXT)
      .text(`${winAnsi(label)}: `, { continued: true });
    doc.font('Helvetica').text(winAnsi(value));
  }
}

const str = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
const num = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

function dayShift(from: unknown, to: unknown): number | null {
  if (typeof from !== 'string' || typeof to !== 'string') return null;
  const days = (Date.parse(to.slice(0, 10)) - Date.parse(from.slice(0, 10))) / 86_400_000;
  return Number.isFinite(days) && days > 0 ? Math.round(days) : null;
}

const joined = (...parts: Array<string | null | undefined>) => parts.filter(Boolean).join(' ');
const at = (place: string | null, time: string | null) =>
  [place, time].filter(Boolean).join(' · ') || null;

const MODES = ['train', 'bus', 'ferry', 'cruise', 'transfer', 'carRental', 'car'] as const;
const PAYMENT_KINDS = ['deposit', 'balance', 'installment', 'payment'] as const;

/** The same blocks as the page (blocks.ts), as headings, rows and paragraphs. */
function drawBlock(ctx: Ctx, block: PageBlock, depth: number) {
  const { words, format } = ctx;
  const c = block.content;
  const children = () => {
    for (const child of block.children) drawBlock(ctx, child, depth + 1);
  };
  switch (block.type) {
    case 'itinerary':
      heading(ctx, str(c.title) ?? words.itinerary, depth);
      return children();
    case 'itineraryDay': {
      const n = num(c.day);
      heading(
        ctx,
        joined(n !== null ? `${words.day(n)} ·` : null, format.date(c.date), str(c.title)),
        1,
      );
      return children();
    }
    case 'group':
    case 'box':
    case 'dropdown':
      if (str(c.title)) heading(ctx, str(c.title)!, 2);
      return children();
    case 'flight': {
      heading(ctx, joined(words.flight, str(c.airline), str(c.flightNumber)), 2);
      const shift = dayShift(c.date, c.arrivalDate);
      const airport = (city: unknown, code: unknown) =>
        str(city) && str(code) ? `${str(city)} (${str(code)})` : (str(city) ?? str(code));
      return rows(ctx, [
        [words.dates, format.date(c.date)],
        [
          words.departure,
          at(airport(c.departureCity, c.departureAirport), format.time(c.departureTime)),
        ],
        [
          words.arrival,
          at(airport(c.arrivalCity, c.arrivalAirport), format.time(c.arrivalTime)) &&
            joined(
              at(airport(c.arrivalCity, c.arrivalAirport), format.time(c.arrivalTime)),
              shift ? `+${shift}` : null,
            ),
        ],
      ]);
    }
    case 'accommodation': {
      heading(ctx, joined(`${words.stay}:`, str(c.name)), 2);
      const nights = num(c.nights) ?? dayShift(c.checkIn, c.checkOut);
      const where = [str(c.city), str(c.address)].filter(Boolean).join(' · ');
      if (where) paragraph(ctx, where, MUTED);
      if (nights) paragraph(ctx, words.nightCount(nights), MUTED);
      return rows(ctx, [
        [words.checkIn, format.date(c.checkIn)],
        [words.checkOut, format.date(c.checkOut)],
      ]);
    }
    case 'activity': {
      heading(ctx, joined(format.time(c.time), str(c.title) ?? words.activity), 2);
      if (str(c.place)) paragraph(ctx, str(c.place)!, MUTED);
      if (str(c.description)) paragraph(ctx, str(c.description)!);
      return;
    }
    case 'transport': {
      const mode = MODES.find((m) => m === c.mode);
      const rental = mode === 'carRental';
      heading(ctx, joined(mode ? words[mode] : words.transport, str(c.operator), str(c.number)), 2);
      rows(ctx, [
        [rental ? words.pickUp : words.departure, at(str(c.from), format.time(c.time))],
        [
          rental ? words.dropOff : words.arrival,
          joined(at(str(c.to), format.time(c.arrivalTime)), format.date(c.arrivalDate)) || null,
        ],
      ]);
      if (str(c.description)) paragraph(ctx, str(c.description)!);
      return;
    }
    case 'text':
      if (str(c.title)) heading(ctx, str(c.title)!, 2);
      if (str(c.text)) paragraph(ctx, str(c.text)!);
      return;
    case 'price': {
      heading(ctx, str(c.title) ?? words.price, depth);
      const amount = format.money(c.amount, c.currency);
      if (amount) paragraph(ctx, joined(amount, c.per === 'person' ? words.perPerson : null));
      const travellers = num(c.travellers);
      rows(ctx, [
        [words.total, c.per === 'person' ? format.money(c.total, c.currency) : null],
        [words.seats, travellers ? words.travellerCount(travellers) : null],
      ]);
      if (str(c.text)) paragraph(ctx, str(c.text)!);
      return;
    }
    case 'payment': {
      const kind = PAYMENT_KINDS.find((k) => k === c.kind) ?? 'payment';
      heading(ctx, words[kind], depth);
      const due = format.date(c.dueDate);
      paragraph(ctx, joined(format.money(c.amount, c.currency), due ? words.due(due) : null));
      if (str(c.text)) paragraph(ctx, str(c.text)!);
      return;
    }
    case 'included':
    case 'excluded': {
      heading(
        ctx,
        str(c.title) ?? (block.type === 'included' ? words.included : words.excluded),
        depth,
      );
      const items = (Array.isArray(c.items) ? c.items : []).map(str).filter((i) => i !== null);
      if (items.length)
        ctx.doc.fillColor(TEXT).font('Helvetica').fontSize(11).list(items.map(winAnsi));
      return;
    }
    default: {
      const title = str(c.title) ?? str(c.name);
      if (title) heading(ctx, title, 2);
      const text = str(c.text) ?? str(c.description);
      if (text) paragraph(ctx, text);
      return children();
    }
  }
}

function contact(ctx: Ctx, card: PageContact, images: ReadonlyMap<string, Buffer>): void {
  const { doc, words } = ctx;
  heading(ctx, words.contact, 0);
  const picture = imageOf(images, card.pictureUrl);
  if (picture) drawImage(doc, picture, { fit: [60, 60] }, 66);
  const name =
    card.type === 'agent'
      ? (card.agentName ?? card.agencyName)
      : (card.agencyName ?? card.agentName);
  const other = name === card.agencyName ? card.agentName : card.agencyName;
  if (name) doc.fillColor(TEXT).font('Helvetica-Bold').fontSize(12).text(winAnsi(name));
  if (other) paragraph(ctx, other, MUTED);
  if (card.description) paragraph(ctx, card.description);
  rows(ctx, [
    [words.email, card.email],
    [words.phone, card.phoneNumber],
    [words.web, card.web],
    [words.address, card.address],
  ]);
}

/** "Page 2 / 5" at the foot of each page, written once every page exists. */
function pageNumbers(ctx: Ctx): void {
  const { doc, words } = ctx;
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0; // writing in the margin must not open a new page
    doc
      .fillColor(MUTED)
      .font('Helvetica')
      .fontSize(9)
      .text(winAnsi(`${words.page} ${i + 1} / ${count}`), MARGIN, A4_HEIGHT - 35, {
        width: A4_WIDTH - 2 * MARGIN,
        align: 'center',
        lineBreak: false,
      });
    doc.page.margins.bottom = bottom;
  }
}
