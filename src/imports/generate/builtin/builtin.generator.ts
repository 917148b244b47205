// The built-in generator (the default, no network): a deterministic engine in the manner of KDE
// Itinerary's extractor. Filters first (email, web and chat noise out: document-lines.ts), then
// the layout (preamble, days, closing sections: layout.ts), then entities validated against
// gazetteers (flights.ts, stays.ts, blocks.ts, places.ts), then the trip's fields (trip-fields.ts)
// and money (money.ts). It drops what it cannot complete rather than guessing; what it cannot
// place stays as text. The validation stage (../validate.ts) checks the result once more.
import { writeMonths } from './finders/month-days.ts';
import { detectLanguage, ISO_639_1 } from '../../extract/language.ts';
import {
  draftSchema,
  type Draft,
  type DraftBlockInput,
  type DraftDayInput,
  type GenerateOptions,
  type Generator,
} from '../draft.ts';
import { readDay, transportOf, type HotelMention } from './blocks.ts';
import { arrivalOpening, bookingReference, departureFrom, readFlights } from './flights.ts';
import {
  addDays,
  daysBetween,
  leadingDate,
  scanDates,
  withNumericOrder,
  type IsoDate,
} from './finders/dates.ts';
import { numericDateOrder } from './finders/date-order.ts';
import { timeMatches } from './finders/times.ts';
import { readDocument } from './document-lines.ts';
import { programmeCruise, readCruise } from './cruises.ts';
import { readLayout } from './layout.ts';
import { findInclusions, findPayments, findPrice } from './money.ts';
import { airport, city, cityTimezone, countryTimezone, leadingCity } from './places.ts';
import { readLegs } from './legs.ts';
import { readRental } from './rentals.ts';
import { type ListedStay, readHotelList, readStays } from './stays.ts';
import { readTickets } from './tickets.ts';
import {
  aboutAnotherTrip,
  anchorDate,
  composeTitle,
  FALLBACK_TITLES,
  isRecurring,
  titleFrom,
  statedDuration,
  statedPeriod,
  tripCountries,
  tripTitle,
  type Visit,
} from './trip-fields.ts';
import { NOT_TRIP_DATE, RECURRING } from './knowledge/document-words.ts';
import { SENTENCE_BREAK, fold } from './text.ts';
import type { DatedBlock, ReadDay } from './readers/reader.ts';
import { runReaders, type ReadersResult } from './readers/registry.ts';
import { placeBookings } from './timeline.ts';

const MAX_DAYS = 60;

export const builtinGenerator: Generator = {
  name: 'builtin',
  async generate(text: string, { now }: GenerateOptions): Promise<Draft> {
    return extractDraft(text, now);
  },
};

type Flight = Extract<DraftBlockInput, { type: 'flight' }>;
type Stay = Extract<DraftBlockInput, { type: 'accommodation' }>;

/** The town of a stop written "Town, stop" ("Zaragoza, Estación Delicias", "Wien, ZOB"), else the name. */
function stationTown(name: string): string {
  const town = name.split(',')[0]!.trim();
  return town !== name && city(town) ? town : name;
}

export function extractDraft(text: string, now: Date): Draft {
  const order = numericDateOrder(text, ISO_639_1[detectLanguage(text)] ?? 'en');
  return withNumericOrder(order, () => readDraft(writeMonths(text, now), now));
}

