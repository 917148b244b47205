// Rail and coach confirmations as the operators print them (DB, SNCF, Renfe, Trenitalia, Italo,
// CP, SBB, ÖBB, Eurostar, FlixBus, ALSA), in their outward and return sections:
//   Hinfahrt am Do., 14.05.2026            Andata – 12/06/2026
//   Berlin Hbf        ab 08:34  Gleis 7    Frecciarossa 9541
//   München Hbf       an 12:39  Gleis 18   Partenza: Roma Termini ore 10:00
//   ICE 597  Wagen 9, Platz 45             Arrivo: Napoli Centrale ore 11:10
// or a journey a line ("07h37 Paris Gare de Lyon → 10h59 Marseille Saint-Charles"). Each leg is
// a transport block on the date above it, with its service, operator and seat; a leg without
// its date, stations or time is left to the general reading.
import type { DraftBlockInput } from '../../draft.ts';
import { addDays, type IsoDate } from '../finders/dates.ts';
import { DAY_HEADER } from '../knowledge/day-words.ts';
import { fold } from '../text.ts';
import { isCoach, operatorIn, type Service } from '../rail-services.ts';
import { readRailLine, type RailLine, type Stop } from './rail-line.ts';
import type { DatedBlock, LayoutReader, LineLedger, ReaderInput, Reading } from './reader.ts';

const NAME = 'rail';

interface Leg {
  date: IsoDate | null;
  from?: Stop;
  to?: Stop;
  arrivalDate?: IsoDate | null;
  service?: Service;
  details: string[];
  lines: number[];
}

// The words only a rail or coach ticket prints: coach, seat, platform, its sections.
const TICKET_WORDS =
  /\b(?:wagen|gleis|platz|sitzplatz|hinfahrt|ruckfahrt|coche|plaza|asiento|via|voiture|voie|carrozza|binario|posto|carruagem|linha|lugar|coach|seat|platform|outward|andata|ritorno|aller|retour|ida|vuelta|volta)\b/;
const SERVICE_HINT =
  /\b(?:ice|ic|ec|tgv|inoui|ouigo|ave|avlo|alvia|frecciarossa|frecciargento|italo|alfa pendular|intercidades|eurostar|rjx?|railjet|nightjet|flixbus|alsa|intercity|ter|lyria)\b/;

export const railReader: LayoutReader = {
  name: NAME,
  applies(input) {
    const text = fold(input.lines.join('\n'));
    if (!SERVICE_HINT.test(text) || !TICKET_WORDS.test(text)) return false;
    // A programme's days ("Day 3: train to Naples") are read day by day, not as a ticket.
    if (input.lines.filter((l) => DAY_HEADER.test(fold(l))).length >= 2) return false;
    const read = input.lines
      .map((l) => readRailLine(l, input.now, input.anchor))
      .filter((l) => l.ticket);
    return read.some((l) => l.service) && read.reduce((n, l) => n + l.stops.length, 0) >= 2;
  },
  read(input, ledger) {
    return readRail(input, ledger);
  },
};

function readRail(input: ReaderInput, ledger: LineLedger): Reading {
  // A programme's sentence ("Tag 1: Anreise mit dem EC 171 ab Berlin Hbf um 08:43, ...") gives
  // its date but nothing else: the general reading takes it whole.
  const lines = input.lines.map((l) => {
    const line = readRailLine(l, input.now, input.anchor);
    return line.ticket ? line : { ...line, section: false, stops: [], service: null, details: [] };
  });
  // A service named before its stops belongs to the leg below it, else to the leg above.
  const first = lines.findIndex((l) => l.service);
  const serviceFirst = first >= 0 && first < lines.findIndex((l) => l.stops.length);
  const legs: Leg[] = [];
  let date: IsoDate | null = null;
  let leg: Leg = { date, details: [], lines: [] };
  const flush = () => {
    if (leg.from || leg.service) legs.push(leg);
    leg = { date, details: [], lines: [] };
  };
  lines.forEach((line, i) => {
    if (line.section) flush();
    if (line.date) {
      if (leg.to && !line.stops.length) flush();
      date = line.date;
      if (!leg.from) leg.date = date;
    }
    if (line.stops.length >= 2) {
      // A journey on one line: the leg opened above it (its section, its service) is this one.
      if (leg.from || (leg.service && !serviceFirst)) flush();
      [leg.from, leg.to] = line.stops;
      leg.date = date;
    } else if (line.stops.length === 1) addStop(line.stops[0]!, line);
    if (line.service) addService(line.service, line.stops.length > 0);
    if (line.details.length)
      (leg.from || leg.service ? leg : (legs.at(-1) ?? leg)).details.push(...line.details);
    // A section's heading is the ticket's ("Hinfahrt · Do, 24.09.2026"); a bare date may head a
    // day of other things, which the general reading needs.
    if (
      (line.heading && line.section) ||
      line.stops.length ||
      line.service ||
      line.details.length
    ) {
      if (line.details.length && !leg.from && !leg.service && legs.length)
        legs.at(-1)!.lines.push(i);
      else leg.lines.push(i);
    }
  });
  flush();

  function addStop(stop: Stop, line: RailLine) {
    const arriving = leg.from && !leg.to && stop.role !== 'departure';
    if (arriving) {
      leg.to = stop;
      if (line.date && leg.date && line.date !== leg.date) leg.arrivalDate = line.date;
      return;
    }
    if (leg.to) flush();
    leg.from = stop;
    leg.date = line.date ?? date;
  }
  function addService(service: Service, onStopLine: boolean) {
    if (!leg.service && (onStopLine || !(serviceFirst && leg.to))) leg.service = service;
    else if (leg.to || leg.service) {
      flush();
      leg.service = service;
    }
  }

  const operator = operatorIn(input.lines.join('\n'));
  const bookings: DatedBlock[] = [];
  for (const l of legs) {
    const block = blockOf(l, operator, input.lines);
    if (!block) continue;
    for (const i of l.lines) ledger.claim(i, NAME);
    bookings.push({ date: l.date, block });
  }
  return { bookings };
}

function blockOf(
  leg: Leg,
  documentOperator: string | null,
  text: readonly string[],
): DraftBlockInput | undefined {
  const { from, to, date, service } = leg;
  // Two times with places but no service nor "departure"/"arrival" are a day's plan, not a ticket.
  if (!from || !to || !date) return undefined;
  if (!service && !(from.role === 'departure' || to.role === 'arrival')) return undefined;
  const overnight = to.time < from.time ? addDays(date, 1) : null;
  const said = leg.lines.map((i) => text[i]).join(' ');
  const mode = service?.mode ?? (isCoach(said) ? 'bus' : 'train');
  return {
    type: 'transport',
    content: {
      mode,
      from: from.station,
      to: to.station,
      time: from.time,
      arrivalTime: to.time,
      arrivalDate: leg.arrivalDate ?? overnight,
      number: service?.number ?? null,
      operator: service?.operator ?? documentOperator,
      description: leg.details.length ? [...new Set(leg.details)].join(', ') : null,
    },
    confidence: service ? 0.9 : 0.75,
  };
}
