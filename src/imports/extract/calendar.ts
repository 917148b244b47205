// An iCalendar document (.ics, or a calendar part of an email): its VEVENTs with their local date
// and time. A time with a TZID is read as the wall-clock time of that zone (what the traveller
// sees on the ticket); a UTC time is turned into the calendar's X-WR-TIMEZONE when it names one.
import ICAL from 'ical.js';
import { addDays } from '../../shared/iso-dates.ts';
import { inZone } from '../structured/values.ts';

export interface CalendarMoment {
  date: string;
  /** HH:MM, null for an all-day event. */
  time: string | null;
  /** IANA zone of the time, when known. */
  timezone: string | null;
}

export interface CalendarEvent {
  summary: string | null;
  description: string | null;
  location: string | null;
  start: CalendarMoment;
  end: CalendarMoment | null;
}

const MAX_EVENTS = 200;

export interface Calendar {
  /** The events that are bookings or appointments (a programme's day events are in `text` instead). */
  events: CalendarEvent[];
  text: string;
  /** X-WR-CALNAME. */
  name: string | null;
  /** The calendar is a programme: one all-day event per day ("Jour 1 – Arrivée à Reykjavik") whose text says what the day holds. */
  programme: boolean;
}

/** A day of a programme as an all-day event: "Day 3 – ...", "Jour 3", "Día 3", "Tag 3", "Giorno 3". */
const DAY_EVENT = /^(?:day|jour|d[ií]a|dia|tag|giorno|journ[ée]e)\s*\d{1,2}\b/i;

export function readCalendar(source: string): Calendar {
  let root: ICAL.Component;
  try {
    root = new ICAL.Component(ICAL.parse(source));
  } catch {
    return { events: [], text: '', name: null, programme: false };
  }
  const fallbackZone = validZone(String(root.getFirstPropertyValue('x-wr-timezone') ?? ''));
  const events: CalendarEvent[] = [];
  const components = root.getAllSubcomponents('vevent').slice(0, MAX_EVENTS);
  // A recurring event (RRULE: a weekly team meeting) is the calendar's routine, not a booking of
  // the trip, when events that happen once stand beside it.
  const once = components.filter((c) => !c.hasProperty('rrule'));
  for (const component of once.length ? once : components) {
    const event = new ICAL.Event(component);
    if (!event.startDate) continue;
    events.push({
      summary: clean(event.summary),
      description: clean(event.description),
      location: clean(event.location),
      start: moment(event.startDate, fallbackZone),
      end:
        component.hasProperty('dtend') || component.hasProperty('duration')
          ? moment(event.endDate, fallbackZone)
          : null,
    });
  }
  events.sort((a, b) =>
    `${a.start.date}${a.start.time ?? ''}`.localeCompare(`${b.start.date}${b.start.time ?? ''}`),
  );
  const name = clean(root.getFirstPropertyValue('x-wr-calname'));
  // A programme's day events are read as the text of a programme (their descriptions name the
  // hotels and visits of the day); the other events stay structured.
  const days = events.filter(
    (e) =>
      !e.start.time &&
      DAY_EVENT.test(e.summary ?? '') &&
      (!e.end || e.end.date <= addDays(e.start.date, 1)),
  );
  if (days.length >= 2) {
    const text = [
      name,
      ...days.map((e) => [e.summary, e.location, e.description].filter(Boolean).join('\n')),
    ]
      .filter(Boolean)
      .join('\n\n');
    return { events: events.filter((e) => !days.includes(e)), text, name, programme: true };
  }
  return { events, text: events.map(eventText).join('\n\n'), name, programme: false };
}

function moment(t: ICAL.Time, fallbackZone: string | null): CalendarMoment {
  const pad = (n: number) => String(n).padStart(2, '0');
  if (t.isDate)
    return { date: `${t.year}-${pad(t.month)}-${pad(t.day)}`, time: null, timezone: null };
  // The TZID parameter (typed by ical.js only at run time), or the zone of a VTIMEZONE it resolved.
  const tzid = (t as unknown as { timezone?: string }).timezone ?? t.zone?.tzid;
  const zone = tzid && tzid !== 'floating' ? (validZone(tzid) ?? tzid) : null;
  // A UTC time in a calendar that names its zone reads as that zone's wall clock.
  const local = t.zone?.tzid === 'UTC' && fallbackZone ? inZone(t.toJSDate(), fallbackZone) : null;
  if (local) return { ...local, timezone: fallbackZone };
  return {
    date: `${t.year}-${pad(t.month)}-${pad(t.day)}`,
    time: `${pad(t.hour)}:${pad(t.minute)}`,
    timezone: t.zone?.tzid === 'UTC' ? 'UTC' : zone,
  };
}

function validZone(zone: string): string | null {
  try {
    return zone
      ? new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone
      : null;
  } catch {
    return null;
  }
}

const clean = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

/** The events as text lines too, for the free-text reader and the log. */
function eventText(e: CalendarEvent): string {
  const when = (m: CalendarMoment) => `${m.date}${m.time ? ` ${m.time}` : ''}`;
  return [
    `${when(e.start)}${e.end ? ` – ${when(e.end)}` : ''} ${e.summary ?? ''}`.trim(),
    e.location,
    e.description,
  ]
    .filter(Boolean)
    .join('\n');
}
