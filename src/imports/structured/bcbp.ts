// IATA Bar Coded Boarding Pass (Resolution 792, format "M"): the mandatory fields of each leg.
// The date is a day of the year without a year: the one nearest the import's "now" (a boarding
// pass is for a flight within months of when it is read).

export interface BcbpLeg {
  passengerName: string;
  bookingReference: string;
  from: string;
  to: string;
  carrier: string;
  /** "BA548": carrier and number without leading zeros (an operational suffix letter kept). */
  flightNumber: string;
  date: string;
  compartment: string;
  seat: string | null;
}

const HEADER = 23; // format code, number of legs, name (20), electronic ticket indicator
const LEG = 37; // mandatory fields of a leg, up to and including the size of its conditional field

export function decodeBcbp(raw: string, now: Date): BcbpLeg[] {
  const data = raw.replace(/^\uFEFF/, '');
  if (!/^M[1-4]/.test(data) || data.length < HEADER + LEG) return [];
  const legs = Number(data[1]);
  const passengerName = tidyName(data.slice(2, 22));
  const result: BcbpLeg[] = [];
  let at = HEADER;
  for (let i = 0; i < legs && at + LEG <= data.length; i++) {
    const field = (start: number, length: number) => data.slice(at + start, at + start + length);
    const bookingReference = field(0, 7).trim();
    const from = field(7, 3).trim();
    const to = field(10, 3).trim();
    const carrier = field(13, 3).trim();
    const number = field(16, 5).trim();
    const day = Number(field(21, 3));
    const conditionalSize = Number.parseInt(field(35, 2), 16);
    if (
      !/^[A-Z]{3}$/.test(from) ||
      !/^[A-Z]{3}$/.test(to) ||
      !/^[A-Z0-9]{2,3}$/.test(carrier) ||
      !/^\d{1,4}[A-Z]?$/.test(number)
    )
      break;
    const date =
      Number.isInteger(day) && day >= 1 && day <= 366 ? nearestDayOfYear(day, now) : null;
    if (!date) break;
    const seat = field(25, 4)
      .trim()
      .replace(/^0+(?=\d)/, '');
    result.push({
      passengerName,
      bookingReference,
      from,
      to,
      carrier,
      flightNumber: `${carrier}${number.replace(/^0+(?=\d)/, '')}`,
      date,
      compartment: field(24, 1).trim(),
      seat: /^\d{1,3}[A-Z]$/.test(seat) ? seat : null,
    });
    at += LEG + (Number.isNaN(conditionalSize) ? 0 : conditionalSize);
  }
  return result;
}

/** Day `n` of the year (1 = 1 January) in the year that puts it nearest to `now`. */
export function nearestDayOfYear(n: number, now: Date): string | null {
  const year = now.getUTCFullYear();
  const valid = [year - 1, year, year + 1]
    .filter((y) => n <= (isLeap(y) ? 366 : 365))
    .map((y) => new Date(Date.UTC(y, 0, n)));
  valid.sort(
    (a, b) => Math.abs(a.getTime() - now.getTime()) - Math.abs(b.getTime() - now.getTime()),
  );
  return valid[0]?.toISOString().slice(0, 10) ?? null;
}

const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

/** "DOE/JOHN MR" → "John Doe". */
function tidyName(raw: string): string {
  const [last, first] = raw.trim().split('/');
  const title = (s: string) => s.toLowerCase().replace(/(^|[\s-])\p{L}/gu, (c) => c.toUpperCase());
  const given = (first ?? '').replace(/\s+(?:MR|MRS|MS|MISS|MSTR|DR)$/i, '').trim();
  return [title(given), title(last ?? '')].filter(Boolean).join(' ');
}
