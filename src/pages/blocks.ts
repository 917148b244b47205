// Each block type drawn as what it is (docs/pages.md): containers (itinerary, days,
// groups, boxes, dropdowns) as sections with headings, flights with airline, number, airports,
// times and +1, stays with nights, check-in and check-out, transfers, trains, ferries, car rentals,
// activities with their times, text, prices, payments and included/excluded lists. The content of
// each type is what the AI import writes (src/imports/generate/draft.ts); a type we do not know
// shows its title and text when it has them. Hidden blocks never reach here (publicTrip drops them).
import type { Formatter } from './format.ts';
import { html, type Markup, safeUrl } from './html.ts';
import type { PageBlock } from './trip-page.query.ts';
import type { Words } from './words.ts';

export interface BlockContext {
  words: Words;
  format: Formatter;
}

type Content = Record<string, unknown>;
const str = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
const num = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

/** h2 to h6: a heading one level below its container's. */
function heading(level: number, content: Markup | string, id?: string): Markup {
  const h = Math.min(Math.max(level, 2), 6);
  const open = id ? html`<h${String(h)} id="${id}">` : html`<h${String(h)}>`;
  return html`${open}${content}</h${String(h)}>`;
}

/** The id an anchor uses: the block's own, kept to characters safe in a URL fragment. */
export const anchorOf = (block: PageBlock): string =>
  `b-${block.id.replace(/[^\w-]/g, '_').slice(0, 80)}`;

export function renderBlocks(blocks: PageBlock[], level: number, ctx: BlockContext): Markup {
  return html`${blocks.map((block) => renderBlock(block, level, ctx))}`;
}

function renderBlock(block: PageBlock, level: number, ctx: BlockContext): Markup {
  const c = block.content;
  switch (block.type) {
    case 'itinerary':
      return container(block, level, str(c.title) ?? ctx.words.itinerary, 'itinerary', ctx);
    case 'itineraryDay':
      return day(block, level, ctx);
    case 'group':
    case 'box':
      return container(block, level, str(c.title), block.type, ctx);
    case 'dropdown':
      return html`<details class="block dropdown" id="${anchorOf(block)}">
<summary>${str(c.title) ?? ctx.words.moreInfo}</summary>${renderBlocks(block.children, level + 1, ctx)}</details>`;
    case 'flight':
      return flight(block, level, ctx);
    case 'accommodation':
      return stay(block, level, ctx);
    case 'activity':
      return activity(block, level, ctx);
    case 'transport':
      return transport(block, level, ctx);
    case 'text':
      return article(
        block,
        'text',
        str(c.title) && heading(level, str(c.title)!),
        paragraphs(c.text),
      );
    case 'price':
      return price(block, level, ctx);
    case 'payment':
      return payment(block, level, ctx);
    case 'included':
    case 'excluded':
      return list(block, level, ctx);
    case 'image':
      return image(block);
    default:
      return generic(block, level, ctx);
  }
}

function article(
  block: PageBlock,
  kind: string,
  ...parts: Array<Markup | string | null | false>
): Markup {
  return html`<article class="block ${kind}" id="${anchorOf(block)}">${parts}</article>`;
}

function container(
  block: PageBlock,
  level: number,
  title: string | null,
  kind: string,
  ctx: BlockContext,
): Markup {
  const id = anchorOf(block);
  if (!title)
    return html`<div class="block ${kind}" id="${id}">${renderBlocks(block.children, level, ctx)}</div>`;
  return html`<section class="block ${kind}" aria-labelledby="${id}-h" id="${id}">${heading(level, title, `${id}-h`)}${renderBlocks(block.children, level + 1, ctx)}</section>`;
}

function day(block: PageBlock, level: number, ctx: BlockContext): Markup {
  const c = block.content;
  const id = anchorOf(block);
  const n = num(c.day);
  const date = ctx.format.date(c.date);
  const title = str(c.title);
  const label = html`${n !== null ? html`<span class="day-number">${ctx.words.day(n)}</span>` : ''}${date ? html` <time class="day-date" datetime="${String(c.date).slice(0, 10)}">${date}</time>` : ''}${title ? html` <span class="day-title">${title}</span>` : ''}`;
  return html`<section class="block day" aria-labelledby="${id}-h" id="${id}">${heading(level, label, `${id}-h`)}${renderBlocks(block.children, level + 1, ctx)}</section>`;
}