function readDraft(text: string, now: Date): Draft {
  const document = readDocument(text);
  const { subject, chat } = document;
  // Layout readers first (readers/): what they claim, the general reading below leaves alone.
  const readers = runReaders({
    lines: document.lines,
    now,
    anchor: anchorDate(document.lines, now),
  });
  const lines = readers.bookings.length ? readers.ledger.unclaimed() : document.lines;
  const readDates = readers.bookings.flatMap((b) => (b.date ? [b.date] : [])).sort();
  const language = ISO_639_1[detectLanguage(lines.join('\n'))];
  let anchor = anchorDate(lines, now);
  // Recurring departures give no dates, unless the document states the chosen one ("Ihr Termin: 15.08.–22.08.2026").
  const chosen = statedPeriod(
    [...(subject ? [subject] : []), ...lines.slice(0, 12)].filter((l) => !isRecurring([l])),
    now,
    anchorDate(lines, now),
  );
  const recurring = isRecurring(lines) && !(chosen.start && chosen.finish);
  const early = recurring
    ? null
    : statedPeriod([...(subject ? [subject] : []), ...lines.slice(0, 12)], now, anchor).start;
  // Without a year anywhere, the start the text states ("On part le samedi 11 septembre") dates
  // the weekdays after it ("Le jeudi 16 on fait la rando").
  anchor ??= early;
  const layout = readers.days.length
    ? readerLayout(readers)
    : (readLayout(lines, now, anchor, early) as ReaderLayout);
  const head = layout.days.length ? layout.preamble : lines.slice(0, 25);
  let period: { start: IsoDate | null; finish: IsoDate | null } = recurring
    ? { start: null, finish: null }
    : statedPeriod([...(subject ? [subject] : []), ...head.slice(0, 30)], now, anchor);
  // Bookings read whole are surer than a period pieced from the text: a period that leaves one of
  // them out, or spans more than a year ("City-Rückfahrt am 04.11.17" beside a 2027 ticket), is none.
  if (
    period.start &&
    ((period.finish && daysBetween(period.start, period.finish) > 366) ||
      (readDates.length &&
        (readDates[0]! < period.start || (period.finish && readDates.at(-1)! > period.finish))))
  )
    period = { start: null, finish: null };
  const stated = statedDuration([
    ...(subject ? [subject] : []),
    ...(layout.days.length ? layout.preamble : lines),
  ]);
  const reading = layout.days.length
    ? programmeDays(layout.days, period.start, stated, now, anchor, recurring, [
        ...layout.preamble,
        ...layout.tail,
      ])
    : confirmationDays(lines, period.start, period.finish, now, anchor, readDates);
  const { days } = reading;
  if (reading.periodHeld === false) period = { start: null, finish: null };
  if (layout.days.length) {
    placeListedFlights([...layout.preamble, ...layout.tail], days, now, anchor);
    // A programme that boards a ship: the cruise sits on the day of embarkation.
    const hasCruise = days.some((d) =>
      d.blocks.some((b) => b.type === 'transport' && b.content.mode === 'cruise'),
    );
    const cruise = hasCruise
      ? undefined
      : programmeCruise(
          layout.days,
          (title) => placesOf(title).at(-1) ?? null,
          [...layout.preamble, ...layout.days.flatMap((d) => d.lines)].join('\n'),
        );
    if (cruise) days.find((d) => d.day === cruise.day)?.blocks.unshift(cruise.block);
    // A day table that is a cruise's port table ("1 | sab 13/06/2026 | Kiel, Germania | – | 17:00").
    const ports =
      hasCruise || cruise ? undefined : readCruise(layout.days.length ? lines : [], now, anchor);
    if (ports) {
      days.find((d) => d.date === ports.date)?.blocks.unshift(ports.block);
      for (const call of ports.calls) if (call.port) reading.visited.push({ name: call.port });
    }
    placeDatedNotes(layout.tail, days, now, anchor);
  }
  placeBookings(days, readers.bookings, !layout.days.length);
  dropOverlappedStays(days, readers.bookings);
  // Where a journey a reader read goes is a place of the trip, as a leg's is (confirmationDays),
  // unless it is home (where the first one left from) or a change of trains that day.
  const journeysRead = readers.bookings.flatMap(({ date, block }) =>
    block.type === 'transport' ? [{ date, ...block.content }] : [],
  );
  for (const j of journeysRead)
    if (
      j.to &&
      j.to !== journeysRead[0]!.from &&
      !journeysRead.some((k) => k.date === j.date && k.from === j.to)
    )
      reading.visited.push({ name: stationTown(j.to), sure: true });

  // A journey whose means the sentence leaves out ("Rückreise ab Zermatt ...") goes by the document's only means.
  const journeys = days.flatMap((d) => d.blocks).filter((b) => b.type === 'transport');
  const means = new Set(
    journeys.flatMap((b) =>
      b.type === 'transport' && ['train', 'bus', 'ferry'].includes(b.content.mode)
        ? [b.content.mode]
        : [],
    ),
  );
  if (means.size === 1)
    for (const b of journeys)
      if (b.type === 'transport' && b.content.mode === 'other') b.content.mode = [...means][0]!;
  // Where the days' journeys go ("Alfa Pendular Lisboa 9h00 → Porto Campanhã 11h49") is a place
  // of the trip too, unless it is where the first one left from; only where no flight and no
  // reader's journey says it better (they know home and changes).
  const setOff = journeys[0]?.type === 'transport' ? journeys[0].content.from : null;
  const flown = days.some((d) => d.blocks.some((b) => b.type === 'flight'));
  for (const b of flown || journeysRead.length ? [] : journeys)
    if (
      b.type === 'transport' &&
      b.content.mode !== 'transfer' &&
      b.content.mode !== 'carRental' &&
      b.content.from &&
      b.content.to &&
      b.content.to !== setOff
    )
      reading.visited.push({ name: stationTown(b.content.to), sure: false });
  // A car's pick-up station is where the traveller is, flights or not.
  for (const b of journeys)
    if (b.type === 'transport' && b.content.mode === 'carRental' && b.content.from)
      reading.visited.push({ name: stationTown(b.content.from), sure: false });

  // The period: stated, else the days' dates, else what the bookings span.
  const dated = days
    .map((d) => d.date)
    .filter((d): d is string => Boolean(d))
    .sort();
  let start = recurring ? null : (period.start ?? dated[0] ?? null);
  // A confirmation of one dated booking (a boarding pass) is a one-day trip.
  let finish = recurring
    ? null
    : (period.finish ??
      (dated.length > 1 || (dated.length && !layout.days.length) ? dated.at(-1)! : null));
  if (start && !finish && stated) finish = addDays(start, stated - 1);
  // A confirmation's way home that lands the next day ends the trip on landing.
  if (!layout.days.length && finish) {
    for (const day of days)
      for (const b of day.blocks)
        if (
          (b.type === 'flight' || b.type === 'transport') &&
          (b.type === 'flight' ? b.content.date : day.date) === finish &&
          b.content.arrivalDate &&
          b.content.arrivalDate > finish &&
          daysBetween(finish, b.content.arrivalDate) <= 2
        )
          finish = b.content.arrivalDate;
  }
  // A programme's last journey that lands a day later ("départ à 20h00, arrivée à Marseille le
  // vendredi 29 mai à 07h00") ends the trip on arrival, unless the document states its period.
  if (layout.days.length && finish && !period.finish) {
    for (const line of layout.days.at(-1)!.lines) {
      const arrival = ARRIVAL_WORD.exec(fold(line));
      if (!arrival) continue;
      for (const d of scanDates(line, now, anchor))
        if (d.index >= arrival.index && d.date > finish && daysBetween(finish, d.date) <= 2)
          finish = d.date;
    }
  }
  if (start && finish && finish < start) finish = null;
  const duration =
    start && finish
      ? daysBetween(start, finish) + 1
      : (stated ?? (layout.days.length ? Math.max(...days.map((d) => d.day)) : null));
  if (start && !finish && duration) finish = addDays(start, duration - 1);
  if (recurring) {
    start = null;
    finish = null;
    for (const day of days) day.date = null;
  }

  let landed: Flight | undefined;
  for (const block of days.flatMap((d) => d.blocks)) {
    if (block.type !== 'flight') continue;
    if (
      !block.content.departureAirport &&
      landed?.content.arrivalAirport &&
      landed.content.arrivalAirport !== block.content.arrivalAirport
    ) {
      block.content.departureAirport = landed.content.arrivalAirport;
      block.content.departureCity ??= landed.content.arrivalCity ?? null;
      block.confidence = Math.max(0.3, (block.confidence ?? 0.6) - 0.15);
    }
    landed = block;
  }
  const blocks = days.flatMap((d) => d.blocks);
  const flights = days.flatMap((d) =>
    d.blocks
      .filter((b): b is Flight => b.type === 'flight')
      .map((b) => ({
        ...b.content,
        arrivalDate: b.content.arrivalDate ?? null,
        bookingReference: b.content.bookingReference ?? null,
        day: layout.days.length ? d.day : undefined,
      })),
  );
  const stays = blocks
    .filter((b): b is Stay => b.type === 'accommodation')
    .map((b) => b.content.city)
    .filter((c): c is string => Boolean(c));
  const titleHead = [
    ...(subject ? [subject] : []),
    ...(layout.days.length ? layout.preamble : lines).slice(0, 5),
    ...layout.days.map((d) => d.title ?? ''),
  ]
    .filter((l) => !aboutAnotherTrip(l, now))
    .join('\n');
  // Sentences about another trip ("el año pasado fuimos a Cuba") name no country of this one.
  const body = (
    layout.days.length
      ? [...layout.preamble.slice(5, 15), ...layout.days.flatMap((d) => d.lines)]
      : lines.slice(5, 40)
  )
    .filter((l) => !aboutAnotherTrip(l, now))
    .join('\n');
  const lastDay = layout.days.length ? Math.max(...days.map((d) => d.day)) : undefined;
  // The first journey of day 1 by train, bus or ferry leaves from home ("Eurostar Paris-Nord → Bruxelles-Midi").
  // (A ship's port of embarkation, or where a rental car is picked up, is a place of the trip, not home.)
  const firstTransport = days[0]?.blocks.find(
    (b) =>
      b.type === 'transport' &&
      b.content.from &&
      b.content.mode !== 'cruise' &&
      b.content.mode !== 'carRental',
  );
  const origin =
    firstTransport?.type === 'transport' && days[0]!.day === 1 ? firstTransport.content.from : null;
  // A city only changed planes in ("Madrid – São Paulo" then "São Paulo – Buenos Aires" the
  // next morning, no stay there) is a connection, not a place visited.
  const connections = connectionCities(flights, stays);
  const geography = tripCountries({
    stays: [...stays, ...reading.overnights],
    visited: reading.visited.filter((v) => !connections.has(fold(v.name))),
    text: `${titleHead}\n${body}`,
    // A chat has no heading: a country its first messages name is a word in a message ("Malta!!").
    titleArea: chat ? 0 : titleHead.length,
    flights,
    lastDay,
    origin,
  });
  geography.countries = withoutHome(geography.countries, flights, [
    ...stays,
    ...reading.overnights,
  ]);
  const destinations = [
    ...new Set([
      ...stays,
      ...reading.overnights,
      ...reading.visited.map((v) => writtenCity(v.name)).filter((v): v is string => Boolean(v)),
      ...flights
        .filter((_f, i) => i < flights.length - 1 || flights.length === 1)
        .map((f) => f.arrivalCity)
        .filter((c): c is string => Boolean(c)),
    ]),
  ]
    .filter(
      (name) =>
        !geography.home ||
        city(name)?.country !== geography.home ||
        geography.countries.includes(geography.home),
    )
    // A connecting airport's city is not a destination.
    .filter(
      (name) =>
        !geography.countries.length ||
        geography.countries.includes((city(name) ?? leadingCity(name))?.country ?? ''),
    );
  const booked = layout.days.length ? undefined : readers.bookings[0]?.block;
  const titleInput = {
    bookedDestination:
      booked?.type === 'transport'
        ? booked.content.to
        : booked?.type === 'flight'
          ? booked.content.arrivalCity
          : null,
    lines: (layout.days.length ? layout.preamble : lines).filter((l) => !reading.consumed?.has(l)),
    subject,
    language,
    countries: geography.countries,
    destinations,
    duration,
    kindText: [subject ?? '', ...(layout.days.length ? layout.preamble : lines.slice(0, 3))].join(
      ' ',
    ),
    text: lines.join('\n'),
  };
  // A chat's lines are messages, not headings: its title is composed from where the trip goes.
  const title = chat ? composeTitle(titleInput) : tripTitle(titleInput, now);

  const moneyLines = layout.days.length
    ? [...layout.preamble, ...layout.tail, ...layout.days.flatMap((d) => d.lines)]
    : lines;
  const price = findPrice(moneyLines);
  const first = geography.firstDestination;
  // The first destination's zone, from its airport, else its city, else its country: a city the
  // gazetteer cannot place ("Torres" of Torres del Paine) still leaves the country's zone, not UTC.
  const place = first.city
    ? (city(first.city, new Set(geography.countries)) ??
      leadingCity(first.city, new Set(geography.countries)))
    : undefined;
  const timezone =
    firstStayZone(days, new Set(geography.countries)) ??
    (first.iata ? airport(first.iata)?.timezone : undefined) ??
    (place && (!first.country || place.country === first.country)
      ? cityTimezone(place)
      : undefined) ??
    (first.country ? countryTimezone(first.country) : undefined) ??
    null;
  return draftSchema.parse({
    title,
    description: null,
    dateStart: start,
    dateFinish: finish,
    duration: duration && duration > 0 ? duration : null,
    countries: geography.countries,
    language,
    timezone,
    days,
    price,
    payments: findPayments(moneyLines, now, anchor, price),
    ...findInclusions(lines),
  });
}

