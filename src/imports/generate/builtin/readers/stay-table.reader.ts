// A quote's or a programme's table of hotels: a header row naming the hotel column and the dates
// or the nights, then one row a stay, its cells apart by " | " (tables of Word and web documents):
//   Località | Struttura | Date | Notti | Trattamento
//   Taormina | Hotel Belvedere degli Ulivi **** camera doppia vista mare | 06/06 – 09/06 | 3 | BB
// Each row is a stay from its check-in date (a range's start, else its date) for the nights the
// range spans (else the nights column), named by its hotel cell without stars or room type.
import { addDays, daysBetween, findRanges, scanDates, type IsoDate } from '../finders/dates.ts';
import { fold } from '../text.ts';
import type { DatedBlock, LayoutReader, LineLedger, ReaderInput, Reading } from './reader.ts';
import { columnKind } from './table-columns.ts';

const NAME = 'stay-table';
/** Header words of a hotel column that a day table does not use. */
const HOTEL_HEADER =
  /^(?:hotel|hotels|hôtel|hôtels|accommodation|property|struttura|strutture|albergo|alojamiento|establecimiento|hebergement|hébergement|etablissement|alojamento|unterkunft|unterkünfte)$/iu;
const NIGHTS_HEADER =
  /^(?:nights?|n\.? ?nights|notti|noches|nuits|noites|nächte|nachte|n°? ?notti|nts|n)$/iu;
/** Where a hotel cell stops naming the hotel: its stars, its room, its board. */
const ROOM =
  /\s*(?:\*{1,5}|★{1,5}|\b(?:camera|room|chambre|habitaci[oó]n|quarto|zimmer|doppia|double|twin|suite)\b).*$/iu;

interface Header {
  at: number;
  hotel: number;
  dates: number;
  nights: number;
  city: number;
  width: number;
}

const cellsOf = (line: string) => line.split(/\s+\|\s+/).map((c) => c.trim());

function headerAt(lines: readonly string[], at: number): Header | undefined {
  const cells = cellsOf(lines[at]!);
  if (cells.length < 3) return undefined;
  const find = (test: (c: string) => boolean) => cells.findIndex(test);
  const hotel = find((c) => HOTEL_HEADER.test(c.replace(/[:*]+$/, '').trim()));
  const dates = find((c) => columnKind(c) === 'date');
  const nights = find((c) => NIGHTS_HEADER.test(c.replace(/[:*.]+$/, '').trim()));
  if (hotel < 0 || (dates < 0 && nights < 0)) return undefined;
  // A day table (a row a day: its date, its town, its hotel, what it does) is the table reader's.
  if (cells.some((c) => ['day', 'activities', 'transport'].includes(columnKind(c) ?? '')))
    return undefined;
  return {
    at,
    hotel,
    dates,
    nights,
    city: find((c) => columnKind(c) === 'city'),
    width: cells.length,
  };
}

function findHeaders(lines: readonly string[]): Header[] {
  return lines.flatMap((_l, i) => headerAt(lines, i) ?? []);
}

export const stayTableReader: LayoutReader = {
  name: NAME,
  applies: (input) =>
    input.lines.some((l) => l.includes(' | ')) && findHeaders(input.lines).length > 0,
  read(input: ReaderInput, ledger: LineLedger): Reading {
    const bookings: DatedBlock[] = [];
    for (const header of findHeaders(input.lines)) {
      for (let i = header.at + 1; i < input.lines.length; i++) {
        const cells = cellsOf(input.lines[i]!);
        if (Math.abs(cells.length - header.width) > 1 || ledger.isClaimed(i)) break;
        const stay = stayOf(cells, header, input);
        if (!stay) continue;
        bookings.push(stay);
        ledger.claim(i, NAME);
      }
      if (bookings.length) ledger.claim(header.at, NAME);
    }
    return { bookings };
  },
};

function stayOf(cells: string[], header: Header, input: ReaderInput): DatedBlock | undefined {
  const name = cells[header.hotel]?.replace(ROOM, '').trim();
  if (!name || name.length < 3) return undefined;
  const dateCell = header.dates >= 0 ? (cells[header.dates] ?? '') : '';
  const range = findRanges(fold(dateCell), input.now, input.anchor)[0];
  const checkIn: IsoDate | null =
    range?.start ?? scanDates(dateCell, input.now, input.anchor)[0]?.date ?? null;
  // A stay spans nights: a range, or a count of them (a row with one date and no nights is a day's).
  if (!checkIn || (!range && !(header.nights >= 0))) return undefined;
  const stated = header.nights >= 0 ? Number(/\d{1,2}/.exec(cells[header.nights] ?? '')?.[0]) : NaN;
  const nights =
    range?.end && daysBetween(checkIn, range.end) > 0
      ? daysBetween(checkIn, range.end)
      : Number.isFinite(stated) && stated > 0
        ? stated
        : null;
  const town = header.city >= 0 ? cells[header.city]!.replace(/\s*\(.*$/, '').trim() : '';
  return {
    date: checkIn,
    block: {
      type: 'accommodation',
      confidence: 0.8,
      content: {
        name,
        checkIn,
        checkOut: nights ? addDays(checkIn, nights) : null,
        nights,
        // The table's own column says it is the town, known to the gazetteer or not (Taormina).
        city: town && /^\p{Lu}/u.test(town) ? town : null,
        address: null,
        bookingReference: null,
      },
    },
  };
}
