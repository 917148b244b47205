// The legs of a journey as journey planners print them (HAFAS exports of Deutsche Bahn, ÖBB, SBB,
// and the like, in their calendar files and emails): a departure line, then an arrival line, each
// with its word, time, station and platform, the service in brackets or on the line above:
//   ab 10:26 Frankfurt(Main)Hbf - Gleis 19 (ICE   16)
//   an 11:33 Köln Hbf - Gleis 6
//   ● ab 10:27 Berlin Hbf ▷ Gleis 14        (under "ICE 577 (1071)")
// A walk between stations ("(Fußweg)", "(tratto a piedi)") is no leg.
import { serviceIn, type Service } from '../rail-services.ts';
import { journeyLine } from './journey-line.ts';
import { fold } from '../text.ts';

export interface JourneyLeg {
  from: string;
  to: string;
  departure: string | null;
  arrival: string | null;
  service: Service | null;
  /** "Gleis 19 → Gleis 6": the platforms as printed. */
  platforms: string | null;
}

// Departure and arrival words in the planners' languages (de, en, fr, it, es, pt, nl, da/no/sv, cs, pl).
const DEPARTURE =
  /^(?:[●○•◦]\s*)?(?:ab|dep\.?|d[ée]p\.?|da|de|fra|fr[åa]n|odj\.?|sal\.?|part\.?|partida|partenza|abfahrt|departure|d[ée]part|salida|vertrek|avg\.?)\s+/iu;
const ARRIVAL =
  /^(?:[●○•◦]\s*)?(?:an|arr\.?|a|til|till|p\S{1,2}[ií]j\.?|prz\.?|przyj\.?|lleg\.?|cheg\.?|arrivo|ankunft|arrival|arriv[ée]e|llegada|chegada|aankomst|ank\.?|aank\.?)\s+/iu;
const TIME = /^(\d{1,2}):(\d{2})\s+/;
const PLATFORM =
  /\s+(?:-|▷)\s+((?:gleis|track|platform|voie|binario|v[ií]a|linha|spoor|spor|kolej|peron|perrong|quai)\b.*)$/iu;
const SERVICE_IN_BRACKETS = /\s*\(([^)]*)\)\s*$/;
const WALK =
  /\b(?:fu(?:ss|ß)weg|walk|walking|marche|a piedi|tratto a piedi|a pie|caminhada|lopen|gangsti|g[aå]ng|chůze|ch[uů]ze|pieszo|transfer time)\b/iu;

interface Stop {
  time: string | null;
  station: string;
  platform: string | null;
  bracket: string | null;
}

function stopOf(rest: string): Stop | undefined {
  let text = rest.trim();
  const time = TIME.exec(`${text} `);
  if (time) text = text.slice(time[0].trim().length).trim();
  const bracket = SERVICE_IN_BRACKETS.exec(text);
  if (bracket) text = text.slice(0, bracket.index).trim();
  const platform = PLATFORM.exec(text);
  if (platform) text = text.slice(0, platform.index).trim();
  if (!/\p{L}{2}/u.test(text) || text.length > 60) return undefined;
  return {
    time: time ? `${time[1]!.padStart(2, '0')}:${time[2]}` : null,
    station: text.replace(/\s{2,}/g, ' '),
    platform: platform?.[1]?.trim() ?? null,
    bracket: bracket?.[1]?.replace(/\s+/g, ' ').trim() ?? null,
  };
}

/** "(THA 9448)", "(FA 8519)": a category the table does not know is still the train's number. */
function bracketService(bracket: string): Service | null {
  const m = /^([A-Z][A-Za-z]{0,4})\s*(\d{1,6})$/.exec(bracket);
  if (!m) return null;
  // "(Bus  647)", "(Bus51016)": a coach the planner books between trains.
  const mode = /^bus$/i.test(m[1]!) ? 'bus' : 'train';
  return { number: `${m[1]} ${m[2]}`, mode, operator: null };
}

/**
 * A stop as a row of cells ("Dep:14:39|Vienna, Hbf|Vienna → Prague (RJ, RJ 1234)|1/42", as
 * RegioJet's calendar events print them) written as a planner's line: "dep 14:39 Vienna, Hbf (RJ 1234)".
 */
function cellsAsStop(line: string): string {
  const m =
    /^(dep|arr|odj|prij|příj|ab|an)\.?\s*:\s*(\d{1,2}:\d{2})\s*\|\s*([^|]+?)\s*(?:\|\s*([^|]+))?(?:\|.*)?$/iu.exec(
      line,
    );
  if (!m) return line;
  const service = m[4] ? serviceIn(m[4]) : null;
  return `${m[1]} ${m[2]} ${m[3]}${service ? ` (${service.number})` : ''}`;
}

/** The legs of the journeys in a text, in order; none when it has no departure line over an arrival line. */
export function journeyLegs(text: string): JourneyLeg[] {
  const lines = text.split(/\r?\n/).map((l) => cellsAsStop(l.trim()));
  const legs: JourneyLeg[] = [];
  for (let i = 0; i + 1 < lines.length; i++) {
    const dep = DEPARTURE.exec(lines[i]!);
    const arr = ARRIVAL.exec(lines[i + 1]!);
    if (!dep || !arr) continue;
    const from = stopOf(lines[i]!.slice(dep[0].length));
    const to = stopOf(lines[i + 1]!.slice(arr[0].length));
    if (!from || !to || (!from.time && !to.time)) continue;
    i++;
    if (from.bracket && WALK.test(fold(from.bracket))) continue;
    const service =
      (from.bracket ? (serviceIn(from.bracket) ?? bracketService(from.bracket)) : null) ??
      serviceIn(lines[i - 2] ?? '') ??
      null;
    legs.push({
      from: from.station,
      to: to.station,
      departure: from.time,
      arrival: to.time,
      service,
      platforms:
        from.platform || to.platform
          ? [from.platform, to.platform].filter(Boolean).join(' → ')
          : null,
    });
  }
  if (legs.length) return legs;
  // Or one leg a line, "A to B, dep 12:40, arr 17:12" (journey-line.ts), the service on it or on
  // the line below ("Train Company: ...", "Mode of Transport: Train").
  lines.forEach((line, i) => {
    const leg = journeyLine(line);
    if (!leg) return;
    legs.push({
      from: leg.from,
      to: leg.to,
      departure: leg.departure,
      arrival: leg.arrival,
      service: serviceIn(line) ?? serviceIn(lines[i + 1] ?? '') ?? null,
      platforms: null,
    });
  });
  return legs;
}