/** Days between two calendar days (`+1` for an overnight flight); null when not both dates. */
function dayShift(from: unknown, to: unknown): number | null {
  if (typeof from !== 'string' || typeof to !== 'string') return null;
  const a = Date.parse(`${from.slice(0, 10)}T00:00:00Z`);
  const b = Date.parse(`${to.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(a) || Number.isNaN(b) || b <= a) return null;
  return Math.round((b - a) / 86_400_000);
}

function plus(shift: number | null, ctx: BlockContext): Markup | string {
  if (!shift) return '';
  return html` <abbr class="plus-days" title="${ctx.words.nextDay(shift)}">+${String(shift)}</abbr>`;
}

/** A `<dl>` of the rows that have a value. */
function details(rows: Array<[string, Markup | string | null | false]>): Markup | string {
  const shown = rows.filter(([, value]) => value);
  if (!shown.length) return '';
  return html`<dl>${shown.map(([term, value]) => html`<div><dt>${term}</dt><dd>${value as Markup | string}</dd></div>`)}</dl>`;
}

function place(name: string | null, code: string | null, time: string | null): Markup | null {
  if (!name && !code && !time) return null;
  const where = name && code ? html`${name} (${code})` : html`${name ?? code ?? ''}`;
  return html`${where}${time ? html`${where.value ? ' · ' : ''}<time>${time}</time>` : ''}`;
}

function flight(block: PageBlock, level: number, ctx: BlockContext): Markup {
  const c = block.content;
  const { words, format } = ctx;
  const name = [str(c.airline), str(c.flightNumber)].filter(Boolean).join(' ');
  const from = str(c.departureAirport);
  const to = str(c.arrivalAirport);
  const route =
    from || to
      ? html`<p class="route">${from ?? '?'} <span aria-hidden="true">→</span><span class="visually-hidden">–</span> ${to ?? '?'}</p>`
      : '';
  return article(
    block,
    'flight',
    heading(level, html`<span class="kind">${words.flight}</span>${name ? html` ${name}` : ''}`),
    route || null,
    details([
      [words.dates, format.date(c.date)],
      [words.departure, place(str(c.departureCity), from, format.time(c.departureTime))],
      [
        words.arrival,
        place(str(c.arrivalCity), to, format.time(c.arrivalTime)) &&
          html`${place(str(c.arrivalCity), to, format.time(c.arrivalTime))}${plus(dayShift(c.date, c.arrivalDate), ctx)}`,
      ],
    ]),
  );
}

function stay(block: PageBlock, level: number, ctx: BlockContext): Markup {
  const c = block.content;
  const { words, format } = ctx;
  const nights = num(c.nights) ?? dayShift(c.checkIn, c.checkOut);
  const where = [str(c.city), str(c.address)].filter(Boolean).join(' · ');
  return article(
    block,
    'stay',
    heading(level, html`<span class="kind">${words.stay}</span> ${str(c.name) ?? ''}`),
    where ? html`<p class="place">${where}</p>` : null,
    nights ? html`<p class="nights">${words.nightCount(nights)}</p>` : null,
    details([
      [words.checkIn, format.date(c.checkIn)],
      [words.checkOut, format.date(c.checkOut)],
    ]),
  );
}

function activity(block: PageBlock, level: number, ctx: BlockContext): Markup {
  const c = block.content;
  const time = ctx.format.time(c.time);
  return article(
    block,
    'activity',
    heading(
      level,
      html`${time ? html`<time class="at">${time}</time> ` : ''}${str(c.title) ?? ctx.words.activity}`,
    ),
    str(c.place) ? html`<p class="place">${str(c.place)}</p>` : null,
    paragraphs(c.description),
  );
}

const MODES = ['train', 'bus', 'ferry', 'cruise', 'transfer', 'carRental', 'car'] as const;

function transport(block: PageBlock, level: number, ctx: BlockContext): Markup {
  const c = block.content;
  const { words, format } = ctx;
  const mode = MODES.find((m) => m === c.mode);
  const label = mode ? words[mode] : words.transport;
  const rental = mode === 'carRental';
  const name = [str(c.operator), str(c.number)].filter(Boolean).join(' ');
  const from = str(c.from);
  const to = str(c.to);
  const departure = place(from, null, format.time(c.time));
  const arrival = place(to, null, format.time(c.arrivalTime));
  return article(
    block,
    `transport ${mode ?? 'other'}`,
    heading(level, html`<span class="kind">${label}</span>${name ? html` ${name}` : ''}`),
    details([
      [rental ? words.pickUp : words.departure, departure],
      [
        rental ? words.dropOff : words.arrival,
        Boolean(arrival || c.arrivalDate) &&
          html`${arrival ?? ''}${format.date(c.arrivalDate) ? html` <span class="arrival-date">${format.date(c.arrivalDate)}</span>` : ''}`,
      ],
    ]),
    paragraphs(c.description),
  );
}

function price(block: PageBlock, level: number, ctx: BlockContext): Markup {
  const c = block.content;
  const { words, format } = ctx;
  const amount = format.money(c.amount, c.currency);
  const travellers = num(c.travellers);
  return article(
    block,
    'price',
    heading(level, str(c.title) ?? words.price),
    amount
      ? html`<p class="amount"><strong>${amount}</strong>${c.per === 'person' ? html` <span>${words.perPerson}</span>` : ''}</p>`
      : null,
    details([
      [words.total, c.per === 'person' ? format.money(c.total, c.currency) : null],
      [words.seats, travellers ? words.travellerCount(travellers) : null],
    ]),
    paragraphs(c.text),
  );
}

const PAYMENT_KINDS = ['deposit', 'balance', 'installment', 'payment'] as const;

function payment(block: PageBlock, level: number, ctx: BlockContext): Markup {
  const c = block.content;
  const { words, format } = ctx;
  const kind = PAYMENT_KINDS.find((k) => k === c.kind) ?? 'payment';
  const due = format.date(c.dueDate);
  return article(
    block,
    'payment',
    heading(level, words[kind]),
    html`<p class="amount"><strong>${format.money(c.amount, c.currency) ?? ''}</strong>${due ? html` <span>${words.due(due)}</span>` : ''}</p>`,
    paragraphs(c.text),
  );
}

function list(block: PageBlock, level: number, ctx: BlockContext): Markup {
  const c = block.content;
  const items = (Array.isArray(c.items) ? c.items : []).map(str).filter((i) => i !== null);
  const title =
    str(c.title) ?? (block.type === 'included' ? ctx.words.included : ctx.words.excluded);
  return article(
    block,
    block.type,
    heading(level, title),
    items.length ? html`<ul>${items.map((item) => html`<li>${item}</li>`)}</ul>` : null,
    paragraphs(c.text),
  );
}

function image(block: PageBlock): Markup {
  const c: Content = block.content;
  const src = safeUrl(c.url ?? c.src);
  if (!src) return html``;
  const caption = str(c.caption) ?? str(c.title);
  return html`<figure class="block image" id="${anchorOf(block)}"><img src="${src}" alt="${caption ?? ''}" loading="lazy" decoding="async">${caption ? html`<figcaption>${caption}</figcaption>` : ''}</figure>`;
}

function generic(block: PageBlock, level: number, ctx: BlockContext): Markup {
  const c = block.content;
  const title = str(c.title) ?? str(c.name);
  const body = paragraphs(c.text ?? c.description);
  const children = block.children.length ? renderBlocks(block.children, level + 1, ctx) : null;
  if (!title && !body && !children) return html``;
  return article(block, 'other', title && heading(level, title), body, children);
}

/** Text as paragraphs: a blank line starts a new one, a line break stays one. */
function paragraphs(value: unknown): Markup | null {
  const text = str(value);
  if (!text) return null;
  return html`${text.split(/\n\s*\n/).map((p) => html`<p>${p.split('\n').map((line, i) => html`${i ? html`<br>` : ''}${line}`)}</p>`)}`;
}

/** Every itineraryDay in the tree, in order: the page's navigation. */
export function daysOf(blocks: PageBlock[]): PageBlock[] {
  return blocks.flatMap((b) => (b.type === 'itineraryDay' ? [b] : daysOf(b.children)));
}
