// A stay written as a heading over its hotel, as agents lay out a quote by place:
//   LISBON - 4 nights, 14-18 April
//   Casa do Largo Alfama, Largo do Chafariz de Dentro 9, Lisbon. Superior double, breakfast.
// The heading names a place, a count of nights and the range of dates they run over; the line
// under it (or the one after) names where the traveller sleeps, its first part the name. The
// reader gives the stay as a booking on its first night; the heading's other lines stay for the
// general reading (visits, trains under the same place).
import type { DraftBlockInput } from '../../draft.ts';
import { addDays, daysBetween, findRanges, leadingDate, scanDates } from '../finders/dates.ts';
import { hotelName } from '../finders/hotel-names.ts';
import { DAY_HEADER } from '../knowledge/day-words.ts';
import { HOTEL_WORDS, NIGHT_COUNT, nightsCounted } from '../knowledge/stay-words.ts';
import { city, leadingCity } from '../places.ts';
import { fold } from '../text.ts';
import type { DatedBlock, LayoutReader, LineLedger, ReaderInput, Reading } from './reader.ts';

const NAME = 'stay-headings';
const TIME = /\b\d{1,2}[:h.]\d{2}\b/;

interface StayHeading {
  place: string;
  checkIn: string;
  nights: number;
}

/** "LISBON - 4 nights, 14-18 April", "Porto (3 noites) 18–21/04": a place, its nights and their dates, nothing else. */
export function stayHeading(
  line: string,
  now: Date,
  anchor: string | null,
): StayHeading | undefined {
  if (line.length > 80 || TIME.test(line)) return undefined;
  const folded = fold(line);
  const count = NIGHT_COUNT.exec(folded);
  if (!count) return undefined;
  const nights = nightsCounted(count);
  const range = findRanges(folded, now, anchor)[0];
  const single = range ? undefined : scanDates(line, now, anchor)[0];
  const checkIn = range?.start ?? single?.date;
  if (!checkIn || !nights || nights > 30) return undefined;
  // The dates agree with the count when both ends are given.
  if (range && daysBetween(range.start, range.end) !== nights) return undefined;
  // The place: a known city, or a name of one to three capitalised words (a village the
  // gazetteer lacks); a hotel's own name as the heading is another layout.
  const place = line.split(/\s*[-–—:(,|]\s*/)[0]!.trim();
  if (!place || HOTEL_WORDS.test(fold(place)) || DAY_HEADER.test(fold(place))) return undefined;
  const named = /^\p{Lu}[\p{L}'’.]*(?:[\s-]\p{Lu}[\p{L}'’.]*){0,2}$/u.test(place);
  if (!(city(place) || leadingCity(place) || named)) return undefined;
  const written =
    place === place.toUpperCase()
      ? place
          .toLowerCase()
          .replace(/(^|[\s-])(\p{L})/gu, (_m, a: string, b: string) => a + b.toUpperCase())
      : place;
  return { place: written, checkIn, nights };
}

/** The line under a stay heading that names the place to sleep: its first part, capitalised, no date or time. */
function lodgingName(line: string, now: Date, anchor: string | null): string | undefined {
  const trimmed = line.trim();
  if (!trimmed || trimmed.length > 200 || TIME.test(trimmed)) return undefined;
  if (leadingDate(trimmed, now, anchor) || scanDates(trimmed, now, anchor).length) return undefined;
  const named = hotelName(trimmed);
  if (named) return named;
  const first = trimmed.split(/\s*[,.(|–—]\s*|\s+-\s+/)[0]!.trim();
  if (!/^\p{Lu}/u.test(first) || first.split(/\s+/).length < 2 || first.length > 60)
    return undefined;
  if (city(first) || /\b(?:day|dia|jour|tag|giorno)\b/i.test(fold(first))) return undefined;
  return first;
}

export const stayHeadingsReader: LayoutReader = {
  name: NAME,
  applies(input) {
    return input.lines.some((line) => stayHeading(line, input.now, input.anchor));
  },
  read(input, ledger) {
    return readStayHeadings(input, ledger);
  },
};

function readStayHeadings(input: ReaderInput, ledger: LineLedger): Reading {
  const bookings: DatedBlock[] = [];
  input.lines.forEach((line, i) => {
    if (ledger.isClaimed(i)) return;
    const heading = stayHeading(line, input.now, input.anchor);
    if (!heading) return;
    for (const j of [i + 1, i + 2]) {
      const next = input.lines[j];
      if (next === undefined || ledger.isClaimed(j)) break;
      if (!next.trim()) continue;
      const name = lodgingName(next, input.now, input.anchor);
      if (!name) break;
      if (!ledger.claim(i, NAME) || !ledger.claim(j, NAME)) break;
      const block: DraftBlockInput = {
        type: 'accommodation',
        content: {
          name,
          city: heading.place,
          address: null,
          checkIn: heading.checkIn,
          checkOut: addDays(heading.checkIn, heading.nights),
          nights: heading.nights,
          bookingReference: null,
        },
        confidence: 0.8,
      };
      bookings.push({ date: heading.checkIn, block });
      break;
    }
  });
  return { bookings };
}