/**
 * The zone of the first place the traveller stays (docs/ai-import.md#how-the-built-in-extractor-reads-free-text, "Trip fields"): the first stay's city,
 * when the gazetteer places it in one of the trip's countries. A trip that lands in Lisbon and
 * sleeps there is on Lisbon's time, whatever town its later days reach.
 */
function firstStayZone(days: DraftDayInput[], countries: ReadonlySet<string>): string | undefined {
  for (const day of [...days].sort((a, b) => a.day - b.day))
    for (const block of day.blocks) {
      if (block.type !== 'accommodation' || !block.content.city) continue;
      const place =
        city(block.content.city, countries) ?? leadingCity(block.content.city, countries);
      if (place && (!countries.size || countries.has(place.country))) return cityTimezone(place);
    }
  return undefined;
}

/**
 * A trip's countries without its home and its hubs (docs/ai-import.md#how-the-built-in-extractor-reads-free-text, "Trip fields"): a round trip by air
 * leaves from and lands back in the country of its first departure, which is home unless the
 * traveller stays there; a country where the traveller only lands to leave again within a day,
 * with no stay, is a hub (Dubai between Frankfurt and Mauritius).
 */
function withoutHome(
  countries: string[],
  flights: Array<Flight['content'] & { arrivalDate: string | null }>,
  stayCities: string[],
): string[] {
  const dated = flights
    .filter((f) => f.departureAirport && f.arrivalAirport)
    .sort((a, b) =>
      `${a.date ?? ''} ${a.departureTime ?? ''}`.localeCompare(
        `${b.date ?? ''} ${b.departureTime ?? ''}`,
      ),
    );
  if (dated.length < 2) return countries;
  const countryOf = (code: string | null) => (code ? (airport(code)?.country ?? null) : null);
  const stayed = new Set(stayCities.map((c) => (city(c) ?? leadingCity(c))?.country));
  const home = countryOf(dated[0]!.departureAirport);
  const back = countryOf(dated.at(-1)!.arrivalAirport);
  const drop = new Set<string>();
  if (home && home === back && !stayed.has(home)) drop.add(home);
  for (let i = 0; i + 1 < dated.length; i++) {
    const [a, b] = [dated[i]!, dated[i + 1]!];
    const hub = countryOf(a.arrivalAirport);
    const landed = a.arrivalDate ?? a.date;
    if (
      hub &&
      a.arrivalAirport === b.departureAirport &&
      landed &&
      b.date &&
      daysBetween(landed, b.date) <= 1 &&
      !stayed.has(hub) &&
      dated.every((f) => f === a || countryOf(f.arrivalAirport) !== hub || f === dated.at(-1))
    )
      drop.add(hub);
  }
  const kept = countries.filter((c) => !drop.has(c));
  return kept.length ? kept : countries;
}

/** The names of cities where one flight lands and the next leaves within a day, with no stay there. */
function connectionCities(
  flights: Array<Flight['content'] & { arrivalDate: string | null }>,
  stays: string[],
): Set<string> {
  const out = new Set<string>();
  const sorted = [...flights].sort((a, b) =>
    `${a.date ?? ''} ${a.departureTime ?? ''}`.localeCompare(
      `${b.date ?? ''} ${b.departureTime ?? ''}`,
    ),
  );
  sorted.forEach((f, i) => {
    const next = sorted[i + 1];
    const landed = f.arrivalDate ?? f.date;
    if (!next || !f.arrivalAirport || next.departureAirport !== f.arrivalAirport) return;
    if (!landed || !next.date || daysBetween(landed, next.date) > 1) return;
    const names = [f.arrivalCity, next.departureCity, airport(f.arrivalAirport)?.city].filter(
      (n): n is string => Boolean(n),
    );
    const place = city(names[0] ?? '');
    if (
      stays.some(
        (s) => names.some((n) => fold(n) === fold(s)) || (place && city(s)?.name === place.name),
      )
    )
      return;
    for (const n of names) out.add(fold(n));
    // Other spellings of the same city ("São Paulo" of the day titles for "Sao Paulo" of the airport).
    if (place) out.add(fold(place.name));
  });
  return out;
}

/** The city a place name opens with, as written ("Sevilla Santa Justa" → "Sevilla"). */
function writtenCity(name: string): string | undefined {
  const words = name.trim().split(/\s+/);
  for (let n = Math.min(words.length, 4); n >= 1; n--)
    if (city(words.slice(0, n).join(' '))) return words.slice(0, n).join(' ');
  return undefined;
}

