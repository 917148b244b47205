// What the extractingText stage hands over besides the text: the items that standards carry,
// as read (not yet interpreted), for the generating stage to map before any heuristics run.
// Stored as the import job's `structured` column (JSON).
import type { CalendarEvent } from './calendar.ts';

export type StructuredItem =
  /** A schema.org node from JSON-LD or microdata ("@type" and its properties). */
  | { kind: 'schema.org'; data: Record<string, unknown> }
  /** An iCalendar VEVENT. */
  | { kind: 'ical'; event: CalendarEvent }
  /** The text of a boarding-pass barcode (IATA BCBP, decoded at generation with the import's "now"). */
  | { kind: 'bcbp'; data: string }
  /** A JSON document sent as text (a booking-system export). */
  | { kind: 'json'; data: unknown };

export interface StructuredData {
  items: StructuredItem[];
  /** An email's subject. */
  subject: string | null;
  /** The text is only a rendering of the items (a calendar): the free-text reader adds nothing to them. */
  textIsRendering?: boolean;
  /** A calendar's name (X-WR-CALNAME): a title hint. */
  calendarName?: string | null;
}

export const noStructuredData = (): StructuredData => ({ items: [], subject: null });
