// Accommodations of a confirmation or voucher (a document without days): the hotel's name, then
// the lines that detail it (check-in and check-out, nights, address, booking number), made
// consistent: two of check-in, check-out and nights give the third.
import type { DraftBlockInput } from '../draft.ts';
import { addDays, daysBetween, findRanges, scanDates, type IsoDate } from './finders/dates.ts';
import { cityIn } from './blocks.ts';
import { hotelName } from './finders/hotel-names.ts';
import { city } from './places.ts';
import {
  ACCOMMODATION_LABEL,
  HOTEL_WORDS,
  NIGHT_COUNT,
  nightsCounted,
} from './knowledge/stay-words.ts';
import { fold } from './text.ts';
import { DAY_HEADER } from './knowledge/day-words.ts';

export type StayBlock = Extract<DraftBlockInput, { type: 'accommodation' }>;

const NIGHT_OF =
  /\b(?:the night of|night of the|la noche del?|la nuit du|la nuit de|a noite de|na noite de|die nacht vom|in der nacht vom|la notte del?|per la notte del?)\b/;
const IN_LABEL =
  /^(?:check-?in|arrival|arrival date|llegada|entrada|fecha de entrada|arrivee|date d'arrivee|chegada|data de chegada|data de entrada|anreise|anreisedatum|arrivo|data di arrivo)\b/;
const OUT_LABEL =
  /^(?:check-?out|departure|departure date|salida|fecha de salida|depart|date de depart|saida|data de saida|abreise|abreisedatum|partenza|data di partenza)\b/;
const ADDRESS =
  /^(?:address|direccion|adresse|endereco|morada|anschrift|indirizzo)\s*[:-]\s*(.+)$/i;
const REFERENCE =
  /\b(?:confirmation (?:number|no\.?|code)|booking (?:number|no\.?|reference|id)|reservation (?:number|no\.?)|n[º°o]\.? de reserva|numero de reserva|localizador|numero de (?:confirmation|reservation)|n[º°o] de confirmation|numero da reserva|codigo (?:de|da) reserva|buchungsnummer|buchungsnr\.?|buchungs-nr\.?|reservierungsnummer|reservierungsnr\.?|bestatigungsnummer|bestatigungsnr\.?|numero di prenotazione|codice (?:di )?prenotazione|numero di conferma|confirmacao do hotel|hotel confirmation(?: number)?|confirmation de l'hotel|confirmacion del hotel|(?:reservation|reserva|reservierung|prenotazione|booking)\s*(?:n[º°o.]*|nr\.?|no\.?))(?![a-z])\s*(?:(?:is|es|est|e|ist|lautet)\s+)?[:#]?\s*([A-Z0-9][A-Z0-9-]{3,14})\b/i;

/** A labelled confirmation number; a word after the label ("Confirmation de réservation") is none. */
function referenceIn(text: string): RegExpExecArray | null {
  const folded = fold(text);
  for (const m of folded.matchAll(new RegExp(REFERENCE.source, 'gi')))
    if (/\d/.test(m[1]!)) return m;
  return null;
}

function isAnchor(line: string): string | undefined {
  const folded = fold(line);
  if (line.length > 220) return undefined;
  const labelled =
    ACCOMMODATION_LABEL.test(folded) ||
    /^(?:hotel|hôtel|hostal|pousada|parador|riad|albergo|resort|b&b|agriturismo|masseria|quinta|palazzo|relais)\b/i.test(
      line,
    );
  // "We confirm your booking at Hotel Casa Vidriera, ...": a hotel's name in a sentence of the confirmation.
  const named =
    HOTEL_WORDS.test(folded) &&
    /\b(?:reserv|book|confirm|prenot|buchung|stay|sejour|estancia|estadia|soggiorno|aufenthalt|transfer|traslado|transfert|trasferimento)/.test(
      folded,
    );
  // "In Porto: Ribeira Guesthouse, 19.04. bis 22.04., 3 Nächte": a short line naming a hotel, its dates' dots are no sentence.
  const short =
    HOTEL_WORDS.test(folded) &&
    line.length <= 100 &&
    !/[.!?]\s/.test(line.replace(/\b\d{1,2}\.(?:\d{1,2}\.)?(?:\d{2,4})?/g, ''));
  // "Hoi An: Tra Que Garden Villa, 9th-13th = 4 nts, bikes free. pool!": a hotel with its nights.
  const counted = HOTEL_WORDS.test(folded) && NIGHT_COUNT.test(folded) && line.length <= 160;
  if (!(labelled || named || short || counted)) return undefined;
  return hotelName(line);
}

// "Hotels:", "Hotel previsti:", "Hôtels prévus ou similaires :", "Vorgesehene Hotels:": a list of the trip's stays follows (or is on the same line).
const HOTELS_HEADING =
  /^(?:(?:the |los |les |os |die |gli |i )?(?:(?:planned|selected|foreseen|vorgesehene|geplante)\s+)?(?:hotels?|hoteles|hoteis|hebergements?|unterkunfte|ubernachtungen|alberghi|alloggi|alojamientos?|accommodations?|hospedagens?|alojamentos?|pernottamenti)(?:\s+(?:previst[ioae]s?|prevus|planned|selected|foreseen|selectionnes|seleccionados|selezionati|vorgesehen|geplant|(?:o|ou|or|oder) (?:similares?|similaires?|similar|similari|ahnlich)|\(?(?:o|ou|or|oder) (?:similares?|similaires?|similar|similari|ahnlich)\)?))*)\s*:\s*(.*)$/;

// "Noites 1–2: …", "Nights 3 & 4: …", "Nuit 5 : …", "Notti 1-2 – …", "nights 1-2 Amman, …": the nights of the trip a listed stay covers.
const NIGHT_NUMBERS =
  /^(?:nights?|noches?|nuits?|noites?|nachte?|notti|notte|ubernachtung(?:en)?)\s+(\d{1,2})(?:\s*(?:[–—-]|&|\+|and|y|et|e|und|a|au|bis|to|al)\s*(\d{1,2}))?(?:\s*[:–—-]\s*|\s+)(.+)$/;

/** A stay of a list of the trip's hotels, by its nights (counted from the first night) rather than its dates. */
export interface ListedStay {
  name: string;
  city: string | null;
  /** The town the list names it under, known or not ("Wadi Rum"). */
  town: string | null;
  nights: number | null;
  /** The first night's number ("Noites 3–4" → 3), when the list numbers them. */
  firstNight: number | null;
}

/** One item of a hotels list: "Amman – Jabal Amman Suites (2 notti)", "Hotel X, Petra (2 nights)", "Noites 1–2: Casablanca, Hotel Y". */
export function listedStayItem(item: string, listed = false): ListedStay | undefined {
  const text = item.trim().replace(/^[-•*·–]\s*/, '');
  if (text.length < 3 || text.length > 160) return undefined;
  const numbered = NIGHT_NUMBERS.exec(fold(text));
  let body = text;
  let firstNight: number | null = null;
  let nights: number | null = null;
  if (numbered) {
    firstNight = Number(numbered[1]);
    const last = numbered[2] ? Number(numbered[2]) : firstNight;
    nights = last >= firstNight ? last - firstNight + 1 : null;
    body = text.slice(text.length - numbered[3]!.length);
  }
  const stated = NIGHT_COUNT.exec(fold(body));
  // Without its nights, an item is one only under a hotels heading, as "Town – Hotel" or "Hotel X, Town".
  if (!numbered && !stated && !(listed && /\s[–—-]\s|,\s|:\s/.test(body) && !/[\d€$£]/.test(body)))
    return undefined;
  if (DAY_HEADER.test(fold(body))) return undefined; // "Día 1: Lima" is a day, not a stay
  nights ??= stated ? nightsCounted(stated) : null;
  const bare = body
    .replace(/\s*\([^)]*\)/g, '')
    .replace(
      /[,\s]+\d{1,2}\s*(?:nights?|noches?|nuits?|noites?|nachte|nacht|notti|notte)\b.*$/iu,
      '',
    )
    .trim();
  const parts = bare
    .split(/\s+[–—-]\s+|,\s+|:\s+|\s+\|\s+/)
    .map((p) => p.trim())
    .filter(Boolean);
  // The town is the part a gazetteer knows (or the shorter one before a dash); the hotel the other.
  const townAt = parts.findIndex((p) => city(p));
  const named = hotelName(bare);
  const name =
    named && !city(named)
      ? named
      : parts.find((p, i) => i !== townAt && /^\p{Lu}/u.test(p) && p.length >= 3);
  if (!name) return undefined;
  const town =
    townAt >= 0 ? parts[townAt]! : parts.length >= 2 && parts[0] !== name ? parts[0]! : null;
  return {
    name: name.slice(0, 120),
    // A town the gazetteer does not know ("Wadi Rum") places the stay among the days, but is not its city.
    city: town && town !== name && city(town) ? town : null,
    town: town && town !== name ? town : null,
    nights,
    firstNight,
  };
}

/**
 * A list of the trip's hotels apart from its days ("Hotel previsti: Amman – X (2 notti); Petra – Y (2 notti)",
 * "Noites 1–2: Casablanca, Hotel Z"): its stays in order, and the lines it takes.
 */
export function readHotelList(lines: readonly string[]): {
  stays: ListedStay[];
  used: Set<number>;
} {
  const stays: ListedStay[] = [];
  const used = new Set<number>();
  let listed = false;
  lines.forEach((line, i) => {
    const folded = fold(line).trim();
    const heading = HOTELS_HEADING.exec(folded);
    let rest = line.trim();
    // A heading with its items on the same line lists them between semicolons ("Hotel: X" alone is a day's hotel).
    if (heading && !heading[1]) {
      listed = true;
      used.add(i);
      return;
    }
    if (heading && heading[1]!.includes(';')) {
      listed = true;
      rest = line.slice(line.indexOf(':') + 1).trim();
    }
    const items = rest.split(/\s*;\s*/).filter(Boolean);
    const read = items.map((item) =>
      listed || NIGHT_NUMBERS.test(fold(item.trim())) ? listedStayItem(item, listed) : undefined,
    );
    const found = read.filter((s): s is ListedStay => Boolean(s));
    if (!found.length || (items.length > 1 && found.length < items.length / 2)) {
      if (!heading) listed = false;
      return;
    }
    stays.push(...found);
    used.add(i);
  });
  return { stays, used };
}

/** An item of a hotels list: "Casa Maya Tulum, 27–30 dic (3 noches)" names the stay before its dates. */
function listedStay(line: string): string | undefined {
  const folded = fold(line);
  if (!/^\p{Lu}/u.test(line) || line.length > 160) return undefined;
  if (!findRanges(folded, new Date()).length && !NIGHT_COUNT.test(folded)) return undefined;
  const name = line
    .split(/,\s|\s\(|\s[-–—]\s|:\s|\s\d/)[0]!
    .replace(/\s+(?:en|in|a|à|em|im|di)\s+\p{Lu}[\p{L}'’-]+(?:\s\p{Lu}[\p{L}'’-]+)?$/u, '')
    .trim();
  return name.length >= 3 && !city(name) ? name.slice(0, 120) : undefined;
}

// A check-in or check-out label inside a line, after a separator ("… · Check-in 16.11.2026 · Check-out …").
const LABEL_ALONG = new RegExp(
  String.raw`(?:^|[·|•;,/(]\s*|\s-\s+|\d\.?\s+|\s{2,})(?:(${IN_LABEL.source.slice(1)})|(${OUT_LABEL.source.slice(1)}))\s*:?`,
  'g',
);

/** The dates after the check-in and check-out labels of one line, each up to the next label. */
export function labelledDates(
  line: string,
  now: Date,
  anchor: IsoDate | null,
): { checkIn: IsoDate | null; checkOut: IsoDate | null } {
  const folded = fold(line);
  const labels = [...folded.matchAll(LABEL_ALONG)].map((m) => ({
    out: Boolean(m[2]),
    from: m.index + m[0].length,
    at: m.index,
  }));
  const found: { checkIn: IsoDate | null; checkOut: IsoDate | null } = {
    checkIn: null,
    checkOut: null,
  };
  // Both labels on the line, or one that is not the line's own opening (the line-by-line reading takes that).
  if (!labels.length || (labels.length === 1 && labels[0]!.at === 0)) return found;
  labels.forEach((label, k) => {
    const piece = line.slice(label.from, labels[k + 1]?.at ?? line.length);
    const date = scanDates(piece, now, anchor)[0]?.date ?? null;
    if (label.out) found.checkOut ??= date;
    else found.checkIn ??= date;
  });
  return found;
}

const STRICT_IN =
  /^(?:check-?in|anreise|anreisedatum|arrivo|data di arrivo|arrivee|date d'arrivee|llegada|entrada|fecha de (?:entrada|llegada)|chegada|data de (?:entrada|chegada)|arrival date)\b/;
const STRICT_OUT =
  /^(?:check-?out|abreise|abreisedatum|partenza|data di partenza|depart|date de depart|salida|fecha de salida|saida|data de saida|departure date)\b/;
const POSTAL_LINE = /\b\d{4,5}(?:-\d{3})?\s+\p{Lu}|\b[A-Z]{1,2}\d[\dA-Z]?\s?\d[A-Z]{2}\b/u;

/**
 * A hotel's own confirmation names itself in its letterhead, with no hotel word ("Grand Harbour
 * Lisbon" over "Rua do Alecrim 44, 1200-018 Lisboa"): the line above the postal address, when the
 * document labels a check-in and a later check-out.
 */
function letterheadStay(
  lines: readonly string[],
  now: Date,
  anchor: IsoDate | null,
  skip: ReadonlySet<number>,
): { line: number; name: string; end: number } | undefined {
  const dated = (i: number, label: RegExp) =>
    !skip.has(i) && label.test(fold(lines[i]!).trim())
      ? scanDates(lines[i]!, now, anchor)[0]?.date
      : undefined;
  const inAt = lines.findIndex((_l, i) => dated(i, STRICT_IN));
  if (inAt < 0) return undefined;
  const outAt = lines.findIndex((_l, i) => i > inAt && i <= inAt + 6 && dated(i, STRICT_OUT));
  if (outAt < 0 || dated(outAt, STRICT_OUT)! <= dated(inAt, STRICT_IN)!) return undefined;
  for (let i = inAt - 1; i >= Math.max(1, inAt - 25); i--) {
    if (!POSTAL_LINE.test(lines[i]!)) continue;
    const name = lines[i - 1]!.trim();
    if (
      name.length >= 3 &&
      name.length <= 60 &&
      !/[\d:@]|[.!?]$/.test(name) &&
      name
        .split(/\s+/)
        .every(
          (w) => /^[\p{Lu}&'’–-]/u.test(w) || /^(?:de|del|da|do|di|la|le|el|the|of|am|an)$/.test(w),
        )
    )
      return {
        line: i - 1,
        name: /^\p{Lu}[\p{Lu}\s&'’-]+$/u.test(name) ? titleCase(name) : name,
        end: outAt + 1,
      };
  }
  return undefined;
}

const titleCase = (s: string) =>
  s.toLowerCase().replace(/(^|\s)(\p{L})/gu, (_m, a, b) => a + b.toUpperCase());

export function readStays(
  lines: readonly string[],
  now: Date,
  anchor: IsoDate | null,
  skip: ReadonlySet<number> = new Set(),
): Array<{ block: StayBlock; line: number; used: number[] }> {
  const anchors: Array<{ line: number; name: string; item?: boolean; end?: number }> = [];
  let listed = false;
  lines.forEach((line, i) => {
    if (skip.has(i)) return;
    // Under a "Hotels:" heading, each item with its dates or nights is a stay, named or not by a hotel word.
    if (HOTELS_HEADING.exec(fold(line).trim())?.[1] === '') {
      listed = true;
      return;
    }
    const item = listed ? listedStay(line) : undefined;
    if (listed && !item) listed = false;
    const name = item ?? isAnchor(line);
    // The same hotel named again a few lines below (a heading, then its row): one anchor, the fuller name.
    const again = anchors.find((a) => {
      const [x, y] = [fold(a.name), fold(name ?? '')];
      return i - a.line <= 3 && (x === y || x.startsWith(y) || y.startsWith(x));
    });
    if (name && again && name.length > again.name.length) again.name = name;
    else if (name && !again) anchors.push({ line: i, name, item: Boolean(item) });
  });
  if (!anchors.length) {
    const letterhead = letterheadStay(lines, now, anchor, skip);
    if (letterhead) anchors.push(letterhead);
  }
  const stays: Array<{ block: StayBlock; line: number; used: number[] }> = [];
  anchors.forEach((a, k) => {
    // A list item is all its stay says; another anchor's details run on for up to ten lines.
    const end =
      a.end ?? (a.item ? a.line + 1 : Math.min(anchors[k + 1]?.line ?? lines.length, a.line + 10));
    const window = lines.slice(a.line, end).filter((_, j) => !skip.has(a.line + j));
    const text = window.join('\n');
    let checkIn: IsoDate | null = null;
    let checkOut: IsoDate | null = null;
    let address: string | null = null;
    const used = [a.line];
    // A row of labels over a row of values ("Checkin | Checkout | Aufenthalt" over "Fr., 4. Dez. 2026 | Mo., 7. Dez. 2026 | 3 Nächte"): each date under its label.
    window.forEach((line, j) => {
      const labels = line.split(/\s+\|\s+/).map((c) => fold(c).trim());
      const inAt = labels.findIndex((c) => IN_LABEL.test(c));
      const outAt = labels.findIndex((c) => OUT_LABEL.test(c));
      if (labels.length < 2 || inAt < 0 || outAt < 0) return;
      for (const below of window.slice(j + 1, j + 3)) {
        const cells = below.split(/\s+\|\s+/);
        const checkInCell = scanDates(cells[inAt] ?? '', now, anchor)[0]?.date;
        const checkOutCell = scanDates(cells[outAt] ?? '', now, anchor)[0]?.date;
        if (!checkInCell || !checkOutCell) continue;
        checkIn ??= checkInCell;
        checkOut ??= checkOutCell;
        used.push(a.line + j);
        break;
      }
    });
    window.forEach((line, j) => {
      const folded = fold(line).trim();
      const date = scanDates(line, now, anchor)[0]?.date;
      // "Hotel: Cavour Business, Milano · Check-in 16.11.2026 · Check-out 18.11.2026": labels along the line.
      const along = labelledDates(line, now, anchor);
      if (along.checkIn || along.checkOut) {
        checkIn ??= along.checkIn;
        checkOut ??= along.checkOut;
        used.push(a.line + j);
      } else if (date && IN_LABEL.test(folded)) {
        checkIn ??= date;
        used.push(a.line + j);
      } else if (date && OUT_LABEL.test(folded)) {
        checkOut ??= date;
        used.push(a.line + j);
      }
      const addr = ADDRESS.exec(line.trim());
      if (addr) {
        address ??= addr[1]!.trim().slice(0, 200);
        used.push(a.line + j);
      }
      if (
        /^(?:n[º°.]*\s*de noites|nights|noches|nuits|notti|nachte|number of nights|duree|durée|duration|durata|dauer)\b/.test(
          folded,
        )
      )
        used.push(a.line + j);
    });
    const range = findRanges(fold(text), now, anchor)[0];
    if (range && !checkIn && !checkOut) {
      checkIn = range.start;
      checkOut = range.end;
    }
    const nightsStated = NIGHT_COUNT.exec(fold(text));
    let nights = nightsStated ? nightsCounted(nightsStated) : null;
    // "La noche del 12/09 se alojarán en el Hotel X", "the night of 12 September": one night from that date.
    const nightOf = NIGHT_OF.exec(fold(window[0]!));
    if (nightOf && !checkIn && !checkOut) {
      checkIn = scanDates(window[0]!.slice(nightOf.index), now, anchor)[0]?.date ?? null;
      if (checkIn) nights ??= 1;
    }
    if (checkIn && checkOut)
      nights = daysBetween(checkIn, checkOut) > 0 ? daysBetween(checkIn, checkOut) : null;
    else if (checkIn && nights) checkOut = addDays(checkIn, nights);
    else if (checkOut && nights) checkIn = addDays(checkOut, -nights);
    if (checkIn && checkOut && checkOut <= checkIn) checkOut = null;
    // The hotel's postal address says where it is more surely than a city named in the text (an advert, a transfer).
    const postal = window.find((l) => /\b\d{4,5}(?:-\d{3})?\s+\p{Lu}/u.test(l)) ?? null;
    const placeName =
      cityIn(window[0]!) ??
      cityOfAddress(address) ??
      cityOfAddress(postal) ??
      cityIn(text) ??
      cityOfAddress(window[0]!);
    // The confirmation's number, in the stay's lines, else above them when the document has one stay.
    const referenceText = anchors.length === 1 ? lines.join('\n') : text;
    const ref = referenceIn(text) ?? referenceIn(referenceText);
    const source = referenceIn(text) ? text : referenceText;
    const reference = ref
      ? source
          .slice(ref.index + ref[0].length - ref[1]!.length, ref.index + ref[0].length)
          .toUpperCase()
      : null;
    stays.push({
      line: a.line,
      used,
      block: {
        type: 'accommodation',
        content: {
          name: a.name,
          checkIn,
          checkOut,
          nights: nights && nights > 0 ? nights : null,
          city: placeName,
          address,
          bookingReference: reference,
        },
        confidence: 0.5 + (checkIn ? 0.15 : 0) + (checkOut ? 0.15 : 0) + (placeName ? 0.1 : 0),
      },
    });
  });
  return stays;
}

/** The city of an address: the last of its parts that is a known city ("Via del Viminale 5, 00184 Roma"). */
export function cityOfAddress(address: string | null): string | null {
  if (!address) return null;
  const parts = address
    .split(/,|\s[-–|]\s|\s·\s/)
    .map((p) =>
      p
        .replace(/\b\d{4,5}(?:-\d{3})?\b|\b[A-Z]{1,2}\d[\dA-Z]?\s?\d[A-Z]{2}\b/g, '')
        .replace(/[.;:!]+$/, '')
        .trim(),
    )
    .filter(Boolean)
    .reverse();
  // The place after the postal code ("9050-288 Funchal, Madeira") before a region after it.
  const postal = /\b\d{4,5}(?:-\d{3})?\s+(\p{Lu}[\p{L}'’ -]+)/u.exec(address)?.[1]?.trim();
  if (postal && city(postal)) return postal;
  for (const part of parts) if (city(part)) return part;
  return null;
}