/** Words before the date a journey lands on, in six languages. */
const ARRIVAL_WORD =
  /\b(?:arrival|arriving|arrives?|lands?|landing|llegada|llega|arrivee|arrive|chegada|chega|ankunft|arrivo|arriva)\b/;

interface DaysReading {
  days: DraftDayInput[];
  overnights: string[];
  visited: Visit[];
  consumed?: Set<string>;
  /** False when the stated period holds none of a confirmation's bookings (another period's dates). */
  periodHeld?: boolean;
}

const PLACE_SPLIT =
  /\s*(?:[-–—/>→›»|,]|\bto\b|\ba\b|\bnach\b|\bvers\b|\bpara\b|\be\b|\by\b|\bet\b|\bund\b|\band\b)\s*/;

/** The places a day's title names ("Rome – Florence", "Arrival in Lisbon"): the capitalised words that are cities. */
function placesOf(title: string | null): string[] {
  if (!title) return [];
  const out: string[] = [];
  for (const part of title.split(PLACE_SPLIT)) {
    for (const m of part.matchAll(
      /(\p{Lu}[\p{L}'’-]+(?:\s(?:de|del|da|do|di|la|los|las)?\s?\p{Lu}[\p{L}'’-]+){0,2})/gu,
    )) {
      // "Anreise ab Berlin": where the traveller leaves from is not a place of the day.
      if (
        /(?:\bab|\bvon|\bfrom|\bdesde|\bdepuis|\bda|\bdal|\bpartindo de|\bsaindo de)\s+$/i.test(
          part.slice(Math.max(0, m.index - 14), m.index),
        )
      )
        continue;
      // The longest city in the run, from its start or after a word of the heading ("Arrive Bangkok").
      const words = m[1]!.split(/\s+/);
      found: for (let from = 0; from < words.length; from++)
        for (let n = words.length - from; n >= 1; n--) {
          const name = words.slice(from, from + n).join(' ');
          const place = city(name);
          // "Torres del Paine" is not the town of Torres: a gazetteer town cut before "del …" is a longer name.
          const cut = /^(?:de|del|da|do|di|la|los|las)$/i.test(words[from + n] ?? '');
          if (place && !(cut && place.population < Number.MAX_SAFE_INTEGER)) {
            out.push(name);
            break found;
          }
        }
    }
  }
  return out;
}

const COACH_OPENING =
  /^(?:bus|coach|autobus|autocar|autocarro|onibus|pullman|reisebus|fernbus)(?![\p{L}])/u;

interface ReaderLayout {
  preamble: string[];
  days: ReadDay[];
  tail: string[];
}

/**
 * The layout a reader recognised: its days, the lines before them, and the lines it left after
 * its first (a table's notes further down leave the lists between them to the tail).
 */
function readerLayout({ ledger, days }: ReadersResult): ReaderLayout {
  const first = ledger.lines.findIndex((_l, i) => ledger.isClaimed(i));
  const free = (i: number) => !ledger.isClaimed(i);
  return {
    preamble: ledger.lines.filter((_l, i) => i < first && free(i)),
    days,
    tail: ledger.lines.filter((_l, i) => i > first && free(i)),
  };
}

function programmeDays(
  sections: ReadDay[],
  start: IsoDate | null,
  stated: number | null,
  now: Date,
  anchor: IsoDate | null,
  recurring: boolean,
  apart: readonly string[] = [],
): DaysReading {
  // A list of the hotels apart from the days ("Hotel previsti: Amman – X (2 notti); …", "Noites 1–2: …"),
  // before, after or inside them: its lines are no day's text, and its stays replace those the days mention.
  const list = { stays: [] as ListedStay[] };
  const listed = new Set<string>();
  for (const chunk of [apart.slice(0, apart.length), ...sections.map((s) => s.lines)]) {
    const found = readHotelList(chunk);
    list.stays.push(...found.stays);
    for (const i of found.used) listed.add(chunk[i]!);
  }
  if (list.stays.length)
    sections = sections.map((s) => ({ ...s, lines: s.lines.filter((l) => !listed.has(l)) }));
  // A period without a stated start: the first dated section gives it.
  const dated = sections.find((s) => s.date);
  const base = start ?? (dated && !recurring ? addDays(dated.date!, -(dated.day - 1)) : null);
  const days: DraftDayInput[] = [];
  const mentions: Array<{ day: DraftDayInput; hotel: HotelMention }> = [];
  const overnights: string[] = [];
  const visited: Visit[] = [];
  let lastPlace: string | null = null;
  for (const section of sections) {
    const date = section.date ?? (base ? addDays(base, section.day - 1) : null);
    const { blocks, hotels, overnightCity } = readDay(section.lines, date, now, anchor);
    completeNightFlight(days.at(-1), section.lines[0], date);
    const day: DraftDayInput = { day: section.day, date, title: tidyTitle(section.title), blocks };
    days.push(day);
    const places = placesOf(section.title);
    // "Tag 5: Sevilla – Lissabon" over "Transfer im Reisebus nach Lissabon": the journey starts where the day's route does.
    if (places.length >= 2) {
      const last = fold(places.at(-1)!);
      for (const block of blocks) {
        if (block.type !== 'transport' || block.content.from || !block.content.to) continue;
        const to = fold(block.content.to);
        if (to.startsWith(last) || last.startsWith(to)) block.content.from = places.at(-2)!; // the last leg of "A – B – C"
      }
    }
    // "Día 6 / Cusco – Puno" over "Bus turístico a las 07:00 por la ruta del Sol": a coach at a
    // time, on a day whose heading is a route and that has no other journey, is the day's leg.
    if (places.length >= 2 && !blocks.some((b) => b.type === 'transport' || b.type === 'flight')) {
      const k = blocks.findIndex(
        (b) => b.type === 'activity' && b.content.time && COACH_OPENING.test(fold(b.content.title)),
      );
      const coach = blocks[k];
      if (coach?.type === 'activity')
        blocks[k] = {
          type: 'transport',
          content: {
            mode: 'bus',
            from: places.at(-2)!,
            to: places.at(-1)!,
            time: coach.content.time,
            arrivalTime: null,
            number: null,
            operator: null,
            description: coach.content.title,
          },
          confidence: 0.6,
        };
    }
    const ends = section.day === sections[0]!.day || section.day === sections.at(-1)!.day;
    visited.push(...places.map((name) => ({ name, end: ends })));
    for (const block of blocks)
      if (
        block.type === 'transport' &&
        block.content.to &&
        (city(block.content.to) || leadingCity(block.content.to))
      )
        visited.push({ name: block.content.to, end: ends });
    if (places.length) lastPlace = places.at(-1)!;
    for (const block of blocks)
      if (block.type === 'flight' && block.content.arrivalCity)
        lastPlace = block.content.arrivalCity;
    if (overnightCity) overnights.push(overnightCity);
    // The day's own heading ("Arrive Bangkok") places its hotel before a flight read on the way
    // ("via Doha"), when the place ends the heading (not "Milano" of "Milano – Barcellona").
    const lastPart = (section.title ?? '').split(PLACE_SPLIT).filter(Boolean).at(-1) ?? '';
    // (A title cut from a plan's sentence, "flight TP1351 London (LHR)", is no heading.)
    const headingPlace =
      places.length && lastPart.includes(places.at(-1)!) && !/\d/.test(section.title ?? '')
        ? places.at(-1)!
        : null;
    for (const stay of section.stays ?? []) mentions.push({ day, hotel: stay });
    for (const hotel of hotels)
      mentions.push({
        day,
        hotel: { ...hotel, city: hotel.city ?? overnightCity ?? headingPlace ?? lastPlace },
      });
    for (let extra = section.day + 1; extra <= section.lastDay; extra++)
      days.push({
        day: extra,
        date: base ? addDays(base, extra - 1) : null,
        title: tidyTitle(section.title),
        blocks: [],
      });
  }
  days.sort((a, b) => a.day - b.day);
  const lastDay = Math.max(stated ?? 0, ...days.map((d) => d.day));
  // Stays: the same hotel on consecutive days is one stay; a stay lasts until the next one starts or the trip ends.
  const stays: Array<{ day: DraftDayInput; hotel: HotelMention; until: number }> = [];
  for (const mention of mentions) {
    const previous = stays.at(-1);
    if (previous && sameHotel(previous.hotel.name, mention.hotel.name)) {
      previous.until = Math.max(previous.until, mention.day.day + 1);
      continue;
    }
    if (previous && previous.day === mention.day) continue; // two hotels named on one day: the first is where the night is spent
    stays.push({ day: mention.day, hotel: mention.hotel, until: mention.day.day + 1 });
  }
  // The listed hotels, night after night from the first day (or on the nights the list numbers,
  // or, without nights, from the first day that names the hotel's town).
  if (list.stays.length) {
    stays.length = 0;
    let night = days[0]?.day ?? 1;
    const starts: number[] = [];
    for (const item of list.stays) {
      const town = item.town ? fold(item.town) : null;
      const named =
        item.nights || !town
          ? undefined
          : days.find((d) => d.day >= night && fold(d.title ?? '').includes(town))?.day;
      const first = item.firstNight ?? named ?? night;
      starts.push(first);
      night = first + (item.nights ?? 1);
    }
    list.stays.forEach((item, k) => {
      const first = starts[k]!;
      const day = days.find((d) => d.day === first);
      if (!day) return;
      const nights = item.nights ?? Math.max(1, (starts[k + 1] ?? lastDay) - first);
      const known = mentions.find((m) => sameHotel(m.hotel.name, item.name))?.hotel;
      stays.push({
        day,
        hotel: { name: item.name, city: item.city ?? known?.city ?? null, nights },
        until: first + nights,
      });
    });
  }
  stays.forEach((stay, i) => {
    const next = stays[i + 1];
    let until = next
      ? next.day.day
      : Math.max(stay.until, stay.day.day < lastDay ? lastDay : stay.day.day + 1);
    if (stay.hotel.nights) until = stay.day.day + stay.hotel.nights;
    const nights = until - stay.day.day;
    const checkIn = (stay.day.date as IsoDate | null) ?? null;
    stay.day.blocks.push({
      type: 'accommodation',
      content: {
        name: stay.hotel.name,
        checkIn,
        checkOut: checkIn ? addDays(checkIn, nights) : null,
        nights: nights > 0 ? nights : null,
        city: stay.hotel.city,
        address: null,
        bookingReference: null,
      },
      confidence: 0.6 + (stay.hotel.city ? 0.1 : 0) + (checkIn ? 0.1 : 0),
    });
  });
  return { days, overnights, visited };
}

