// The dates the service accepts and keeps (docs/errors-and-limits.md#dates): instants from 0001-01-01T00:00:00Z to
// 9999-12-31T23:59:59.999Z. Those are the years ISO 8601 writes without expansion, and JS Dates
// and PostgreSQL's timestamptz hold all of them exactly. Outside it they do not agree: year 0000
// is 1 BC in PostgreSQL, which Prisma reads back as an Invalid Date (every later write of such a
// trip was a 500), and a year past 9999 prints as "+010000-..." that no RFC 3339 client parses.
// Bodies (zod) and list filters parse dates here, so both refuse the same values with one message.
import { z } from 'zod';

// Not Date.UTC(1, 0, 1): Date.UTC reads years 0 to 99 as 1900 to 1999.
export const FIRST_INSTANT = Date.parse('0001-01-01T00:00:00Z');
export const LAST_INSTANT = Date.parse('9999-12-31T23:59:59.999Z');
export const DATE_RANGE_TEXT = 'from 0001-01-01 to 9999-12-31 (UTC)';

/** Whether a Date is a valid instant inside the range. */
export const inDateRange = (date: Date): boolean => {
  const time = date.getTime();
  return time >= FIRST_INSTANT && time <= LAST_INSTANT;
};

// zod's own ISO formats check the calendar too (no 2026-02-30, 29 February in leap years only).
const isoDate = z.iso.date();
const isoDateTime = z.iso.datetime({ offset: true });

/**
 * An ISO 8601 date (midnight UTC) or date-time with `Z` or an offset, inside the range; undefined
 * for anything else. The one parser of request dates.
 */
export function parseIsoInstant(value: unknown): Date | undefined {
  if (typeof value !== 'string') return undefined;
  if (!isoDate.safeParse(value).success && !isoDateTime.safeParse(value).success) return undefined;
  const date = new Date(value);
  return inDateRange(date) ? date : undefined;
}

/** What a date must be, for messages: bodies' ("Must be ...") and list filters' ("the value must be ..."). */
export const DATE_TIME_RULE = `an ISO 8601 date-time or date ${DATE_RANGE_TEXT}, e.g. 2026-05-01T09:00:00Z or 2026-05-01`;
export const DATE_TIME_MESSAGE = `Must be ${DATE_TIME_RULE}.`;

function inRangeOrIssue(message: string) {
  return (value: string, context: z.core.$RefinementCtx<string>): Date => {
    const date = new Date(value);
    if (inDateRange(date)) return date;
    context.addIssue({ code: 'custom', message, input: value });
    return z.NEVER;
  };
}

/**
 * A body's date-time or date, as a Date. The union keeps the OpenAPI document's two formats; the
 * range is checked on the instant, so "0001-01-01T00:00:00+01:00" (year 0000 in UTC) is refused.
 */
export const dateTimeField = z
  .union([isoDateTime, isoDate], { error: DATE_TIME_MESSAGE })
  .transform(inRangeOrIssue(DATE_TIME_MESSAGE));

const INSTANT_MESSAGE = `Must be an ISO 8601 date-time ${DATE_RANGE_TEXT}, e.g. 2026-05-01T09:00:00Z.`;
/** A date-time only (with `Z` or an offset), as a Date, inside the range. */
export const instantField = z.iso
  .datetime({ offset: true, error: INSTANT_MESSAGE })
  .transform(inRangeOrIssue(INSTANT_MESSAGE));

const DAY_MESSAGE = 'Must be a date (YYYY-MM-DD) from 0001-01-01 to 9999-12-31.';
/** A calendar day (YYYY-MM-DD), as midnight UTC, inside the range. */
export const dayField = z.iso
  .date(DAY_MESSAGE)
  .transform((day, context) => inRangeOrIssue(DAY_MESSAGE)(`${day}T00:00:00Z`, context));