/**
 * An overnight flight at the end of one day whose arrival opens the next ("Vol AC870 à 20:25 vers Paris." then
 * "J10 : Arrivée à Paris-CDG à 09:30."): the arrival airport, time and date come from the next day's first sentence.
 */
function completeNightFlight(
  previous: DraftDayInput | undefined,
  firstLine: string | undefined,
  date: IsoDate | null,
) {
  const flight = previous?.blocks.filter((b): b is Flight => b.type === 'flight').at(-1);
  if (!flight || !firstLine || flight.content.arrivalTime) return;
  const arrival = arrivalOpening(firstLine.split(/(?<=[.!?])\s+/)[0]!);
  if (!arrival) return;
  const c = flight.content;
  if (arrival.iata && c.arrivalAirport && arrival.iata !== c.arrivalAirport) return; // another journey
  if (arrival.iata && arrival.iata === c.departureAirport) return;
  if (arrival.iata && !c.arrivalAirport) {
    c.arrivalAirport = arrival.iata;
    c.arrivalCity = airport(arrival.iata)?.city ?? c.arrivalCity ?? null;
  }
  c.arrivalTime = arrival.time;
  if (date && c.date && date > c.date) c.arrivalDate = date;
}

/**
 * Stays a reader read whole with their dates (a quote's table of hotels) are surer than the stays the
 * days' prose suggests ("Sistemazione in Ortigia"): a prose stay over the same nights goes.
 */
function dropOverlappedStays(days: DraftDayInput[], bookings: readonly DatedBlock[]) {
  const read = bookings.flatMap(({ block }) =>
    block.type === 'accommodation' && block.content.checkIn && block.content.checkOut
      ? [block]
      : [],
  );
  // A list of them: one stay read alone may be a misreading beside the prose's.
  if (read.length < 2) return;
  for (const day of days)
    day.blocks = day.blocks.filter(
      (b) =>
        b.type !== 'accommodation' ||
        read.includes(b) ||
        !b.content.checkIn ||
        !read.some(
          (r) =>
            r.type === 'accommodation' &&
            b.content.checkIn! < r.content.checkOut! &&
            (b.content.checkOut ?? addDays(b.content.checkIn!, 1)) > r.content.checkIn!,
        ),
    );
}

/**
 * Flights listed before or after the days ("Flights" under a day table): each on the day of its
 * date, unless a day already holds the same flight.
 */
function placeListedFlights(
  lines: string[],
  days: DraftDayInput[],
  now: Date,
  anchor: IsoDate | null,
) {
  const { flights } = readFlights(lines, null, now, anchor);
  const held = new Map(
    days
      .flatMap((d) => d.blocks)
      .filter((b): b is Flight => b.type === 'flight')
      .map((b) => [b.content.flightNumber, b] as const),
  );
  for (const { block } of flights) {
    const same = block.content.flightNumber ? held.get(block.content.flightNumber) : undefined;
    if (same) {
      // The list's line is the complete one: it fills (and for airports, corrects) the day's mention.
      const listed = block.content as Record<string, unknown>;
      const mention = same.content as Record<string, unknown>;
      for (const key of Object.keys(listed))
        if (
          listed[key] !== null &&
          listed[key] !== undefined &&
          (mention[key] === null || mention[key] === undefined || /Airport|City$/.test(key))
        )
          mention[key] = listed[key];
      continue;
    }
    const date = block.content.date ?? null;
    const day =
      (date ? days.find((d) => d.date === date) : undefined) ??
      (date && days[0]?.date && date < days[0].date
        ? days[0]
        : date && days.at(-1)?.date && date > days.at(-1)!.date!
          ? days.at(-1)
          : undefined);
    if (day) day.blocks.push(block);
  }
}

/** The one date inside a line with a time (a booking), unless the line dates something else. */
function insideDate(line: string, now: Date, anchor: IsoDate | null): IsoDate | undefined {
  if (line.length > 240 || !timeMatches(line).length || NOT_TRIP_DATE.test(fold(line))) return;
  if (aboutAnotherTrip(line, now)) return;
  const dates = scanDates(line, now, anchor);
  // One date, or a going and a coming back ("leaves 12:00 on 7 Nov, back 8 Nov ~11:00"): the first.
  if (!dates.length || dates.length > 2 || (dates[1] && dates[1].date <= dates[0]!.date)) return;
  // The date and a time in the same sentence (an advert's "dal 1° luglio" beside another's "alle 16:00" is not one booking).
  const sentence = line
    .split(/(?<=[.!?])\s+/)
    .find((s) => scanDates(s, now, anchor).length && timeMatches(s).length);
  return sentence && !RECURRING.test(fold(sentence)) ? dates[0]!.date : undefined;
}

/**
 * Bookings written after a day table, each with its date ("Escursione prenotata: mar 16/06 ore
 * 10:30 ...", "bus da Milano ... venerdì 12/06 alle 06:00 (notte a Amburgo, Hotel Elbblick)"):
 * each on the day of its date; a journey the day before the first day opens the trip.
 */
function placeDatedNotes(tail: string[], days: DraftDayInput[], now: Date, anchor: IsoDate | null) {
  const first = days[0]?.date;
  if (!first || !days.every((d) => d.date)) return;
  for (const line of tail) {
    if (line.length > 300 || NOT_TRIP_DATE.test(fold(line)) || !timeMatches(line).length) continue;
    const date = scanDates(line, now, anchor)[0]?.date;
    const last = days.at(-1)!.date!;
    if (!date || date < addDays(first, -1) || date > last) continue;
    const { blocks, hotels } = readDay([line], date, now, anchor);
    const bookings = blocks.filter((b) => b.type !== 'text');
    if (!bookings.length) continue;
    if (date < first) {
      if (!bookings.some((b) => b.type === 'transport' || b.type === 'flight')) continue;
      for (const day of days) day.day += 1;
      days.unshift({ day: 1, date, title: null, blocks: [] });
    }
    const day = days.find((d) => d.date === date)!;
    day.blocks.push(...bookings);
    // "notte a Amburgo inclusa, Hotel Elbblick": one night there, from that day.
    for (const hotel of hotels) {
      const nights =
        hotel.nights ?? (/\b(?:night|noche|nuit|noite|nacht|notte)\b/.test(fold(line)) ? 1 : null);
      day.blocks.push({
        type: 'accommodation',
        content: {
          name: hotel.name,
          checkIn: date,
          checkOut: nights ? addDays(date, nights) : null,
          nights,
          city: hotel.city,
          address: null,
          bookingReference: null,
        },
        confidence: 0.6,
      });
    }
  }
}

const sameHotel = (a: string, b: string) => {
  const fa = fold(a)
    .replace(/\b(?:hotel|the|el|la|le|il)\b/g, '')
    .trim();
  const fb = fold(b)
    .replace(/\b(?:hotel|the|el|la|le|il)\b/g, '')
    .trim();
  return fa === fb || fa.includes(fb) || fb.includes(fa);
};

const tidyTitle = (s: string | null) =>
  s ? s.replace(/^[\s:.\-–—|]+|[\s:.\-–—|]+$/g, '').slice(0, 200) || null : null;

/** The dates of the bookings (flights, stays, journeys) among placed blocks, in order. */
function bookingDates(placed: ReadonlyArray<{ date: IsoDate | null; block: DraftBlockInput }>) {
  return placed
    .filter((p) => ['flight', 'accommodation', 'transport'].includes(p.block.type))
    .map((p) => p.date)
    .filter((d): d is IsoDate => Boolean(d))
    .sort();
}

/**
 * Whether a stated period holds the bookings: at least one of them (else it is another period's),
 * and all but one within two days of it (else it is a part of the trip, a stay's "4 - 7 Nov" in
 * notes whose flights go on to the 16th).
 */
function holdsBookings(
  period: { start: IsoDate | null; finish: IsoDate | null },
  bookings: readonly IsoDate[],
  /** The flights' and stays' dates, the surest: two of them outside a period make it a part. */
  sure: readonly IsoDate[] = [],
): boolean {
  const { start, finish } = period;
  if (!start || !bookings.length) return true;
  const end = finish ?? addDays(start, MAX_DAYS);
  const outside = sure.filter((d) => d < addDays(start, -2) || d > addDays(end, 2)).length;
  return bookings.some((d) => d >= addDays(start, -1) && d <= addDays(end, 1)) && outside < 2;
}

/**
 * A document without days (a confirmation, a voucher, a short plan): its bookings, each on the
 * day of its date within the trip's period (a flight the evening before the stated period sits
 * on day 1; the way back on the last day).
 */
function confirmationDays(
  lines: string[],
  start: IsoDate | null,
  finish: IsoDate | null,
  now: Date,
  anchor: IsoDate | null,
  /** The dates of the bookings the layout readers read whole. */
  readBookings: readonly IsoDate[] = [],
): DaysReading {
  const placed: Array<{ date: IsoDate | null; block: DraftBlockInput }> = [];
  const overnights: string[] = [];
  const visited: Visit[] = [];
  // Flights first, over the whole document (a flight's date or times may sit on the next line).
  const sentences = lines.flatMap((line) => line.split(SENTENCE_BREAK));
  const documentFlights = readFlights(sentences, null, now, anchor);
  // Journeys in columns (apps, e-tickets read by OCR): a flight among them completes the one read
  // from the text with the same number, whose times and airports the columns mixed up; a train or
  // ferry among them replaces a "flight" read from its service number ("FR 9517").
  const legs = readLegs(lines, now, anchor);
  const piecesOf = (i: number) => lines[i]!.split(/(?<=[.!?])\s+(?=\p{Lu})/u);
  const legText = new Set(
    legs.flatMap((l) => (l.block.type === 'transport' ? l.lines.flatMap(piecesOf) : [])),
  );
  const legFlights = legs.flatMap((l) => (l.block.type === 'flight' ? [l.block] : []));
  for (const { block, line } of documentFlights.flights) {
    if (legText.has(sentences[line]!)) continue;
    const leg = legFlights.find(
      (f) => f.content.flightNumber && f.content.flightNumber === block.content.flightNumber,
    );
    if (leg) {
      for (const [key, value] of Object.entries(leg.content))
        if (value !== null) (block.content as Record<string, unknown>)[key] = value;
      legFlights.splice(legFlights.indexOf(leg), 1);
    }
    placed.push({ date: block.content.date ?? null, block });
  }
  const flightText = new Set([...documentFlights.used].map((i) => sentences[i]!));
  // A transfer that names its flight ("04/07 Aeroporto do Sal → hotel (chegada do voo TP1543)")
  // is read with the flight, and is a booking of its own too, on its own date.
  for (const i of documentFlights.used) {
    const sentence = sentences[i]!;
    const transfer = transportOf(sentence);
    if (transfer?.type !== 'transport' || transfer.content.mode !== 'transfer') continue;
    const date = (leadingDate(sentence, now, anchor) ?? scanDates(sentence, now, anchor)[0])?.date;
    if (date) placed.push({ date, block: transfer });
  }
  const legPieces = new Set(legs.flatMap((l) => l.lines.flatMap(piecesOf)));
  for (const leg of legs) {
    for (const piece of leg.lines.flatMap(piecesOf)) flightText.add(piece);
    if (leg.block.type === 'flight' && !legFlights.includes(leg.block)) continue;
    placed.push({ date: leg.date, block: leg.block });
    if (leg.block.type === 'transport' && leg.block.content.to)
      visited.push({ name: leg.block.content.to, sure: true });
  }
  // Tickets laid out one field a line (trains, buses, ferries).
  for (const ticket of readTickets(sentences, now, anchor)) {
    if (ticket.lines.some((i) => documentFlights.used.has(i) || legPieces.has(sentences[i]!)))
      continue;
    placed.push({
      date: scanDates(sentences[ticket.lines[0]!]!, now, anchor)[0]?.date ?? null,
      block: ticket.block,
    });
    if (ticket.block.content.to) visited.push({ name: ticket.block.content.to });
    for (const i of ticket.lines) flightText.add(sentences[i]!);
  }
  // A car-rental voucher: the rental from its pick-up; a flight of the pick-up section lands there that day.
  const rental = readRental(lines, now, anchor);
  if (rental) {
    placed.push({ date: rental.date, block: rental.block });
    if (rental.block.content.from) visited.push({ name: rental.block.content.from, sure: true });
    const pickup = rental.pickupLines.map((i) => lines[i]!);
    for (const { block, line } of documentFlights.flights) {
      if (!pickup.some((l) => l.includes(sentences[line]!))) continue;
      const c = block.content;
      c.date ??= rental.date;
      const station = rental.airport ? airport(rental.airport) : undefined;
      // The station read as the departure (a station line beside the flight's) is where it lands.
      if (station && c.departureAirport === station.iata && !c.arrivalAirport) {
        const from = departureFrom(sentences[line]!);
        c.departureAirport = from && from.iata !== station.iata ? from.iata : null;
        c.departureCity = c.departureAirport ? from!.city : null;
      }
      if (station && !c.arrivalAirport && c.departureAirport !== station.iata) {
        c.arrivalAirport = station.iata;
        c.arrivalCity = rental.block.content.from ?? station.city;
      }
    }
  }
  const rentalUsed = new Set(rental?.used.map((i) => lines[i]!) ?? []);
  // A cruise's port table: the ship's journey, and every port a place visited.
  const cruise = readCruise(lines, now, anchor);
  if (cruise) {
    placed.push({ date: cruise.date, block: cruise.block });
    for (const call of cruise.calls) if (call.port) visited.push({ name: call.port });
  }
  // Lines about another trip ("como en Punta Cana en 2024") detail no stay of this one.
  const stayLines = readStays(
    lines,
    now,
    anchor,
    new Set(lines.flatMap((l, i) => (aboutAnotherTrip(l, now) ? [i] : []))),
  );
  const stayNames = new Set(stayLines.map((s) => fold(s.block.content.name)));
  const stayUsed = new Set(stayLines.flatMap((s) => s.used.map((i) => lines[i]!)));
  // Groups of lines under a date that opens a line ("Sat 9 May: Vatican tour at 9:00").
  const groups: Array<{ date: IsoDate | null; lines: string[] }> = [{ date: null, lines: [] }];
  let pendingTime: string | null = null;
  for (const line of lines
    .filter((l) => !stayUsed.has(l) && !rentalUsed.has(l))
    .flatMap((l) => {
      // A sentence that opens with its own date starts a line of its own ("Ja!! Mo 20.04. 15:30 Portweinkeller").
      const parts: string[][] = [[]];
      l.split(SENTENCE_BREAK)
        .filter((s) => !flightText.has(s))
        .forEach((s, i) => {
          if (i > 0 && parts.at(-1)!.length && leadingDate(s, now, anchor)) parts.push([]);
          parts.at(-1)!.push(s);
        });
      return parts.map((p) => p.join(' '));
    })
    .filter(Boolean)) {
    // A table row may open with the day's number before its date ("3  lun 14/09  Mykonos").
    const numbered = /^\d{1,2}\s+\p{L}/u.test(line) ? line.replace(/^\d{1,2}\s+/, '') : line;
    const lead =
      leadingDate(line, now, anchor) ??
      (numbered !== line ? leadingDate(numbered, now, anchor) : undefined);
    const dated = lead && !leadingDate(line, now, anchor) ? numbered : line;
    // A short line with a date and no time is a heading ("Andata – venerdì 22 maggio 2026", "OUTBOUND – Saturday 11 July").
    const heading =
      !lead && line.length <= 70 && !timeMatches(line).length && !NOT_TRIP_DATE.test(fold(line))
        ? scanDates(line, now, anchor)[0]
        : undefined;
    // "Friday 14 August 2026 · 17:45" alone: the time of the event on the next line.
    const bareTime = lead ? timeMatches(line) : [];
    const words = dated
      .slice(lead?.end ?? 0)
      .replace(/\([^)]*\)/g, '')
      .replace(/\b\d{1,2}[:h.]\d{2}\b/g, '')
      .replace(/[^\p{L}]+/gu, '');
    if (lead && bareTime.length && words.length < 3) {
      groups.push({ date: lead.date, lines: [] });
      pendingTime = bareTime[0]!.time;
      continue;
    }
    if (pendingTime) {
      groups.at(-1)!.lines.push(`${pendingTime} ${line}`);
      pendingTime = null;
      continue;
    }
    // The date opening the line is the group's: the rest is the booking ("Fr 17.04. um 10:00 Führung ...").
    const rest = lead ? dated.slice(lead.end).replace(/^[\s,.:;\-–—|]+/, '') : '';
    if (lead && line.length < 200)
      groups.push({ date: lead.date, lines: [/\p{L}{3}/u.test(rest) ? rest : line] });
    else if (heading) groups.push({ date: heading.date, lines: [line] });
    // "Location de voiture ..., prise à Taormine le 9 juin à 10:00": a booking dated inside its line, at a time.
    else if (insideDate(line, now, anchor))
      groups.push({ date: insideDate(line, now, anchor)!, lines: [line] });
    else groups.at(-1)!.lines.push(line);
  }
  for (const group of groups) {
    if (!group.lines.length) continue;
    const { blocks, overnightCity } = readDay(group.lines, group.date, now, anchor);
    if (overnightCity) overnights.push(overnightCity);
    for (const block of blocks) {
      if (
        block.type === 'text' &&
        stayNames.size &&
        [...stayNames].some((n) => fold(block.content.text).includes(n))
      )
        continue;
      // In a confirmation, a line without a time is a detail ("Board: breakfast included"), not an activity.
      if (block.type === 'activity' && !block.content.time && !group.date) continue;
      // The voucher's rental is read whole above; its other mentions give at most the company.
      if (rental && block.type === 'transport' && block.content.mode === 'carRental') {
        rental.block.content.operator ??= block.content.operator;
        continue;
      }
      const date = block.type === 'flight' ? (block.content.date ?? null) : group.date;
      placed.push({ date, block });
      if (
        block.type === 'transport' &&
        block.content.to &&
        (city(block.content.to) || leadingCity(block.content.to))
      )
        visited.push({ name: block.content.to });
    }
  }
  // A confirmation's stay has dates; another hotel named without any is an advert or a suggestion.
  const datedStay = stayLines.some((s) => s.block.content.checkIn || s.block.content.checkOut);
  for (const stay of stayLines) {
    const c = stay.block.content;
    if (datedStay && !c.checkIn && !c.checkOut && !c.nights) continue;
    placed.push({ date: c.checkIn ?? null, block: stay.block });
  }
  // Where the first journey leaves from is home, not a destination (the way back goes there).
  const firstJourney = [...placed]
    .filter(
      (p) =>
        p.block.type === 'transport' && p.block.content.from && p.block.content.mode !== 'cruise',
    )
    .sort((a, b) => (a.date ?? '').localeCompare(b.date ?? ''))[0];
  const origin =
    firstJourney?.block.type === 'transport' ? fold(firstJourney.block.content.from ?? '') : null;
  if (origin) visited.splice(0, visited.length, ...visited.filter((v) => fold(v.name) !== origin));
  // One booking reference for the whole confirmation belongs to each of its flights.
  const references = new Set(
    lines.map((l) => bookingReference(l)).filter((r): r is string => Boolean(r)),
  );
  if (references.size === 1)
    for (const p of placed)
      if (p.block.type === 'flight') p.block.content.bookingReference ??= [...references][0]!;
  // The bookings' dates make the span (a text under a dated heading does not). When the document
  // has bookings (flights, stays, journeys), a date far from all of them is the issue date, a
  // validity or a payment's ("Ausgestellt am 03.02.2026"), not a day of the trip.
  const hard = [...bookingDates(placed), ...readBookings].sort();
  const sure = placed.flatMap((p) =>
    (p.block.type === 'flight' || p.block.type === 'accommodation') && p.date ? [p.date] : [],
  );
  const periodHeld = holdsBookings({ start, finish }, hard, [...sure, ...readBookings]);
  if (!periodHeld) {
    start = null;
    finish = null;
  }
  const near = (date: IsoDate) =>
    !hard.length ||
    (date >= addDays(hard[0]!, -2) && date <= addDays(hard.at(-1)!, 2)) ||
    (start !== null && finish !== null && date >= start && date <= finish);
  for (let i = placed.length - 1; i >= 0; i--) {
    const { date, block } = placed[i]!;
    if (date && !near(date) && (block.type === 'activity' || block.type === 'text'))
      placed.splice(i, 1);
  }
  const dates = placed
    .filter((p) => p.block.type !== 'text')
    .map((p) => p.date)
    .filter((d): d is string => Boolean(d))
    .sort();
  const first = start ?? dates[0] ?? null;
  let last = finish ?? null;
  {
    // The days run to the last booking (a flight home the day after the stated return).
    const ends = [
      ...dates,
      ...(rental?.returnDate ? [rental.returnDate] : []),
      ...placed.flatMap((p) =>
        p.block.type === 'accommodation' && p.block.content.checkOut
          ? [p.block.content.checkOut]
          : (p.block.type === 'flight' || p.block.type === 'transport') &&
              p.block.content.arrivalDate
            ? [p.block.content.arrivalDate]
            : [],
      ),
    ].sort();
    const latest = ends.at(-1) ?? null;
    if (!last || (latest && latest > last && daysBetween(last, latest) <= 2)) last = latest ?? last;
  }
  const span =
    first && last && last >= first ? Math.min(daysBetween(first, last) + 1, MAX_DAYS) : 1;
  const days: DraftDayInput[] = Array.from({ length: span }, (_, i) => ({
    day: i + 1,
    date: first ? addDays(first, i) : null,
    title: null,
    blocks: [],
  }));
  const dayOf = (date: IsoDate | null) => {
    if (!date || !first) return days[0]!;
    const index = daysBetween(first, date);
    return days[Math.max(0, Math.min(days.length - 1, index))]!;
  };
  // Text first on its day, then bookings in date order.
  for (const p of placed.sort(
    (a, b) => (a.block.type === 'text' ? -1 : 0) - (b.block.type === 'text' ? -1 : 0),
  ))
    dayOf(p.date).blocks.push(p.block);
  return { days, overnights, visited, consumed: flightText, periodHeld };
}

/**
 * A draft whose trip fields no reader could fill (the text named nothing, structured data gave
 * the bookings): countries, timezone and a composed title from its own blocks.
 */
export function completeFromBlocks(draft: Draft): Draft {
  // A title that names no trip ("Boa viagem") or carries a booking code is read again like a heading.
  const cleaned = draft.title.trim() ? titleFrom(draft.title, new Date()) : undefined;
  const replaceable = !cleaned || Object.values(FALLBACK_TITLES).includes(draft.title.trim());
  const blocks = draft.days.flatMap((d) => d.blocks);
  const flights = draft.days.flatMap((d) =>
    d.blocks
      .filter((b) => b.type === 'flight')
      .map((b) => ({
        ...(b.content as Flight['content']),
        arrivalDate: null,
        bookingReference: null,
        day: d.day,
      })),
  );
  const stays = blocks.flatMap((b) =>
    b.type === 'accommodation' && b.content.city ? [b.content.city] : [],
  );
  const journeys = blocks.filter((b) => b.type === 'transport');
  const origin = journeys[0]?.type === 'transport' ? fold(journeys[0].content.from ?? '') : '';
  const visited = journeys.flatMap((b) =>
    b.type === 'transport' && b.content.to && fold(b.content.to) !== origin
      ? [{ name: b.content.to }]
      : [],
  );
  const geography = tripCountries({
    stays,
    visited,
    text: '',
    flights,
    lastDay: flights.length > 1 ? Math.max(...draft.days.map((d) => d.day)) : undefined,
  });
  // The bookings say where the trip goes; the text's countries stand unless they miss it entirely.
  // Flights say where the trip goes more surely than a sparse text (a boarding pass); trains and hotels do not overrule it.
  const countries =
    !draft.countries.length ||
    (flights.length &&
      geography.countries.length &&
      !draft.countries.some((c) => geography.countries.includes(c)))
      ? geography.countries
      : draft.countries;
  const first = geography.firstDestination;
  const timezone =
    draft.timezone && countries === draft.countries
      ? draft.timezone
      : ((first.iata
          ? (airport(first.iata)?.timezone ?? null)
          : first.city
            ? (() => {
                const place = city(first.city!);
                return place ? (cityTimezone(place) ?? null) : null;
              })()
            : first.country
              ? (countryTimezone(first.country) ?? null)
              : null) ?? draft.timezone);
  const destinations = [
    ...new Set([...stays, ...visited.map((v) => v.name), ...(first.city ? [first.city] : [])]),
  ].filter((n) => city(n)?.country !== geography.home || countries.includes(geography.home ?? ''));
  let title = cleaned ?? draft.title;
  if (replaceable)
    title = composeTitle({
      lines: [],
      subject: null,
      language: draft.language,
      countries,
      destinations,
      duration: draft.duration,
      kindText: draft.title,
    });
  return { ...draft, title, countries, timezone };
}
